import { pageCount, routes, usePageMeta, useStoreInfo } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { lazy, Suspense, useEffect, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FilterDisclosure } from '../../components/filter-disclosure';
import { ProductGrid } from '../../components/product-grid';
import { SortSelect } from '../../components/sort-select';
import { useFilterCategories } from '../../features/categories/api/get-filter-categories';
import {
  facetFilters,
  useFacets,
  useProductsPage,
  type ProductListFilters,
} from '../../features/products/api/get-products-page';
import { ListFilters } from '../../features/products/components/list-filters';
import { Pagination } from '../../features/products/components/pagination';
import { PriceRange } from '../../features/products/components/price-range';
import { ViewToggle } from '../../features/products/components/view-toggle';
import { PAGE_SIZE } from '../../lib/pagination';
import {
  DEFAULT_PRODUCTS_STATE,
  hasActiveFilters,
  readProductsState,
  updateProductsState,
  writeProductsState,
  type ProductsState,
} from '../../lib/products-url-state';
import { SORT_OPTIONS } from '../../lib/sort-options';
import { useDraft } from '../../lib/use-draft';
import { listingMeta } from '../../lib/seo.server';
import { SERVER_BUILD } from '../../lib/server-build';
import { texts } from '../../texts';
import { listTexts } from '../../lib/list-texts';

/** A search that finds nothing offers the closest searches that do; that loads with the empty result. */
const SearchSuggestions = lazy(() =>
  import('../../features/products/components/search-suggestions').then((module) => ({
    default: module.SearchSuggestions,
  })),
);

