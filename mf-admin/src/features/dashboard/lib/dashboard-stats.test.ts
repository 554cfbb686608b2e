import {
  badgeText,
  changePercent,
  computeDashboardStats,
  formatChange,
  monthLabel,
  type DashboardSummary,
} from './dashboard-stats';

describe('changePercent', () => {
  it('compares the current period with the previous one, rounded', () => {
    expect(changePercent(112, 100)).toBe(12);
    expect(changePercent(97, 100)).toBe(-3);
    expect(changePercent(2, 3)).toBe(-33);
    expect(changePercent(5, 5)).toBe(0);
  });
  it('has nothing to compare with when the previous period was empty', () => {
    expect(changePercent(4, 0)).toBeNull();
    expect(changePercent(0, 0)).toBe(0);
  });
  it('formats as a badge', () => {
    expect(formatChange(12)).toBe('+12%');
    expect(formatChange(-3)).toBe('-3%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(null)).toBe('New');
  });
});

describe('computeDashboardStats', () => {
  const summary: DashboardSummary = {
    productCount: 76,
    categoryCount: 7,
    orderCount: 5,
    customerCount: 3,
    revenue: 355,
    products: { current: 1, previous: 2 },
    categories: { current: 0, previous: 0 },
    orders: { current: 3, previous: 1 },
    customers: { current: 2, previous: 1 },
    revenueByPeriod: { current: 175, previous: 100 },
  };
  const stats = computeDashboardStats(summary);

  it('shows all-time totals', () => {
    expect(stats.products.value).toBe(76);
    expect(stats.categories.value).toBe(7);
    expect(stats.orders.value).toBe(5);
    expect(stats.customers.value).toBe(3);
    expect(stats.revenue.value).toBe(355);
  });

  it('computes each badge from the last period against the one before', () => {
    expect(stats.orders.change).toBe(200); // 3 orders against 1
    expect(stats.revenue.change).toBe(75); // 175 against 100
    expect(stats.customers.change).toBe(100); // 2 against 1
    expect(stats.products.change).toBe(-50); // 1 new product against 2
    expect(stats.categories.change).toBe(0);
  });

  it('says products and categories added, not a change of the total', () => {
    expect(badgeText('products', stats.products)).toBe('+1 added');
    expect(badgeText('categories', stats.categories)).toBe('+0 added');
    expect(badgeText('orders', stats.orders)).toBe('+200%');
  });
});

describe('recent orders', () => {
  it('labels sales months', () => {
    expect(monthLabel('2025-03-01')).toBe('Mar 2025');
  });
});
