import { routes, usePageMeta } from '@prepper/shared';
import { FallbackImage, useDocumentTitle } from '@prepper/shared/ui';
import { useParams } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/page-loading';
import { ProductGrid } from '../../components/product-grid';
import { getCategoryBySlug } from '../../features/categories/api/get-category-by-slug';
import { SubcategoryCard } from '../../features/categories/components/subcategory-card';
import { getCategoryProducts, type ProductSlice } from '../../features/products/api/get-category-products';
import { LoadMoreButton } from '../../features/products/components/load-more-button';
import { useMoreProducts } from '../../features/products/hooks/use-more-products';
import type { Category } from '../../lib/catalog-types';
import { defineQuery } from '../../lib/query';
import { listingMeta } from '../../lib/seo.server';
import { SERVER_BUILD } from '../../lib/server-build';
import { texts } from '../../texts';

/** Products per slice: every category of the seeded shop at once (the biggest has 27), about 50 KB of JSON. */
export const CATEGORY_SLICE = 48;

interface CategoryView {
  category: Category;
  first: ProductSlice;
}

async function loadCategory(slug: string): Promise<CategoryView | null> {
  const category = await getCategoryBySlug(slug);
  if (!category) return null;
  return { category, first: await getCategoryProducts(category.id, undefined, 0, CATEGORY_SLICE) };
}

/** The category and its first slice: key ['category-view', [slug]]. */
const categoryViewQuery = defineQuery('category-view', loadCategory);

/**
 * /category/{categorySlug}: header, breadcrumb, counts, subcategories and the category's products,
 * newest first, 48 at a time with "Load more products" while there are more, so a large
 * category never loads whole.
 */
export function CategoryPage() {
  const { categorySlug = '' } = useParams();
  const state = categoryViewQuery.use([categorySlug]);
  const view = state.status === 'success' ? state.data : null;
  const list = useMoreProducts(categorySlug, view?.first ?? null, (offset) =>
    getCategoryProducts(view?.category.id ?? '', undefined, offset, CATEGORY_SLICE),
  );
  useDocumentTitle(
    state.status === 'loading' ? undefined : view ? view.category.name : texts.category.notFound,
  );
  usePageMeta(
    SERVER_BUILD && view
      ? (origin) =>
          listingMeta(
            origin,
            {
              title: view.category.name,
              description: view.category.description,
              path: routes.category(view.category.slug),
              image: view.category.imageUrl,
            },
            [
              { name: texts.category.home, path: routes.home },
              { name: view.category.name, path: routes.category(view.category.slug) },
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
        title={texts.category.notFound}
        lead={texts.category.notFoundLead}
        linkTo={routes.home}
        linkLabel={texts.category.backHome}
      />
    );
  }

  const { category } = view;
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
          <div className="mt-6">
            {products.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 py-12 text-center text-slate-600">
                {texts.category.noProducts}
              </p>
            ) : (
              <ProductGrid products={products} />
            )}
          </div>
          <LoadMoreButton
            shown={products.length}
            total={list.total}
            loading={list.loading}
            failed={list.failed}
            onLoadMore={list.loadMore}
          />
        </section>
      </div>
    </div>
  );
}