/** /products: search, filters, sort, view and pages, all kept in the URL and answered by the database. */
export function ProductsPage() {
  useDocumentTitle(listTexts.products.title);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readProductsState(searchParams), [searchParams]);
  const { lowStockBelow } = useStoreInfo().settings;
  const ids = { search: useId(), category: useId() };

  function update(patch: Partial<ProductsState>, options?: { replace?: boolean }) {
    setSearchParams(writeProductsState(updateProductsState(state, patch)), options);
  }

  const [searchDraft, setSearchDraft] = useDraft(state.q, (q) => update({ q }));
  const [priceDraft, setPriceDraft] = useDraft(
    useMemo(() => ({ min: state.minPrice, max: state.maxPrice }), [state.minPrice, state.maxPrice]),
    (range) => update({ minPrice: range.min, maxPrice: range.max }),
  );

  const categoriesState = useFilterCategories();
  const categories = useMemo(
    () => (categoriesState.status === 'success' ? categoriesState.data : []),
    [categoriesState],
  );
  // The URL names the category by slug; the query needs its id, so it waits for the category list.
  const categoriesSettled = categoriesState.status !== 'loading';
  const categoryId = state.category ? (categories.find((c) => c.slug === state.category)?.id ?? null) : null;

  const filters: ProductListFilters = {
    search: state.q,
    categoryId,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    stock: state.stock,
    // Only in the key when it matters: the cached lists of the other filters stay the same.
    ...(state.stock === 'low_stock' && { lowStockBelow }),
    minRating: state.rating,
    sort: state.sort,
    page: state.page,
  };
  const ready = state.category === null || categoriesSettled;
  const productsState = useProductsPage(ready ? filters : null);
  // The count and the options' counts are asked once per filter set (not per page or sort).
  const facetsState = useFacets(ready ? facetFilters(filters, 'category') : null);
  const products = productsState.status === 'success' ? productsState.data.products : [];
  const facets = facetsState.status === 'success' ? facetsState.data : null;

  // One canonical address per page of the whole list; filtered and sorted views point at it.
  const listPath = state.page > 1 ? `${routes.products}?page=${state.page}` : routes.products;
  usePageMeta(
    SERVER_BUILD
      ? (origin) =>
          listingMeta(
            origin,
            { title: listTexts.products.title, description: texts.hero.lead, path: listPath },
            [
              { name: texts.category.home, path: routes.home },
              { name: listTexts.products.title, path: routes.products },
            ],
            products,
          )
      : undefined,
  );
  const total = facets?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);

  // A page number past the end (a stale link, or fewer results now) goes to the last page.
  useEffect(() => {
    if (total > 0 && state.page > pages) {
      setSearchParams(writeProductsState({ ...state, page: pages }), { replace: true });
    }
  }, [total, pages, state, setSearchParams]);

  const first = (state.page - 1) * PAGE_SIZE + 1;
  const last = first + products.length - 1;

  return (
    <div data-remote="catalog" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{listTexts.products.title}</h1>
        <p className="mt-1 text-slate-600">{listTexts.products.lead}</p>
      </header>

      <div className="mt-6">
        <label htmlFor={ids.search} className="sr-only">
          {listTexts.products.searchLabel}
        </label>
        <input
          id={ids.search}
          type="search"
          value={searchDraft}
          onChange={(event) => setSearchDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') update({ q: searchDraft });
          }}
          placeholder={listTexts.products.searchPlaceholder}
          className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 focus:border-orange-600 focus:outline-none"
        />
      </div>

      <div className="mt-6 flex flex-col gap-8 lg:flex-row">
        <aside className="lg:w-64 lg:shrink-0">
          <FilterDisclosure title={listTexts.products.filters}>
            <div>
              <label htmlFor={ids.category} className="block text-sm font-semibold text-slate-900">
                {listTexts.products.category}
              </label>
              <select
                id={ids.category}
                value={categoryId ? (state.category ?? '') : ''}
                onChange={(event) => update({ category: event.target.value || null })}
                className="mt-2 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              >
                <option value="">{listTexts.products.allCategories}</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.slug}>
                    {category.name}
                    {facets && ` (${facets.groups.find((g) => g.id === category.id)?.count ?? 0})`}
                  </option>
                ))}
              </select>
            </div>
            <PriceRange min={priceDraft.min} max={priceDraft.max} onChange={setPriceDraft} />
            <ListFilters stock={state.stock} rating={state.rating} facets={facets} onChange={update} />
            {hasActiveFilters(state) && (
              <button
                type="button"
                onClick={() =>
                  update({
                    q: DEFAULT_PRODUCTS_STATE.q,
                    category: null,
                    stock: null,
                    rating: null,
                    minPrice: DEFAULT_PRODUCTS_STATE.minPrice,
                    maxPrice: DEFAULT_PRODUCTS_STATE.maxPrice,
                  })
                }
                className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                {listTexts.products.clearFilters}
              </button>
            )}
          </FilterDisclosure>
        </aside>

        <section className="min-w-0 flex-1" aria-label={listTexts.products.title}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="min-h-5 text-sm text-slate-600" role="status">
              {productsState.status === 'success' && facets && products.length > 0
                ? listTexts.products.showing(first, last, total)
                : ''}
            </p>
            <div className="flex items-center justify-between gap-3 sm:justify-end">
              <SortSelect value={state.sort} options={SORT_OPTIONS} onChange={(sort) => update({ sort })} />
              <ViewToggle view={state.view} onChange={(view) => update({ view })} />
            </div>
          </div>

          <div className="mt-6">
            {productsState.status === 'loading' ? (
              <Spinner label={listTexts.products.loading} className="min-h-dvh items-start" />
            ) : products.length === 0 ? (
              <div className="rounded-xl border border-dashed border-slate-300 py-16 text-center">
                <p className="text-lg font-semibold text-slate-900">{listTexts.products.empty}</p>
                <p className="mt-1 text-slate-600">{listTexts.products.emptyHint}</p>
                {state.q.trim() && (
                  <Suspense>
                    <SearchSuggestions query={state.q.trim()} onPick={(q) => update({ q })} />
                  </Suspense>
                )}
              </div>
            ) : (
              <ProductGrid products={products} view={state.view} columns={3} top />
            )}
          </div>

          <Pagination
            page={state.page}
            pages={pages}
            onChange={(next) => {
              update({ page: next });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </section>
      </div>
    </div>
  );
}
