import { HeartIcon } from '@heroicons/react/24/outline';
import { $wishlistIds, toast, useClientStore, type Product } from '@prepper/shared';
import { useToggleWishlist } from '../lib/toggle-wishlist';
import { texts } from '../texts';

const NOTHING_SAVED: ReadonlySet<string> = new Set();

const looks = {
  card: {
    base: 'absolute top-2 right-2 rounded-full bg-white/90 p-2 shadow transition hover:text-red-600 focus-visible:opacity-100',
    idle: 'text-slate-600 md:opacity-0 md:group-hover:opacity-100',
    saved: 'text-red-600',
  },
  page: {
    base: 'flex h-12 w-12 items-center justify-center rounded-lg border transition hover:bg-slate-100 hover:text-red-600',
    idle: 'border-slate-300 text-slate-700',
    saved: 'border-red-200 bg-red-50 text-red-600',
  },
} as const;

/**
 * The heart: saves the product to the wishlist or removes it (through the bus), pressed and filled
 * while saved, named for what a press does ('Add X to wishlist' / 'Remove X from wishlist').
 */
export function WishlistButton({
  product,
  look = 'card',
}: {
  product: Pick<Product, 'id' | 'name' | 'price' | 'inStock'>;
  look?: keyof typeof looks;
}) {
  // Unsaved on the server and while hydrating: the visitor's wishlist is only in their browser.
  const saved = useClientStore($wishlistIds, NOTHING_SAVED).has(product.id);
  const { mutate, busy } = useToggleWishlist();

  async function toggle() {
    const outcome = await mutate(product);
    if (outcome.ok)
      toast.success(outcome.data ? texts.wishlist.added(product.name) : texts.wishlist.removed(product.name));
    else if (!outcome.skipped) {
      const { error } = outcome;
      toast.error(error instanceof Error && error.message ? error.message : texts.wishlist.failed);
    }
  }

  return (
    <button
      type="button"
      aria-label={saved ? texts.wishlist.remove(product.name) : texts.wishlist.add(product.name)}
      aria-pressed={saved}
      aria-busy={busy}
      disabled={busy}
      onClick={toggle}
      data-testid="wishlist-button"
      className={`${looks[look].base} ${saved ? looks[look].saved : looks[look].idle} disabled:cursor-wait`}
    >
      <HeartIcon className="h-5 w-5" fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}
