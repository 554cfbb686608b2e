// The analytics (/admin/analytics, issue 30) on a known data set: orders of March 2001 (the current
// period) and of the 31 days before it, of every status, cancelled, returned, refunded and refund-due ones
// among them, by a returning, two new and one guest customer, in two categories of the test's own. Every
// figure of admin_analytics_summary, _series, _categories, _top_products and _discounts (orders of its
// own, June 1999, some with discount codes) is checked against numbers
// worked out by hand; then a product changes category and another is deleted, and the category rollup
// still equals the figures aggregated afresh from the order lines. Stock cover on recent sales. Only the
// analytics permission reads them; a bad period is refused. Runs on PGlite and, with
// STACK_TEST_ENGINE=postgres, on PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { signInAll } from './fixtures.ts';

let stack: TestStack;
let clients: Awaited<ReturnType<typeof signInAll>>;
let admin: SupabaseClient;

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

const ids: Record<string, string> = {};

async function category(key: string): Promise<void> {
  const [row] = await owner<{ id: string }>(
    `insert into public.categories (name, slug) values ($1, $2) returning id`,
    [`Analytics ${key}`, `analytics-${key.toLowerCase()}`],
  );
  ids[key] = row!.id;
}

async function product(key: string, categoryKey: string, price: number, stock = 100): Promise<void> {
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for analytics.test.ts', $2, $3, 'x.svg', $4, $4 > 0) returning id`,
    [`Analytics ${key}`, price, ids[categoryKey], stock],
  );
  ids[key] = row!.id;
}

async function customer(key: string): Promise<void> {
  const [row] = await owner<{ id: string }>(
    `insert into auth.users (id, email, aud, role) values (gen_random_uuid(), $1, 'authenticated', 'authenticated')
     returning id`,
    [`analytics.${key.toLowerCase()}@example.com`],
  );
  ids[key] = row!.id;
}

const PRICES: Record<string, number> = { P1: 10, P2: 25, P3: 4, P4: 2, P5: 7 };

/** An order written as the owner at a fixed moment, with its status, payment and lines. */
async function order(
  customerKey: string | null,
  at: string,
  status: string,
  payment: string,
  lines: [string, number][],
): Promise<string> {
  const subtotal = lines.reduce((sum, [key, quantity]) => sum + PRICES[key]! * quantity, 0);
  const [row] = await owner<{ id: string }>(
    `insert into public.orders (user_id, status, payment_status, subtotal, total_amount, created_at)
     values ($1, $2, $3, $4, $4, $5::timestamptz) returning id`,
    [customerKey ? ids[customerKey] : null, status, payment, subtotal, at],
  );
  await owner(
    `insert into public.order_items (order_id, product_id, product_name, unit_price, quantity)
     select $1, p.id, p.name, p.price, l.quantity
     from jsonb_to_recordset($2::jsonb) as l (product_id uuid, quantity integer)
     join public.products p on p.id = l.product_id`,
    [row!.id, JSON.stringify(lines.map(([key, quantity]) => ({ product_id: ids[key], quantity })))],
  );
  return row!.id;
}

const MARCH = { p_from: '2001-03-01', p_to: '2001-03-31' };

beforeAll(async () => {
  stack = await startTestStack();
  clients = await signInAll(stack);
  admin = clients.superAdmin;
  await category('X');
  await category('Y');
  await product('P1', 'X', 10);
  await product('P2', 'Y', 25);
  await product('P3', 'X', 4);
  for (const key of ['A', 'B', 'C', 'D', 'E']) await customer(key);
  // The previous period (2001-01-29 .. 2001-02-28): A's first order, a guest's.
  await order('A', '2001-02-10T12:00:00Z', 'completed', 'paid', [['P1', 3]]);
  await order(null, '2001-02-28T23:59:00Z', 'pending', 'awaiting_payment', [['P3', 1]]);
  // March 2001.
  await order('A', '2001-03-02T10:00:00Z', 'completed', 'paid', [
    ['P1', 2],
    ['P2', 1],
  ]);
  await order('B', '2001-03-05T08:00:00Z', 'pending', 'awaiting_payment', [['P3', 5]]);
  await order('B', '2001-03-20T08:00:00Z', 'cancelled', 'awaiting_payment', [['P2', 2]]);
  await order('C', '2001-03-09T08:00:00Z', 'returned', 'refund_pending', [['P1', 1]]);
  await order('C', '2001-03-15T08:00:00Z', 'completed', 'refunded', [['P3', 1]]);
  await order('A', '2001-03-31T23:30:00Z', 'processing', 'paid', [['P2', 4]]);
  // Outside both periods.
  await order('D', '2001-04-01T00:00:00Z', 'completed', 'paid', [['P1', 1]]);
  await order('D', '2001-01-28T23:59:59Z', 'completed', 'paid', [['P2', 1]]);
});

