import { mapProduct, type Product, type ProductRow } from '@prepper/shared';
import { selectProducts } from './select-products';

export interface ProductSlice {
  products: Product[];
  /** How many products the category (or subcategory) holds in all. */
  total: number;
}

/**
 * One slice of a category's (or one of its subcategories') products, newest first, with the exact
 * total: pages load `limit` at a time instead of the whole category (25 MB at 100,000
 * products). The count reads an index of the category alone.
 */
export async function getCategoryProducts(
  categoryId: string,
  subcategoryId: string | undefined,
  offset: number,
  limit: number,
): Promise<ProductSlice> {
  let query = selectProducts({ count: 'exact' }).eq('category_id', categoryId);
  if (subcategoryId) query = query.eq('subcategory_id', subcategoryId);
  const { data, error, count } = await query
    .order('created_at', { ascending: false })
    .order('id')
    .range(offset, offset + limit - 1)
    .overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return { products: data.map(mapProduct), total: count ?? offset + data.length };
}
