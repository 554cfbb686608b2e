import { routes, usePageMeta } from '@prepper/shared';
import { FallbackImage, useDocumentTitle } from '@prepper/shared/ui';
import { Spinner } from '@prepper/shared/ui';
import { useParams } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb';
import { FilterDisclosure } from '../../components/filter-disclosure';
import { SortSelect } from '../../components/sort-select';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/page-loading';
import { ProductGrid } from '../../components/product-grid';
import { getCategoryBySlug } from '../../features/categories/api/get-category-by-slug';
import { SubcategoryCard } from '../../features/categories/components/subcategory-card';
import { ListFilters, RadioFilter } from '../../features/products/components/list-filters';
import { LoadMoreButton } from '../../features/products/components/load-more-button';
import { PriceRange } from '../../features/products/components/price-range';
import { useFilteredList } from '../../features/products/hooks/use-filtered-list';
import type { Category } from '../../lib/catalog-types';
import { defineQuery } from '../../lib/query';
import { SUBCATEGORY_SORT_OPTIONS } from '../../lib/sort-options';
import { listingMeta } from '../../lib/seo.server';
import { SERVER_BUILD } from '../../lib/server-build';
import { texts } from '../../texts';
import { listTexts } from '../../lib/list-texts';

/** Products per slice: every category of the seeded shop at once (the biggest has 27), about 50 KB of JSON. */
export const CATEGORY_SLICE = 48;

/** The category with its subcategories: key ['category-view', [slug]]. */
const categoryViewQuery = defineQuery('category-view', (slug: string): Promise<Category | null> =>
  getCategoryBySlug(slug),
);

/**
 * /category/{categorySlug}: header, breadcrumb, counts, subcategories and the category's products,
 * filtered (subcategory, price, availability, rating, each option with its count) and sorted in the
 * database by the URL's state, 48 at a time with "Load more products" while there are more, so a large
 * category never loads whole.
 */
export function CategoryPage() {
  const { categorySlug = '' } = useParams();
  const state = categoryViewQuery.use([categorySlug]);
  const category = state.status === 'success' ? state.data : null;
  const { url, sort, update, price, setPrice, loading, facets, list } = useFilteredList(
    (url) =>
      category && {
        categoryId: category.id,
        subcategoryId: category.subcategories.find((sub) => sub.slug === url.subcategory)?.id ?? null,
      },
    CATEGORY_SLICE,
    'subcategory',
  );
  useDocumentTitle(
    state.status === 'loading' ? undefined : category ? category.name : texts.category.notFound,
  );
  usePageMeta(
    SERVER_BUILD && category
      ? (origin) =>
          listingMeta(
            origin,
            {
              title: category.name,
              description: category.description,
              path: routes.category(category.slug),
              image: category.imageUrl,
            },
            [
              { name: texts.category.home, path: routes.home },
              { name: category.name, path: routes.category(category.slug) },
            ],
            list.products,
          )
      : undefined,
  );

  if (state.status === 'loading') {
    return <PageLoading label={texts.category.loading} />;
  }
  if (!category) {
    return (
      <NotFound
        title={texts.category.notFound}
        lead={texts.category.notFoundLead}
        linkTo={routes.home}
        linkLabel={texts.category.backHome}
      />
    );
  }

  const { products } = list;
  return (
    <div data-remote="catalog">
      <header className="relative isolate overflow-hidden bg-slate-900 text-white">
        <FallbackImage
          src={category.imageUrl}
          alt=""
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40"
        />
        <div
          className="absolute inset-0 -z-10 bg-gradient-to-r from-slate-900/90 to-slate-900/30"
          aria-hidden="true"
        />
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{category.name}</h1>
          {category.description && (
            <p className="mt-4 max-w-2xl text-lg text-slate-200">{category.description}</p>
          )}
          <p className="mt-6 flex flex-wrap gap-3 text-sm">
            <span className="rounded-full bg-white/15 px-3 py-1">
              {texts.category.productCount(list.total)}
            </span>
            <span className="rounded-full bg-white/15 px-3 py-1">
              {texts.category.subcategoryCount(category.subcategories.length)}
            </span>
          </p>
        </div>
      </header>

      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Breadcrumb items={[{ label: texts.category.home, to: routes.home }, { label: category.name }]} />

        {category.subcategories.length > 0 && (
          <section aria-labelledby="subcategories" className="mt-8">
            <h2 id="subcategories" className="text-2xl font-bold text-slate-900">
              {texts.category.subcategories}
            </h2>
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {category.subcategories.map((subcategory) => (
                <li key={subcategory.id}>
                  <SubcategoryCard categorySlug={category.slug} subcategory={subcategory} />
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="category-products" className="mt-12">
          <h2 id="category-products" className="text-2xl font-bold text-slate-900">
            {texts.category.allProducts(category.name)}
          </h2>
          <div className="mt-6 flex flex-col gap-8 lg:flex-row">
            <aside className="lg:w-64 lg:shrink-0">
              <FilterDisclosure title={texts.subcategory.filters}>
                {category.subcategories.length > 0 && (
                  <RadioFilter
                    legend={texts.category.subcategories}
                    value={url.subcategory}
                    onChange={(subcategory) => update({ subcategory })}
                    options={[
                      { value: null, label: listTexts.filters.any },
                      ...category.subcategories.map((sub) => ({
                        value: sub.slug,
                        label: sub.name,
                        count: facets ? (facets.groups.find((g) => g.id === sub.id)?.count ?? 0) : undefined,
                      })),
                    ]}
                  />
                )}
                <PriceRange min={price.min} max={price.max} onChange={setPrice} />
                <ListFilters stock={url.stock} rating={url.rating} facets={facets} onChange={update} />
              </FilterDisclosure>
            </aside>
            <div className="min-w-0 flex-1">
              <div className="flex justify-end">
                <SortSelect
                  value={sort}
                  options={SUBCATEGORY_SORT_OPTIONS}
                  onChange={(next) => update({ sort: next })}
                />
              </div>
              <div className="mt-6">
                {loading ? (
                  <Spinner label={listTexts.products.loading} className="min-h-dvh items-start" />
                ) : products.length === 0 ? (
                  <p className="rounded-xl border border-dashed border-slate-300 py-12 text-center text-slate-600">
                    {texts.category.noProducts}
                  </p>
                ) : (
                  <ProductGrid products={products} columns={3} />
                )}
              </div>
              <LoadMoreButton
                shown={products.length}
                total={list.total}
                loading={list.loading}
                failed={list.failed}
                onLoadMore={list.loadMore}
              />
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
