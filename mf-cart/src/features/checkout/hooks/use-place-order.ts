import { clearCart, routes, toast } from '@prepper/shared';
import { useNavigate } from 'react-router-dom';
import { setDiscountCode } from '../../../lib/discount-code';
import { texts } from '../../../texts';
import {
  placeOrderFailure,
  usePlaceOrderMutation,
  type PlaceOrderFailure,
  type PlaceOrderInput,
} from '../api/place-order';

export function failureMessage(failure: PlaceOrderFailure): string {
  switch (failure.kind) {
    case 'refused':
      return failure.message;
    case 'network':
      return texts.checkout.networkError;
    case 'signed-out':
      return texts.checkout.sessionExpired;
    case 'failed':
      return texts.checkout.genericError;
  }
}

/**
 * Place order: one request at a time (a second click while one runs does nothing), the same idempotency
 * key on every try until an order is placed. Success empties the cart and opens the confirmation;
 * a failure keeps the cart and says why.
 */
export function usePlaceOrder({ onRefused }: { onRefused: () => void }) {
  const navigate = useNavigate();
  const { mutate, busy: placing, error: failed } = usePlaceOrderMutation();
  const error = failed === undefined ? null : failureMessage(placeOrderFailure(failed));

  async function place(input: PlaceOrderInput) {
    const outcome = await mutate(input);
    if (!outcome.ok) {
      // The database said no (stock, limit): price the cart again so each line shows its problem.
      if (!outcome.skipped && placeOrderFailure(outcome.error).kind === 'refused') onRefused();
      return;
    }
    const order = outcome.data;
    navigate(routes.orderConfirmation(order.id));
    clearCart();
    setDiscountCode(null);
    toast.success(texts.checkout.placedToast(order.orderNumber));
  }

  return { place, placing, error };
}