afterAll(async () => {
  await stack?.stop();
});

interface SummaryRow {
  period: string;
  period_from: string;
  period_to: string;
  revenue: number;
  orders: number;
  average_order_value: number;
  units: number;
  orders_placed: number;
  customers: number;
  new_customers: number;
  returning_customers: number;
  cancelled_orders: number;
  cancelled_value: number;
  returned_orders: number;
  returned_value: number;
  refunded_orders: number;
  refunded_value: number;
}

describe('admin_analytics_summary', () => {
  it('counts only sales (paid or still payable) as revenue, and the rest as cancellations, returns and refunds', async () => {
    const { data, error } = await admin.rpc('admin_analytics_summary', MARCH);
    expect(error).toBeNull();
    const rows = (data as SummaryRow[]).map((row) => ({
      ...row,
      revenue: Number(row.revenue),
      average_order_value: Number(row.average_order_value),
      cancelled_value: Number(row.cancelled_value),
      returned_value: Number(row.returned_value),
      refunded_value: Number(row.refunded_value),
    }));
    expect(rows).toEqual([
      {
        period: 'current',
        period_from: '2001-03-01',
        period_to: '2001-03-31',
        revenue: 165,
        orders: 3,
        average_order_value: 55,
        units: 12,
        orders_placed: 6,
        customers: 3,
        new_customers: 2,
        returning_customers: 1,
        cancelled_orders: 1,
        cancelled_value: 50,
        returned_orders: 1,
        returned_value: 10,
        refunded_orders: 2,
        refunded_value: 14,
      },
      {
        period: 'previous',
        period_from: '2001-01-29',
        period_to: '2001-02-28',
        revenue: 34,
        orders: 2,
        average_order_value: 17,
        units: 4,
        orders_placed: 2,
        customers: 1,
        new_customers: 1,
        returning_customers: 0,
        cancelled_orders: 0,
        cancelled_value: 0,
        returned_orders: 0,
        returned_value: 0,
        refunded_orders: 0,
        refunded_value: 0,
      },
    ]);
  });

  it('follows an order that is cancelled later: out of revenue and units, into cancellations', async () => {
    const late = await order('E', '2001-03-10T09:00:00Z', 'pending', 'awaiting_payment', [['P2', 2]]);
    const before = ((await admin.rpc('admin_analytics_summary', MARCH)).data as SummaryRow[])[0]!;
    expect(Number(before.revenue)).toBe(215);
    expect(before.units).toBe(14);
    expect(before.new_customers).toBe(3); // E's first order
    await owner(`update public.orders set status = 'cancelled' where id = $1`, [late]);
    const after = ((await admin.rpc('admin_analytics_summary', MARCH)).data as SummaryRow[])[0]!;
    expect(Number(after.revenue)).toBe(165);
    expect(after.units).toBe(12);
    expect(after.cancelled_orders).toBe(2);
    expect(Number(after.cancelled_value)).toBe(100);
    await owner(`delete from public.orders where id = $1`, [late]);
    const gone = ((await admin.rpc('admin_analytics_summary', MARCH)).data as SummaryRow[])[0]!;
    expect(gone.new_customers).toBe(2); // E has no order left
    expect(gone.cancelled_orders).toBe(1);
  });
});

