import { routes, usePageMeta } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { ProductGrid } from '../../components/product-grid';
import { useCategories } from '../../features/categories/api/get-categories';
import { CategoryCard } from '../../features/categories/components/category-card';
import { Hero } from '../../features/home/components/hero';
import { Newsletter } from '../../features/newsletter/components/newsletter';
import { useFeaturedProducts } from '../../features/products/api/get-featured-products';
import { homeMeta } from '../../lib/seo.server';
import { SERVER_BUILD } from '../../lib/server-build';
import { texts } from '../../texts';

function ShopByCategory() {
  const state = useCategories();
  const categories = state.status === 'success' ? state.data : [];
  return (
    <section id="categories" aria-labelledby="shop-by-category" className="scroll-mt-24 bg-slate-50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="text-center">
          <h2 id="shop-by-category" className="text-3xl font-bold text-slate-900">
            {texts.home.shopByCategory}
          </h2>
          <p className="mt-2 text-slate-600">{texts.home.shopByCategoryLead}</p>
        </div>
        {state.status === 'loading' ? (
          <Spinner label={texts.home.loadingCategories} className="mt-10 min-h-96" />
        ) : categories.length === 0 ? (
          <p className="py-12 text-center text-slate-600">{texts.home.noCategories}</p>
        ) : (
          <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((category) => (
              <li key={category.id} className="flex [&>article]:w-full">
                <CategoryCard category={category} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function FeaturedProducts() {
  const state = useFeaturedProducts();
  const products = state.status === 'success' ? state.data : [];
  return (
    <section aria-labelledby="featured-products" className="py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="featured-products" className="text-3xl font-bold text-slate-900">
              {texts.home.featured}
            </h2>
            <p className="mt-2 text-slate-600">{texts.home.featuredLead}</p>
          </div>
          <Link
            to={routes.products}
            className="self-start rounded-lg border-2 border-orange-600 px-5 py-2 font-semibold text-orange-600 transition hover:bg-orange-600 hover:text-white sm:self-auto"
          >
            {texts.home.viewAll}
          </Link>
        </div>
        <div className="mt-10">
          {state.status === 'loading' ? (
            <Spinner label={texts.home.loadingFeatured} className="min-h-96" />
          ) : products.length === 0 ? (
            <p className="py-12 text-center text-slate-600">{texts.home.noFeatured}</p>
          ) : (
            <ProductGrid products={products} columns={3} />
          )}
        </div>
      </div>
    </section>
  );
}

/** Home: hero, categories, featured products and the newsletter band. */
export function HomePage() {
  useDocumentTitle(undefined);
  usePageMeta(SERVER_BUILD ? (origin) => homeMeta(origin, texts.hero.lead) : undefined);
  return (
    <div data-remote="catalog">
      <Hero />
      <ShopByCategory />
      <FeaturedProducts />
      <Newsletter />
    </div>
  );
}
