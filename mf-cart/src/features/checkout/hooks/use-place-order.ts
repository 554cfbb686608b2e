import { clearCart, routes, toast } from '@prepper/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { texts } from '../../../texts';
import { finishCheckoutAttempt } from '../api/checkout-attempt';
import { placeOrder, type PlaceOrderFailure, type PlaceOrderInput } from '../api/place-order';
import { paymentOption } from '../payment/payment-methods';

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
  const running = useRef(false);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function place(input: PlaceOrderInput) {
    if (running.current) return;
    running.current = true;
    setPlacing(true);
    setError(null);
    const result = await placeOrder(input);
    if (!result.ok) {
      running.current = false;
      setPlacing(false);
      setError(failureMessage(result.failure));
      // The database said no (stock, limit): price the cart again so each line shows its problem.
      if (result.failure.kind === 'refused') onRefused();
      return;
    }
    finishCheckoutAttempt();
    await paymentOption(input.paymentMethod).collect?.(result.order);
    navigate(routes.orderConfirmation(result.order.id));
    clearCart();
    toast.success(texts.checkout.placedToast(result.order.orderNumber));
  }

  return { place, placing, error };
}
