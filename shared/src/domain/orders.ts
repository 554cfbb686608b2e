import type { Json, Tables } from '../database.types';

/**
 * Orders: statuses, payment, the shipping address and the one mapper from order rows to the client
 * shape. The database decides (migration 20250101000900_checkout_and_orders.sql); this module mirrors
 * its rules so the pages can show them, it never replaces them.
 */

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'completed',
  'cancelled',
  'returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['awaiting_payment', 'paid', 'refund_pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['bank_transfer', 'cash_on_delivery', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const SHIPPING_METHODS = ['standard'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export const ORDER_EVENT_KINDS = ['placed', 'status_changed', 'payment_changed', 'cancelled'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Who made an order event; 'stripe' is Stripe's webhook settling a card payment. */
export type OrderActorRole = 'customer' | 'admin' | 'system' | 'stripe';

/**
 * The allowed status moves (public.order_status_move_allowed); any other move is refused by the database.
 * shipped → cancelled is only for a pay-on-delivery order refused at the door, and shipping or completing
 * needs the order paid unless it is paid on delivery (orders_guard_moves): see `nextStatusesFor`.
 * → returned goes through admin_return_order.
 */
export const ALLOWED_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['completed', 'cancelled', 'returned'],
  completed: ['returned'],
  cancelled: [],
  returned: [],
};

/**
 * The allowed payment moves (public.payment_status_move_allowed). paid → refund_pending is made by the
 * database when a paid order is cancelled or returned; staff then refund it. awaiting_payment →
 * refund_pending (a cancelled or returned order only) is a card payment that arrived after the
 * cancellation, which Stripe's webhook records and refunds.
 */
export const ALLOWED_PAYMENT_MOVES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  awaiting_payment: ['paid', 'refund_pending'],
  paid: ['refund_pending', 'refunded'],
  refund_pending: ['refunded'],
  refunded: [],
};

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  refund_pending: 'Refund due',
  refunded: 'Refunded',
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  bank_transfer: 'Bank transfer',
  cash_on_delivery: 'Pay on delivery',
  card: 'Card',
};

export const SHIPPING_METHOD_LABELS: Readonly<Record<ShippingMethod, string>> = {
  standard: 'Standard shipping',
};

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

export const isOrderStatus = (value: unknown): value is OrderStatus => isOneOf(ORDER_STATUSES, value);
export const isPaymentStatus = (value: unknown): value is PaymentStatus => isOneOf(PAYMENT_STATUSES, value);
export const isPaymentMethod = (value: unknown): value is PaymentMethod => isOneOf(PAYMENT_METHODS, value);

/** Where an order may go next from `status` (none for an unknown status). */
export function nextStatuses(status: string): readonly OrderStatus[] {
  return isOrderStatus(status) ? ALLOWED_STATUS_MOVES[status] : [];
}

/**
 * What staff may do with the order's status now: the allowed moves without a return (its own action,
 * `canReturn`), shipping and completing only once paid or for pay on delivery, and cancelling a shipped
 * order only when it is paid on delivery (refused at the door).
 */
export function nextStatusesFor(order: {
  status: string;
  paymentStatus: string;
  paymentMethod: string;
}): readonly OrderStatus[] {
  const payable = order.paymentStatus === 'paid' || order.paymentMethod === 'cash_on_delivery';
  return nextStatuses(order.status).filter((to) => {
    if (to === 'returned') return false;
    if (to === 'shipped' || to === 'completed') return payable;
    if (to === 'cancelled' && order.status === 'shipped') return order.paymentMethod === 'cash_on_delivery';
    return true;
  });
}

/** Whether staff may record a return (admin_return_order): the order was shipped or completed. */
export function canReturn(status: string): boolean {
  return nextStatuses(status).includes('returned');
}

/**
 * Where staff may move the payment; a cancelled or returned order can still be refunded but not marked
 * paid, and refund_pending is set by the database, never chosen.
 */
export function nextPaymentStatuses(orderStatus: string, paymentStatus: string): readonly PaymentStatus[] {
  if (!isPaymentStatus(paymentStatus)) return [];
  const moves = ALLOWED_PAYMENT_MOVES[paymentStatus].filter((to) => to !== 'refund_pending');
  return orderStatus === 'cancelled' || orderStatus === 'returned'
    ? moves.filter((to) => to === 'refunded')
    : moves;
}

/** A customer may cancel their own order only while it is pending (public.cancel_order). */
export function canCustomerCancel(status: string): boolean {
  return status === 'pending';
}

