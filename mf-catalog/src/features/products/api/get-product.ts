import { getCatalogueClient, mapProduct, type Product, type ProductRow } from '@prepper/shared';

/** One product by id with its category and subcategory (id, name, slug); null when there is none. */
export async function getProduct(id: string): Promise<Product | null> {
  const { data, error } = await getCatalogueClient()
    .from('products')
    .select('*, category:categories(id, name, slug), subcategory:subcategories(id, name, slug)')
    .eq('id', id)
    .maybeSingle()
    .overrideTypes<ProductRow | null, { merge: false }>();
  if (error) throw error;
  return data ? mapProduct(data) : null;
}
