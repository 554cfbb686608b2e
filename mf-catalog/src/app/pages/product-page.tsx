import {
  extractProductId,
  formatPrice,
  isUuid,
  isLowStock,
  percentOff,
  routes,
  useStoreInfo,
  savings,
  toast,
  usePageMeta,
  usePageRedirect,
  type Product,
} from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Breadcrumb, type Crumb } from '../../components/breadcrumb';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/page-loading';
import { StarRating } from '../../components/star-rating';
import { WishlistButton } from '../../components/wishlist-button';
import { BestBeforeNote } from '../../features/best-before/components/best-before-note';
import { Gallery } from '../../features/product-detail/components/gallery';
import { ProductTabs } from '../../features/product-detail/components/product-tabs';
import { QuantityPicker } from '../../features/product-detail/components/quantity-picker';
import { ShareMenu } from '../../features/product-detail/components/share-menu';
import { TrustBadges } from '../../features/product-detail/components/trust-badges';
import { usePurchase } from '../../features/product-detail/hooks/use-purchase';
import { productQuery, useProduct } from '../../features/products/api/get-product';
import { useRelatedProducts } from '../../features/products/api/get-related-products';
import { productMeta, type Crumb as SeoCrumb } from '../../lib/seo.server';
import { SERVER_BUILD } from '../../lib/server-build';
import { texts } from '../../texts';
import { productTexts } from '../../features/product-detail/texts';

/** Related products sit below the fold: their cards load with them, not with the page's first load. */
const ProductGrid = lazy(() => import('../../components/lazy-product-grid'));

/**
 * Only a sold-out product offers the back-in-stock form, and only one with units held for its waitlist
 * (emergency mode) says so, so their code loads with them, not with every product page's first load.
 */
const NotifyMe = lazy(() => import('../../features/waitlist/components/notify-me'));

/** The Reviews tab's feature (reviews, summary, the customer's own review) loads with the tab. */
const ReviewsPanel = lazy(() => import('../../features/reviews/components/reviews-panel'));

function StockStatus({ product }: { product: Product }) {
  const { lowStockBelow } = useStoreInfo().settings;
  if (!product.inStock) {
    return <p className="font-semibold text-red-600">{productTexts.outOfStock}</p>;
  }
  if (isLowStock(product.inStock, product.stockCount, lowStockBelow)) {
    return <p className="font-semibold text-amber-600">{productTexts.lowStock(product.stockCount)}</p>;
  }
  return <p className="font-semibold text-green-700">{productTexts.inStock(product.stockCount)}</p>;
}

function RelatedProducts({ product }: { product: Product }) {
  const state = useRelatedProducts(product);
  if (state.status !== 'success' || state.data.length === 0) return null;
  return (
    <section aria-labelledby="related-products" className="mt-12 border-t border-slate-200 pt-10">
      <h2 id="related-products" className="text-2xl font-bold text-slate-900">
        {productTexts.related}
      </h2>
      <div className="mt-6">
        <Suspense fallback={null}>
          <ProductGrid products={state.data} />
        </Suspense>
      </div>
    </section>
  );
}

/** Home > Products > category > subcategory > the product, as the page's breadcrumb and its JSON-LD. */
function productCrumbs(product: Product): SeoCrumb[] {
  const crumbs: SeoCrumb[] = [
    { name: texts.category.home, path: routes.home },
    { name: productTexts.products, path: routes.products },
  ];
  if (product.category && product.categorySlug)
    crumbs.push({ name: product.category, path: routes.category(product.categorySlug) });
  if (product.subcategory && product.categorySlug && product.subcategorySlug)
    crumbs.push({
      name: product.subcategory,
      path: routes.subcategory(product.categorySlug, product.subcategorySlug),
    });
  crumbs.push({ name: product.name, path: routes.product(product.name, product.id) });
  return crumbs;
}

