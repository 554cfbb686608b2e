import { formatPrice, routes, toast } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles, icons, ListPage, Thumbnail, type ListColumn, type RowAction } from '../../components';
import { exportProductsCsv } from '../../features/products/api/bulk-products';
import { BulkActions } from '../../features/products/components/bulk-actions';
import { useListPage } from '../../hooks/use-list-page';
import { deleteProductMutation } from '../../features/products/api/delete-product';
import {
  productsQuery,
  PRODUCT_PAGE_SIZE,
  type AdminProduct,
} from '../../features/products/api/get-products';
import { useUpdateProductStock } from '../../features/products/api/update-product-stock';
import { productPageStats } from '../../features/products/lib/page-stats';
import { STOCK_FILTERS } from '../../features/products/lib/stock-filter';
import { productTexts } from '../../features/products/texts';
import { StockBadge } from '../../features/products/components/stock-badge';
import { WaitingBadge } from '../../features/products/components/waitlist-count';

const t = productTexts.list;
const bulk = productTexts.bulk;
const FILTERS = { filter: STOCK_FILTERS };
/** The CSV import page (a child of the products routes). */
export const PRODUCT_IMPORT_PATH = `${routes.admin.products}/import`;

/** Hands a file to the browser's download. */
function download(name: string, parts: string[]): void {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  URL.revokeObjectURL(url);
}

const checkboxClass = 'h-4 w-4 rounded border-slate-300 text-orange-600 focus-visible:ring-orange-500';

/** /admin/products: tiles, search, stock filter, the product table and its pagination. */
export function ProductListPage() {
  useDocumentTitle(t.title);
  const list = useListPage({
    spec: FILTERS,
    query: (search, filters) => ({ search, filter: filters.filter }),
    source: productsQuery,
    pageSize: PRODUCT_PAGE_SIZE,
    loadFailed: productTexts.toasts.fetchProductsFailed,
  });
  const stock = useUpdateProductStock();
  const products = list.data?.products;
  const waiting = list.data?.waiting ?? {};
  const stats = productPageStats(products ?? []);
  // The selection survives paging (it is by id); a product deleted elsewhere simply fails its edit.
  const [selected, setSelected] = useState<ReadonlyMap<string, AdminProduct>>(new Map());
  const [exporting, setExporting] = useState<number | null>(null);
  const pageIds = (products ?? []).map((product) => product.id);
  // What the selection shows and previews: a product on this page as just loaded (a price changed since
  // it was ticked shows its new price), one on another page as it was when ticked or last changed here.
  const onPage = new Map((products ?? []).map((product) => [product.id, product]));
  const selectedNow = [...selected.values()].map((product) => onPage.get(product.id) ?? product);

  function pricesChanged(prices: ReadonlyMap<string, number>) {
    setSelected((current) => {
      const next = new Map(current);
      for (const [id, price] of prices) {
        const product = next.get(id);
        if (product) next.set(id, { ...product, price });
      }
      return next;
    });
  }
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  function toggle(product: AdminProduct, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(product.id, product);
      else next.delete(product.id);
      return next;
    });
  }

  function toggleAll(on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const product of products ?? []) {
        if (on) next.set(product.id, product);
        else next.delete(product.id);
      }
      return next;
    });
  }

  async function exportCsv() {
    setExporting(0);
    try {
      const { parts, count } = await exportProductsCsv(
        { search: list.search, filter: list.filters.filter },
        setExporting,
      );
      download(`products-${new Date().toISOString().slice(0, 10)}.csv`, parts);
      toast.success(bulk.exported(count));
    } catch {
      toast.error(bulk.exportFailed);
    } finally {
      setExporting(null);
    }
  }

  const selectBox = (product: AdminProduct) => (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label={bulk.select(product.name)}
      checked={selected.has(product.id)}
      onChange={(event) => toggle(product, event.target.checked)}
    />
  );

  async function toggleStock(product: AdminProduct) {
    const outcome = await stock.mutate(product.id, !product.inStock);
    if (outcome.ok)
      toast.success(outcome.data ? productTexts.toasts.markedIn : productTexts.toasts.markedOut);
    else if (!outcome.skipped) toast.error(productTexts.toasts.stockFailed);
  }

  /** View on the storefront, edit, toggle stock (delete is the list's own). */
  const rowActions = (product: AdminProduct): RowAction[] => [
    { label: t.view(product.name), icon: icons.eye, to: routes.product(product.name, product.id) },
    { label: t.edit(product.name), icon: icons.edit, to: routes.admin.editProduct(product.id) },
    {
      label: product.inStock ? t.markOutOfStock(product.name) : t.markInStock(product.name),
      icon: product.inStock ? icons.x : icons.check,
      disabled: stock.busy && stock.input?.[0] === product.id,
      onClick: () => void toggleStock(product),
    },
  ];

  const columns: ListColumn<AdminProduct>[] = [
    {
      label: (
        <input
          type="checkbox"
          className={checkboxClass}
          aria-label={bulk.selectAll}
          checked={allOnPage}
          onChange={(event) => toggleAll(event.target.checked)}
        />
      ),
      className: 'w-10 px-4 py-3',
      cell: selectBox,
    },
    {
      label: t.columns.product,
      cell: (product) => (
        <div className="flex min-w-48 items-center gap-3">
          <Thumbnail src={product.image} size="sm" />
          <div>
            <div className="font-medium text-slate-900">{product.name}</div>
            <div className="text-xs text-slate-500">{t.sku(product.sku)}</div>
          </div>
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
  ];

  return (
    <ListPage
      texts={t}
      addLink={{ to: routes.admin.newProduct, label: t.add }}
      actions={
        <>
          <Link to={PRODUCT_IMPORT_PATH} className={buttonStyles.secondary}>
            {bulk.importLink}
          </Link>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={exporting !== null}
            aria-busy={exporting !== null}
            onClick={() => void exportCsv()}
          >
            {exporting !== null ? bulk.exporting(exporting) : bulk.export}
          </button>
        </>
      }
      selectionBar={
        selected.size > 0 ? (
          <BulkActions
            selected={selectedNow}
            onClear={() => setSelected(new Map())}
            onPricesChanged={pricesChanged}
          />
        ) : null
      }
      cards={[
        { label: t.stats.total, value: list.total, icon: icons.package, scope: 'all' },
        { label: t.stats.inStock, value: stats.inStock, icon: icons.check, tone: 'green' },
        { label: t.stats.lowStock, value: stats.lowStock, icon: icons.alert, tone: 'yellow' },
        { label: t.stats.avgPrice, value: formatPrice(stats.averagePrice), icon: icons.dollar, tone: 'blue' },
      ]}
      list={list}
      items={products}
      columns={columns}
      rowActions={rowActions}
      remove={{
        label: (product) => t.remove(product.name),
        mutation: deleteProductMutation,
        toasts: { done: productTexts.toasts.deleted, failed: productTexts.toasts.deleteFailed },
        dialog: {
          title: t.deleteTitle,
          message: (product) => (
            <>
              <p>{t.deleteConfirm}</p>
              <p className="mt-1 font-medium text-slate-900">{product.name}</p>
            </>
          ),
          confirmLabel: t.deleteButton,
          cancelLabel: t.cancel,
        },
      }}
      card={(product, actions) => (
        <>
          <div className="pt-1">{selectBox(product)}</div>
          <Thumbnail src={product.image} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">{product.name}</p>
            <p className="text-xs text-slate-500">{t.sku(product.sku)}</p>
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
            {actions}
          </div>
        </>
      )}
      emptyIcon={icons.package}
    />
  );
}
