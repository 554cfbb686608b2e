import { formatPrice } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { buttonStyles, inputClass, PageHeader, Pagination } from '../../components';
import { useUrlFilters } from '../../hooks/use-url-filters';
import {
  analyticsCategoriesQuery,
  analyticsSeriesQuery,
  analyticsSummaryQuery,
  analyticsTopProductsQuery,
  getAllStockCover,
  stockCoverQuery,
  analyticsDiscountsQuery,
  type DiscountFigures,
  type CategoryFigures,
  type PeriodSummary,
  type ProductFigures,
  type SeriesPoint,
  type StockCover,
} from '../../features/analytics/api/analytics';
import { AnalyticsTable, type AnalyticsColumn } from '../../features/analytics/components/analytics-table';
import {
  BUCKETS,
  dayLabel,
  PRESET_LABELS,
  PRESETS,
  readParams,
  rangeError,
  utcDay,
  type Preset,
} from '../../features/analytics/lib/date-range';
import { changePercent, formatChange } from '../../features/dashboard/lib/dashboard-stats';

const AnalyticsCharts = lazy(() => import('../../features/analytics/components/analytics-charts'));

const STOCK_PAGE = 20;

const count = (value: number) => value.toLocaleString('en-US');

function Change({ current, previous }: { current: number; previous: number }) {
  const change = changePercent(current, previous);
  const tone =
    change === null || change > 0
      ? 'bg-green-100 text-green-800'
      : change < 0
        ? 'bg-red-100 text-red-800'
        : 'bg-slate-100 text-slate-700';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{formatChange(change)}</span>
  );
}

interface Card {
  key: keyof PeriodSummary;
  label: string;
  money?: boolean;
  detail?: (figures: PeriodSummary) => string;
}

const CARDS: Card[] = [
  { key: 'revenue', label: 'Revenue', money: true },
  { key: 'orders', label: 'Orders', detail: (f) => `${count(f.ordersPlaced)} placed in all` },
  { key: 'averageOrderValue', label: 'Average order value', money: true },
  { key: 'units', label: 'Units sold' },
  {
    key: 'customers',
    label: 'Customers',
    detail: (f) => `${count(f.newCustomers)} new · ${count(f.returningCustomers)} returning`,
  },
  { key: 'cancelledOrders', label: 'Cancelled orders', detail: (f) => formatPrice(f.cancelledValue) },
  { key: 'returnedOrders', label: 'Returned orders', detail: (f) => formatPrice(f.returnedValue) },
  { key: 'refundedOrders', label: 'Refunded or refund due', detail: (f) => formatPrice(f.refundedValue) },
];

/** The figures of the summary table (and its CSV), each with the previous period's. */
const SUMMARY_ROWS: { label: string; csv: string; key: keyof PeriodSummary; money?: boolean }[] = [
  { label: 'Revenue', csv: 'revenue', key: 'revenue', money: true },
  { label: 'Orders (sales)', csv: 'orders', key: 'orders' },
  { label: 'Average order value', csv: 'average_order_value', key: 'averageOrderValue', money: true },
  { label: 'Units sold', csv: 'units', key: 'units' },
  { label: 'Orders placed (any status)', csv: 'orders_placed', key: 'ordersPlaced' },
  { label: 'Customers', csv: 'customers', key: 'customers' },
  { label: 'New customers', csv: 'new_customers', key: 'newCustomers' },
  { label: 'Returning customers', csv: 'returning_customers', key: 'returningCustomers' },
  { label: 'Cancelled orders', csv: 'cancelled_orders', key: 'cancelledOrders' },
  { label: 'Cancelled value', csv: 'cancelled_value', key: 'cancelledValue', money: true },
  { label: 'Returned orders', csv: 'returned_orders', key: 'returnedOrders' },
  { label: 'Returned value', csv: 'returned_value', key: 'returnedValue', money: true },
  { label: 'Refunded or refund due', csv: 'refunded_orders', key: 'refundedOrders' },
  { label: 'Refunded or due value', csv: 'refunded_value', key: 'refundedValue', money: true },
];