describe('admin_analytics_series', () => {
  const series = async (bucket: string) => {
    const { data, error } = await admin.rpc('admin_analytics_series', { ...MARCH, p_bucket: bucket });
    expect(error).toBeNull();
    return (
      data as { period: string; bucket_start: string; revenue: number; orders: number; units: number }[]
    ).map((row) => ({ ...row, revenue: Number(row.revenue) }));
  };

  it('by day: every day of both periods, sales only', async () => {
    const rows = await series('day');
    expect(rows.filter((row) => row.period === 'current')).toHaveLength(31);
    expect(rows.filter((row) => row.period === 'previous')).toHaveLength(31);
    const nonZero = rows.filter((row) => row.revenue !== 0 || row.orders !== 0 || row.units !== 0);
    expect(nonZero).toEqual([
      { period: 'current', bucket_start: '2001-03-02', revenue: 45, orders: 1, units: 3 },
      { period: 'current', bucket_start: '2001-03-05', revenue: 20, orders: 1, units: 5 },
      { period: 'current', bucket_start: '2001-03-31', revenue: 100, orders: 1, units: 4 },
      { period: 'previous', bucket_start: '2001-02-10', revenue: 30, orders: 1, units: 3 },
      { period: 'previous', bucket_start: '2001-02-28', revenue: 4, orders: 1, units: 1 },
    ]);
  });

  it('by week (from Monday, the first cut at the period start) and by month', async () => {
    const weeks = (await series('week')).filter((row) => row.period === 'current');
    expect(weeks).toEqual([
      { period: 'current', bucket_start: '2001-03-01', revenue: 45, orders: 1, units: 3 },
      { period: 'current', bucket_start: '2001-03-05', revenue: 20, orders: 1, units: 5 },
      { period: 'current', bucket_start: '2001-03-12', revenue: 0, orders: 0, units: 0 },
      { period: 'current', bucket_start: '2001-03-19', revenue: 0, orders: 0, units: 0 },
      { period: 'current', bucket_start: '2001-03-26', revenue: 100, orders: 1, units: 4 },
    ]);
    expect(await series('month')).toEqual([
      { period: 'current', bucket_start: '2001-03-01', revenue: 165, orders: 3, units: 12 },
      { period: 'previous', bucket_start: '2001-01-29', revenue: 0, orders: 0, units: 0 },
      { period: 'previous', bucket_start: '2001-02-01', revenue: 34, orders: 2, units: 4 },
    ]);
  });
});

type CategoryRow = {
  category_id: string | null;
  category_name: string | null;
  units: number;
  revenue: number;
  previous_units: number;
  previous_revenue: number;
};

async function ourCategories(): Promise<CategoryRow[]> {
  const { data, error } = await admin.rpc('admin_analytics_categories', MARCH);
  expect(error).toBeNull();
  return (data as CategoryRow[])
    .filter((row) => row.category_id === null || row.category_id === ids.X || row.category_id === ids.Y)
    .map((row) => ({ ...row, revenue: Number(row.revenue), previous_revenue: Number(row.previous_revenue) }));
}

type TopRow = { product_id: string | null; product_name: string; units: number; revenue: number };

async function top(by: string, range = MARCH): Promise<[string, number, number][]> {
  const { data, error } = await admin.rpc('admin_analytics_top_products', {
    ...range,
    p_by: by,
    p_limit: 10,
  });
  expect(error).toBeNull();
  return (data as TopRow[]).map((row) => [row.product_name, row.units, Number(row.revenue)]);
}

/** Rows of analytics_category_days that differ from the figures aggregated afresh (none when in step). */
async function categoryDrift(): Promise<number> {
  const [row] = await owner<{ n: number }>(`
    with fresh as (
      select (o.created_at at time zone 'UTC')::date as day,
        coalesce(p.category_id, '00000000-0000-0000-0000-000000000000'::uuid) as category_id,
        sum(i.quantity)::bigint as units, sum(i.unit_price * i.quantity) as revenue
      from public.order_items i
      join public.orders o on o.id = i.order_id
      left join public.products p on p.id = i.product_id
      where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
      group by 1, 2
    ),
    kept as (
      select day, category_id, units, revenue from public.analytics_category_days
      where units <> 0 or revenue <> 0
    )
    select count(*)::int as n from (
      (select * from fresh except select * from kept) union all (select * from kept except select * from fresh)
    ) d`);
  return row!.n;
}

