import { getCatalogueClient } from '@prepper/shared';
import { KIT_PRODUCT_SELECT, toKitProduct, type KitProduct, type KitProductRow } from '@prepper/shared/kit';
import { defineQuery } from '../../../lib/query';

/** More products stating a kind than a catalogue keeps in stock; the cheapest come first. */
export const KIT_PRODUCTS_LIMIT = 1000;

/**
 * The products the kit builder may propose: in stock (at least one unit) and stating what they are for
 * (`supply_kind` not null: a `like` matches no null). Whether a product states the figure a need asks
 * for is the rules module's to judge.
 */
export async function getKitProducts(): Promise<KitProduct[]> {
  const { data, error } = await getCatalogueClient()
    .from('products')
    .select(KIT_PRODUCT_SELECT)
    .eq('in_stock', true)
    .gte('stock_count', 1)
    .like('supply_kind', '%')
    .order('price')
    .limit(KIT_PRODUCTS_LIMIT)
    .overrideTypes<KitProductRow[], { merge: false }>();
  if (error) throw error;
  return data.map(toKitProduct);
}

/** Key ['kit-products', []]: one read for every plan (the kit is computed in the page). */
export const kitProductsQuery = defineQuery('kit-products', getKitProducts);
export const useKitProducts = () => kitProductsQuery.use([]);
