import { $cartLines, updateCartProduct, type CartLine } from '@prepper/shared';
import { useLoad } from '@prepper/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { getCheckoutQuote } from '../api/get-checkout-quote';
import { compareQuote, type PriceChanges } from '../lib/quote-changes';

/**
 * The cart priced by the database, again whenever a line or a quantity changes. Price changes since a
 * line went into the cart are remembered for the page (the cart line itself gets the new price through
 * the bus, so the cart overlay agrees).
 */
export function useCheckoutQuote(lines: readonly CartLine[]) {
  const key = lines.map((line) => `${line.product.id}:${line.quantity}`).join(',');
  const quote = useLoad(key === '' ? null : `quote:${key}`, () => getCheckoutQuote(lines));
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

  return { quote, priceChanges };
}
