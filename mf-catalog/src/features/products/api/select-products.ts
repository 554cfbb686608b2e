import { getCatalogueClient, PRODUCT_SELECT } from '@prepper/shared';

/** The catalogue's products with the one product select, read through the light PostgREST reader. */
export function selectProducts(options?: { count: 'exact' }) {
  return getCatalogueClient().from('products').select(PRODUCT_SELECT, options);
}
