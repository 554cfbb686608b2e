import { toast } from '@prepper/shared';
import { canReturn, nextPaymentStatuses, nextStatusesFor, type Order } from '@prepper/shared/orders';
import { useId, useState } from 'react';
import { buttonStyles, ConfirmDialog, inputClass } from '../../../components';
import { useChangeOrder, type OrderChange } from '../api/update-order';
import { CardRefund } from './card-refund';
import { orderTexts } from '../texts';
import { ShipForm } from './ship-form';

const t = orderTexts.actions;

function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : t.failed;
}

function successMessage(change: OrderChange): string {
  if (change.kind === 'return') return t.returned;
  if (change.kind === 'ship') return orderTexts.ship.shipped;
  if (change.kind === 'payment') return change.to === 'paid' ? t.markedPaid : t.refunded;
  return change.to === 'cancelled' ? t.cancelled : t.moved(change.to);
}

function confirmTexts(change: OrderChange | null, order: Order) {
  if (change?.kind === 'payment') {
    return { title: t.refundTitle, message: t.refundText(order.orderNumber), confirm: t.refundConfirm };
  }
  if (change?.kind === 'return') {
    return {
      title: t.returnTitle,
      message: t.returnText(order.orderNumber, change.resellable),
      confirm: t.returnConfirm,
    };
  }
  if (order.status === 'shipped') {
    return { title: t.refusedTitle, message: t.refusedText(order.orderNumber), confirm: t.refusedConfirm };
  }
  return { title: t.cancelTitle, message: t.cancelText(order.orderNumber), confirm: t.cancelConfirm };
}

/**
 * What an administrator can do with an order now: the allowed next statuses (shipping only once paid
 * or paid on delivery; cancel, refusal at the door and returns ask first), mark paid or refund (refund
 * asks first). The database checks every move again.
 */
export function OrderActions({ order }: { order: Order }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const { mutate, busy, error: failure } = useChangeOrder();
  const error = failure === undefined ? null : failureMessage(failure);
  const [confirming, setConfirming] = useState<OrderChange | null>(null);
  const [resellable, setResellable] = useState(true);
  const resellableId = useId();

  const moves = nextStatusesFor(order);
  const forward = moves.filter((status) => status !== 'cancelled');
  const canCancel = moves.includes('cancelled');
  const returnable = canReturn(order.status);
  // A card payment is settled only by Stripe: no "Mark as paid", and refunds go through Stripe below.
  const card = order.paymentMethod === 'card';
  const payments = card ? [] : nextPaymentStatuses(order.status, order.paymentStatus);
  const cardRefundable =
    card &&
    order.stripePaymentIntentId !== null &&
    (order.paymentStatus === 'paid' || order.paymentStatus === 'refund_pending');

  async function apply(change: OrderChange) {
    const outcome = await mutate(order.id, change, note.trim() || null);
    if (outcome.skipped) return;
    setConfirming(null);
    if (!outcome.ok) {
      toast.error(failureMessage(outcome.error));
      return;
    }
    toast.success(successMessage(change));
    setNote('');
  }

  const nothingToDo =
    forward.length === 0 && !canCancel && !returnable && payments.length === 0 && !cardRefundable;
  const dialog = confirmTexts(confirming, order);

  return (
    <section
      aria-labelledby="order-actions-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="order-actions-title" className="text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      {order.paymentStatus === 'refund_pending' ? (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">{t.refundDue}</p>
      ) : null}
      {nothingToDo ? (
        <p className="mt-2 text-sm text-slate-600">{t.none}</p>
      ) : (
        <>
          <div className="mt-3">
            <label htmlFor={noteId} className="mb-1 block text-sm font-medium text-slate-700">
              {t.note}
            </label>
            <input
              id={noteId}
              type="text"
              maxLength={500}
              value={note}
              placeholder={t.notePlaceholder}
              onChange={(event) => setNote(event.target.value)}
              className={inputClass}
            />
          </div>
          <div className="mt-3 flex flex-col gap-2">
            {forward.map((status) =>
              status === 'shipped' ? (
                <ShipForm
                  key={status}
                  busy={busy}
                  onShip={(carrier, trackingNumber) => void apply({ kind: 'ship', carrier, trackingNumber })}
                />
              ) : (
                <button
                  key={status}
                  type="button"
                  disabled={busy}
                  className={buttonStyles.primary}
                  onClick={() => void apply({ kind: 'status', to: status })}
                >
                  {t.moveTo(status)}
                </button>
              ),
            )}
            {payments.includes('paid') ? (
              <button
                type="button"
                disabled={busy}
                className={buttonStyles.secondary}
                onClick={() => void apply({ kind: 'payment', to: 'paid' })}
              >
                {t.markPaid}
              </button>
            ) : null}
            {payments.includes('refunded') ? (
              <button
                type="button"
                disabled={busy}
                className={buttonStyles.secondary}
                onClick={() => setConfirming({ kind: 'payment', to: 'refunded' })}
              >
                {t.refund}
              </button>
            ) : null}
            {canCancel ? (
              <button
                type="button"
                disabled={busy}
                className={`${buttonStyles.secondary} text-red-700 hover:bg-red-50`}
                onClick={() => setConfirming({ kind: 'status', to: 'cancelled' })}
              >
                {order.status === 'shipped' ? t.refusedAtDoor : t.cancel}
              </button>
            ) : null}
            {returnable ? (
              <div className="mt-2 flex flex-col gap-2 border-t border-slate-100 pt-3">
                <div className="flex items-center gap-2">
                  <input
                    id={resellableId}
                    type="checkbox"
                    checked={resellable}
                    onChange={(event) => setResellable(event.target.checked)}
                    className="h-4 w-4"
                  />
                  <label htmlFor={resellableId} className="text-sm text-slate-700">
                    {t.resellable}
                  </label>
                </div>
                <button
                  type="button"
                  disabled={busy}
                  className={buttonStyles.secondary}
                  onClick={() => setConfirming({ kind: 'return', resellable })}
                >
                  {t.recordReturn}
                </button>
              </div>
            ) : null}
          </div>
        </>
      )}
      {cardRefundable ? <CardRefund order={order} /> : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.confirm}
        cancelLabel={t.keep}
        busy={busy}
        onConfirm={() => {
          if (confirming) void apply(confirming);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