export const orderStatusLabel = (status: string): string =>
  isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
export const paymentStatusLabel = (status: string): string =>
  isPaymentStatus(status) ? PAYMENT_STATUS_LABELS[status] : status;
export const paymentMethodLabel = (method: string): string =>
  isPaymentMethod(method) ? PAYMENT_METHOD_LABELS[method] : method;

// Shipping address -----------------------------------------------------------------------------

/** The shipping address exactly as place_order takes it and orders.shipping_address stores it. */
export interface ShippingAddress {
  full_name: string;
  line1: string;
  /** Optional: '' when not given. */
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string;
}

export type ShippingAddressField = keyof ShippingAddress;

export const SHIPPING_ADDRESS_FIELDS: readonly ShippingAddressField[] = [
  'full_name',
  'line1',
  'line2',
  'city',
  'region',
  'postal_code',
  'country',
  'phone',
];

export const SHIPPING_ADDRESS_LABELS: Readonly<Record<ShippingAddressField, string>> = {
  full_name: 'Full name',
  line1: 'Address',
  line2: 'Apartment, suite, etc. (optional)',
  city: 'City',
  region: 'State / Region',
  postal_code: 'Postal code',
  country: 'Country',
  phone: 'Phone',
};

/** Longest value the database accepts for any address field. */
export const SHIPPING_ADDRESS_MAX_LENGTH = 200;

export const EMPTY_SHIPPING_ADDRESS: Readonly<ShippingAddress> = {
  full_name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: '',
  phone: '',
};

/**
 * Field errors for an address, by the database's rule (public.checkout_shipping_address): every field
 * but line2 is required (not blank), none longer than 200 characters. Empty object = valid.
 */
export function validateShippingAddress(
  address: Partial<Record<ShippingAddressField, string | null | undefined>>,
): Partial<Record<ShippingAddressField, string>> {
  const errors: Partial<Record<ShippingAddressField, string>> = {};
  for (const field of SHIPPING_ADDRESS_FIELDS) {
    const value = address[field] ?? '';
    if (field !== 'line2' && value.trim() === '') {
      errors[field] = `${SHIPPING_ADDRESS_LABELS[field]} is required`;
    } else if (value.length > SHIPPING_ADDRESS_MAX_LENGTH) {
      errors[field] = `Keep it under ${SHIPPING_ADDRESS_MAX_LENGTH} characters`;
    }
  }
  return errors;
}

/** The address from its stored JSON, or null when it is missing or not an object. */
export function toShippingAddress(value: Json | null | undefined): ShippingAddress | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, Json | undefined>;
  const text = (field: ShippingAddressField) => (typeof record[field] === 'string' ? record[field] : '');
  return {
    full_name: text('full_name'),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    region: text('region'),
    postal_code: text('postal_code'),
    country: text('country'),
    phone: text('phone'),
  };
}

// The address book -------------------------------------------------------------------------------

/** A saved address of the customer's address book (customer_addresses): the same fields as an order's. */
export interface SavedAddress extends ShippingAddress {
  id: string;
  /** The one checkout preselects (at most one per customer, kept by the database). */
  isDefault: boolean;
}

export function mapSavedAddress(row: Tables<'customer_addresses'>): SavedAddress {
  return {
    id: row.id,
    isDefault: row.is_default,
    full_name: row.full_name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country: row.country,
    phone: row.phone,
  };
}

/** Only the address fields of a saved address (what place_order and an insert take). */
export function shippingAddressOf(address: ShippingAddress): ShippingAddress {
  const { full_name, line1, line2, city, region, postal_code, country, phone } = address;
  return { full_name, line1, line2, city, region, postal_code, country, phone };
}

/** An address on one line: 'Jamie Carter, 1420 Ridgeview Drive, Boulder, CO 80302, United States'. */
export function addressOneLine(address: ShippingAddress): string {
  return [
    address.full_name,
    address.line1,
    address.line2,
    `${address.city}, ${address.region} ${address.postal_code}`,
    address.country,
  ]
    .filter(Boolean)
    .join(', ');
}

// Orders -----------------------------------------------------------------------------------------

export interface OrderItem {
  id: string;
  productId: string | null;
  productName: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface OrderEvent {
  id: string;
  kind: OrderEventKind;
  fromValue: string | null;
  toValue: string | null;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: OrderActorRole;
  note: string | null;
  createdAt: string;
}

/** The carriers staff ship with (public.admin_ship_order); their tracking pages are orders.tracking_url. */
export const CARRIERS = ['ups', 'usps', 'fedex', 'dhl', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Readonly<Record<Carrier, string>> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  other: 'Other carrier',
};

/** A tracking number as admin_ship_order takes it: 4 to 40 letters, digits, spaces or dashes. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/;

export const isCarrier = (value: unknown): value is Carrier =>
  typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);

export interface OrderTracking {
  carrier: string;
  carrierLabel: string;
  number: string;
  /** The carrier's tracking page, or null for another carrier. */
  url: string | null;
}

