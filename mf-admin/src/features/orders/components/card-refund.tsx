import { formatPrice, toast } from '@prepper/shared';
import type { Order } from '@prepper/shared/orders';
import { useEffect, useId, useState } from 'react';
import { buttonStyles, ConfirmDialog, inputClass } from '../../../components';
import { orderQuery } from '../api/get-order';
import { useRefundCard } from '../api/refund-card';
import { parseRefundAmount } from '../lib/refund-form';
import { orderTexts } from '../texts';

const t = orderTexts.card;

const cents = (amount: number) => Math.round(amount * 100);

/**
 * "Refund" of a card-paid order through Stripe, in full (amount left empty) or in part. Stripe's webhook
 * settles the order a moment later; the page reads the order again until it shows the refund.
 */
export function CardRefund({ order }: { order: Order }) {
  const amountId = useId();
  const errorId = useId();
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ cents: number | null; key: string } | null>(null);
  // The refunded amount when the last refund was sent: the order waits for Stripe until it changes.
  const [sentAt, setSentAt] = useState<number | null>(null);
  const waiting = sentAt !== null && sentAt === order.refundedAmount;
  const { mutate, busy } = useRefundCard();
  const left = cents(order.total) - cents(order.refundedAmount);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => orderQuery.invalidate(order.id), 1500);
    const stop = window.setTimeout(() => setSentAt(null), 20_000);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stop);
    };
  }, [waiting, order.id]);

  if (order.paymentMethod !== 'card' || !order.stripePaymentIntentId || left <= 0) return null;
  if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'refund_pending') return null;

  function ask() {
    const parsed = parseRefundAmount(amount, left);
    if (!parsed.ok) {
      setInvalid(parsed.message);
      return;
    }
    setInvalid(null);
    setConfirming({ cents: parsed.cents, key: crypto.randomUUID() });
  }

  async function refund() {
    if (!confirming) return;
    const outcome = await mutate(order.id, confirming.cents, confirming.key);
    if (outcome.skipped) return;
    setConfirming(null);
    if (!outcome.ok) {
      toast.error(outcome.error instanceof Error ? outcome.error.message : t.failed);
      return;
    }
    setAmount('');
    setSentAt(order.refundedAmount);
    toast.success(t.requested);
  }

  const refundCents = confirming?.cents ?? left;
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <label htmlFor={amountId} className="mb-1 block text-sm font-medium text-slate-700">
        {t.amount(formatPrice(left / 100))}
      </label>
      <input
        id={amountId}
        type="text"
        inputMode="decimal"
        value={amount}
        placeholder={(left / 100).toFixed(2)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => setAmount(event.target.value)}
        className={inputClass}
      />
      {invalid ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {invalid}
        </p>
      ) : null}
      <button
        type="button"
        disabled={busy || waiting}
        className={`${buttonStyles.secondary} mt-2 w-full`}
        onClick={ask}
      >
        {waiting ? t.waiting : t.refund}
      </button>
      <ConfirmDialog
        open={confirming !== null}
        title={t.confirmTitle}
        message={t.confirmText(formatPrice(refundCents / 100), order.orderNumber)}
        confirmLabel={t.confirm}
        cancelLabel={t.keep}
        busy={busy}
        onConfirm={() => void refund()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
