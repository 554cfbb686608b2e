import { formatPrice, pageCount, routes, toast, type Product } from '@prepper/shared';
import { FallbackImage, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  buttonStyles,
  ConfirmDialog,
  EmptyState,
  icons,
  ListToolbar,
  PageHeader,
  Pagination,
  ResponsiveList,
  StatCard,
  useAsyncData,
  useListParams,
} from '../../../components';
import { deleteProduct } from '../api/delete-product';
import { getProducts, PRODUCT_PAGE_SIZE } from '../api/get-products';
import { updateProductStock } from '../api/update-product-stock';
import { productPageStats } from '../lib/page-stats';
import { STOCK_FILTERS, type StockFilter } from '../lib/stock-filter';
import { productTexts } from '../texts';
import { StockBadge } from './stock-badge';

const t = productTexts.list;

interface ProductActionsProps {
  product: Product;
  busy: boolean;
  onToggleStock: () => void;
  onDelete: () => void;
  className?: string;
}

/** View on the storefront, edit, toggle stock, delete: icon buttons with accessible names. */
function ProductActions({ product, busy, onToggleStock, onDelete, className = '' }: ProductActionsProps) {
  return (
    <div className={`flex justify-end gap-1 ${className}`}>
      <Link
        to={routes.product(product.name, product.id)}
        className={buttonStyles.icon}
        aria-label={t.view(product.name)}
        title={t.view(product.name)}
      >
        <icons.eye />
      </Link>
      <Link
        to={routes.admin.editProduct(product.id)}
        className={buttonStyles.icon}
        aria-label={t.edit(product.name)}
        title={t.edit(product.name)}
      >
        <icons.edit />
      </Link>
      <button
        type="button"
        className={buttonStyles.icon}
        disabled={busy}
        aria-label={product.inStock ? t.markOutOfStock(product.name) : t.markInStock(product.name)}
        title={product.inStock ? t.markOutOfStock(product.name) : t.markInStock(product.name)}
        onClick={onToggleStock}
      >
        {product.inStock ? <icons.x /> : <icons.check />}
      </button>
      <button
        type="button"
        className={`${buttonStyles.icon} hover:bg-red-50 hover:text-red-700`}
        disabled={busy}
        aria-label={t.remove(product.name)}
        title={t.remove(product.name)}
        onClick={onDelete}
      >
        <icons.trash />
      </button>
    </div>
  );
}

