import { useStore } from '@nanostores/react';
import {
  $wishlist,
  $wishlistStatus,
  formatPrice,
  reloadWishlist,
  routes,
  toast,
  toCartProduct,
  wishlistChanges,
  type Product,
  type WishlistChange,
  type WishlistEntry,
} from '@prepper/shared';
import type { MutationOutcome } from '@prepper/shared/query';
import { FallbackImage } from '@prepper/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';
import { useMoveToCart, useRemoveFromWishlist } from '../api/change-wishlist';
import { useWishlistProductFacts, wishlistProductsQuery } from '../api/get-wishlist-products';

const t = texts.wishlistPanel;
const smallButton =
  'rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-50';

type Loaded =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; products: Map<string, Product> };

/** The current facts of the saved products, fetched again when a product id joins the list. */
function useWishlistProducts(entries: readonly WishlistEntry[]): [Loaded, () => void] {
  const key = entries
    .map((e) => e.productId)
    .sort()
    .join(',');
  // Only a new id needs a request; removals keep what is known.
  const [asked, setAsked] = useState(key);
  const state = useWishlistProductFacts(asked ? asked.split(',') : []);
  const known = state.data;
  if (key !== asked && key.split(',').some((id) => id && !known?.has(id))) setAsked(key);
  const loaded: Loaded = known
    ? { status: 'ready', products: known }
    : state.status === 'error'
      ? { status: 'error' }
      : { status: 'loading' };
  return [loaded, () => wishlistProductsQuery.invalidate()];
}

function changeText(change: WishlistChange): string {
  switch (change.kind) {
    case 'price-dropped':
      return t.priceDropped(formatPrice(change.from));
    case 'price-rose':
      return t.priceRose(formatPrice(change.from));
    case 'back-in-stock':
      return t.backInStock;
    case 'out-of-stock':
      return t.outOfStock;
  }
}

const changeLook: Record<WishlistChange['kind'], string> = {
  'price-dropped': 'bg-green-50 text-green-800',
  'price-rose': 'bg-slate-100 text-slate-700',
  'back-in-stock': 'bg-green-50 text-green-800',
  'out-of-stock': 'bg-red-50 text-red-700',
};