describe('admin_analytics_categories and admin_analytics_top_products', () => {
  it('adds up units and revenue of sales per category, both periods', async () => {
    expect(await ourCategories()).toEqual([
      {
        category_id: ids.Y,
        category_name: 'Analytics Y',
        units: 5,
        revenue: 125,
        previous_units: 0,
        previous_revenue: 0,
      },
      {
        category_id: ids.X,
        category_name: 'Analytics X',
        units: 7,
        revenue: 40,
        previous_units: 4,
        previous_revenue: 34,
      },
    ]);
  });

  it('ranks products by revenue and by units (ties by the other figure), a short and a long period', async () => {
    expect(await top('revenue')).toEqual([
      ['Analytics P2', 5, 125],
      ['Analytics P3', 5, 20],
      ['Analytics P1', 2, 20],
    ]);
    expect(await top('units')).toEqual([
      ['Analytics P2', 5, 125],
      ['Analytics P3', 5, 20],
      ['Analytics P1', 2, 20],
    ]);
    // 90 days: the months' way (January to March 2001; D's January order included).
    const quarter = { p_from: '2001-01-01', p_to: '2001-03-31' };
    expect(await top('revenue', quarter)).toEqual([
      ['Analytics P2', 6, 150],
      ['Analytics P1', 5, 50],
      ['Analytics P3', 6, 24],
    ]);
    expect(await top('units', quarter)).toEqual([
      ['Analytics P2', 6, 150],
      ['Analytics P3', 6, 24],
      ['Analytics P1', 5, 50],
    ]);
  });

  it('lists the same top products as the order lines, for periods of any length and end', async () => {
    // Up to a week the day rows are added up; beyond, only the products that can reach the list (each
    // month's and, up to 31 days, each day's leaders set the threshold): both must give the order lines'
    // own ranking, also for periods cut by a month's end and for a list of one.
    const direct = async (from: string, to: string, by: string, limit: number) =>
      (
        await owner<{ product_name: string; units: number; revenue: string }>(
          `select min(coalesce(p.name, i.product_name)) as product_name, sum(i.quantity)::int as units,
             sum(i.unit_price * i.quantity)::text as revenue
           from public.orders o
           join public.order_items i on i.order_id = o.id
           left join public.products p on p.id = i.product_id
           where public.order_sale_status(o.status, o.payment_status) <> 'cancelled'
             and o.created_at >= ($1::date::timestamp at time zone 'UTC')
             and o.created_at < (($2::date + 1)::timestamp at time zone 'UTC')
           group by coalesce(i.product_id::text, 'name:' || i.product_name)
           having sum(i.quantity) > 0
           order by case when $3 = 'units' then sum(i.quantity)::numeric else sum(i.unit_price * i.quantity) end desc,
             case when $3 = 'units' then sum(i.unit_price * i.quantity) else sum(i.quantity)::numeric end desc,
             coalesce(i.product_id::text, 'name:' || i.product_name)
           limit $4`,
          [from, to, by, limit],
        )
      ).map((row): [string, number, number] => [row.product_name, row.units, Number(row.revenue)]);
    const day = (iso: string, back: number) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    let compared = 0;
    for (const end of ['2001-03-05', '2001-03-31', '2001-04-01', today]) {
      for (const days of [1, 6, 7, 9, 17, 31, 32, 45]) {
        for (const by of ['revenue', 'units']) {
          for (const limit of [1, 2, 10]) {
            const range = { p_from: day(end, days - 1), p_to: end };
            const { data, error } = await admin.rpc('admin_analytics_top_products', {
              ...range,
              p_by: by,
              p_limit: limit,
            });
            expect(error).toBeNull();
            const rows = (data as TopRow[]).map((row) => [row.product_name, row.units, Number(row.revenue)]);
            const label = `${by}, top ${limit}, ${range.p_from}..${range.p_to}`;
            expect(rows, label).toEqual(await direct(range.p_from, range.p_to, by, limit));
            compared += rows.length;
          }
        }
      }
    }
    // Not a comparison of empty lists.
    expect(compared).toBeGreaterThan(100);
  });

  it('moves a product’s figures with its category, and a deleted product’s to its own row', async () => {
    await owner(`update public.products set category_id = $1 where id = $2`, [ids.Y, ids.P3]);
    expect(await categoryDrift()).toBe(0);
    const moved = await ourCategories();
    expect(moved.map((row) => [row.category_name, row.units, row.revenue])).toEqual([
      ['Analytics Y', 10, 145],
      ['Analytics X', 2, 20],
    ]);
    await owner(`delete from public.products where id = $1`, [ids.P1]);
    expect(await categoryDrift()).toBe(0);
    const deleted = await ourCategories();
    expect(deleted.map((row) => [row.category_name, row.units, row.revenue, row.previous_units])).toEqual([
      ['Analytics Y', 10, 145, 1],
      [null, 2, 20, 3],
      ['Analytics X', 0, 0, 0],
    ]);
    // The deleted product still ranks, by the name on its lines and with no id.
    const { data } = await admin.rpc('admin_analytics_top_products', { ...MARCH, p_by: 'units', p_limit: 3 });
    const last = (data as TopRow[])[2]!;
    expect(last).toMatchObject({ product_id: null, product_name: 'Analytics P1', units: 2 });
  });

  it('moves the figures of every product one statement moves, also two going opposite ways; a price edit moves none', async () => {
    const days = async () =>
      (
        await owner<{ h: string }>(
          `select md5(coalesce(string_agg(t::text, ',' order by t.day, t.category_id), '')) as h
           from public.analytics_category_days t`,
        )
      )[0]!.h;
    // P2 and P3 are in Y: P2 goes to X, then both swap in one statement (P2 to Y, P3 to X).
    await owner(`update public.products set category_id = $1 where id = $2`, [ids.X, ids.P2]);
    expect(await categoryDrift()).toBe(0);
    await owner(
      `update public.products set category_id = case when id = $1 then $3::uuid else $4::uuid end
       where id in ($1, $2)`,
      [ids.P2, ids.P3, ids.Y, ids.X],
    );
    expect(await categoryDrift()).toBe(0);
    // March: P2 sold 5 for 125, P3 5 for 20 (the 10 for 145 of Y above).
    const swapped = new Map(
      (await ourCategories()).map((row) => [row.category_name, [row.units, row.revenue]]),
    );
    expect(swapped).toEqual(
      new Map([
        ['Analytics Y', [5, 125]],
        ['Analytics X', [5, 20]],
        [null, [2, 20]],
      ]),
    );
    // The bulk edit moves both back to Y in one call; a price edit of both writes no figures at all.
    const moved = await admin.rpc('admin_products_set_category', {
      p_ids: [ids.P2, ids.P3],
      p_category_id: ids.Y,
    });
    expect(moved.data).toBe(1);
    expect(await categoryDrift()).toBe(0);
    const before = await days();
    const priced = await admin.rpc('admin_products_adjust_price', { p_ids: [ids.P2, ids.P3], p_amount: 1 });
    expect(priced.error).toBeNull();
    expect(await days()).toBe(before);
    expect(await categoryDrift()).toBe(0);
    await admin.rpc('admin_products_adjust_price', { p_ids: [ids.P2, ids.P3], p_amount: -1 });
  });
});

