import { addToCart, toast, toCartProduct, type Product } from '@prepper/shared';
import type { MyHold } from '../api/get-my-hold';
import { formatHeldUntil, heldState, withOwnHold } from '../held';
import { waitlistTexts } from '../texts';

const t = waitlistTexts.held;

/** The holder's own unit into the cart: theirs to buy, though nobody else may. */
function AddHeld({ product, hold }: { product: Product; hold: MyHold }) {
  function add() {
    try {
      addToCart(toCartProduct(withOwnHold(product, hold.quantity)), hold.quantity);
      toast.success(t.added(hold.quantity, product.name));
    } catch (error) {
      console.error('[catalog] add held unit failed', error);
      toast.error(t.addFailed);
    }
  }
  return (
    <button
      type="button"
      onClick={add}
      className="mt-2 rounded-lg bg-orange-600 px-5 py-2.5 font-semibold text-white transition hover:bg-orange-700"
    >
      {t.add}
    </button>
  );
}

/**
 * Emergency mode on a product page: the units held for customers on the waitlist. Everyone sees how many
 * more are held, or that all are (under the page's Out of Stock); a signed-in holder is told until
 * when one is theirs, and adds it to the cart here.
 */
export function HeldStock({ product, hold }: { product: Product; hold: MyHold | null }) {
  const state = heldState(product, hold);
  if (state.kind === 'yours') {
    return (
      <div className="mt-3">
        <p className="font-semibold text-green-700">{t.yours(formatHeldUntil(state.until))}</p>
        <AddHeld product={product} hold={hold!} />
      </div>
    );
  }
  if (state.kind === 'all') {
    return (
      <div className="mt-3">
        <p className="font-semibold text-amber-600">{t.allStatus}</p>
        <p className="mt-1 text-sm text-slate-700">{t.allDetail}</p>
      </div>
    );
  }
  if (state.kind === 'some') return <p className="mt-3 text-sm text-slate-700">{t.some(state.held)}</p>;
  return null;
}
