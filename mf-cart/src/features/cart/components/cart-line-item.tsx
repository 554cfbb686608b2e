import { TrashIcon } from '@heroicons/react/24/outline';
import {
  MAX_LINE_QUANTITY,
  formatPrice,
  lineTotal,
  removeFromCart,
  routes,
  setCartQuantity,
  type CartLine,
} from '@prepper/shared';
import { FallbackImage } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';

interface CartLineItemProps {
  line: CartLine;
  /** Called when the shopper follows the product link (the overlay closes). */
  onNavigate: () => void;
}

const stepButton =
  'flex h-8 w-8 items-center justify-center rounded-md text-lg leading-none text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-40';

/** One cart line: picture, name, category, stock badge, prices, quantity control, line total, remove. */
export function CartLineItem({ line, onNavigate }: CartLineItemProps) {
  const { product, quantity } = line;
  const href = routes.product(product.name, product.id);
  const discounted = product.originalPrice !== null && product.originalPrice > product.price;

  return (
    <li className="flex gap-3 border-b border-slate-200 py-4 last:border-b-0" data-testid="cart-line">
      <Link to={href} onClick={onNavigate} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <FallbackImage
          src={product.image}
          alt=""
          className="h-20 w-20 rounded-lg border border-slate-200 bg-slate-100 object-cover"
          loading="lazy"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={href}
              onClick={onNavigate}
              className="line-clamp-2 font-semibold text-slate-900 hover:text-orange-600 focus-visible:outline-2 focus-visible:outline-orange-600"
            >
              {product.name}
            </Link>
            {product.category ? <p className="text-sm text-slate-500">{product.category}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => removeFromCart(product.id)}
            aria-label={texts.remove(product.name)}
            className="rounded-md p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-orange-600"
          >
            <TrashIcon className="h-5 w-5" />
          </button>
        </div>

        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${
              product.inStock ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'
            }`}
          >
            {product.inStock ? texts.inStock : texts.outOfStock}
          </span>
          <span className="text-sm font-semibold text-slate-900" data-testid="cart-line-price">
            {formatPrice(product.price)}
          </span>
          {discounted ? (
            <s className="text-sm text-slate-400">
              <span className="sr-only">{texts.originalPrice} </span>
              {formatPrice(product.originalPrice ?? 0)}
            </s>
          ) : null}
        </div>

        <div className="mt-2 flex items-center justify-between gap-2">
          <div
            className="flex items-center rounded-lg border border-slate-300"
            role="group"
            aria-label={texts.quantity(product.name)}
          >
            <button
              type="button"
              className={stepButton}
              aria-label={texts.decrease(product.name)}
              onClick={() => setCartQuantity(product.id, quantity - 1)}
            >
              −
            </button>
            <output
              className="w-9 text-center text-sm font-medium"
              aria-live="polite"
              data-testid="cart-line-quantity"
            >
              {quantity}
            </output>
            <button
              type="button"
              className={stepButton}
              aria-label={texts.increase(product.name)}
              disabled={quantity >= MAX_LINE_QUANTITY}
              onClick={() => setCartQuantity(product.id, quantity + 1)}
            >
              +
            </button>
          </div>
          <p className="text-right font-semibold text-slate-900">
            <span className="sr-only">{texts.lineTotal} </span>
            <span data-testid="cart-line-total">{formatPrice(lineTotal(product.price, quantity))}</span>
          </p>
        </div>
      </div>
    </li>
  );
}
