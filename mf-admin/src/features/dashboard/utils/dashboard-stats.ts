/** The figures of the dashboard, computed from rows of the database (not the spec's fixed samples). */

/** Length of the period each change badge compares: the last 30 days against the 30 days before. */
export const PERIOD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PeriodBounds {
  /** Start of the current period (inclusive); it runs until now. */
  currentStart: Date;
  /** Start of the previous period (inclusive); it runs until currentStart (exclusive). */
  previousStart: Date;
}

export function periodBounds(now: Date, days = PERIOD_DAYS): PeriodBounds {
  return {
    currentStart: new Date(now.getTime() - days * DAY_MS),
    previousStart: new Date(now.getTime() - 2 * days * DAY_MS),
  };
}

export interface PeriodSplit<T> {
  current: T[];
  previous: T[];
}

/** Splits dated rows into the current and the previous period; older and future rows fall in neither. */
export function splitByPeriod<T extends { created_at: string }>(
  rows: T[],
  now: Date,
  days = PERIOD_DAYS,
): PeriodSplit<T> {
  const { currentStart, previousStart } = periodBounds(now, days);
  const split: PeriodSplit<T> = { current: [], previous: [] };
  for (const row of rows) {
    const time = new Date(row.created_at).getTime();
    if (Number.isNaN(time) || time > now.getTime()) continue;
    if (time >= currentStart.getTime()) split.current.push(row);
    else if (time >= previousStart.getTime()) split.previous.push(row);
  }
  return split;
}

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

export interface OrderRow {
  total_amount: number;
  user_id: string | null;
  created_at: string;
}

/** Customers = number of distinct, non-null user ids among the orders. */
export function countCustomers(orders: Pick<OrderRow, 'user_id'>[]): number {
  return new Set(orders.map((order) => order.user_id).filter((id): id is string => id !== null)).size;
}

export function sumRevenue(orders: Pick<OrderRow, 'total_amount'>[]): number {
  const cents = orders.reduce((total, order) => total + Math.round(Number(order.total_amount) * 100), 0);
  return cents / 100;
}

export type StatKey = 'products' | 'categories' | 'orders' | 'customers' | 'revenue';

export interface DashboardStat {
  value: number;
  /** Change against the previous period (see changePercent). */
  change: number | null;
}

export type DashboardStats = Record<StatKey, DashboardStat>;

export interface DashboardSource {
  productCount: number;
  categoryCount: number;
  /** Every order (count, revenue and customers are all-time). */
  orders: OrderRow[];
  /** Total orders as counted by the database (may exceed orders.length if rows were capped). */
  orderCount: number;
  /** created_at of products and categories added within the last two periods. */
  recentProducts: { created_at: string }[];
  recentCategories: { created_at: string }[];
}

/**
 * The five cards: all-time totals, each with the change of its activity in the last period against
 * the one before — new products, new categories, orders placed, distinct ordering customers, revenue.
 */
export function computeDashboardStats(source: DashboardSource, now: Date): DashboardStats {
  const orders = splitByPeriod(source.orders, now);
  const products = splitByPeriod(source.recentProducts, now);
  const categories = splitByPeriod(source.recentCategories, now);
  return {
    products: {
      value: source.productCount,
      change: changePercent(products.current.length, products.previous.length),
    },
    categories: {
      value: source.categoryCount,
      change: changePercent(categories.current.length, categories.previous.length),
    },
    orders: {
      value: source.orderCount,
      change: changePercent(orders.current.length, orders.previous.length),
    },
    customers: {
      value: countCustomers(source.orders),
      change: changePercent(countCustomers(orders.current), countCustomers(orders.previous)),
    },
    revenue: {
      value: sumRevenue(source.orders),
      change: changePercent(sumRevenue(orders.current), sumRevenue(orders.previous)),
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

/** Order id as the dashboard shows it: '#' and its first 8 characters. */
export function shortOrderId(id: string): string {
  return `#${id.slice(0, 8)}`;
}

/** Status badge colours of SPEC section 4: green completed, yellow pending, grey otherwise. */
export function orderStatusTone(status: string): 'green' | 'yellow' | 'grey' {
  if (status === 'completed') return 'green';
  if (status === 'pending') return 'yellow';
  return 'grey';
}
