import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';
import type { PromotionRow } from '../lib/promotion-form';

export interface PromotionWithNames {
  row: PromotionRow;
  /** The names of the products in its scope (a deleted product keeps its id only). */
  productNames: Record<string, string>;
}

/**
 * Ids per request for the scope's names: each takes about 40 bytes of the address (id=in.(…)), and a code
 * may name 500 products (20 kB in one request: the local stack refuses a request head over 16 kB with
 * 400, proxies in front of a hosted PostgREST an address over 8 kB); 100 keep each near 4 kB.
 */
export const PRODUCT_IDS_PER_REQUEST = 100;

/** One code by id, with the names of the products it is scoped to, for the edit form. */
export async function getPromotion(id: string): Promise<PromotionWithNames> {
  const supabase = getSupabase();
  const { data, error } = await supabase.from('promotions').select('*').eq('id', id).single();
  if (error) throw error;
  const row = data as PromotionRow;
  const productNames: Record<string, string> = {};
  const chunks: string[][] = [];
  for (let start = 0; start < row.product_ids.length; start += PRODUCT_IDS_PER_REQUEST)
    chunks.push(row.product_ids.slice(start, start + PRODUCT_IDS_PER_REQUEST));
  const pages = await Promise.all(
    chunks.map(async (chunk) => {
      const products = await supabase.from('products').select('id, name').in('id', chunk);
      if (products.error) throw products.error;
      return products.data;
    }),
  );
  for (const product of pages.flat()) productNames[product.id] = product.name;
  return { row, productNames };
}

/** The edited code: key ['promotion', [id]]. */
export const promotionQuery = defineQuery('promotion', getPromotion);
