import { CheckCircleIcon } from '@heroicons/react/24/outline';
import type { CartTotals } from '@prepper/shared';
import { TotalsList, type Totals } from '../../../components/totals-list';
import { texts } from '../../../texts';

/** The free-shipping message with its progress bar (the threshold is the subtotal plus what is missing). */
export function ShippingMessage({ totals }: { totals: CartTotals }) {
  const threshold = totals.subtotal + totals.remainingForFreeShipping;
  const progress = threshold > 0 ? Math.min(100, Math.round((totals.subtotal / threshold) * 100)) : 100;
  if (totals.freeShipping) {
    return (
      <p
        className="flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
        data-testid="shipping-message"
      >
        <CheckCircleIcon className="h-5 w-5 shrink-0" />
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

/** The cart's totals from the shared pricing rule, or the database's with a discount code that applies. */
export function CartSummary({ totals }: { totals: Totals }) {
  return <TotalsList totals={totals} testIdPrefix="cart" />;
}
