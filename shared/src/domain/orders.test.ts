import {
  ALLOWED_STATUS_MOVES,
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  canCustomerCancel,
  describeOrderEvent,
  mapCheckoutQuote,
  mapOrder,
  nextPaymentStatuses,
  nextStatuses,
  nextStatusesFor,
  stripeDashboardPaymentUrl,
  canReturn,
  orderStatusLabel,
  toShippingAddress,
  addressOneLine,
  mapSavedAddress,
  shippingAddressOf,
  validateShippingAddress,
  type OrderEventRow,
  type OrderRow,
} from './orders';

const address = {
  full_name: 'Jamie Carter',
  line1: '1420 Ridgeview Drive',
  line2: '',
  city: 'Boulder',
  region: 'CO',
  postal_code: '80302',
  country: 'United States',
  phone: '+1 303 555 0142',
};

describe('status moves', () => {
  it('allow pending→processing→shipped→completed, cancelling, refusal at the door and returns', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => nextStatuses(from).map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending>processing',
        'processing>shipped',
        'shipped>completed',
        'pending>cancelled',
        'processing>cancelled',
        'shipped>cancelled',
        'shipped>returned',
        'completed>returned',
      ].sort(),
    );
    expect(nextStatuses('completed')).toEqual(['returned']);
    expect(nextStatuses('cancelled')).toEqual([]);
    expect(nextStatuses('returned')).toEqual([]);
    expect(nextStatuses('stolen')).toEqual([]);
    expect(ALLOWED_STATUS_MOVES.pending).not.toContain('returned');
  });

  it('offers staff shipping only once paid or on delivery, refusal at the door only on delivery, returns apart', () => {
    const unpaid = {
      status: 'processing',
      paymentStatus: 'awaiting_payment',
      paymentMethod: 'bank_transfer',
    };
    expect(nextStatusesFor(unpaid)).toEqual(['cancelled']);
    expect(nextStatusesFor({ ...unpaid, paymentStatus: 'paid' })).toEqual(['shipped', 'cancelled']);
    expect(nextStatusesFor({ ...unpaid, paymentMethod: 'cash_on_delivery' })).toEqual([
      'shipped',
      'cancelled',
    ]);
    const shipped = { status: 'shipped', paymentStatus: 'paid', paymentMethod: 'bank_transfer' };
    expect(nextStatusesFor(shipped)).toEqual(['completed']);
    expect(
      nextStatusesFor({
        status: 'shipped',
        paymentStatus: 'awaiting_payment',
        paymentMethod: 'cash_on_delivery',
      }),
    ).toEqual(['completed', 'cancelled']);
    expect(canReturn('shipped')).toBe(true);
    expect(canReturn('completed')).toBe(true);
    expect(canReturn('processing')).toBe(false);
    expect(canReturn('returned')).toBe(false);
  });

  it('lets a customer cancel only a pending order', () => {
    expect(ORDER_STATUSES.filter(canCustomerCancel)).toEqual(['pending']);
  });

  it('moves payment awaiting→paid→refunded, and only refunds a cancelled order', () => {
    expect(nextPaymentStatuses('pending', 'awaiting_payment')).toEqual(['paid']);
    expect(nextPaymentStatuses('completed', 'paid')).toEqual(['refunded']);
    expect(nextPaymentStatuses('completed', 'refunded')).toEqual([]);
    expect(nextPaymentStatuses('cancelled', 'awaiting_payment')).toEqual([]);
    expect(nextPaymentStatuses('cancelled', 'paid')).toEqual(['refunded']);
    expect(nextPaymentStatuses('cancelled', 'refund_pending')).toEqual(['refunded']);
    expect(nextPaymentStatuses('returned', 'refund_pending')).toEqual(['refunded']);
    expect(nextPaymentStatuses('returned', 'awaiting_payment')).toEqual([]);
    expect(nextPaymentStatuses('pending', 'bogus')).toEqual([]);
  });
});

