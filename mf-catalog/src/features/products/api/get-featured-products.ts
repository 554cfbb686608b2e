import { getCatalogueClient, mapProduct, type Product, type ProductRow } from '@prepper/shared';

/** SPEC section 9: six featured products, the highest rated in-stock ones. */
export const FEATURED_COUNT = 6;

/** The featured products of the home page, with inner-joined category and subcategory names. */
export async function getFeaturedProducts(): Promise<Product[]> {
  const { data, error } = await getCatalogueClient()
    .from('products')
    .select('*, category:categories!inner(name, slug), subcategory:subcategories!inner(name, slug)')
    .eq('in_stock', true)
    .order('rating', { ascending: false })
    .order('review_count', { ascending: false })
    .limit(FEATURED_COUNT)
    .overrideTypes<ProductRow[], { merge: false }>();
  if (error) throw error;
  return data.map(mapProduct);
}
