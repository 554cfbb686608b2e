import { useDocumentTitle } from '@prepper/shared/ui';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components';
import { hasPermission, useCurrentAdmin } from '../../lib/current-admin';
import { dashboardQuery, useDashboard } from '../../features/dashboard/api/get-dashboard';
import { PendingReviews } from '../../features/dashboard/components/pending-reviews';
import { QuickActions } from '../../features/dashboard/components/quick-actions';
import { RecentOrders } from '../../features/dashboard/components/recent-orders';
import { PromotionSummary } from '../../features/promotions/components/promotion-summary';
import { StockAlerts } from '../../features/dashboard/components/stock-alerts';
import { SummaryCards } from '../../features/dashboard/components/summary-cards';
import { SupplyReminderCard } from '../../features/supply-reminders/components/supply-reminder-card';

const DashboardCharts = lazy(() => import('../../features/dashboard/components/dashboard-charts'));

function Skeleton({ className }: { className: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
}

function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Loading dashboard" className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-80" />
        <Skeleton className="h-80" />
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}

/** /admin and /admin/dashboard. */
export function DashboardPage() {
  useDocumentTitle('Dashboard · Admin');
  const state = useDashboard();
  const admin = useCurrentAdmin();
  const seesOrders = hasPermission(admin, 'orders');
  const moderatesReviews = hasPermission(admin, 'products');
  return (
    <div>
      <PageHeader title="Dashboard" subtitle="Your store at a glance." />
      {state.status === 'loading' && !state.data ? <DashboardSkeleton /> : null}
      {state.status === 'error' ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">The dashboard could not be loaded.</p>
          <p className="mt-1 text-sm text-red-700">
            {state.error instanceof Error ? state.error.message : String(state.error)}
          </p>
          <button
            type="button"
            onClick={() => dashboardQuery.invalidate()}
            className="mt-4 rounded-md bg-orange-600 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-700"
          >
            Retry
          </button>
        </div>
      ) : null}
      {state.status !== 'error' && state.data ? (
        <div className="space-y-6">
          {seesOrders ? null : (
            <p className="rounded-md border border-yellow-200 bg-yellow-50 px-4 py-2 text-sm text-yellow-800">
              Order, customer and revenue figures need the orders permission; without it they show no orders.
            </p>
          )}
          {moderatesReviews ? <PendingReviews /> : null}
          <SummaryCards stats={state.data.stats} />
          {moderatesReviews ? <StockAlerts /> : null}
          {seesOrders ? <SupplyReminderCard /> : null}
          <Suspense fallback={<Skeleton className="h-80" />}>
            <DashboardCharts sales={state.data.salesOverview} topProducts={state.data.topProducts} />
          </Suspense>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <RecentOrders orders={state.data.recentOrders} />
            </div>
            <QuickActions />
          </div>
          {seesOrders ? <PromotionSummary /> : null}
        </div>
      ) : null}
    </div>
  );
}
