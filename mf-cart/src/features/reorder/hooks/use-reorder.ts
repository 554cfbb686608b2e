import { $cartLines, addToCart, openOverlay, toCartProduct, type Product } from '@prepper/shared';
import { reorderLines } from '@prepper/shared/supplies';
import { useEffect, useMemo, useRef } from 'react';
import { rememberReminderSource } from '../../../lib/reminder-source';
import { useReorderProducts } from '../api/get-reorder-products';

export interface ReorderResult {
  added: Product[];
  unavailable: { id: string; name: string | null }[];
}

/**
 * Fills the cart from a reorder link once the products are loaded: each product in stock once (one
 * already in the cart stays as it is, so opening the link again adds nothing), remembers the reminder
 * for the order, and opens the cart.
 */
export function useReorder(productIds: readonly string[], reminder: string | null) {
  const products = useReorderProducts(productIds.length > 0 ? productIds : null);
  const done = useRef(false);
  const result = useMemo<ReorderResult | null>(() => {
    if (products.status !== 'success') return null;
    const { add, unavailable } = reorderLines(productIds, products.data);
    return { added: add, unavailable };
  }, [products.status, products.data, productIds]);

  useEffect(() => {
    if (!result || done.current) return;
    done.current = true;
    const inCart = new Set($cartLines.get().map((line) => line.product.id));
    for (const product of result.added) if (!inCart.has(product.id)) addToCart(toCartProduct(product), 1);
    if (reminder) rememberReminderSource(reminder);
    if (result.added.length > 0) openOverlay('cart');
  }, [result, reminder]);

  return { products, result };
}
