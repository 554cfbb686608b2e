import { getSupabase } from '@prepper/shared';
import { readByIds } from '@prepper/shared/by-ids';
import { defineQuery } from '../../../lib/query';
import type { PromotionRow } from '../lib/promotion-form';

export interface PromotionWithNames {
  row: PromotionRow;
  /** The names of the products in its scope (a deleted product keeps its id only). */
  productNames: Record<string, string>;
}

/** One code by id, with the names of the products it is scoped to, for the edit form. */
export async function getPromotion(id: string): Promise<PromotionWithNames> {
  const supabase = getSupabase();
  const { data, error } = await supabase.from('promotions').select('*').eq('id', id).single();
  if (error) throw error;
  const row = data as PromotionRow;
  // A code may name 500 products: in one request their ids took about 20 kB of the address.
  const products = await readByIds(row.product_ids, (chunk) =>
    supabase.from('products').select('id, name').in('id', chunk),
  );
  const productNames: Record<string, string> = {};
  for (const product of products) productNames[product.id] = product.name;
  return { row, productNames };
}

/** The edited code: key ['promotion', [id]]. */
export const promotionQuery = defineQuery('promotion', getPromotion);