describe('labels', () => {
  it('names statuses, payment statuses and methods as the pages show them', () => {
    expect(Object.values(ORDER_STATUS_LABELS)).toEqual([
      'Pending',
      'Processing',
      'Shipped',
      'Completed',
      'Cancelled',
      'Returned',
    ]);
    expect(Object.values(PAYMENT_STATUS_LABELS)).toEqual([
      'Awaiting payment',
      'Paid',
      'Refund due',
      'Refunded',
    ]);
    expect(PAYMENT_METHOD_LABELS).toEqual({
      bank_transfer: 'Bank transfer',
      cash_on_delivery: 'Pay on delivery',
      card: 'Card',
    });
    expect(orderStatusLabel('unknown')).toBe('unknown');
  });

  it('describes history events in words', () => {
    expect(describeOrderEvent({ kind: 'placed', fromValue: null, toValue: 'pending' })).toBe('Order placed');
    expect(describeOrderEvent({ kind: 'status_changed', fromValue: 'pending', toValue: 'processing' })).toBe(
      'Pending → Processing',
    );
    expect(
      describeOrderEvent({ kind: 'payment_changed', fromValue: 'awaiting_payment', toValue: 'paid' }),
    ).toBe('Payment: Awaiting payment → Paid');
    expect(describeOrderEvent({ kind: 'cancelled', fromValue: 'pending', toValue: 'cancelled' })).toBe(
      'Order cancelled',
    );
  });
});

describe('validateShippingAddress', () => {
  it('accepts a complete address with an empty second line', () => {
    expect(validateShippingAddress(address)).toEqual({});
  });

  it('names every missing or blank required field, never line2', () => {
    const errors = validateShippingAddress({ ...address, full_name: '  ', city: '', phone: undefined });
    expect(errors).toEqual({
      full_name: 'Full name is required',
      city: 'City is required',
      phone: 'Phone is required',
    });
    expect(Object.keys(validateShippingAddress({}))).toEqual([
      'full_name',
      'line1',
      'city',
      'region',
      'postal_code',
      'country',
      'phone',
    ]);
  });

  it('refuses values longer than the database keeps', () => {
    expect(validateShippingAddress({ ...address, line2: 'x'.repeat(201) })).toEqual({
      line2: 'Keep it under 200 characters',
    });
    expect(validateShippingAddress({ ...address, line1: 'x'.repeat(200) })).toEqual({});
  });

  it('reads a stored address and nothing that is not one', () => {
    expect(toShippingAddress({ ...address, extra: 'ignored' })).toEqual(address);
    expect(toShippingAddress({ full_name: 'Only' })).toMatchObject({
      full_name: 'Only',
      line1: '',
      line2: '',
    });
    expect(toShippingAddress(null)).toBeNull();
    expect(toShippingAddress(['x'])).toBeNull();
  });
});

describe('the address book', () => {
  it('maps a saved address and writes it on one line without the blank second line', () => {
    const saved = mapSavedAddress({
      id: 'a1',
      user_id: 'u1',
      is_default: true,
      created_at: '2026-01-02T10:00:00+00:00',
      updated_at: '2026-01-02T10:00:00+00:00',
      ...address,
      line2: '',
    });
    expect(saved).toMatchObject({ id: 'a1', isDefault: true, full_name: address.full_name });
    expect(shippingAddressOf(saved)).toEqual({ ...address, line2: '' });
    expect(shippingAddressOf(saved)).not.toHaveProperty('id');
    expect(addressOneLine({ ...address, line2: '' })).toBe(
      `${address.full_name}, ${address.line1}, ${address.city}, ${address.region} ${address.postal_code}, ${address.country}`,
    );
  });
});

