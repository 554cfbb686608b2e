import { routes, usePageMeta } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { useId, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb';
import { FilterDisclosure } from '../../components/filter-disclosure';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/page-loading';
import { ProductGrid } from '../../components/product-grid';
import { SortSelect } from '../../components/sort-select';
import { getCategoryBySlug } from '../../features/categories/api/get-category-by-slug';
import { getSubcategoryBySlug } from '../../features/categories/api/get-subcategory-by-slug';
import { getCategoryProducts, type ProductSlice } from '../../features/products/api/get-category-products';
import { LoadMoreButton } from '../../features/products/components/load-more-button';
import { useMoreProducts } from '../../features/products/hooks/use-more-products';
import { PriceRange } from '../../features/products/components/price-range';
import type { Category, Subcategory } from '../../lib/catalog-types';
import { PAGE_SIZE } from '../../lib/pagination';
import { PRICE_MAX, PRICE_MIN, filterByPrice } from '../../lib/products-url-state';
import { SUBCATEGORY_SORT_OPTIONS, sortProducts, type SubcategorySortOption } from '../../lib/sort-options';
import { defineQuery } from '../../lib/query';
import { listingMeta } from '../../lib/seo.server';
import { SERVER_BUILD } from '../../lib/server-build';
import { texts } from '../../texts';

interface SubcategoryView {
  category: Category;
  subcategory: Subcategory;
  first: ProductSlice;
}

/**
 * Products per slice (newest first): every subcategory of the seeded shop at once, at most about
 * 150 KB of JSON; a bigger one loads more with 'Load More Products' instead of all at once.
 */
const SUBCATEGORY_SLICE = 96;

async function loadSubcategory(
  categorySlug: string,
  subcategorySlug: string,
): Promise<SubcategoryView | null> {
  const category = await getCategoryBySlug(categorySlug);
  if (!category) return null;
  const subcategory = await getSubcategoryBySlug(category.id, subcategorySlug);
  if (!subcategory) return null;
  return {
    category,
    subcategory,
    first: await getCategoryProducts(category.id, subcategory.id, 0, SUBCATEGORY_SLICE),
  };
}

/** The category, the subcategory and its first slice: key ['subcategory-view', [categorySlug, slug]]. */
const subcategoryViewQuery = defineQuery('subcategory-view', loadSubcategory);

/** 'Load More Products' appears from this many products on and is inactive (docs/product.md). */
const LOAD_MORE_FROM = PAGE_SIZE;

function FilterPanel({
  price,
  onPriceChange,
}: {
  price: { min: number; max: number };
  onPriceChange: (range: { min: number; max: number }) => void;
}) {
  const id = useId();
  return (
    <FilterDisclosure title={texts.subcategory.filters}>
      <PriceRange min={price.min} max={price.max} onChange={onPriceChange} />
      {/* The availability and rating filters are shown but do nothing yet, so they are inactive. */}
      <fieldset disabled aria-describedby={`${id}-soon`}>
        <legend className="text-sm font-semibold text-slate-900">{texts.subcategory.availability}</legend>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-500">
          <input type="checkbox" className="accent-orange-600" />
          {texts.subcategory.inStockOnly}
        </label>
      </fieldset>
      <fieldset disabled aria-describedby={`${id}-soon`}>
        <legend className="text-sm font-semibold text-slate-900">{texts.subcategory.rating}</legend>
        {[4, 3].map((stars) => (
          <label key={stars} className="mt-2 flex items-center gap-2 text-sm text-slate-500">
            <input type="checkbox" className="accent-orange-600" />
            {texts.subcategory.ratingAtLeast(stars)}
          </label>
        ))}
      </fieldset>
      <p id={`${id}-soon`} className="text-xs text-slate-500">
        {texts.subcategory.comingSoon}
      </p>
    </FilterDisclosure>
  );
}

/** /category/{categorySlug}/{subcategorySlug}: breadcrumb, filter panel, sort and the product grid. */
export function SubcategoryPage() {
  const { categorySlug = '', subcategorySlug = '' } = useParams();
  const state = subcategoryViewQuery.use([categorySlug, subcategorySlug]);
  const view = state.status === 'success' ? state.data : null;
  const [sort, setSort] = useState<SubcategorySortOption>('featured');
  const [price, setPrice] = useState({ min: PRICE_MIN, max: PRICE_MAX });
  const list = useMoreProducts(`${categorySlug}/${subcategorySlug}`, view?.first ?? null, (offset) =>
    getCategoryProducts(view?.category.id ?? '', view?.subcategory.id, offset, SUBCATEGORY_SLICE),
  );
  const loaded = list.products;
  const shown = useMemo(
    () => sortProducts(filterByPrice(loaded, price.min, price.max), sort),
    [loaded, price, sort],
  );
  useDocumentTitle(
    state.status === 'loading' ? undefined : view ? view.subcategory.name : texts.subcategory.notFound,
  );
  usePageMeta(
    SERVER_BUILD && view
      ? (origin) =>
          listingMeta(
            origin,
            {
              title: view.subcategory.name,
              description: view.subcategory.description || view.category.description,
              path: routes.subcategory(view.category.slug, view.subcategory.slug),
              image: view.category.imageUrl,
            },
            [
              { name: texts.category.home, path: routes.home },
              { name: view.category.name, path: routes.category(view.category.slug) },
              {
                name: view.subcategory.name,
                path: routes.subcategory(view.category.slug, view.subcategory.slug),
              },
            ],
            view.first.products,
          )
      : undefined,
  );

  if (state.status === 'loading') {
    return <PageLoading label={texts.category.loading} />;
  }
  if (!view) {
    return (
      <NotFound
        title={texts.subcategory.notFound}
        lead={texts.subcategory.notFoundLead}
        linkTo={routes.home}
        linkLabel={texts.category.backHome}
      />
    );
  }

  const { category, subcategory } = view;
  return (
    <div data-remote="catalog" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumb
        items={[
          { label: texts.category.home, to: routes.home },
          { label: category.name, to: routes.category(category.slug) },
          { label: subcategory.name },
        ]}
      />
      <header className="mt-6">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{subcategory.name}</h1>
        {subcategory.description && (
          <p className="mt-2 max-w-3xl text-slate-600">{subcategory.description}</p>
        )}
      </header>

      <div className="mt-8 flex flex-col gap-8 lg:flex-row">
        <aside className="lg:w-64 lg:shrink-0">
          <FilterPanel price={price} onPriceChange={setPrice} />
        </aside>
        <section className="min-w-0 flex-1" aria-label={subcategory.name}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600" role="status">
              {texts.subcategory.results(shown.length)}
            </p>
            <SortSelect value={sort} options={SUBCATEGORY_SORT_OPTIONS} onChange={setSort} />
          </div>
          <div className="mt-6">
            {shown.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 py-12 text-center text-slate-600">
                {texts.subcategory.noProducts}
              </p>
            ) : (
              <ProductGrid products={shown} columns={3} />
            )}
          </div>
          {list.hasMore ? (
            <>
              <p className="mt-6 text-center text-sm text-slate-600">{texts.subcategory.partial}</p>
              <LoadMoreButton
                shown={loaded.length}
                total={list.total}
                loading={list.loading}
                failed={list.failed}
                onLoadMore={list.loadMore}
                label={texts.subcategory.loadMore}
              />
            </>
          ) : (
            // With everything loaded, the button shows from 12 products on, inactive (docs/product.md).
            shown.length >= LOAD_MORE_FROM && (
              <div className="mt-10 text-center">
                <button
                  type="button"
                  disabled
                  className="cursor-not-allowed rounded-lg border-2 border-slate-300 px-8 py-3 font-semibold text-slate-400"
                >
                  {texts.subcategory.loadMore}
                </button>
              </div>
            )
          )}
        </section>
      </div>
    </div>
  );
}
