import { getCatalogueClient, mapProduct, type Product, type ProductRow } from '@prepper/shared';
import { PRODUCT_WITH_NAMES } from '../../../lib/selects';

/** SPEC section 9: up to four related products. */
export const RELATED_COUNT = 4;

/** Other products of the same category. */
export async function getRelatedProducts(product: Pick<Product, 'id' | 'categoryId'>): Promise<Product[]> {
  const { data, error } = await getCatalogueClient()
    .from('products')
    .select(PRODUCT_WITH_NAMES)
    .eq('category_id', product.categoryId)
    .neq('id', product.id)
    .limit(RELATED_COUNT)
    .overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return data.map(mapProduct);
}
