import { formatPrice, isLowStock, percentOff, routes, useStoreInfo, type Product } from '@prepper/shared';
import { FallbackImage } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { WishlistButton } from './wishlist-button';
import { texts } from '../texts';
import { StarRating } from './star-rating';

/**
 * Emergency mode: a card whose every unit is held for customers on the waitlist says so under Out of Stock,
 * in the product page's words (here, not in the shared texts: the product page's first load has no room).
 */
export const CARD_RESERVED = 'Reserved for customers on the waitlist';

/** The card and the list row show three features, then '+N more'. */
export const CARD_FEATURE_COUNT = 3;

export interface ProductCardProps {
  product: Product;
  variant?: 'grid' | 'list';
  /**
   * The list's first tile, a phone's largest paint: its picture loads at once and first (not lazily),
   * so the browser asks for it as soon as the HTML names it.
   */
  first?: boolean;
}

function Badges({ product }: { product: Product }) {
  const percent = percentOff(product.price, product.originalPrice);
  const { lowStockBelow } = useStoreInfo().settings;
  return (
    <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
      {percent !== null && (
        <span className="rounded-md bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
          {texts.card.percentOff(percent)}
        </span>
      )}
      {!product.inStock && (
        <span className="rounded-md bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">
          {texts.card.outOfStock}
        </span>
      )}
      {isLowStock(product.inStock, product.stockCount, lowStockBelow) && (
        <span className="rounded-md bg-amber-500 px-2 py-0.5 text-xs font-semibold text-slate-900">
          {texts.card.lowStock}
        </span>
      )}
    </div>
  );
}

function Features({ features }: { features: string[] }) {
  if (features.length === 0) return null;
  const shown = features.slice(0, CARD_FEATURE_COUNT);
  const more = features.length - shown.length;
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Key features">
      {shown.map((feature) => (
        <li key={feature} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {feature}
        </li>
      ))}
      {more > 0 && (
        <li className="rounded-full bg-orange-50 px-2 py-0.5 text-xs font-medium text-orange-700">
          {texts.card.moreFeatures(more)}
        </li>
      )}
    </ul>
  );
}

function Price({ product }: { product: Product }) {
  const hasOriginal = product.originalPrice !== null && product.originalPrice > product.price;
  return (
    <p className="flex items-baseline gap-2">
      <span className="text-xl font-bold text-slate-900">{formatPrice(product.price)}</span>
      {hasOriginal && product.originalPrice !== null && (
        <s className="text-sm text-slate-500">
          <span className="sr-only">Was </span>
          {formatPrice(product.originalPrice)}
        </s>
      )}
    </p>
  );
}

/** The product card, as a grid tile or as a list row. */
export function ProductCard({ product, variant = 'grid', first }: ProductCardProps) {
  const href = routes.product(product.name, product.id);
  const isList = variant === 'list';
  return (
    <article
      aria-label={product.name}
      className={`group relative flex w-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md ${
        isList ? 'flex-col sm:flex-row' : 'flex-col'
      }`}
    >
      <div
        className={`relative shrink-0 bg-slate-100 ${isList ? 'aspect-[4/3] sm:aspect-auto sm:w-64' : 'aspect-[4/3]'}`}
      >
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <FallbackImage
            src={product.image}
            alt=""
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
        </Link>
        <Badges product={product} />
        <WishlistButton product={product} />
      </div>
      <div className="flex flex-1 flex-col p-4">
        {product.category && (
          <p className="text-xs font-semibold tracking-wide text-orange-600 uppercase">{product.category}</p>
        )}
        <div className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <StarRating rating={product.rating} />
          <span aria-hidden="true">{texts.card.reviews(product.reviewCount)}</span>
          <span className="sr-only">{texts.card.reviewsLabel(product.reviewCount)}</span>
        </div>
        <h3 className="mt-1 text-base font-semibold text-slate-900">
          <Link to={href} className="hover:text-orange-600 focus-visible:text-orange-600">
            {product.name}
          </Link>
        </h3>
        <p className={`mt-1 text-sm text-slate-600 ${isList ? 'line-clamp-3' : 'line-clamp-2'}`}>
          {product.description}
        </p>
        <Features features={product.features} />
        <div className="mt-auto pt-4">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <Price product={product} />
            {(product.inStock || !!product.held) && (
              <p className="text-xs text-slate-500">
                {product.inStock ? texts.card.inStock(product.stockCount) : CARD_RESERVED}
              </p>
            )}
          </div>
          <Link
            to={href}
            className={`mt-3 block rounded-lg bg-orange-600 px-4 py-2 text-center text-sm font-semibold text-white transition hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 ${isList ? 'sm:inline-block sm:px-8' : ''}`}
          >
            {texts.card.seeDetails}
            <span className="sr-only"> for {product.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
