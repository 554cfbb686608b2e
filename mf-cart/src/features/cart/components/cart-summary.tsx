import { FREE_SHIPPING_THRESHOLD, formatPrice, type CartTotals } from '@prepper/shared';
import { texts } from '../../../texts';

/** The free-shipping message with its progress bar. */
export function ShippingMessage({ totals }: { totals: CartTotals }) {
  const progress = Math.min(100, Math.round((totals.subtotal / FREE_SHIPPING_THRESHOLD) * 100));
  if (totals.freeShipping) {
    return (
      <p
        className="flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
        data-testid="shipping-message"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5 shrink-0"
          fill="none"
          stroke="currentColor"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeWidth={2}
            d="M9 12l2 2 4-4m6 2a9 9 0 11-18 0 9 9 0 0118 0z"
          />
        </svg>
        {texts.freeShippingReached}
      </p>
    );
  }
  return (
    <div className="rounded-lg bg-orange-50 px-3 py-2" data-testid="shipping-message">
      <p className="text-sm font-medium text-orange-800">
        {texts.freeShippingRemaining(totals.remainingForFreeShipping)}
      </p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-orange-100" aria-hidden="true">
        <div className="h-full rounded-full bg-orange-500" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

/** Subtotal, shipping (9.99 or Free), 8 % tax and total, all to 2 decimals with a $ sign. */
export function CartSummary({ totals }: { totals: CartTotals }) {
  const rows: Array<[string, string, string]> = [
    [texts.subtotal, formatPrice(totals.subtotal), 'cart-subtotal'],
    [texts.shipping, totals.shipping === 0 ? texts.free : formatPrice(totals.shipping), 'cart-shipping'],
    [texts.tax, formatPrice(totals.tax), 'cart-tax'],
  ];
  return (
    <dl className="space-y-1.5 text-sm">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="flex justify-between text-slate-600">
          <dt>{label}</dt>
          <dd
            data-testid={testId}
            className={value === texts.free ? 'font-medium text-green-700' : 'text-slate-900'}
          >
            {value}
          </dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
        <dt>{texts.total}</dt>
        <dd data-testid="cart-total">{formatPrice(totals.total)}</dd>
      </div>
    </dl>
  );
}
