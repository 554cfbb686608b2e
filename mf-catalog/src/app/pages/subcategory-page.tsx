import { routes, usePageMeta } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useParams } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb';
import { FilterDisclosure } from '../../components/filter-disclosure';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/page-loading';
import { ProductGrid } from '../../components/product-grid';
import { SortSelect } from '../../components/sort-select';
import { getCategoryBySlug } from '../../features/categories/api/get-category-by-slug';
import { getSubcategoryBySlug } from '../../features/categories/api/get-subcategory-by-slug';
import { ListFilters } from '../../features/products/components/list-filters';
import { LoadMoreButton } from '../../features/products/components/load-more-button';
import { PriceRange } from '../../features/products/components/price-range';
import { useFilteredList } from '../../features/products/hooks/use-filtered-list';
import type { Category, Subcategory } from '../../lib/catalog-types';
import { PAGE_SIZE } from '../../lib/pagination';
import { SUBCATEGORY_SORT_OPTIONS } from '../../lib/sort-options';
import { defineQuery } from '../../lib/query';
import { listingMeta } from '../../lib/seo.server';
import { SERVER_BUILD } from '../../lib/server-build';
import { texts } from '../../texts';
import { listTexts } from '../../lib/list-texts';

interface SubcategoryView {
  category: Category;
  subcategory: Subcategory;
}

/**
 * Products per slice: every subcategory of the seeded shop at once, at most about 150 KB of JSON; a
 * bigger one loads more with 'Load More Products'. Filters and sort apply in the database to the whole
 * subcategory, so each slice continues the same filtered, sorted list.
 */
const SUBCATEGORY_SLICE = 96;

async function loadSubcategory(
  categorySlug: string,
  subcategorySlug: string,
): Promise<SubcategoryView | null> {
  const category = await getCategoryBySlug(categorySlug);
  if (!category) return null;
  const subcategory = await getSubcategoryBySlug(category.id, subcategorySlug);
  return subcategory ? { category, subcategory } : null;
}

/** The category and the subcategory: key ['subcategory-view', [categorySlug, slug]]. */
const subcategoryViewQuery = defineQuery('subcategory-view', loadSubcategory);

/** 'Load More Products' appears from this many products on and is inactive (docs/product.md). */
const LOAD_MORE_FROM = PAGE_SIZE;

/**
 * /category/{categorySlug}/{subcategorySlug}: breadcrumb, filters (price, availability, rating, each
 * option with its count) and sort kept in the URL, and the product grid a slice at a time.
 */
export function SubcategoryPage() {
  const { categorySlug = '', subcategorySlug = '' } = useParams();
  const state = subcategoryViewQuery.use([categorySlug, subcategorySlug]);
  const view = state.status === 'success' ? state.data : null;
  const { url, sort, update, price, setPrice, loading, facets, list } = useFilteredList(
    () => view && { categoryId: view.category.id, subcategoryId: view.subcategory.id },
    SUBCATEGORY_SLICE,
    null,
  );
  const shown = list.products;
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
            shown,
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
          <FilterDisclosure title={texts.subcategory.filters}>
            <PriceRange min={price.min} max={price.max} onChange={setPrice} />
            <ListFilters stock={url.stock} rating={url.rating} facets={facets} onChange={update} />
          </FilterDisclosure>
        </aside>
        <section className="min-w-0 flex-1" aria-label={subcategory.name}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600" role="status">
              {texts.subcategory.results(list.total)}
            </p>
            <SortSelect
              value={sort}
              options={SUBCATEGORY_SORT_OPTIONS}
              onChange={(next) => update({ sort: next })}
            />
          </div>
          <div className="mt-6">
            {loading ? (
              <Spinner label={listTexts.products.loading} className="min-h-dvh items-start" />
            ) : shown.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 py-12 text-center text-slate-600">
                {texts.subcategory.noProducts}
              </p>
            ) : (
              <ProductGrid products={shown} columns={3} top />
            )}
          </div>
          {list.hasMore ? (
            <>
              <LoadMoreButton
                shown={shown.length}
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