type SummaryRow = (typeof SUMMARY_ROWS)[number] & { current: number; previous: number };

function PeriodPicker({
  preset,
  from,
  to,
  bucket,
  error,
  onChange,
}: {
  preset: Preset;
  from: string;
  to: string;
  bucket: string;
  error: string | null;
  onChange: (next: Record<string, string>) => void;
}) {
  const [customFrom, setCustomFrom] = useState(from);
  const [customTo, setCustomTo] = useState(to);
  const [customError, setCustomError] = useState<string | null>(null);
  const [showCustom, setShowCustom] = useState(preset === 'custom');
  const id = useId();
  const labelClass = 'block text-sm font-medium text-slate-700';

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    const problem = rangeError(customFrom, customTo);
    setCustomError(problem);
    if (!problem) onChange({ range: 'custom', from: customFrom, to: customTo, by: '' });
  }

  return (
    <div className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-period`} className={labelClass}>
            Period
          </label>
          <select
            id={`${id}-period`}
            className={`${inputClass} mt-1`}
            value={showCustom ? 'custom' : preset}
            onChange={(event) => {
              const value = event.target.value as Preset;
              if (value === 'custom') setShowCustom(true);
              else {
                setShowCustom(false);
                setCustomError(null);
                onChange({ range: value, from: '', to: '', by: '' });
              }
            }}
          >
            {PRESETS.map((option) => (
              <option key={option} value={option}>
                {PRESET_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-bucket`} className={labelClass}>
            Group by
          </label>
          <select
            id={`${id}-bucket`}
            className={`${inputClass} mt-1`}
            value={bucket}
            onChange={(event) => onChange({ by: event.target.value })}
          >
            {BUCKETS.map((option) => (
              <option key={option} value={option}>
                {option.charAt(0).toUpperCase() + option.slice(1)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {showCustom ? (
        <form className="mt-4 flex flex-wrap items-end gap-4" onSubmit={applyCustom} noValidate>
          <div>
            <label htmlFor={`${id}-from`} className={labelClass}>
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className={`${inputClass} mt-1`}
              value={customFrom}
              onChange={(event) => setCustomFrom(event.target.value)}
              aria-invalid={customError ? true : undefined}
              aria-describedby={customError ? 'analytics-range-error' : undefined}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={labelClass}>
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className={`${inputClass} mt-1`}
              value={customTo}
              onChange={(event) => setCustomTo(event.target.value)}
              aria-invalid={customError ? true : undefined}
              aria-describedby={customError ? 'analytics-range-error' : undefined}
            />
          </div>
          <button type="submit" className={buttonStyles.primary}>
            Apply
          </button>
        </form>
      ) : null}
      {customError || error ? (
        <p id="analytics-range-error" role="alert" className="mt-2 text-sm text-red-700">
          {customError ?? error}
        </p>
      ) : null}
    </div>
  );
}

function Failure({ what, error }: { what: string; error: unknown }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {what} could not be loaded: {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

function Loading({ label }: { label: string }) {
  return <div role="status" aria-label={label} className="h-40 animate-pulse rounded-lg bg-slate-200" />;
}

const productColumns: AnalyticsColumn<ProductFigures>[] = [
  { label: 'Product', csv: 'product', cell: (row) => row.name, value: (row) => row.name },
  {
    label: 'Units',
    csv: 'units',
    align: 'right',
    cell: (row) => count(row.units),
    value: (row) => row.units,
  },
  {
    label: 'Revenue',
    csv: 'revenue',
    align: 'right',
    cell: (row) => formatPrice(row.revenue),
    value: (row) => row.revenue,
  },
];

const DELETED = 'Deleted products';

/**
 * /admin/analytics (analytics permission): a period (preset or custom, in the address) against the one
 * before it, as cards, charts by day, week or month, and tables that each export to CSV. Every figure
 * comes from the database's admin_analytics_* functions.
 */
export function AnalyticsPage() {
  useDocumentTitle('Analytics · Admin');
  const { searchParams, change } = useUrlFilters<'range' | 'from' | 'to' | 'by'>();
  const [today] = useState(() => utcDay(new Date()));
  const params = readParams(searchParams, today);
  const { from, to } = params.range;
  const summary = analyticsSummaryQuery.use([from, to]);
  const series = analyticsSeriesQuery.use([from, to, params.bucket]);
  const categories = analyticsCategoriesQuery.use([from, to]);
  const byRevenue = analyticsTopProductsQuery.use([from, to, 'revenue']);
  const byUnits = analyticsTopProductsQuery.use([from, to, 'units']);
  const [stockPage, setStockPage] = useState(1);
  const discounts = analyticsDiscountsQuery.use([from, to]);
  const stock = stockCoverQuery.use([STOCK_PAGE, (stockPage - 1) * STOCK_PAGE]);
  const file = (name: string) => `analytics-${name}-${from}-to-${to}.csv`;
  const figures = summary.data;
  const previous = figures?.previous;

  const summaryRows: SummaryRow[] = figures
    ? SUMMARY_ROWS.map((row) => ({
        ...row,
        current: figures.current[row.key] as number,
        previous: figures.previous[row.key] as number,
      }))
    : [];
  const show = (row: { money?: boolean }, value: number) => (row.money ? formatPrice(value) : count(value));

  const seriesRows = (series.data?.current ?? []).map((point, index) => ({
    point,
    before: series.data?.previous[index],
  }));

  return (
    <div>
      <PageHeader
        title="Analytics"
        subtitle="Sales, customers and stock over a period, compared with the period of the same length before it. Days are UTC days."
      />
      <PeriodPicker
        key={`${params.preset}-${from}-${to}`}
        preset={params.preset}
        from={from}
        to={to}
        bucket={params.bucket}
        error={params.error}
        onChange={(next) => change(next)}
      />
      <p className="mb-4 text-sm text-slate-600" data-testid="analytics-period">
        {dayLabel(from)} – {dayLabel(to)}
        {previous ? ` · compared with ${dayLabel(previous.from)} – ${dayLabel(previous.to)}` : ''}
      </p>

      <div className="space-y-6">
        {summary.status === 'error' ? <Failure what="The figures" error={summary.error} /> : null}
        {figures ? (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {CARDS.map((card) => {
              const current = figures.current[card.key] as number;
              const before = figures.previous[card.key] as number;
              return (
                <li
                  key={card.key}
                  aria-label={card.label}
                  className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <p className="text-sm font-medium text-slate-600">{card.label}</p>
                  <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`analytics-${card.key}`}>
                    {card.money ? formatPrice(current) : count(current)}
                  </p>
                  {card.detail ? (
                    <p className="text-xs text-slate-600">{card.detail(figures.current)}</p>
                  ) : null}
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                    <Change current={current} previous={before} />
                    <span>vs {card.money ? formatPrice(before) : count(before)} in the previous period</span>
                  </p>
                </li>
              );
            })}
          </ul>
        ) : summary.status === 'loading' ? (
          <Loading label="Loading the figures" />
        ) : null}

        {series.status === 'error' ? <Failure what="The charts" error={series.error} /> : null}
        {series.data ? (
          <Suspense fallback={<Loading label="Loading the charts" />}>
            <AnalyticsCharts series={series.data} />
          </Suspense>
        ) : null}

        {figures ? (
          <AnalyticsTable<SummaryRow>
            id="analytics-summary"
            title="Summary"
            note="Revenue counts sales only: orders paid or still payable, never cancelled, returned or refunded ones."
            columns={[
              { label: 'Figure', csv: 'figure', cell: (row) => row.label, value: (row) => row.csv },
              {
                label: 'This period',
                csv: 'this_period',
                align: 'right',
                cell: (row) => show(row, row.current),
                value: (row) => row.current,
              },
              {
                label: 'Previous period',
                csv: 'previous_period',
                align: 'right',
                cell: (row) => show(row, row.previous),
                value: (row) => row.previous,
              },
              {
                label: 'Change',
                csv: 'change_percent',
                align: 'right',
                cell: (row) => formatChange(changePercent(row.current, row.previous)),
                value: (row) => changePercent(row.current, row.previous),
              },
            ]}
            rows={summaryRows}
            rowKey={(row) => row.csv}
            fileName={file('summary')}
            empty="No figures."
          />
        ) : null}

        {series.data ? (
          <AnalyticsTable<{ point: SeriesPoint; before: SeriesPoint | undefined }>
            id="analytics-series"
            title={`Sales by ${params.bucket}`}
            columns={[
              {
                label:
                  params.bucket === 'day' ? 'Day' : `${params.bucket === 'week' ? 'Week' : 'Month'} from`,
                csv: 'bucket_start',
                cell: (row) => dayLabel(row.point.bucketStart),
                value: (row) => row.point.bucketStart,
              },
              {
                label: 'Revenue',
                csv: 'revenue',
                align: 'right',
                cell: (row) => formatPrice(row.point.revenue),
                value: (row) => row.point.revenue,
              },
              {
                label: 'Orders',
                csv: 'orders',
                align: 'right',
                cell: (row) => count(row.point.orders),
                value: (row) => row.point.orders,
              },
              {
                label: 'Average order value',
                csv: 'average_order_value',
                align: 'right',
                cell: (row) => formatPrice(row.point.averageOrderValue),
                value: (row) => row.point.averageOrderValue,
              },
              {
                label: 'Units',
                csv: 'units',
                align: 'right',
                cell: (row) => count(row.point.units),
                value: (row) => row.point.units,
              },
              {
                label: 'Previous revenue',
                csv: 'previous_revenue',
                align: 'right',
                cell: (row) => (row.before ? formatPrice(row.before.revenue) : '—'),
                value: (row) => row.before?.revenue ?? null,
              },
            ]}
            rows={seriesRows}
            rowKey={(row) => row.point.bucketStart}
            fileName={file(`by-${params.bucket}`)}
            empty="No days in this period."
          />
        ) : null}

        {categories.status === 'error' ? <Failure what="The categories" error={categories.error} /> : null}
        {categories.data ? (
          <AnalyticsTable<CategoryFigures>
            id="analytics-categories"
            title="Revenue and units by category"
            note="By each product's category today."
            columns={[
              {
                label: 'Category',
                csv: 'category',
                cell: (row) => row.name ?? DELETED,
                value: (row) => row.name ?? DELETED,
              },
              {
                label: 'Revenue',
                csv: 'revenue',
                align: 'right',
                cell: (row) => formatPrice(row.revenue),
                value: (row) => row.revenue,
              },
              {
                label: 'Change',
                csv: 'revenue_change_percent',
                align: 'right',
                cell: (row) => formatChange(changePercent(row.revenue, row.previousRevenue)),
                value: (row) => changePercent(row.revenue, row.previousRevenue),
              },
              {
                label: 'Units',
                csv: 'units',
                align: 'right',
                cell: (row) => count(row.units),
                value: (row) => row.units,
              },
              {
                label: 'Previous revenue',
                csv: 'previous_revenue',
                align: 'right',
                cell: (row) => formatPrice(row.previousRevenue),
                value: (row) => row.previousRevenue,
              },
              {
                label: 'Previous units',
                csv: 'previous_units',
                align: 'right',
                cell: (row) => count(row.previousUnits),
                value: (row) => row.previousUnits,
              },
            ]}
            rows={categories.data}
            rowKey={(row) => row.categoryId ?? 'deleted'}
            fileName={file('categories')}
            empty="No categories."
          />
        ) : null}

        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          {byRevenue.status === 'error' ? <Failure what="Top products" error={byRevenue.error} /> : null}
          {byRevenue.data ? (
            <AnalyticsTable<ProductFigures>
              id="analytics-top-revenue"
              title="Top products by revenue"
              columns={productColumns}
              rows={byRevenue.data}
              rowKey={(row) => row.productId ?? `name:${row.name}`}
              fileName={file('top-products-by-revenue')}
              empty="No sales in this period."
            />
          ) : null}
          {byUnits.status === 'error' ? <Failure what="Top products" error={byUnits.error} /> : null}
          {byUnits.data ? (
            <AnalyticsTable<ProductFigures>
              id="analytics-top-units"
              title="Top products by units"
              columns={productColumns}
              rows={byUnits.data}
              rowKey={(row) => row.productId ?? `name:${row.name}`}
              fileName={file('top-products-by-units')}
              empty="No sales in this period."
            />
          ) : null}
        </div>

        {discounts.status === 'error' ? <Failure what="The discount codes" error={discounts.error} /> : null}
        {discounts.data ? (
          <AnalyticsTable<DiscountFigures>
            id="analytics-discounts"
            title="Discount codes"
            note="Sales that used each code (cancelled, returned and refunded orders left out); a deleted code keeps its uses."
            columns={[
              { label: 'Code', csv: 'code', cell: (row) => row.code, value: (row) => row.code },
              {
                label: 'Orders',
                csv: 'orders',
                align: 'right',
                cell: (row) => count(row.orders),
                value: (row) => row.orders,
              },
              {
                label: 'Change',
                csv: 'orders_change_percent',
                align: 'right',
                cell: (row) => formatChange(changePercent(row.orders, row.previousOrders)),
                value: (row) => changePercent(row.orders, row.previousOrders),
              },
              {
                label: 'Discount given',
                csv: 'discount',
                align: 'right',
                cell: (row) => formatPrice(row.discount),
                value: (row) => row.discount,
              },
              {
                label: 'Revenue',
                csv: 'revenue',
                align: 'right',
                cell: (row) => formatPrice(row.revenue),
                value: (row) => row.revenue,
              },
              {
                label: 'Previous discount',
                csv: 'previous_discount',
                align: 'right',
                cell: (row) => formatPrice(row.previousDiscount),
                value: (row) => row.previousDiscount,
              },
            ]}
            rows={discounts.data}
            rowKey={(row) => row.promotionId ?? `code:${row.code}`}
            fileName={file('discount-codes')}
            empty="No discount code was used in this period."
          />
        ) : null}

        {stock.status === 'error' ? <Failure what="The stock cover" error={stock.error} /> : null}
        {stock.data ? (
          <AnalyticsTable<StockCover>
            id="analytics-stock-cover"
            title="Stock cover"
            note="Days of stock left at the last 30 days' sales rate, fewest first; products that did not sell in the last 30 days are not listed. The export holds every row."
            columns={[
              { label: 'Product', csv: 'product', cell: (row) => row.name, value: (row) => row.name },
              {
                label: 'In stock',
                csv: 'stock',
                align: 'right',
                cell: (row) => count(row.stock),
                value: (row) => row.stock,
              },
              {
                label: 'Sold in 30 days',
                csv: 'units_last_30_days',
                align: 'right',
                cell: (row) => count(row.unitsLast30Days),
                value: (row) => row.unitsLast30Days,
              },
              {
                label: 'Per day',
                csv: 'units_per_day',
                align: 'right',
                cell: (row) => row.dailyRate.toLocaleString('en-US'),
                value: (row) => row.dailyRate,
              },
              {
                label: 'Days left',
                csv: 'days_left',
                align: 'right',
                cell: (row) => row.daysLeft.toLocaleString('en-US'),
                value: (row) => row.daysLeft,
              },
            ]}
            rows={stock.data.rows}
            rowKey={(row) => row.productId}
            allRows={getAllStockCover}
            fileName={`analytics-stock-cover-${today}.csv`}
            empty="No product sold in the last 30 days."
            footer={
              stock.data.total > STOCK_PAGE ? (
                <div className="border-t border-slate-100 px-4 py-2">
                  <Pagination
                    page={stockPage}
                    pageCount={Math.ceil(stock.data.total / STOCK_PAGE)}
                    onPageChange={setStockPage}
                    label="Stock cover pages"
                  />
                </div>
              ) : null
            }
          />
        ) : stock.status === 'loading' ? (
          <Loading label="Loading the stock cover" />
        ) : null}
      </div>
    </div>
  );
}
