import {
  getCatalogueClient,
  mapProduct,
  PRODUCT_SELECT_INNER,
  type Product,
  type ProductRow,
} from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** Six featured products, the highest rated in-stock ones. */
export const FEATURED_COUNT = 6;

/**
 * The featured products of the home page, with inner-joined category and subcategory names. In stock as
 * the lists' availability filter and the product card count it: during an emergency a product whose every
 * unit is held for other people's waitlist holds is not (waitlist_sold_out), since the checkout refuses it.
 */
export async function getFeaturedProducts(): Promise<Product[]> {
  const { data, error } = await getCatalogueClient()
    .from('products')
    .select(PRODUCT_SELECT_INNER)
    .eq('in_stock', true)
    .eq('waitlist_sold_out', false)
    .order('rating', { ascending: false })
    .order('review_count', { ascending: false })
    .limit(FEATURED_COUNT)
    .overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return data.map(mapProduct);
}

/** The home page's featured products: key ['featured-products', []]. */
export const featuredProductsQuery = defineQuery('featured-products', getFeaturedProducts);
export const useFeaturedProducts = () => featuredProductsQuery.use([]);
