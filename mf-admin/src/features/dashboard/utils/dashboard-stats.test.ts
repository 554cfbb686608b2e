import {
  changePercent,
  computeDashboardStats,
  countCustomers,
  formatChange,
  monthLabel,
  orderStatusTone,
  shortOrderId,
  splitByPeriod,
  sumRevenue,
  type DashboardSource,
} from './dashboard-stats';

const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

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

describe('splitByPeriod', () => {
  it('puts rows of the last 30 days in current, the 30 before in previous, ignores older and future', () => {
    const rows = [1, 29, 31, 59, 61, -1].map((days) => ({ created_at: daysAgo(days), days }));
    const split = splitByPeriod(rows, NOW);
    expect(split.current.map((row) => row.days)).toEqual([1, 29]);
    expect(split.previous.map((row) => row.days)).toEqual([31, 59]);
  });
});

describe('customers and revenue', () => {
  it('counts distinct non-null user ids', () => {
    expect(countCustomers([{ user_id: 'a' }, { user_id: 'b' }, { user_id: 'a' }, { user_id: null }])).toBe(2);
    expect(countCustomers([])).toBe(0);
  });
  it('sums amounts without floating-point drift', () => {
    expect(sumRevenue([{ total_amount: 0.1 }, { total_amount: 0.2 }, { total_amount: 100.05 }])).toBe(100.35);
  });
});

describe('computeDashboardStats', () => {
  const source: DashboardSource = {
    productCount: 76,
    categoryCount: 7,
    orderCount: 5,
    orders: [
      { total_amount: 100, user_id: 'a', created_at: daysAgo(2) },
      { total_amount: 50, user_id: 'b', created_at: daysAgo(10) },
      { total_amount: 25, user_id: null, created_at: daysAgo(12) },
      { total_amount: 100, user_id: 'a', created_at: daysAgo(40) },
      { total_amount: 80, user_id: 'c', created_at: daysAgo(90) },
    ],
    recentProducts: [{ created_at: daysAgo(3) }, { created_at: daysAgo(33) }, { created_at: daysAgo(34) }],
    recentCategories: [],
  };
  const stats = computeDashboardStats(source, NOW);

  it('shows all-time totals', () => {
    expect(stats.products.value).toBe(76);
    expect(stats.categories.value).toBe(7);
    expect(stats.orders.value).toBe(5);
    expect(stats.customers.value).toBe(3);
    expect(stats.revenue.value).toBe(355);
  });

  it('computes each badge from the last 30 days against the 30 before', () => {
    expect(stats.orders.change).toBe(200); // 3 orders against 1
    expect(stats.revenue.change).toBe(75); // 175 against 100
    expect(stats.customers.change).toBe(100); // a, b against a
    expect(stats.products.change).toBe(-50); // 1 new product against 2
    expect(stats.categories.change).toBe(0);
  });
});

describe('recent orders', () => {
  it("shows '#' and the first 8 characters of the id", () => {
    expect(shortOrderId('3f2a9c1e-5b7d-4e2f-9a1b-2c3d4e5f6a7b')).toBe('#3f2a9c1e');
  });
  it('colours completed green, pending yellow, anything else grey', () => {
    expect(orderStatusTone('completed')).toBe('green');
    expect(orderStatusTone('pending')).toBe('yellow');
    expect(orderStatusTone('shipped')).toBe('grey');
    expect(orderStatusTone('cancelled')).toBe('grey');
  });
  it('labels sales months', () => {
    expect(monthLabel('2025-03-01')).toBe('Mar 2025');
  });
});
