import { getSupabase } from '@prepper/shared';
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
  const productNames: Record<string, string> = {};
  if (row.product_ids.length > 0) {
    const products = await supabase.from('products').select('id, name').in('id', row.product_ids);
    if (products.error) throw products.error;
    for (const product of products.data) productNames[product.id] = product.name;
  }
  return { row, productNames };
}

/** The edited code: key ['promotion', [id]]. */
export const promotionQuery = defineQuery('promotion', getPromotion);