describe('admin_analytics_stock_cover', () => {
  it('lists products that sold in the last 30 days by days of stock left, fewest first', async () => {
    await product('P4', 'X', 2, 9);
    await product('P5', 'X', 7, 0);
    const recent = new Date(Date.now() - 3_600_000).toISOString();
    await order('A', recent, 'pending', 'awaiting_payment', [
      ['P4', 3],
      ['P5', 1],
    ]);
    const { data, error } = await admin.rpc('admin_analytics_stock_cover', { p_limit: 1000, p_offset: 0 });
    expect(error).toBeNull();
    const rows = (
      data as {
        product_id: string;
        stock_count: number;
        units_30_days: number;
        daily_rate: number;
        days_left: number;
        total_count: number;
      }[]
    ).map((row) => ({ ...row, daily_rate: Number(row.daily_rate), days_left: Number(row.days_left) }));
    expect(rows.find((row) => row.product_id === ids.P4)).toMatchObject({
      stock_count: 9,
      units_30_days: 3,
      daily_rate: 0.1,
      days_left: 90,
    });
    expect(rows.find((row) => row.product_id === ids.P5)).toMatchObject({ stock_count: 0, days_left: 0 });
    for (let i = 1; i < rows.length; i += 1)
      expect(rows[i]!.days_left).toBeGreaterThanOrEqual(rows[i - 1]!.days_left);
    expect(rows[0]!.total_count).toBe(rows.length);
    // A page of it.
    const page = await admin.rpc('admin_analytics_stock_cover', { p_limit: 1, p_offset: 1 });
    expect((page.data as { product_id: string }[]).map((row) => row.product_id)).toEqual([
      rows[1]!.product_id,
    ]);
  });

  it('gives every page as the whole list sorted afresh from the order lines and the stock', async () => {
    // Stock from none to plenty, two products selling 60 (the best sellers bound the days left of the
    // products not yet read by stock: later pages read more of them), ties on days left and units.
    const made: [string, number, number][] = [
      ['S0', 0, 2],
      ['S1', 1, 60],
      ['S2', 2, 1],
      ['S3', 3, 3],
      ['S5', 5, 1],
      ['S8', 8, 8],
      ['S13', 13, 2],
      ['S40', 40, 4],
      ['S40b', 40, 4],
      ['S100', 100, 1],
      ['S250', 250, 25],
      ['S1000', 1000, 3],
      // Fast sellers with more stock than slow ones with little: S45 (22.5 days) comes before S3 and S8
      // (30 days) though 45 in stock is read late.
      ['S45', 45, 60],
      ['S120', 120, 50],
      ['S9', 9, 1],
      ['S20', 20, 1],
    ];
    for (const [key, stock] of made) {
      PRICES[key] = 3;
      await product(key, 'Y', 3, stock);
    }
    await order(
      'E',
      new Date(Date.now() - 2 * 86_400_000).toISOString(),
      'processing',
      'paid',
      made.map(([key, , units]) => [key, units]),
    );
    const sorted = await owner<{ product_id: string; days_left: string; total_count: number }>(
      `with sold as (
         select i.product_id, sum(i.quantity)::bigint as units
         from public.orders o join public.order_items i on i.order_id = o.id
         where public.order_sale_status(o.status, o.payment_status) <> 'cancelled' and i.product_id is not null
           and o.created_at >= (((now() at time zone 'UTC')::date - 29)::timestamp at time zone 'UTC')
         group by 1 having sum(i.quantity) > 0
       )
       select p.id as product_id, round(p.stock_count / (s.units / 30.0), 1)::text as days_left,
         (count(*) over ())::int as total_count
       from sold s join public.products p on p.id = s.product_id
       order by round(p.stock_count / (s.units / 30.0), 1), s.units desc, p.id`,
    );
    expect(sorted.length).toBeGreaterThanOrEqual(made.length);
    const ours = sorted.filter((row) => made.some(([key]) => ids[key] === row.product_id));
    expect(ours.length).toBe(made.length);
    for (const limit of [1, 3, 5]) {
      for (let offset = 0; offset <= sorted.length; offset += limit) {
        const { data, error } = await admin.rpc('admin_analytics_stock_cover', {
          p_limit: limit,
          p_offset: offset,
        });
        expect(error).toBeNull();
        const got = data as { product_id: string; days_left: number; total_count: number }[];
        const want = sorted.slice(offset, offset + limit);
        expect(
          got.map((row) => [row.product_id, Number(row.days_left)]),
          `${limit} from ${offset}`,
        ).toEqual(want.map((row) => [row.product_id, Number(row.days_left)]));
        for (const row of got) expect(Number(row.total_count)).toBe(sorted.length);
      }
    }
  });
});

