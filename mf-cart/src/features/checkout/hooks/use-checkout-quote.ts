import { useStore } from '@nanostores/react';
import { $cartLines, updateCartProduct, type CartLine } from '@prepper/shared';
import { useEffect, useRef, useState } from 'react';
import { checkoutQuoteQuery } from '../api/get-checkout-quote';
import { $discountCode } from '../../../lib/discount-code';
import { requestLines } from '../../../lib/request-lines';
import { compareQuote, type PriceChanges } from '../lib/quote-changes';

/**
 * The cart priced by the database (with the discount code entered), again whenever a line, a quantity
 * or the code changes. Price changes since a
 * line went into the cart are remembered for the page (the cart line itself gets the new price through
 * the bus, so the cart overlay agrees).
 */
export function useCheckoutQuote(lines: readonly CartLine[]) {
  // Keyed by product and quantity only: a price the quote writes back into the cart asks nothing new.
  const asked = lines.length === 0 ? null : requestLines(lines);
  const discountCode = useStore($discountCode);
  const loaded = checkoutQuoteQuery.use(asked && [asked, discountCode]);
  const quote = { ...loaded, reload: () => checkoutQuoteQuery.invalidate() };
  const [priceChanges, setPriceChanges] = useState<PriceChanges>({});
  const known = useRef<PriceChanges>({});
  const quoted = quote.status === 'success' ? quote.data : null;

  useEffect(() => {
    if (!quoted) return;
    const { changes, updates } = compareQuote($cartLines.get(), quoted, known.current);
    known.current = changes;
    setPriceChanges(changes);
    for (const { productId, update } of updates) updateCartProduct(productId, update);
  }, [quoted]);

  return { quote, priceChanges, discountCode };
}