/** The client shape of an order (with its lines and history when they were selected). */
export interface Order {
  id: string;
  orderNumber: string;
  userId: string | null;
  email: string | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  shippingMethod: ShippingMethod;
  subtotal: number;
  /** What the discount code took off (goods before tax, plus the shipping of a free-shipping code); 0 without. */
  discount: number;
  /** The discount code the order used, as staff wrote it; null without. */
  discountCode: string | null;
  shipping: number;
  tax: number;
  total: number;
  shippingAddress: ShippingAddress | null;
  /** The carrier and tracking number staff entered when shipping (null before, or without one). */
  tracking: OrderTracking | null;
  createdAt: string;
  updatedAt: string;
  /** A card order's Stripe payment (pi_…), once paid; null otherwise. */
  stripePaymentIntentId: string | null;
  /** A card order's Checkout Session (cs_test_… or cs_live_…); null before one was opened. */
  stripeCheckoutSessionId: string | null;
  /** What Stripe has refunded of a card order so far. */
  refundedAmount: number;
  /**
   * The secret of the order's lookup link (routes.orderStatus), when it was read: its owner and staff
   * may; order_lookup never gives it out.
   */
  lookupToken: string | null;
  /** By product name; [] when not selected. */
  items: OrderItem[];
  /** Oldest first; [] when not selected. */
  events: OrderEvent[];
}

/** Which administrator made an event: readable only with the orders permission (null for customers). */
export type OrderEventStaff = Pick<Tables<'order_event_staff'>, 'actor_id' | 'actor_email'>;

/** An order_events row, optionally with `order_event_staff(actor_id, actor_email)` embedded. */
export type OrderEventRow = Tables<'order_events'> & { order_event_staff?: OrderEventStaff | null };

/** An orders row, optionally with `order_items(*)` and `order_events(*, order_event_staff(...))` embedded. */
export type OrderRow = Tables<'orders'> & {
  order_items?: Tables<'order_items'>[] | null;
  order_events?: OrderEventRow[] | null;
};

const money = (value: number | string | null | undefined) => Number(value ?? 0);

export function mapOrderItem(row: Tables<'order_items'>): OrderItem {
  const unitPrice = money(row.unit_price);
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    unitPrice,
    quantity: row.quantity,
    lineTotal: Math.round(unitPrice * row.quantity * 100) / 100,
  };
}

export function mapOrderEvent(row: OrderEventRow): OrderEvent {
  return {
    id: row.id,
    kind: row.kind as OrderEventKind,
    fromValue: row.from_value,
    toValue: row.to_value,
    actorId: row.order_event_staff?.actor_id ?? row.actor_id,
    actorEmail: row.order_event_staff?.actor_email ?? row.actor_email,
    actorRole: row.actor_role as OrderActorRole,
    note: row.note,
    createdAt: row.created_at,
  };
}

/** The one mapper from an orders row (snake_case) to the client shape. */
export function mapOrder(row: OrderRow): Order {
  const items = [...(row.order_items ?? [])].sort(
    (a, b) => a.product_name.localeCompare(b.product_name) || a.id.localeCompare(b.id),
  );
  const events = [...(row.order_events ?? [])].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
  return {
    id: row.id,
    orderNumber: row.order_number,
    userId: row.user_id,
    email: row.email,
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    paymentMethod: row.payment_method as PaymentMethod,
    shippingMethod: row.shipping_method as ShippingMethod,
    subtotal: money(row.subtotal),
    discount: money(row.discount_amount),
    discountCode: row.discount_code ?? null,
    shipping: money(row.shipping_amount),
    tax: money(row.tax_amount),
    total: money(row.total_amount),
    shippingAddress: toShippingAddress(row.shipping_address),
    tracking: row.tracking_number
      ? {
          carrier: row.shipping_carrier ?? 'other',
          carrierLabel: isCarrier(row.shipping_carrier)
            ? CARRIER_LABELS[row.shipping_carrier]
            : 'Other carrier',
          number: row.tracking_number,
          url: row.tracking_url ?? null,
        }
      : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stripePaymentIntentId: row.stripe_payment_intent_id ?? null,
    stripeCheckoutSessionId: row.stripe_checkout_session_id ?? null,
    refundedAmount: money(row.refunded_amount),
    lookupToken: row.lookup_token ?? null,
    items: items.map(mapOrderItem),
    events: events.map(mapOrderEvent),
  };
}

