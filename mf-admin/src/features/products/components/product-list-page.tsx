import { formatPrice, routes, toast, type Product } from '@prepper/shared';
import { FallbackImage, useDocumentTitle } from '@prepper/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  buttonStyles,
  ConfirmDialog,
  icons,
  ListPage,
  usePagedList,
  useListParams,
  type ListColumn,
} from '../../../components';
import { deleteProduct } from '../api/delete-product';
import { productsQuery, PRODUCT_PAGE_SIZE } from '../api/get-products';
import { updateProductStock } from '../api/update-product-stock';
import { productPageStats } from '../lib/page-stats';
import { STOCK_FILTERS } from '../lib/stock-filter';
import { productTexts } from '../texts';
import { StockBadge } from './stock-badge';
import { WaitingBadge } from './waitlist-count';

const t = productTexts.list;
const FILTERS = { filter: STOCK_FILTERS };

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

function showFetchError(error: unknown) {
  console.error(error);
  toast.error(productTexts.toasts.fetchProductsFailed);
}

/** /admin/products: tiles, search, stock filter, the product table and its pagination. */
export function ProductListPage() {
  useDocumentTitle(t.title);
  const { search, filters, page, change } = useListParams(FILTERS);
  const list = usePagedList({
    query: { search, filter: filters.filter, page },
    source: productsQuery,
    pageSize: PRODUCT_PAGE_SIZE,
    onError: showFetchError,
    goToPage: (next) => change({ page: next }),
  });
  const [pendingDelete, setPendingDelete] = useState<Product | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const products = list.data?.products;
  const waiting = list.data?.waiting ?? {};
  const stats = productPageStats(products ?? []);

  async function toggleStock(product: Product) {
    setBusyId(product.id);
    try {
      const inStock = await updateProductStock(product.id, !product.inStock);
      toast.success(inStock ? productTexts.toasts.markedIn : productTexts.toasts.markedOut);
      list.reload();
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
      list.reload();
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

  const columns: ListColumn<Product>[] = [
    {
      label: t.columns.product,
      cell: (product) => (
        <div className="flex min-w-48 items-center gap-3">
          <FallbackImage
            src={product.image}
            alt=""
            className="h-10 w-10 shrink-0 rounded-md object-cover"
            loading="lazy"
          />
          <span className="font-medium text-slate-900">{product.name}</span>
        </div>
      ),
    },
    {
      label: t.columns.category,
      className: 'px-4 py-3 text-slate-700',
      cell: (product) => (
        <>
          <div>{product.category}</div>
          {product.subcategory ? <div className="text-xs text-slate-500">{product.subcategory}</div> : null}
        </>
      ),
    },
    {
      label: t.columns.price,
      className: 'px-4 py-3 whitespace-nowrap text-slate-900',
      cell: (product) => (
        <>
          <div className="font-medium">{formatPrice(product.price)}</div>
          {product.originalPrice != null && product.originalPrice > product.price ? (
            <div className="text-xs text-slate-500 line-through">{formatPrice(product.originalPrice)}</div>
          ) : null}
        </>
      ),
    },
    {
      label: t.columns.stock,
      cell: (product) => (
        <div className="flex flex-col items-start gap-1">
          <StockBadge inStock={product.inStock} stockCount={product.stockCount} />
          <WaitingBadge count={waiting[product.id] ?? 0} />
        </div>
      ),
    },
    {
      label: t.columns.rating,
      className: 'px-4 py-3 whitespace-nowrap text-slate-700',
      cell: (product) => (
        <span className="inline-flex items-center gap-1">
          <icons.star className="h-4 w-4 text-yellow-400" />
          {product.rating.toFixed(1)}
          <span className="text-slate-400">({product.reviewCount})</span>
        </span>
      ),
    },
    {
      label: t.columns.actions,
      align: 'right',
      className: 'px-4 py-3',
      cell: (product) => <ProductActions {...actionProps(product)} />,
    },
  ];

  return (
    <ListPage
      texts={t}
      actions={
        <Link to={routes.admin.newProduct} className={buttonStyles.primary}>
          <icons.plus />
          {t.add}
        </Link>
      }
      cards={[
        {
          key: 'total',
          label: t.stats.total,
          value: list.total,
          hint: t.stats.allMatching,
          icon: <icons.package />,
        },
        {
          key: 'in-stock',
          label: t.stats.inStock,
          value: stats.inStock,
          hint: t.stats.onThisPage,
          icon: <icons.check />,
          tone: 'bg-green-100 text-green-700',
        },
        {
          key: 'low-stock',
          label: t.stats.lowStock,
          value: stats.lowStock,
          hint: t.stats.onThisPage,
          icon: <icons.alert />,
          tone: 'bg-yellow-100 text-yellow-700',
        },
        {
          key: 'avg-price',
          label: t.stats.avgPrice,
          value: formatPrice(stats.averagePrice),
          hint: t.stats.onThisPage,
          icon: <icons.dollar />,
          tone: 'bg-blue-100 text-blue-700',
        },
      ]}
      toolbar={{ search, spec: FILTERS, filters, onChange: change, texts: t }}
      items={products}
      loading={list.loading}
      error={list.error}
      onRetry={list.reload}
      columns={columns}
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
              <WaitingBadge count={waiting[product.id] ?? 0} />
              <span className="inline-flex items-center gap-1 text-slate-600">
                <icons.star className="h-3.5 w-3.5 text-yellow-400" />
                {product.rating.toFixed(1)}
              </span>
            </div>
            <ProductActions {...actionProps(product)} className="mt-1" />
          </div>
        </>
      )}
      emptyIcon={icons.package}
      pagination={{
        page: list.page,
        pages: list.pages,
        total: list.total,
        pageSize: PRODUCT_PAGE_SIZE,
        onPageChange: (next) => change({ page: next }),
      }}
    >
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
    </ListPage>
  );
}