function ProductDetail({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState('1');
  const { adding, handleAddToCart, handleBuyNow } = usePurchase(product, quantity);
  const percent = percentOff(product.price, product.originalPrice);
  const saved = savings(product.price, product.originalPrice);

  const crumbs: Crumb[] = [
    { label: texts.category.home, to: routes.home },
    { label: productTexts.products, to: routes.products },
  ];
  if (product.category) {
    crumbs.push({
      label: product.category,
      to: product.categorySlug ? routes.category(product.categorySlug) : undefined,
    });
  }
  if (product.subcategory) {
    crumbs.push({
      label: product.subcategory,
      to:
        product.categorySlug && product.subcategorySlug
          ? routes.subcategory(product.categorySlug, product.subcategorySlug)
          : undefined,
    });
  }
  crumbs.push({ label: product.name });

  return (
    <div data-remote="catalog" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumb items={crumbs} />
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <Gallery images={product.images} name={product.name} />
        <div>
          {product.category && product.categorySlug && (
            <Link
              to={routes.category(product.categorySlug)}
              className="text-sm font-semibold tracking-wide text-orange-600 uppercase hover:underline"
            >
              {product.category}
            </Link>
          )}
          <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{product.name}</h1>
          <div className="mt-3 flex items-center gap-2 text-sm text-slate-600">
            <StarRating rating={product.rating} size="md" />
            <span>
              {product.rating.toFixed(1)} · {texts.card.reviewsLabel(product.reviewCount)}
            </span>
          </div>

          <div className="mt-6 flex flex-wrap items-baseline gap-3">
            <span className="text-4xl font-bold text-slate-900">{formatPrice(product.price)}</span>
            {saved !== null && product.originalPrice !== null && (
              <>
                <s className="text-xl text-slate-500">
                  <span className="sr-only">Was </span>
                  {formatPrice(product.originalPrice)}
                </s>
                <span className="rounded-md bg-red-100 px-2 py-1 text-sm font-semibold text-red-700">
                  {productTexts.save(formatPrice(saved))}
                  {percent !== null && ` (${percent}%)`}
                </span>
              </>
            )}
          </div>
          <div className="mt-3">
            <StockStatus product={product} />
            <BestBeforeNote productId={product.id} />
          </div>
          {(!product.inStock || !!product.held) && (
            <Suspense fallback={null}>
              <NotifyMe product={product} productQuery={productQuery} />
            </Suspense>
          )}
          <p className="mt-4 line-clamp-4 text-slate-700">{product.description}</p>

          <div className="mt-6">
            <QuantityPicker
              value={quantity}
              stockCount={product.stockCount}
              disabled={!product.inStock}
              onChange={setQuantity}
            />
          </div>

          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={handleAddToCart}
              disabled={adding}
              aria-busy={adding}
              className="flex-1 rounded-lg bg-orange-600 px-6 py-3 font-semibold text-white transition hover:bg-orange-700 disabled:opacity-70"
            >
              {adding ? productTexts.adding : productTexts.addToCart}
            </button>
            <button
              type="button"
              onClick={handleBuyNow}
              className="flex-1 rounded-lg bg-slate-900 px-6 py-3 font-semibold text-white transition hover:bg-slate-800"
            >
              {productTexts.buyNow}
            </button>
            <div className="flex gap-3">
              <WishlistButton product={product} look="page" />
              <ShareMenu name={product.name} />
            </div>
          </div>

          <div className="mt-8">
            <TrustBadges />
          </div>
        </div>
      </div>

      <ProductTabs
        product={product}
        reviews={
          <Suspense fallback={<Spinner label={productTexts.loadingReviews} />}>
            <ReviewsPanel product={product} />
          </Suspense>
        }
      />
      <RelatedProducts product={product} />
    </div>
  );
}

/** /product/{productSlug}: the id is taken from the slug, and the address is rewritten to the canonical slug. */
export function ProductPage() {
  const { productSlug = '' } = useParams();
  const navigate = useNavigate();
  const id = extractProductId(productSlug);
  // A slug without a UUID cannot name a product; asking the database would only fail.
  const valid = isUuid(id);
  const loaded = useProduct(valid ? id : null);
  const state = valid ? loaded : ({ status: 'success', data: null } as const);
  const product = state.status === 'success' ? state.data : null;
  useDocumentTitle(state.status === 'loading' ? undefined : product ? product.name : productTexts.notFound);
  const canonical = product ? routes.product(product.name, product.id) : undefined;
  // The spec's address rewrite, done by the server as a 301 (the browser replaces the address below).
  usePageRedirect(canonical !== undefined && canonical !== `/product/${productSlug}` ? canonical : undefined);
  usePageMeta(
    SERVER_BUILD && product ? (origin) => productMeta(origin, product, productCrumbs(product)) : undefined,
  );

  useEffect(() => {
    if (state.status === 'error') {
      toast.error(productTexts.toastNotFound);
      navigate(routes.products, { replace: true });
    }
  }, [state.status, navigate]);

  useEffect(() => {
    if (!product) return;
    const canonical = routes.product(product.name, product.id);
    if (canonical !== `/product/${productSlug}`) navigate(canonical, { replace: true });
  }, [product, productSlug, navigate]);

  if (state.status === 'loading' || state.status === 'error') {
    return <PageLoading label={productTexts.loading} />;
  }
  if (!product) {
    return (
      <NotFound
        title={productTexts.notFound}
        lead={productTexts.notFoundLead}
        linkTo={routes.products}
        linkLabel={productTexts.browseProducts}
      />
    );
  }
  return <ProductDetail key={product.id} product={product} />;
}
