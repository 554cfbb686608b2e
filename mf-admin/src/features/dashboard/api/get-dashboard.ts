import { defineQuery } from '../../../lib/query';
import { computeDashboardStats, type DashboardStats } from '../lib/dashboard-stats';
import { getDashboardSummary } from './get-dashboard-summary';
import { getRecentOrders, type RecentOrder } from './get-recent-orders';
import { getSalesOverview, type SalesMonth } from './get-sales-overview';
import { getTopProducts, type TopProduct } from './get-top-products';

export interface DashboardData {
  stats: DashboardStats;
  recentOrders: RecentOrder[];
  salesOverview: SalesMonth[];
  topProducts: TopProduct[];
}

/** Everything the dashboard shows at once; a failure anywhere fails the whole (never a fake dashboard). */
export async function getDashboard(): Promise<DashboardData> {
  const [summary, recentOrders, salesOverview, topProducts] = await Promise.all([
    getDashboardSummary(),
    getRecentOrders(),
    getSalesOverview(),
    getTopProducts(),
  ]);
  return { stats: computeDashboardStats(summary), recentOrders, salesOverview, topProducts };
}

/** The dashboard: key ['dashboard', []]; Retry invalidates it. */
export const dashboardQuery = defineQuery('dashboard', getDashboard);
export const useDashboard = () => dashboardQuery.use([]);
