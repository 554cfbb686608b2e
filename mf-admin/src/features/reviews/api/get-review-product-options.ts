import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** Every product's id and name, for the product filter. */
export async function getReviewProductOptions(): Promise<{ id: string; name: string }[]> {
  const { data, error } = await getSupabase().from('products').select('id, name').order('name');
  if (error) throw error;
  return data;
}

/** The products that have reviews (the product filter): key ['review-products', []]; null waits. */
export const reviewProductOptionsQuery = defineQuery('review-products', getReviewProductOptions);
export const useReviewProductOptions = (allowed: boolean) =>
  reviewProductOptionsQuery.use(allowed ? [] : null);
