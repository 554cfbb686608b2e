import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** A product the reviews page's product filter offers: only products that have reviews. */
export interface ReviewProductOption {
  id: string;
  name: string;
  sku: string;
}

/** How many matches the product filter's list offers at a time. */
export const REVIEW_PRODUCT_SEARCH_LIMIT = 20;

/**
 * The reviewed products whose name holds `search` or whose SKU is it (admin_search_review_products), a
 * few at a time: the whole list is tens of thousands at 100,000 products, too many to send or scroll.
 */
export async function searchReviewProducts(search: string): Promise<ReviewProductOption[]> {
  const { data, error } = await getSupabase().rpc('admin_search_review_products', {
    p_search: search,
    p_limit: REVIEW_PRODUCT_SEARCH_LIMIT,
  });
  if (error) throw error;
  return data;
}

/** The chosen product of the filter (from the address), for its name; null when there is none. */
export async function getReviewProduct(id: string): Promise<ReviewProductOption | null> {
  const { data, error } = await getSupabase()
    .from('products')
    .select('id, name, sku')
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/** Matches of a search: key ['review-product-search', [text]]; null waits (list closed, no permission). */
export const reviewProductSearchQuery = defineQuery('review-product-search', searchReviewProducts);
export const useReviewProductSearch = (search: string | null) =>
  reviewProductSearchQuery.use(search === null ? null : [search]);

/** The chosen product: key ['review-product', [id]]; null waits. */
export const reviewProductQuery = defineQuery('review-product', getReviewProduct);
export const useReviewProduct = (id: string | null) => reviewProductQuery.use(id === null ? null : [id]);
