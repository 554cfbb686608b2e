import { toast } from '@prepper/shared';
import { type Order } from '@prepper/shared/orders';
import { Dialog } from '@prepper/shared/ui';
import { useState } from 'react';
import { texts } from '../../../texts';
import { cancelMyOrder } from '../api/cancel-my-order';

/** 'Cancel order' for a pending order: asks first, then cancel_order; `onCancelled` reloads the order. */
export function CancelOrder({ order, onCancelled }: { order: Order; onCancelled: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await cancelMyOrder(order.id);
    setBusy(false);
    setAsking(false);
    if (!result.ok) {
      setError(result.message ?? texts.orders.cancelFailed);
      onCancelled();
      return;
    }
    toast.success(texts.orders.cancelled(order.orderNumber));
    onCancelled();
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
