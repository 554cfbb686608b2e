import { getCatalogueClient } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/**
 * The earliest best-before among the lots of a product that would ship now ('YYYY-MM-DD'), or null when
 * it has no usable dated lots (product_best_before, callable by anyone; lots themselves are staff-only).
 */
export async function getBestBefore(productId: string): Promise<string | null> {
  const { data, error } = await getCatalogueClient().rpc('product_best_before', {
    p_product_ids: [productId],
  });
  if (error) throw error;
  return data.find((row) => row.product_id === productId)?.best_before ?? null;
}

/** A product's earliest best-before: key ['best-before', [productId]]. */
export const bestBeforeQuery = defineQuery('best-before', getBestBefore);
export const useBestBefore = (productId: string) => bestBeforeQuery.use([productId]);