describe('admin_analytics_discounts', () => {
  it('counts each code on sales only, both periods, and keeps a deleted code under its name', async () => {
    const codes: Record<string, string> = {};
    for (const code of ['SAVE10', 'GONE5']) {
      const [row] = await owner<{ id: string }>(
        `insert into public.promotions (code, kind, value) values ($1, 'percent', 10) returning id`,
        [code],
      );
      codes[code] = row!.id;
    }
    const discounted = (
      code: string | null,
      at: string,
      status: string,
      payment: string,
      subtotal: number,
      discount: number,
    ) =>
      owner(
        `insert into public.orders (user_id, status, payment_status, subtotal, discount_amount, total_amount,
           promotion_id, discount_code, created_at)
         values ($1, $2, $3, $4::numeric, $5::numeric, $4::numeric - $5::numeric, $6, $7, $8::timestamptz)`,
        [ids.A, status, payment, subtotal, discount, code ? codes[code] : null, code, at],
      );
    // June 1999 against May 2 .. May 31, 1999.
    await discounted('SAVE10', '1999-06-03T10:00:00Z', 'completed', 'paid', 100, 10);
    await discounted('SAVE10', '1999-06-30T23:00:00Z', 'pending', 'awaiting_payment', 50, 5);
    await discounted('SAVE10', '1999-06-10T10:00:00Z', 'cancelled', 'awaiting_payment', 40, 4);
    await discounted('SAVE10', '1999-06-12T10:00:00Z', 'completed', 'refunded', 40, 4);
    await discounted('SAVE10', '1999-05-20T10:00:00Z', 'completed', 'paid', 30, 3);
    await discounted('SAVE10', '1999-05-01T10:00:00Z', 'completed', 'paid', 30, 3);
    await discounted('GONE5', '1999-06-15T10:00:00Z', 'shipped', 'paid', 20, 5);
    await discounted(null, '1999-06-15T10:00:00Z', 'completed', 'paid', 70, 0);
    await owner(`delete from public.promotions where id = $1`, [codes.GONE5]);

    const { data, error } = await admin.rpc('admin_analytics_discounts', {
      p_from: '1999-06-01',
      p_to: '1999-06-30',
    });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        promotion_id: codes.SAVE10,
        code: 'SAVE10',
        orders: 2,
        discount: 15,
        revenue: 135,
        previous_orders: 1,
        previous_discount: 3,
      },
      {
        promotion_id: null,
        code: 'GONE5',
        orders: 1,
        discount: 5,
        revenue: 15,
        previous_orders: 0,
        previous_discount: 0,
      },
    ]);
    const none = await admin.rpc('admin_analytics_discounts', MARCH);
    expect(none.data).toEqual([]);
  });
});