describe('mapOrder', () => {
  const row: OrderRow = {
    id: 'o1',
    order_number: 'RS-100042',
    user_id: 'u1',
    email: 'demo@example.com',
    status: 'pending',
    payment_status: 'awaiting_payment',
    payment_method: 'cash_on_delivery',
    shipping_method: 'standard',
    subtotal: 79.95,
    shipping_amount: 9.99,
    tax_amount: 6.4,
    total_amount: 96.34,
    shipping_address: address,
    idempotency_key: null,
    stripe_checkout_session_id: null,
    stripe_payment_intent_id: null,
    refunded_amount: 0,
    shipping_carrier: null,
    tracking_number: null,
    tracking_url: null,
    created_at: '2026-01-02T10:00:00+00:00',
    updated_at: '2026-01-02T10:00:00+00:00',
    lookup_token: 'a'.repeat(64),
    promotion_id: null,
    discount_code: null,
    discount_amount: 0,
    order_items: [
      {
        id: 'i2',
        order_id: 'o1',
        product_id: 'p2',
        product_name: 'Zippo Emergency Fire Starter',
        unit_price: 12.95,
        quantity: 3,
        created_at: '2026-01-02T10:00:00+00:00',
      },
      {
        id: 'i1',
        order_id: 'o1',
        product_id: null,
        product_name: 'A Lantern',
        unit_price: 0.1,
        quantity: 3,
        created_at: '2026-01-02T10:00:00+00:00',
      },
    ],
    order_events: [
      {
        id: 'e2',
        order_id: 'o1',
        kind: 'payment_changed',
        from_value: 'awaiting_payment',
        to_value: 'paid',
        actor_id: null,
        actor_email: null,
        actor_role: 'admin',
        note: 'Received',
        created_at: '2026-01-03T10:00:00+00:00',
        order_event_staff: { actor_id: 'a1', actor_email: 'admin@example.com' },
      },
      {
        id: 'e1',
        order_id: 'o1',
        kind: 'placed',
        from_value: null,
        to_value: 'pending',
        actor_id: 'u1',
        actor_email: 'demo@example.com',
        actor_role: 'customer',
        note: null,
        created_at: '2026-01-02T10:00:00+00:00',
      },
    ] satisfies OrderEventRow[],
  };

  it('maps the tracking staff entered, with the carrier’s name and page', () => {
    const shipped = mapOrder({
      ...row,
      shipping_carrier: 'fedex',
      tracking_number: '123456789012',
      tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    });
    expect(shipped.tracking).toEqual({
      carrier: 'fedex',
      carrierLabel: 'FedEx',
      number: '123456789012',
      url: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    });
    expect(
      mapOrder({ ...row, shipping_carrier: 'other', tracking_number: 'LOCAL-42' }).tracking,
    ).toMatchObject({
      carrierLabel: 'Other carrier',
      url: null,
    });
  });

  it('maps every column to the client shape with lines by name and history oldest first', () => {
    const order = mapOrder(row);
    expect(mapOrder({ ...row, discount_code: 'SAVE10', discount_amount: 7.99 })).toMatchObject({
      discount: 7.99,
      discountCode: 'SAVE10',
    });
    expect(order).toMatchObject({
      discount: 0,
      discountCode: null,
      id: 'o1',
      orderNumber: 'RS-100042',
      userId: 'u1',
      email: 'demo@example.com',
      status: 'pending',
      paymentStatus: 'awaiting_payment',
      paymentMethod: 'cash_on_delivery',
      shippingMethod: 'standard',
      subtotal: 79.95,
      shipping: 9.99,
      tax: 6.4,
      total: 96.34,
      shippingAddress: address,
      tracking: null,
      createdAt: '2026-01-02T10:00:00+00:00',
      lookupToken: 'a'.repeat(64),
    });
    expect(order.items.map((item) => [item.productName, item.lineTotal])).toEqual([
      ['A Lantern', 0.3],
      ['Zippo Emergency Fire Starter', 38.85],
    ]);
    expect(order.items[0]?.productId).toBeNull();
    expect(order.events.map((event) => [event.kind, event.actorRole, event.note])).toEqual([
      ['placed', 'customer', null],
      ['payment_changed', 'admin', 'Received'],
    ]);
    // The administrator comes from order_event_staff (what the back office reads); the customer's own
    // events keep their own address.
    expect(order.events.map((event) => [event.actorId, event.actorEmail])).toEqual([
      ['u1', 'demo@example.com'],
      ['a1', 'admin@example.com'],
    ]);
  });

  it('names no administrator when order_event_staff is not readable (a customer reading their order)', () => {
    const events = (row.order_events ?? []).map((event) =>
      event.actor_role === 'admin' ? { ...event, order_event_staff: null } : event,
    );
    const order = mapOrder({ ...row, order_events: events });
    expect(order.events[1]).toMatchObject({ actorRole: 'admin', actorId: null, actorEmail: null });
  });

  it('gives empty lines and history when they were not selected', () => {
    const { order_items: _items, order_events: _events, ...bare } = row;
    const order = mapOrder({ ...bare, shipping_address: null });
    expect(order.items).toEqual([]);
    expect(order.events).toEqual([]);
    expect(order.shippingAddress).toBeNull();
  });
});

