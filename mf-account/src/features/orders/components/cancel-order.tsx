import { toast } from '@prepper/shared';
import { type Order } from '@prepper/shared/orders';
import { Dialog } from '@prepper/shared/ui';
import { useState } from 'react';
import { texts } from '../../../texts';
import { cancelRefusal, useCancelMyOrder } from '../api/cancel-my-order';

/**
 * 'Cancel order' for a pending order: asks first, then cancel_order. A refusal reloads the order with
 * `onRefused` (it may have moved on meanwhile); a cancel reloads it through the mutation.
 */
export function CancelOrder({ order, onRefused }: { order: Order; onRefused: () => void }) {
  const [asking, setAsking] = useState(false);
  const { mutate, busy, error: failure } = useCancelMyOrder();
  const error = failure ? (cancelRefusal(failure) ?? texts.orders.cancelFailed) : null;

  async function confirm() {
    const outcome = await mutate(order.id);
    if (outcome.skipped) return;
    setAsking(false);
    if (!outcome.ok) {
      onRefused();
      return;
    }
    toast.success(texts.orders.cancelled(order.orderNumber));
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5">
      <p className="text-sm text-slate-600">{texts.orders.cancelHint}</p>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="mt-3 rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-orange-600"
      >
        {texts.orders.cancelOrder}
      </button>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Dialog
        open={asking}
        onClose={() => (busy ? undefined : setAsking(false))}
        label={texts.orders.cancelTitle(order.orderNumber)}
      >
        <div className="p-6">
          <h2 className="text-lg font-semibold text-slate-900">
            {texts.orders.cancelTitle(order.orderNumber)}
          </h2>
          <p className="mt-2 text-sm text-slate-600">{texts.orders.cancelMessage}</p>
          {order.paymentStatus === 'paid' ? (
            <p className="mt-2 text-sm font-medium text-slate-800">{texts.orders.cancelPaidNote}</p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse justify-end gap-3 sm:flex-row">
            <button
              type="button"
              autoFocus
              disabled={busy}
              onClick={() => setAsking(false)}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-orange-600"
            >
              {texts.orders.keepOrder}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void confirm()}
              className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60"
            >
              {busy ? texts.orders.cancelling : texts.orders.confirmCancel}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
