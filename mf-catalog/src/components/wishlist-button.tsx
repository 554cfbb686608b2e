import { useStore } from '@nanostores/react';
import { $wishlistIds, toast, toggleWishlist, type Product } from '@prepper/shared';
import { useState } from 'react';
import { texts } from '../texts';

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
  const saved = useStore($wishlistIds).has(product.id);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    try {
      const nowSaved = await toggleWishlist(product);
      toast.success(nowSaved ? texts.wishlist.added(product.name) : texts.wishlist.removed(product.name));
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : texts.wishlist.failed);
    } finally {
      setBusy(false);
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
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill={saved ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 5.5 5.5 5.5 0 0 1 21.5 12C19 16.5 12 21 12 21z" />
      </svg>
    </button>
  );
}
