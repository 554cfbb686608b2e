import { formatPrice, routes, type Product } from '@prepper/shared';
import { FallbackImage } from '@prepper/shared/ui';
import type { KeyboardEvent, RefObject } from 'react';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';
import { focusRing } from './focus-ring';

export interface SearchResultsProps {
  results: Product[];
  /** Filled with the result links, for the keyboard movement (hooks/use-result-focus.ts). */
  resultRefs: RefObject<Array<HTMLAnchorElement | null>>;
  onResultKeyDown: (event: KeyboardEvent<HTMLAnchorElement>, index: number) => void;
  /** A result was opened (the overlay closes). */
  onOpen: () => void;
}

/**
 * The results: picture, name, category and price, each linking to its product page; one the shopper cannot
 * buy now says Out of Stock, or, while every unit is held for customers on its waitlist (emergency mode),
 * that it is reserved for them.
 */
export function SearchResults({ results, resultRefs, onResultKeyDown, onOpen }: SearchResultsProps) {
  return (
    <section>
      <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {texts.resultsHeading(results.length)}
      </h2>
      <ul className="divide-y divide-slate-100">
        {results.map((product, index) => (
          <li key={product.id}>
            <Link
              ref={(element) => {
                resultRefs.current[index] = element;
              }}
              to={routes.product(product.name, product.id)}
              onClick={onOpen}
              onKeyDown={(event) => onResultKeyDown(event, index)}
              className={`flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50 focus:bg-orange-50 ${focusRing}`}
            >
              <FallbackImage
                src={product.image}
                alt=""
                className="h-14 w-14 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover"
              />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 font-medium text-slate-900" data-testid="search-result-name">
                  {product.name}
                </span>
                <span className="block truncate text-sm text-slate-500">{product.category}</span>
                {!product.inStock && (
                  <span className="block text-xs font-medium text-amber-700">
                    {product.held ? texts.reserved : texts.outOfStock}
                  </span>
                )}
              </span>
              <span className="shrink-0 text-right">
                <span className="block font-semibold text-slate-900">{formatPrice(product.price)}</span>
                {product.originalPrice !== null && product.originalPrice > product.price ? (
                  <s className="block text-xs text-slate-400">{formatPrice(product.originalPrice)}</s>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