describe('mapCheckoutQuote', () => {
  it('maps lines and totals, keeping unknown products and their problem', () => {
    const quote = mapCheckoutQuote({
      lines: [
        {
          product_id: 'p1',
          name: 'Lantern',
          slug: 'lantern-p1',
          image_url: 'l.svg',
          unit_price: 79.95,
          original_price: null,
          quantity: 2,
          stock_count: 1,
          in_stock: true,
          purchase_limit: null,
          line_total: 159.9,
          available: true,
          problem: 'Only 1 of "Lantern" left in stock',
        },
        {
          product_id: 'gone',
          name: null,
          slug: null,
          image_url: null,
          unit_price: null,
          original_price: null,
          quantity: 1,
          stock_count: null,
          in_stock: null,
          purchase_limit: null,
          line_total: 0,
          available: false,
          problem: 'A product in your cart is no longer available',
        },
      ],
      subtotal: 159.9,
      shipping: 0,
      tax: 12.79,
      total: 172.69,
    });
    expect(quote.lines[0]).toMatchObject({
      productId: 'p1',
      name: 'Lantern',
      unitPrice: 79.95,
      quantity: 2,
      stockCount: 1,
      inStock: true,
      lineTotal: 159.9,
      available: true,
      problem: 'Only 1 of "Lantern" left in stock',
    });
    expect(quote.lines[1]).toMatchObject({ name: null, unitPrice: null, available: false, inStock: false });
    expect([quote.subtotal, quote.shipping, quote.tax, quote.total]).toEqual([159.9, 0, 12.79, 172.69]);
  });

  it('reads an empty or broken answer as an empty quote', () => {
    expect(mapCheckoutQuote(null)).toEqual({
      lines: [],
      subtotal: 0,
      discount: 0,
      discountCode: null,
      discountProblem: null,
      shipping: 0,
      tax: 0,
      total: 0,
    });
  });

  it('maps the discount code that applies, or why the code typed does not', () => {
    const applied = mapCheckoutQuote({
      lines: [],
      subtotal: 80,
      discount: 8,
      discount_code: 'Tenner10',
      discount_problem: null,
      shipping: 9.99,
      tax: 5.76,
      total: 87.75,
    });
    expect(applied).toMatchObject({ discount: 8, discountCode: 'Tenner10', discountProblem: null });
    const refused = mapCheckoutQuote({
      lines: [],
      subtotal: 20,
      discount: 0,
      discount_code: null,
      discount_problem: 'The discount code "BYGONE" has expired',
    });
    expect(refused).toMatchObject({
      discount: 0,
      discountCode: null,
      discountProblem: 'The discount code "BYGONE" has expired',
    });
  });
});

describe('stripeDashboardPaymentUrl', () => {
  it('links a payment made with a test key to the test dashboard, a live one to the live dashboard', () => {
    expect(
      stripeDashboardPaymentUrl({
        stripePaymentIntentId: 'pi_3Q0abc',
        stripeCheckoutSessionId: 'cs_test_a1B2c3',
      }),
    ).toBe('https://dashboard.stripe.com/test/payments/pi_3Q0abc');
    expect(
      stripeDashboardPaymentUrl({
        stripePaymentIntentId: 'pi_3Q0abc',
        stripeCheckoutSessionId: 'cs_live_a1B2c3',
      }),
    ).toBe('https://dashboard.stripe.com/payments/pi_3Q0abc');
    expect(
      stripeDashboardPaymentUrl({ stripePaymentIntentId: null, stripeCheckoutSessionId: 'cs_test_a1B2c3' }),
    ).toBeNull();
  });
});
