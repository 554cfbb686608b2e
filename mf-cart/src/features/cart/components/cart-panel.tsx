import { CloseButton } from '@prepper/shared/ui';
import { useStore } from '@nanostores/react';
import { $cartCount, $cartLines, $cartTotals, clearCart, routes } from '@prepper/shared';
import { useNavigate } from 'react-router-dom';
import { DiscountCodeField } from '../../../components/discount-code-field';
import { setDiscountCode } from '../../../lib/discount-code';
import { texts } from '../../../texts';
import { useDiscountCheck } from '../hooks/use-discount-check';
import { CartLineItem } from './cart-line-item';
import { CartSummary, ShippingMessage } from './cart-summary';
import { EmptyCart } from './empty-cart';

/** The cart drawer's content: header, lines or the empty state, shipping message, summary and actions. */
export function CartPanel({ onClose }: { onClose: () => void }) {
  const lines = useStore($cartLines);
  const count = useStore($cartCount);
  const totals = useStore($cartTotals);
  const discount = useDiscountCheck(lines);
  const applied = discount.result?.code ? discount.result : null;
  const navigate = useNavigate();

  function proceedToCheckout() {
    onClose();
    navigate(routes.checkout);
  }

  return (
    <div className="flex h-full flex-col">
      <header className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 className="text-lg font-bold text-slate-900">{texts.title(count)}</h2>
        <CloseButton label={texts.close} onClick={onClose} />
      </header>

      {lines.length === 0 ? (
        <EmptyCart onNavigate={onClose} />
      ) : (
        <>
          <div className="flex-1 overflow-y-auto px-5">
            <ul aria-label={texts.title(count)}>
              {lines.map((line) => (
                <CartLineItem key={line.product.id} line={line} onNavigate={onClose} />
              ))}
            </ul>
            <div className="pb-4">
              <button
                type="button"
                onClick={clearCart}
                className="text-sm font-medium text-red-600 hover:text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
              >
                {texts.clearAll}
              </button>
            </div>
          </div>

          <footer className="space-y-4 border-t border-slate-200 bg-slate-50 px-5 py-4">
            <ShippingMessage totals={totals} />
            <DiscountCodeField
              code={discount.code}
              applied={applied && { code: applied.code!, amount: applied.discount }}
              problem={discount.problem}
              checking={discount.checking}
              onApply={setDiscountCode}
              onRemove={() => setDiscountCode(null)}
              testIdPrefix="cart"
            />
            <CartSummary totals={applied ? { ...applied, discountCode: applied.code } : totals} />
            <div className="space-y-2">
              <button
                type="button"
                onClick={proceedToCheckout}
                className="w-full rounded-lg bg-orange-600 py-3 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
              >
                {texts.proceedToCheckout}
              </button>
              <button
                type="button"
                onClick={onClose}
                className="w-full rounded-lg border border-slate-300 bg-white py-3 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
              >
                {texts.continueShopping}
              </button>
            </div>
          </footer>
        </>
      )}
    </div>
  );
}
