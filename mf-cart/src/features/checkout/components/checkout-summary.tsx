import { formatPrice, removeFromCart, setCartQuantity, type CartLine } from '@prepper/shared';
import { type CheckoutQuote, type CheckoutQuoteLine } from '@prepper/shared/orders';
import { FallbackImage } from '@prepper/shared/ui';
import { TotalsList } from '../../../components/totals-list';
import { texts } from '../../../texts';
import { buyableQuantity, type PriceChange, type PriceChanges } from '../lib/quote-changes';

const smallButton =
  'rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-600';

function LineProblem({
  productId,
  line,
  name,
}: {
  productId: string;
  line: CheckoutQuoteLine;
  name: string;
}) {
  const lower = buyableQuantity(line);
  return (
    <div
      className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
      data-testid="checkout-line-problem"
    >
      <p>{line.problem ?? texts.checkout.nowOutOfStock}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {lower !== null ? (
          <button type="button" className={smallButton} onClick={() => setCartQuantity(productId, lower)}>
            {texts.checkout.useAvailable(lower)}
          </button>
        ) : null}
        <button
          type="button"
          className={smallButton}
          aria-label={texts.checkout.removeLine(name)}
          onClick={() => removeFromCart(productId)}
        >
          {texts.checkout.remove}
        </button>
      </div>
    </div>
  );
}

function SummaryLine({
  cartLine,
  quoteLine,
  change,
}: {
  cartLine: CartLine;
  quoteLine: CheckoutQuoteLine | undefined;
  change: PriceChange | undefined;
}) {
  const { product, quantity } = cartLine;
  const unitPrice = quoteLine?.unitPrice ?? product.price;
  const blocked = quoteLine ? quoteLine.problem !== null || !quoteLine.available : false;
  const name = quoteLine?.name ?? product.name;
  return (
    <li className="py-4" data-testid="checkout-line">
      <div className="flex gap-3">
        <FallbackImage
          src={product.image}
          alt=""
          className="h-16 w-16 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover"
          loading="lazy"
        />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 font-medium text-slate-900">{name}</p>
          <p className="text-sm text-slate-600" data-testid="checkout-line-price">
            {texts.checkout.quantityTimes(quantity, formatPrice(unitPrice))}
          </p>
        </div>
        <p className="shrink-0 font-semibold text-slate-900" data-testid="checkout-line-total">
          {formatPrice(quoteLine?.lineTotal ?? unitPrice * quantity)}
        </p>
      </div>
      {change ? (
        <p
          className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="checkout-line-price-change"
        >
          {texts.checkout.priceChanged(formatPrice(change.from), formatPrice(change.to))}
        </p>
      ) : null}
      {quoteLine && blocked ? <LineProblem productId={product.id} line={quoteLine} name={name} /> : null}
    </li>
  );
}

interface CheckoutSummaryProps {
  lines: readonly CartLine[];
  quote: CheckoutQuote | undefined;
  priceChanges: PriceChanges;
}

/** The order's lines as the database prices them now, with what changed and what blocks, and the totals. */
export function CheckoutSummary({ lines, quote, priceChanges }: CheckoutSummaryProps) {
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label={texts.checkout.yourOrder}>
        {lines.map((line) => (
          <SummaryLine
            key={line.product.id}
            cartLine={line}
            quoteLine={quote?.lines.find((entry) => entry.productId === line.product.id)}
            change={priceChanges[line.product.id]}
          />
        ))}
      </ul>
      {quote ? (
        <div className="border-t border-slate-200 pt-4">
          <TotalsList totals={quote} testIdPrefix="checkout" />
        </div>
      ) : null}
    </>
  );
}