function WishlistRow({
  entry,
  product,
  onNavigate,
}: {
  entry: WishlistEntry;
  product: Product | undefined;
  onNavigate: () => void;
}) {
  const remove = useRemoveFromWishlist();
  const move = useMoveToCart();
  const busy = remove.busy || move.busy;
  if (!product) {
    return (
      <li className="flex items-center justify-between gap-3 py-3" data-testid="wishlist-item">
        <p className="text-sm text-slate-600">{t.unavailable}</p>
        <button
          type="button"
          className={`${smallButton} text-red-600 hover:bg-red-50`}
          onClick={() => void remove.mutate(entry.productId)}
        >
          {t.removeUnavailable}
        </button>
      </li>
    );
  }
  const changes = wishlistChanges(entry, product);

  async function run(action: Promise<MutationOutcome<void>>, done: string) {
    const outcome = await action;
    if (outcome.ok) toast.success(done);
    else if (!outcome.skipped) {
      const { error } = outcome;
      toast.error(error instanceof Error && error.message ? error.message : t.failed);
    }
  }

  const moveToCart = () => run(move.mutate(toCartProduct(product)), t.moved(product.name));

  return (
    <li className="flex gap-3 py-3" data-testid="wishlist-item">
      <FallbackImage
        src={product.image}
        alt=""
        loading="lazy"
        className="h-20 w-20 shrink-0 rounded-lg bg-slate-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <Link
          to={routes.product(product.name, product.id)}
          onClick={onNavigate}
          className="line-clamp-2 font-semibold text-slate-900 hover:text-orange-700 focus-visible:text-orange-700"
        >
          {product.name}
        </Link>
        <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-bold text-slate-900" data-testid="wishlist-price">
            {formatPrice(product.price)}
          </span>
          <span className={product.inStock ? 'text-green-700' : 'text-red-600'}>
            {product.inStock ? t.inStock : t.outOfStock}
          </span>
        </p>
        {changes.filter((c) => c.kind !== 'out-of-stock').length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label={t.changes}>
            {changes
              .filter((c) => c.kind !== 'out-of-stock')
              .map((change) => (
                <li
                  key={change.kind}
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${changeLook[change.kind]}`}
                >
                  {changeText(change)}
                </li>
              ))}
          </ul>
        ) : null}
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy || !product.inStock}
            onClick={() => void moveToCart()}
            aria-label={t.moveLabel(product.name)}
            className={`${smallButton} bg-orange-600 text-white hover:bg-orange-700`}
          >
            {t.moveToCart}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(remove.mutate(product.id), t.removed(product.name))}
            aria-label={t.removeLabel(product.name)}
            className={`${smallButton} border border-slate-300 text-slate-700 hover:bg-slate-50`}
          >
            {t.remove}
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The account overlay's 'Wishlist': the saved products with their picture, current price and stock,
 * what changed since saving, 'Move to cart' and remove. Visitors see the list this browser keeps,
 * with an invitation to sign in to keep it.
 */
export function WishlistPanel({
  signedIn,
  onBack,
  onSignIn,
  onNavigate,
}: {
  signedIn: boolean;
  onBack: () => void;
  onSignIn: () => void;
  onNavigate: () => void;
}) {
  const entries = useStore($wishlist);
  const status = useStore($wishlistStatus);
  const [loaded, retry] = useWishlistProducts(entries);

  let body;
  if (status === 'error' || loaded.status === 'error') {
    body = (
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
        <p>{t.loadFailed}</p>
        <button
          type="button"
          onClick={() => (status === 'error' ? reloadWishlist() : retry())}
          className={`${smallButton} mt-2 border border-red-200 hover:bg-red-100`}
        >
          {t.retry}
        </button>
      </div>
    );
  } else if (status === 'loading' || (entries.length > 0 && loaded.status === 'loading')) {
    body = (
      <p role="status" className="py-6 text-center text-sm text-slate-600">
        {t.loading}
      </p>
    );
  } else if (entries.length === 0) {
    body = (
      <div className="py-6 text-center">
        <p className="font-semibold text-slate-900">{t.emptyTitle}</p>
        <p className="mt-1 text-sm text-slate-600">{t.emptyLead}</p>
        <Link
          to={routes.products}
          onClick={onNavigate}
          className="mt-4 inline-block rounded-lg bg-orange-600 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
        >
          {t.browse}
        </Link>
      </div>
    );
  } else {
    const products = loaded.status === 'ready' ? loaded.products : new Map<string, Product>();
    body = (
      <ul className="divide-y divide-slate-100" aria-label={t.title}>
        {entries.map((entry) => (
          <WishlistRow
            key={entry.productId}
            entry={entry}
            product={products.get(entry.productId)}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="px-6 pb-6" aria-labelledby="wishlist-title">
      <button
        type="button"
        onClick={onBack}
        className="text-sm font-medium text-orange-700 hover:underline focus-visible:outline-2 focus-visible:outline-orange-600"
      >
        ‹ {signedIn ? t.backToAccount : t.backToSignIn}
      </button>
      <h2 id="wishlist-title" className="mt-2 text-2xl font-bold text-slate-900">
        {t.title}
        {entries.length > 0 ? (
          <span className="ml-2 text-base font-medium text-slate-500">({entries.length})</span>
        ) : null}
      </h2>
      {!signedIn ? (
        <div className="mt-3 rounded-lg bg-orange-50 p-3 text-sm text-orange-900">
          <p>{t.visitorNote}</p>
          <button
            type="button"
            onClick={onSignIn}
            className="mt-1 font-semibold underline hover:no-underline focus-visible:outline-2 focus-visible:outline-orange-600"
          >
            {t.signInToKeep}
          </button>
        </div>
      ) : null}
      <div className="mt-3">{body}</div>
    </section>
  );
}
