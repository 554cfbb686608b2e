import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/**
 * The products that have reviews, by name, for the product filter (admin_review_products): not the whole
 * catalogue, which at 100,000 products would be megabytes for a select nobody can scroll.
 */
export async function getReviewProductOptions(): Promise<{ id: string; name: string }[]> {
  const { data, error } = await getSupabase().rpc('admin_review_products');
  if (error) throw error;
  return data as unknown as { id: string; name: string }[];
}

/** The products that have reviews (the product filter): key ['review-products', []]; null waits. */
export const reviewProductOptionsQuery = defineQuery('review-products', getReviewProductOptions);
export const useReviewProductOptions = (allowed: boolean) =>
  reviewProductOptionsQuery.use(allowed ? [] : null);