describe('who may read them', () => {
  it('only the analytics permission (a super administrator here), never a customer or the orders permission alone', async () => {
    for (const client of [clients.customer, clients.ordersAdmin, clients.inactiveAdmin, stack.anonClient()]) {
      const calls = [
        client.rpc('admin_analytics_summary', MARCH),
        client.rpc('admin_analytics_series', { ...MARCH, p_bucket: 'day' }),
        client.rpc('admin_analytics_categories', MARCH),
        client.rpc('admin_analytics_top_products', { ...MARCH, p_by: 'revenue' }),
        client.rpc('admin_analytics_stock_cover', {}),
        client.rpc('admin_analytics_discounts', MARCH),
      ];
      for (const call of calls) expect((await call).error?.code).toBe('42501');
    }
  });

  it('refuses a period that ends before it starts or is too long, and an unknown bucket or measure', async () => {
    const bad = [
      admin.rpc('admin_analytics_summary', { p_from: '2001-03-02', p_to: '2001-03-01' }),
      admin.rpc('admin_analytics_summary', { p_from: '1990-01-01', p_to: '2001-03-01' }),
      admin.rpc('admin_analytics_series', { ...MARCH, p_bucket: 'hour' }),
      admin.rpc('admin_analytics_top_products', { ...MARCH, p_by: 'profit' }),
      admin.rpc('admin_analytics_discounts', { p_from: '2001-03-02', p_to: '2001-03-01' }),
    ];
    for (const call of bad) expect((await call).error?.code).toBe('22023');
  });
});
