import { getSupabase, type CartLine } from '@prepper/shared';
import {
  mapOrder,
  type Order,
  type PaymentMethod,
  type ShippingAddress,
  type ShippingMethod,
} from '@prepper/shared/orders';
import { defineMutation } from '../../../lib/query';
import { paymentOption } from '../payment/payment-methods';
import { recordReminderSource } from '../../../lib/reminder-source';
import { checkoutAttemptKey, finishCheckoutAttempt } from './checkout-attempt';
import { requestLines } from '../../../lib/request-lines';

export interface PlaceOrderInput {
  lines: readonly CartLine[];
  address: ShippingAddress;
  shippingMethod: ShippingMethod;
  paymentMethod: PaymentMethod;
  /** A guest's e-mail for the order (the database ignores it for an account, which has its own). */
  email?: string;
  /** The discount code entered; the database applies it or refuses the order with its reason. */
  discountCode?: string | null;
}

/** Why an order was not placed, as the page needs to explain it. */
export type PlaceOrderFailure =
  /** The database refused it (stock, limit, address...): its message is written for the customer. */
  | { kind: 'refused'; message: string }
  /** No answer: the order may or may not exist; retrying with the same key is safe. */
  | { kind: 'network' }
  | { kind: 'signed-out' }
  | { kind: 'failed' };

interface PostgrestErrorLike {
  message?: unknown;
  code?: unknown;
}

/** Why placing failed, from what the call threw. */
export function placeOrderFailure(thrown: unknown): PlaceOrderFailure {
  const error: PostgrestErrorLike = typeof thrown === 'object' && thrown !== null ? thrown : {};
  // P0001: a raise from place_order, with its fixed message for the customer.
  if (error.code === 'P0001' && typeof error.message === 'string' && error.message)
    return { kind: 'refused', message: error.message };
  // PGRST301/PGRST303: the token is missing, expired or invalid; 42501: not allowed (signed out).
  if (error.code === 'PGRST301' || error.code === 'PGRST303' || error.code === '42501')
    return { kind: 'signed-out' };
  // postgrest-js turns a fetch that never got an answer into an error without a code (a throw has none either).
  if (!error.code) return { kind: 'network' };
  return { kind: 'failed' };
}

/**
 * Places the order with place_order: the database reads its own prices, checks and decrements stock and
 * writes the order in one transaction. The attempt's idempotency key goes with every try; once an order
 * is placed the attempt ends and the chosen payment method collects (manual methods have nothing to).
 */
export async function placeOrder(input: PlaceOrderInput): Promise<Order> {
  const { data, error } = await getSupabase().rpc('place_order', {
    p_lines: requestLines(input.lines),
    p_shipping_address: { ...input.address },
    p_shipping_method: input.shippingMethod,
    p_payment_method: input.paymentMethod,
    p_idempotency_key: checkoutAttemptKey(),
    ...(input.email === undefined ? {} : { p_email: input.email }),
    ...(input.discountCode ? { p_discount_code: input.discountCode } : {}),
  });
  if (error) throw error;
  if (!data) throw Object.assign(new Error('place_order answered without an order'), { code: 'no-order' });
  const order = mapOrder(data);
  finishCheckoutAttempt();
  await recordReminderSource(order.id);
  try {
    await paymentOption(input.paymentMethod).collect?.(order);
  } catch (error) {
    // The order is placed either way: the confirmation offers to pay again (card).
    console.warn('[checkout] the payment could not be started', error);
  }
  return order;
}

/** Place order: a new order touches no query this remote has cached (the confirmation loads it by id). */
export const placeOrderMutation = defineMutation('place order', placeOrder);
export const usePlaceOrderMutation = () => placeOrderMutation.use();
