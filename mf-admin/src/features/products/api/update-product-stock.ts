import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';
import { productsQuery } from './get-products';

/** Sets in_stock; returns the stored value. A refused update (RLS) changes no row and throws. */
export async function updateProductStock(id: string, inStock: boolean): Promise<boolean> {
  const { data, error } = await getSupabase()
    .from('products')
    .update({ in_stock: inStock })
    .eq('id', id)
    .select('in_stock')
    .single();
  if (error) throw error;
  return data.in_stock;
}

/** Mark in or out of stock: the product list changes. */
export const updateProductStockMutation = defineMutation('update stock', updateProductStock, {
  invalidates: [productsQuery],
});
export const useUpdateProductStock = () => updateProductStockMutation.use();
