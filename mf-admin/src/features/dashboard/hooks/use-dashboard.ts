import { useCallback, useEffect, useState } from 'react';
import { getDashboardSummary } from '../api/get-dashboard-summary';
import { getRecentOrders, type RecentOrder } from '../api/get-recent-orders';
import { getSalesOverview, type SalesMonth } from '../api/get-sales-overview';
import { getTopProducts, type TopProduct } from '../api/get-top-products';
import { computeDashboardStats, type DashboardStats } from '../lib/dashboard-stats';

export interface DashboardData {
  stats: DashboardStats;
  recentOrders: RecentOrder[];
  salesOverview: SalesMonth[];
  topProducts: TopProduct[];
}

export type DashboardState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: DashboardData };

/** Loads everything the dashboard shows at once; a failure anywhere is an error state, never a fake dashboard. */
export function useDashboard(): { state: DashboardState; retry: () => void } {
  const [state, setState] = useState<DashboardState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    Promise.all([getDashboardSummary(), getRecentOrders(), getSalesOverview(), getTopProducts()])
      .then(([summary, recentOrders, salesOverview, topProducts]) => {
        if (!active) return;
        setState({
          status: 'ready',
          data: { stats: computeDashboardStats(summary), recentOrders, salesOverview, topProducts },
        });
      })
      .catch((error: unknown) => {
        console.error('Dashboard load failed', error);
        if (active)
          setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry };
}