/** /admin/products: tiles, search, stock filter, the product table and its pagination. */
export function ProductListPage() {
  useDocumentTitle(t.title);
  const { search, filter, page, change } = useListParams<StockFilter>(STOCK_FILTERS);
  const [reloadKey, setReloadKey] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const reload = () => setReloadKey((key) => key + 1);

  const load = useCallback(
    () =>
      getProducts({ search, filter, page, reloadKey }).catch((error: unknown) => {
        console.error(error);
        toast.error(productTexts.toasts.fetchProductsFailed);
        throw error;
      }),
    [search, filter, page, reloadKey],
  );
  const { data, loading } = useAsyncData(load);
  const products = data?.products ?? [];
  const total = data?.total ?? 0;

  const pages = pageCount(total, PRODUCT_PAGE_SIZE);
  useEffect(() => {
    // After a delete emptied the last page, or a stale ?page= in the address: go to the last real page.
    if (!loading && data && page > pages) change({ page: pages });
  }, [loading, data, page, pages, change]);

  const stats = productPageStats(products);

  async function toggleStock(product: Product) {
    setBusyId(product.id);
    try {
      const inStock = await updateProductStock(product.id, !product.inStock);
      toast.success(inStock ? productTexts.toasts.markedIn : productTexts.toasts.markedOut);
      reload();
    } catch (error) {
      console.error(error);
      toast.error(productTexts.toasts.stockFailed);
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    setBusyId(pendingDelete.id);
    try {
      await deleteProduct(pendingDelete.id);
      toast.success(productTexts.toasts.deleted);
      setPendingDelete(null);
      reload();
    } catch (error) {
      console.error(error);
      toast.error(productTexts.toasts.deleteFailed);
      setPendingDelete(null);
    } finally {
      setBusyId(null);
    }
  }

  const actionProps = (product: Product) => ({
    product,
    busy: busyId === product.id,
    onToggleStock: () => void toggleStock(product),
    onDelete: () => setPendingDelete(product),
  });

  return (
    <div>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Link to={routes.admin.newProduct} className={buttonStyles.primary}>
            <icons.plus />
            {t.add}
          </Link>
        }
      />

      <section aria-label="Product summary" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard label={t.stats.total} value={total} hint={t.stats.allMatching} icon={<icons.package />} />
        <StatCard
          label={t.stats.inStock}
          value={stats.inStock}
          hint={t.stats.onThisPage}
          icon={<icons.check />}
          tone="bg-green-100 text-green-700"
        />
        <StatCard
          label={t.stats.lowStock}
          value={stats.lowStock}
          hint={t.stats.onThisPage}
          icon={<icons.alert />}
          tone="bg-yellow-100 text-yellow-700"
        />
        <StatCard
          label={t.stats.avgPrice}
          value={formatPrice(stats.averagePrice)}
          hint={t.stats.onThisPage}
          icon={<icons.dollar />}
          tone="bg-blue-100 text-blue-700"
        />
      </section>

      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <ListToolbar search={search} filter={filter} filters={STOCK_FILTERS} onChange={change} texts={t} />

        {loading && !data ? (
          <Spinner label={t.loading} />
        ) : products.length === 0 ? (
          <EmptyState
            icon={icons.package}
            title={t.empty}
            hint={search || filter !== 'all' ? t.emptySearchHint : t.emptyHint}
          />
        ) : (
          <ResponsiveList
            items={products}
            loading={loading}
            columns={[
              { label: t.columns.product },
              { label: t.columns.category },
              { label: t.columns.price },
              { label: t.columns.stock },
              { label: t.columns.rating },
              { label: t.columns.actions, align: 'right' },
            ]}
            card={(product) => (
              <>
                <FallbackImage
                  src={product.image}
                  alt=""
                  className="h-14 w-14 shrink-0 rounded-md object-cover"
                  loading="lazy"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{product.name}</p>
                  <p className="text-xs text-slate-500">
                    {product.category}
                    {product.subcategory ? ` · ${product.subcategory}` : ''}
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span className="font-medium text-slate-900">{formatPrice(product.price)}</span>
                    <StockBadge inStock={product.inStock} stockCount={product.stockCount} />
                    <span className="inline-flex items-center gap-1 text-slate-600">
                      <icons.star className="h-3.5 w-3.5 text-yellow-400" />
                      {product.rating.toFixed(1)}
                    </span>
                  </div>
                  <ProductActions {...actionProps(product)} className="mt-1" />
                </div>
              </>
            )}
            cells={(product) => (
              <>
                <td className="px-4 py-3">
                  <div className="flex min-w-48 items-center gap-3">
                    <FallbackImage
                      src={product.image}
                      alt=""
                      className="h-10 w-10 shrink-0 rounded-md object-cover"
                      loading="lazy"
                    />
                    <span className="font-medium text-slate-900">{product.name}</span>
                  </div>
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <div>{product.category}</div>
                  {product.subcategory ? (
                    <div className="text-xs text-slate-500">{product.subcategory}</div>
                  ) : null}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-900">
                  <div className="font-medium">{formatPrice(product.price)}</div>
                  {product.originalPrice != null && product.originalPrice > product.price ? (
                    <div className="text-xs text-slate-500 line-through">
                      {formatPrice(product.originalPrice)}
                    </div>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  <StockBadge inStock={product.inStock} stockCount={product.stockCount} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <span className="inline-flex items-center gap-1">
                    <icons.star className="h-4 w-4 text-yellow-400" />
                    {product.rating.toFixed(1)}
                    <span className="text-slate-400">({product.reviewCount})</span>
                  </span>
                </td>
                <td className="px-4 py-3">
                  <ProductActions {...actionProps(product)} />
                </td>
              </>
            )}
          />
        )}

        {total > 0 ? (
          <div className="border-t border-slate-200 p-4">
            <Pagination
              page={Math.min(page, pages)}
              pageCount={pages}
              onPageChange={(next) => change({ page: next })}
              summary={{ pageSize: PRODUCT_PAGE_SIZE, total: total }}
              label={t.pagination}
            />
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={pendingDelete !== null}
        title={t.deleteTitle}
        message={
          <>
            <p>{t.deleteConfirm}</p>
            {pendingDelete ? <p className="mt-1 font-medium text-slate-900">{pendingDelete.name}</p> : null}
          </>
        }
        confirmLabel={t.deleteButton}
        cancelLabel={t.cancel}
        busy={busyId !== null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