/** One line of the history in words: 'Order placed', 'Pending → Processing', 'Payment: Awaiting payment → Paid'. */
export function describeOrderEvent(event: Pick<OrderEvent, 'kind' | 'fromValue' | 'toValue'>): string {
  switch (event.kind) {
    case 'placed':
      return 'Order placed';
    case 'cancelled':
      return 'Order cancelled';
    case 'status_changed':
      return `${orderStatusLabel(event.fromValue ?? '')} → ${orderStatusLabel(event.toValue ?? '')}`;
    case 'payment_changed':
      // A partial card refund leaves the payment as it was: the note says how much went back.
      if (event.fromValue === event.toValue) return `Payment: ${paymentStatusLabel(event.toValue ?? '')}`;
      return `Payment: ${paymentStatusLabel(event.fromValue ?? '')} → ${paymentStatusLabel(event.toValue ?? '')}`;
  }
}

// Checkout quote ---------------------------------------------------------------------------------

export interface CheckoutQuoteLine {
  /** null when the cart held something that is not a product id. */
  productId: string | null;
  /** null for a product that no longer exists. */
  name: string | null;
  slug: string | null;
  image: string | null;
  unitPrice: number | null;
  originalPrice: number | null;
  /** null when the quantity sent was not a whole number from 1 to 999. */
  quantity: number | null;
  stockCount: number | null;
  inStock: boolean;
  purchaseLimit: number | null;
  lineTotal: number;
  available: boolean;
  /** The message place_order would refuse this line with, or null. */
  problem: string | null;
}

export interface CheckoutQuote {
  lines: CheckoutQuoteLine[];
  subtotal: number;
  /** What the discount code takes off (0 without one, or when it is refused). */
  discount: number;
  /** The code that applies, as staff wrote it; null without one. */
  discountCode: string | null;
  /** Why the code typed does not apply (the message place_order would refuse with); null otherwise. */
  discountProblem: string | null;
  shipping: number;
  tax: number;
  total: number;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** What checkout_quote returns, in the client shape. */
export function mapCheckoutQuote(value: Json | null | undefined): CheckoutQuote {
  const record = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<
    string,
    Json | undefined
  >;
  const lines = Array.isArray(record.lines) ? record.lines : [];
  return {
    lines: lines.map((entry) => {
      const line = (entry && typeof entry === 'object' && !Array.isArray(entry) ? entry : {}) as Record<
        string,
        Json | undefined
      >;
      return {
        productId: stringOrNull(line.product_id),
        name: stringOrNull(line.name),
        slug: stringOrNull(line.slug),
        image: stringOrNull(line.image_url),
        unitPrice: numberOrNull(line.unit_price),
        originalPrice: numberOrNull(line.original_price),
        quantity: numberOrNull(line.quantity),
        stockCount: numberOrNull(line.stock_count),
        inStock: line.in_stock === true,
        purchaseLimit: numberOrNull(line.purchase_limit),
        lineTotal: Number(line.line_total ?? 0),
        available: line.available === true,
        problem: stringOrNull(line.problem),
      };
    }),
    subtotal: Number(record.subtotal ?? 0),
    discount: Number(record.discount ?? 0),
    discountCode: stringOrNull(record.discount_code),
    discountProblem: stringOrNull(record.discount_problem),
    shipping: Number(record.shipping ?? 0),
    tax: Number(record.tax ?? 0),
    total: Number(record.total ?? 0),
  };
}

/**
 * The card payment's page in the Stripe dashboard, or null without a payment. A payment made with a test
 * key (sk_test_…) is only in the dashboard's test mode (/test/…); Stripe names the Checkout Sessions made
 * with a test key cs_test_…, so the order's session tells the mode it was paid in, also after the shop's
 * keys changed.
 */
export function stripeDashboardPaymentUrl(
  order: Pick<Order, 'stripePaymentIntentId' | 'stripeCheckoutSessionId'>,
): string | null {
  if (!order.stripePaymentIntentId) return null;
  const mode = order.stripeCheckoutSessionId?.startsWith('cs_test_') ? 'test/' : '';
  return `https://dashboard.stripe.com/${mode}payments/${encodeURIComponent(order.stripePaymentIntentId)}`;
}
