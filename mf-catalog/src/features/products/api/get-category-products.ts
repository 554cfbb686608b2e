import { getCatalogueClient, mapProduct, type Product, type ProductRow } from '@prepper/shared';
import { PRODUCT_WITH_NAMES } from '../../../lib/selects';

/** Every product of a category (or of one of its subcategories), newest first. */
export async function getCategoryProducts(categoryId: string, subcategoryId?: string): Promise<Product[]> {
  let query = getCatalogueClient().from('products').select(PRODUCT_WITH_NAMES).eq('category_id', categoryId);
  if (subcategoryId) query = query.eq('subcategory_id', subcategoryId);
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id')
    .overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return data.map(mapProduct);
}
