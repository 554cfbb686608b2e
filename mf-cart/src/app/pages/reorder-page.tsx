import { openOverlay, routes } from '@prepper/shared';
import { parseReorderQuery } from '@prepper/shared/supplies';
import { NotLoaded, PRIMARY_ACTION, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { reorderProductsQuery } from '../../features/reorder/api/get-reorder-products';
import { useReorder } from '../../features/reorder/hooks/use-reorder';
import { texts } from '../../texts';

const t = texts.reorder;

/**
 * /checkout/reorder?products=…&reminder=…: the reminder e-mail's "Reorder these". Puts the products
 * that are in stock in the cart and opens it, names the rest, and remembers the reminder so the order
 * placed next records that it came from it. Rendered in the browser only (under /checkout).
 */
export function ReorderPage() {
  useDocumentTitle(t.title);
  const [params] = useSearchParams();
  const search = params.toString();
  const { productIds, reminder } = useMemo(() => parseReorderQuery(search), [search]);
  const { products, result } = useReorder(productIds, reminder);

  if (productIds.length === 0)
    return (
      <NotLoaded
        title={t.invalidTitle}
        failed={false}
        failedLead={t.loadFailed}
        notFoundLead={t.invalidLead}
        retryLabel={t.retry}
        onRetry={() => undefined}
        linkTo={routes.products}
        linkLabel={t.continueShopping}
      />
    );
  if (products.status === 'error')
    return (
      <NotLoaded
        title={t.title}
        failed
        failedLead={t.loadFailed}
        notFoundLead={t.loadFailed}
        retryLabel={t.retry}
        onRetry={() => reorderProductsQuery.invalidate(productIds)}
        linkTo={routes.products}
        linkLabel={t.continueShopping}
      />
    );
  if (!result) return <Spinner label={t.loading} className="min-h-[50vh]" />;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t.title}</h1>
      <p role="status" className="mt-3 text-slate-700">
        {result.added.length > 0 ? t.added(result.added.length) : t.noneAdded}
      </p>
      {result.added.length > 0 ? (
        <ul className="mt-4 space-y-1" data-testid="reorder-added">
          {result.added.map((product) => (
            <li key={product.id} className="flex items-center gap-2 text-slate-800">
              <span aria-hidden="true" className="text-green-600">
                ✓
              </span>
              <Link to={routes.productBySlug(product.slug)} className="hover:text-orange-700 hover:underline">
                {product.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {result.unavailable.length > 0 ? (
        <section
          aria-labelledby="reorder-unavailable"
          className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4"
          data-testid="reorder-unavailable"
        >
          <h2 id="reorder-unavailable" className="font-semibold text-amber-900">
            {t.unavailableTitle}
          </h2>
          <p className="mt-1 text-sm text-amber-900">{t.unavailableLead}</p>
          <ul className="mt-2 list-disc pl-5 text-sm text-amber-900">
            {result.unavailable.map((item) => (
              <li key={item.id}>{item.name ?? t.noLongerSold}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-8 flex flex-wrap gap-3">
        {result.added.length > 0 ? (
          <>
            <button type="button" onClick={() => openOverlay('cart')} className={PRIMARY_ACTION}>
              {t.viewCart}
            </button>
            <Link
              to={routes.checkout}
              className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-600"
            >
              {t.checkout}
            </Link>
          </>
        ) : (
          <Link to={routes.products} className={PRIMARY_ACTION}>
            {t.continueShopping}
          </Link>
        )}
      </div>
    </div>
  );
}
