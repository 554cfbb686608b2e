/** The figures of the dashboard, computed from rows of the database (not the spec's fixed samples). */

/** Length of the period each change badge compares: the last 30 days against the 30 days before. */
export const PERIOD_DAYS = 30;

/**
 * Percentage change from the previous period to the current one, rounded to a whole number;
 * null when there is nothing to compare with (previous 0, current not 0).
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}

/** '+12%', '-3%', '0%', or 'New' when the previous period had nothing. */
export function formatChange(change: number | null): string {
  if (change === null) return 'New';
  return `${change > 0 ? '+' : ''}${change}%`;
}

/** Activity in the last period and in the one before it. */
export interface PeriodFigures {
  current: number;
  previous: number;
}

/** What the database aggregates for the dashboard (admin_dashboard_summary). */
export interface DashboardSummary {
  productCount: number;
  categoryCount: number;
  orderCount: number;
  /** Distinct, non-null user ids among the orders. */
  customerCount: number;
  /** Sum of total_amount over all orders. */
  revenue: number;
  /** New products, new categories, orders placed, distinct ordering customers, revenue per period. */
  products: PeriodFigures;
  categories: PeriodFigures;
  orders: PeriodFigures;
  customers: PeriodFigures;
  revenueByPeriod: PeriodFigures;
}

export type StatKey = 'products' | 'categories' | 'orders' | 'customers' | 'revenue';

export interface DashboardStat {
  value: number;
  /** Change against the previous period (see changePercent). */
  change: number | null;
  /** The figure of the last period and of the one before (added, placed, ordering, earned). */
  period: PeriodFigures;
}

/**
 * What a card's badge says. Products and categories are totals that only grow by additions, so their
 * badge counts the ones added in the last period ('+3 added'); orders, customers and revenue compare
 * the last period's activity with the one before ('+12%').
 */
export function badgeText(key: StatKey, stat: DashboardStat): string {
  if (key === 'products' || key === 'categories')
    return `+${stat.period.current.toLocaleString('en-US')} added`;
  return formatChange(stat.change);
}

export type DashboardStats = Record<StatKey, DashboardStat>;

function change({ current, previous }: PeriodFigures): number | null {
  return changePercent(current, previous);
}

/**
 * The five cards: all-time totals, each with the change of its activity in the last period against
 * the one before — new products, new categories, orders placed, distinct ordering customers, revenue.
 */
export function computeDashboardStats(summary: DashboardSummary): DashboardStats {
  return {
    products: { value: summary.productCount, change: change(summary.products), period: summary.products },
    categories: {
      value: summary.categoryCount,
      change: change(summary.categories),
      period: summary.categories,
    },
    orders: { value: summary.orderCount, change: change(summary.orders), period: summary.orders },
    customers: { value: summary.customerCount, change: change(summary.customers), period: summary.customers },
    revenue: {
      value: summary.revenue,
      change: change(summary.revenueByPeriod),
      period: summary.revenueByPeriod,
    },
  };
}

/** '2025-03-01' -> 'Mar 2025' (the month of a sales overview row, read as a calendar date). */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Date(Date.UTC(year, monthNumber - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
