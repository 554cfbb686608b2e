import { formatPrice } from '@prepper/shared';
import { texts } from '../texts';

export interface Totals {
  subtotal: number;
  /** What a discount code takes off (a row only when more than 0). */
  discount?: number;
  discountCode?: string | null;
  shipping: number;
  tax: number;
  total: number;
}

/**
 * Subtotal, the discount of a code (when one applies), shipping (an amount or 'Free'), 8 % tax and total, to 2 decimals with a $ sign: the cart,
 * the checkout and the confirmation show them alike. Test ids are `<prefix>-subtotal` and so on.
 */
export function TotalsList({ totals, testIdPrefix }: { totals: Totals; testIdPrefix: string }) {
  const rows: Array<[string, string, string]> = [
    [texts.subtotal, formatPrice(totals.subtotal), 'subtotal'],
    ...(totals.discount
      ? [
          [
            texts.discount.line(totals.discountCode ?? null),
            `−${formatPrice(totals.discount)}`,
            'discount',
          ] as [string, string, string],
        ]
      : []),
    [texts.shipping, totals.shipping === 0 ? texts.free : formatPrice(totals.shipping), 'shipping'],
    [texts.tax, formatPrice(totals.tax), 'tax'],
  ];
  return (
    <dl className="space-y-1.5 text-sm">
      {rows.map(([label, value, key]) => (
        <div key={key} className="flex justify-between text-slate-600">
          <dt>{label}</dt>
          <dd
            data-testid={`${testIdPrefix}-${key}`}
            className={
              value === texts.free || key === 'discount' ? 'font-medium text-green-700' : 'text-slate-900'
            }
          >
            {value}
          </dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
        <dt>{texts.total}</dt>
        <dd data-testid={`${testIdPrefix}-total`}>{formatPrice(totals.total)}</dd>
      </div>
    </dl>
  );
}
