import { mapProduct, type Product, type ProductRow } from '@prepper/shared';
import { selectProducts } from './select-products';
import { defineQuery } from '../../../lib/query';

/** Up to four related products. */
export const RELATED_COUNT = 4;

/** Other products of the same category. */
export async function getRelatedProducts(product: Pick<Product, 'id' | 'categoryId'>): Promise<Product[]> {
  const { data, error } = await selectProducts()
    .eq('category_id', product.categoryId)
    .neq('id', product.id)
    .limit(RELATED_COUNT)
    .overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return data.map(mapProduct);
}

/** Related products: key ['related-products', [{ id, categoryId }]]. */
export const relatedProductsQuery = defineQuery('related-products', getRelatedProducts);
export const useRelatedProducts = (product: Pick<Product, 'id' | 'categoryId'>) =>
  relatedProductsQuery.use([{ id: product.id, categoryId: product.categoryId }]);
