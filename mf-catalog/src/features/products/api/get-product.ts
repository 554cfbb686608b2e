import { mapProduct, type Product, type ProductRow } from '@prepper/shared';
import { selectProducts } from './select-products';
import { defineQuery } from '../../../lib/query';

/** One product by id with its category and subcategory (name, slug); null when there is none. */
export async function getProduct(id: string): Promise<Product | null> {
  const { data, error } = await selectProducts()
    .eq('id', id)
    .maybeSingle()
    .overrideTypes<ProductRow | null, { merge: false }>();
  if (error) throw error;
  return data ? mapProduct(data) : null;
}

/** One product by id: key ['product', [id]]; null waits. */
export const productQuery = defineQuery('product', getProduct);
export const useProduct = (id: string | null) => productQuery.use(id === null ? null : [id]);
