import { getSupabase } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';
import type { Bucket } from '../lib/date-range';

/** One period's figures (admin_analytics_summary). */
export interface PeriodSummary {
  from: string;
  to: string;
  revenue: number;
  orders: number;
  averageOrderValue: number;
  units: number;
  ordersPlaced: number;
  customers: number;
  newCustomers: number;
  returningCustomers: number;
  cancelledOrders: number;
  cancelledValue: number;
  returnedOrders: number;
  returnedValue: number;
  refundedOrders: number;
  refundedValue: number;
}

export interface AnalyticsSummary {
  current: PeriodSummary;
  previous: PeriodSummary;
}

function fail(error: { message: string } | null): void {
  if (error) throw new Error(error.message);
}

/** The period's figures and the previous period's (analytics permission). */
export async function getAnalyticsSummary(from: string, to: string): Promise<AnalyticsSummary> {
  const { data, error } = await getSupabase().rpc('admin_analytics_summary', { p_from: from, p_to: to });
  fail(error);
  const rows = (data ?? []).map((row) => ({
    period: row.period,
    figures: {
      from: row.period_from,
      to: row.period_to,
      revenue: Number(row.revenue),
      orders: Number(row.orders),
      averageOrderValue: Number(row.average_order_value),
      units: Number(row.units),
      ordersPlaced: Number(row.orders_placed),
      customers: Number(row.customers),
      newCustomers: Number(row.new_customers),
      returningCustomers: Number(row.returning_customers),
      cancelledOrders: Number(row.cancelled_orders),
      cancelledValue: Number(row.cancelled_value),
      returnedOrders: Number(row.returned_orders),
      returnedValue: Number(row.returned_value),
      refundedOrders: Number(row.refunded_orders),
      refundedValue: Number(row.refunded_value),
    },
  }));
  const current = rows.find((row) => row.period === 'current')?.figures;
  const previous = rows.find((row) => row.period === 'previous')?.figures;
  if (!current || !previous) throw new Error('The analytics figures are incomplete.');
  return { current, previous };
}

export const analyticsSummaryQuery = defineQuery('analytics-summary', getAnalyticsSummary);

export interface SeriesPoint {
  bucketStart: string;
  revenue: number;
  orders: number;
  units: number;
  /** Revenue / orders of the bucket, 0 without orders. */
  averageOrderValue: number;
}

export interface AnalyticsSeries {
  current: SeriesPoint[];
  previous: SeriesPoint[];
}

/** Revenue, orders and units per day, week or month of both periods. */
export async function getAnalyticsSeries(from: string, to: string, bucket: Bucket): Promise<AnalyticsSeries> {
  const { data, error } = await getSupabase().rpc('admin_analytics_series', {
    p_from: from,
    p_to: to,
    p_bucket: bucket,
  });
  fail(error);
  const series: AnalyticsSeries = { current: [], previous: [] };
  for (const row of data ?? []) {
    const revenue = Number(row.revenue);
    const orders = Number(row.orders);
    const point: SeriesPoint = {
      bucketStart: row.bucket_start,
      revenue,
      orders,
      units: Number(row.units),
      averageOrderValue: orders > 0 ? Math.round((revenue / orders) * 100) / 100 : 0,
    };
    (row.period === 'previous' ? series.previous : series.current).push(point);
  }
  return series;
}

export const analyticsSeriesQuery = defineQuery('analytics-series', getAnalyticsSeries);

export interface CategoryFigures {
  /** null: the lines of products since deleted. */
  categoryId: string | null;
  name: string | null;
  units: number;
  revenue: number;
  previousUnits: number;
  previousRevenue: number;
}

export async function getAnalyticsCategories(from: string, to: string): Promise<CategoryFigures[]> {
  const { data, error } = await getSupabase().rpc('admin_analytics_categories', { p_from: from, p_to: to });
  fail(error);
  return (data ?? []).map((row) => ({
    categoryId: row.category_id,
    name: row.category_name,
    units: Number(row.units),
    revenue: Number(row.revenue),
    previousUnits: Number(row.previous_units),
    previousRevenue: Number(row.previous_revenue),
  }));
}

export const analyticsCategoriesQuery = defineQuery('analytics-categories', getAnalyticsCategories);

export interface ProductFigures {
  productId: string | null;
  name: string;
  units: number;
  revenue: number;
}

export const TOP_PRODUCTS = 10;

export async function getAnalyticsTopProducts(
  from: string,
  to: string,
  by: 'revenue' | 'units',
): Promise<ProductFigures[]> {
  const { data, error } = await getSupabase().rpc('admin_analytics_top_products', {
    p_from: from,
    p_to: to,
    p_by: by,
    p_limit: TOP_PRODUCTS,
  });
  fail(error);
  return (data ?? []).map((row) => ({
    productId: row.product_id,
    name: row.product_name,
    units: Number(row.units),
    revenue: Number(row.revenue),
  }));
}

export const analyticsTopProductsQuery = defineQuery('analytics-top-products', getAnalyticsTopProducts);

export interface DiscountFigures {
  /** null: a code deleted since (its orders keep its name). */
  promotionId: string | null;
  code: string;
  orders: number;
  discount: number;
  revenue: number;
  previousOrders: number;
  previousDiscount: number;
}

/** Each discount code's use by sales in the period and the one before, most used first. */
export async function getAnalyticsDiscounts(from: string, to: string): Promise<DiscountFigures[]> {
  const { data, error } = await getSupabase().rpc('admin_analytics_discounts', { p_from: from, p_to: to });
  fail(error);
  return (data ?? []).map((row) => ({
    promotionId: row.promotion_id,
    code: row.code,
    orders: Number(row.orders),
    discount: Number(row.discount),
    revenue: Number(row.revenue),
    previousOrders: Number(row.previous_orders),
    previousDiscount: Number(row.previous_discount),
  }));
}

export const analyticsDiscountsQuery = defineQuery('analytics-discounts', getAnalyticsDiscounts);

export interface StockCover {
  productId: string;
  name: string;
  stock: number;
  unitsLast30Days: number;
  dailyRate: number;
  daysLeft: number;
}

export interface StockCoverPage {
  rows: StockCover[];
  total: number;
}

/** Products that sold in the last 30 days, fewest days of stock left first, a page at a time. */
export async function getStockCover(limit: number, offset: number): Promise<StockCoverPage> {
  const { data, error } = await getSupabase().rpc('admin_analytics_stock_cover', {
    p_limit: limit,
    p_offset: offset,
  });
  fail(error);
  const rows = data ?? [];
  return {
    rows: rows.map((row) => ({
      productId: row.product_id,
      name: row.product_name,
      stock: Number(row.stock_count),
      unitsLast30Days: Number(row.units_30_days),
      dailyRate: Number(row.daily_rate),
      daysLeft: Number(row.days_left),
    })),
    total: Number(rows[0]?.total_count ?? 0),
  };
}

export const stockCoverQuery = defineQuery('analytics-stock-cover', getStockCover);

/** Every row of the stock cover, a thousand at a time (for the CSV). */
export async function getAllStockCover(): Promise<StockCover[]> {
  const all: StockCover[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await getStockCover(1000, offset);
    all.push(...page.rows);
    if (page.rows.length < 1000 || all.length >= page.total) return all;
  }
}
