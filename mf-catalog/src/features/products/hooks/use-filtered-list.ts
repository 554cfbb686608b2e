import { useStoreInfo } from '@prepper/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  readProductsState,
  updateProductsState,
  writeProductsState,
  type ProductsState,
} from '../../../lib/products-url-state';
import { defineQuery } from '../../../lib/query';
import { SUBCATEGORY_SORT_OPTIONS, type SubcategorySortOption } from '../../../lib/sort-options';
import { useDraft } from '../../../lib/use-draft';
import {
  facetFilters,
  getProductSlice,
  useFacets,
  type FacetFilters,
  type ProductListFilters,
} from '../api/get-products-page';
import { useMoreProducts } from './use-more-products';

/** The first slice of a filtered, sorted list: key ['list-slice', [filters]]. */
const firstSliceQuery = defineQuery('list-slice', (filters: ProductListFilters) =>
  getProductSlice(filters, 0),
);

/**
 * A category's or subcategory's products with the filters and sort of the page's URL (`?min=&max=`,
 * `?stock=`, `?rating=`, `?sort=`), filtered and sorted in the database over the whole list, `sliceSize`
 * at a time, with the counts of each filter option. `scopeOf` gives the list's category and subcategory
 * (from the URL's state on a category page), null while the page's category loads.
 */
export function useFilteredList(
  scopeOf: (url: ProductsState) => { categoryId: string; subcategoryId: string | null } | null,
  sliceSize: number,
  group: FacetFilters['group'],
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const url = useMemo(() => readProductsState(searchParams), [searchParams]);
  const { lowStockBelow } = useStoreInfo().settings;
  const sort: SubcategorySortOption = (SUBCATEGORY_SORT_OPTIONS as readonly string[]).includes(url.sort)
    ? (url.sort as SubcategorySortOption)
    : 'featured';
  function update(patch: Partial<ProductsState>) {
    setSearchParams(writeProductsState(updateProductsState(url, patch)));
  }
  const [price, setPrice] = useDraft(
    useMemo(() => ({ min: url.minPrice, max: url.maxPrice }), [url.minPrice, url.maxPrice]),
    (range) => update({ minPrice: range.min, maxPrice: range.max }),
  );
  const scope = scopeOf(url);
  const filters: ProductListFilters | null = scope && {
    search: '',
    ...scope,
    minPrice: url.minPrice,
    maxPrice: url.maxPrice,
    stock: url.stock,
    ...(url.stock === 'low_stock' && { lowStockBelow }),
    minRating: url.rating,
    // 'Featured' keeps the list's own order, newest first.
    sort: sort === 'featured' ? 'newest' : sort,
    page: 1,
    pageSize: sliceSize,
  };
  const first = firstSliceQuery.use(filters && [filters]);
  const facets = useFacets(filters && facetFilters(filters, group));
  const list = useMoreProducts(
    JSON.stringify(filters),
    first.status === 'success' ? first.data : null,
    (offset) => getProductSlice(filters!, offset),
  );
  return {
    url,
    sort,
    update,
    price,
    setPrice,
    loading: first.status === 'loading',
    facets: facets.status === 'success' ? facets.data : null,
    list,
  };
}
