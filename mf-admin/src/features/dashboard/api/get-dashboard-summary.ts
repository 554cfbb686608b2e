import { getSupabase } from '@prepper/shared';
import { PERIOD_DAYS, type DashboardSummary } from '../lib/dashboard-stats';

/**
 * The five summary figures and the activity behind their change badges, aggregated in the database
 * (admin_dashboard_summary) so the browser never downloads every order.
 */
export async function getDashboardSummary(): Promise<DashboardSummary> {
  const { data: rows, error } = await getSupabase().rpc('admin_dashboard_summary', { p_days: PERIOD_DAYS });
  if (error) throw new Error(error.message);
  const data = Array.isArray(rows) ? rows[0] : rows;
  if (!data) throw new Error('The dashboard summary came back empty');
  return {
    productCount: Number(data.product_count),
    categoryCount: Number(data.category_count),
    orderCount: Number(data.order_count),
    customerCount: Number(data.customer_count),
    revenue: Number(data.revenue),
    products: { current: Number(data.products_current), previous: Number(data.products_previous) },
    categories: { current: Number(data.categories_current), previous: Number(data.categories_previous) },
    orders: { current: Number(data.orders_current), previous: Number(data.orders_previous) },
    customers: { current: Number(data.customers_current), previous: Number(data.customers_previous) },
    revenueByPeriod: { current: Number(data.revenue_current), previous: Number(data.revenue_previous) },
  };
}
