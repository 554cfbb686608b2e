// The dashboard rollups (migration 20250101001900): orders are placed, moved on, cancelled, paid,
// refunded, backdated, deleted and their products deleted; after each step the rollup tables equal the
// same figures aggregated afresh from orders and order_items, and every figure of
// admin_dashboard_summary and admin_top_products equals the figure computed directly from the orders
// tables (the queries the functions ran before the rollups), for several period lengths; a TRUNCATE
// empties them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts, signInAll } from './fixtures.ts';

let stack: TestStack;
let clients: Awaited<ReturnType<typeof signInAll>>;
let categoryId = '';

const address = {
  full_name: 'Rollup Tester',
  line1: '1 Sum Street',
  city: 'Springfield',
  region: 'IL',
  postal_code: '62701',
  country: 'US',
  phone: '555-0100',
};

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function product(name: string, price: number): Promise<string> {
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for dashboard-rollups.test.ts', $2, $3, 'x.svg', 500, true) returning id`,
    [name, price, categoryId],
  );
  return row!.id;
}

async function place(
  client: SupabaseClient,
  lines: { product_id: string; quantity: number }[],
): Promise<string> {
  const { data, error } = await client.rpc('place_order', {
    p_lines: lines,
    p_shipping_address: address,
    p_shipping_method: 'standard',
    p_payment_method: 'bank_transfer',
    p_idempotency_key: crypto.randomUUID(),
  });
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

/** An order written as the owner at a chosen age (hours before now), with its lines. */
async function backdated(
  userId: string | null,
  hoursAgo: number,
  lines: { product_id: string; name: string; price: number; quantity: number }[],
  status = 'pending',
): Promise<string> {
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const [order] = await owner<{ id: string }>(
    `insert into public.orders (user_id, status, subtotal, total_amount, created_at)
     values ($1, $2, $3, $3, now() - make_interval(secs => $4 * 3600)) returning id`,
    [userId, status, subtotal, hoursAgo],
  );
  await owner(
    `insert into public.order_items (order_id, product_id, product_name, unit_price, quantity)
     select $1, l.product_id, l.name, l.price, l.quantity
     from jsonb_to_recordset($2::jsonb) as l (product_id uuid, name text, price numeric, quantity integer)`,
    [order!.id, JSON.stringify(lines)],
  );
  return order!.id;
}

/** Rows of the rollups that differ from the same figures aggregated afresh (none when in step). */
async function rollupDrift(): Promise<number> {
  const [row] = await owner<{ n: number }>(`
    with days as (
      select (o.created_at at time zone 'UTC')::date as day, count(*)::bigint as order_count,
        count(*) filter (where (o.status not in ('cancelled', 'returned') and o.payment_status not in ('refunded', 'refund_pending')))::bigint as sold_count,
        coalesce(sum(o.total_amount) filter (where (o.status not in ('cancelled', 'returned') and o.payment_status not in ('refunded', 'refund_pending'))), 0) as revenue
      from public.orders o group by 1
    ),
    rolled_days as (
      select day, order_count, sold_count, revenue from public.dashboard_order_days
      where order_count <> 0 or sold_count <> 0 or revenue <> 0
    ),
    customer_days as (
      select (o.created_at at time zone 'UTC')::date as day, o.user_id, count(*)::bigint as order_count
      from public.orders o where o.user_id is not null group by 1, 2
    ),
    rolled_customer_days as (
      select day, user_id, order_count from public.dashboard_customer_days where order_count <> 0
    ),
    customers as (
      select o.user_id, count(*)::bigint as order_count, min((o.created_at at time zone 'UTC')::date) as first_day,
        range_agg(daterange((o.created_at at time zone 'UTC')::date, (o.created_at at time zone 'UTC')::date, '[]'))
          as order_days
      from public.orders o where o.user_id is not null group by 1
    ),
    rolled_customers as (
      select user_id, order_count, first_day, order_days from public.dashboard_customers where order_count <> 0
    ),
    sales as (
      select p.period,
        case p.period when 'day' then (o.created_at at time zone 'UTC')::date
          else date_trunc('month', (o.created_at at time zone 'UTC'))::date end as period_start,
        coalesce(i.product_id::text, 'name:' || i.product_name) as item_key,
        sum(i.quantity)::bigint as units, sum(i.unit_price * i.quantity) as revenue
      from public.orders o
      join public.order_items i on i.order_id = o.id
      cross join (values ('day'), ('month')) as p (period)
      where (o.status not in ('cancelled', 'returned') and o.payment_status not in ('refunded', 'refund_pending'))
      group by 1, 2, 3
    ),
    rolled_sales as (
      select period, period_start, item_key, units, revenue from public.dashboard_product_sales
      where units <> 0 or revenue <> 0
    )
    select (
      (select count(*) from ((table days except table rolled_days) union all (table rolled_days except table days)) d)
      + (select count(*) from ((table customer_days except table rolled_customer_days)
          union all (table rolled_customer_days except table customer_days)) d)
      + (select count(*) from ((table customers except table rolled_customers)
          union all (table rolled_customers except table customers)) d)
      -- A customer left with no orders keeps a row with neither a first day nor days.
      + (select count(*) from public.dashboard_customers
          where order_count = 0 and (first_day is not null or not isempty(order_days)))
      + (select count(*) from ((table sales except table rolled_sales) union all (table rolled_sales except table sales)) d)
    )::int as n`);
  return row!.n;
}

/** admin_dashboard_summary's figures computed directly from the tables (every order). */
async function directSummary(days: number): Promise<Record<string, number>> {
  const [row] = await owner<Record<string, unknown>>(
    `select
       (select count(*) from public.products) as product_count,
       (select count(*) from public.categories) as category_count,
       count(*) as order_count,
       count(distinct o.user_id) as customer_count,
       coalesce(sum(o.total_amount) filter (where (o.status not in ('cancelled', 'returned') and o.payment_status not in ('refunded', 'refund_pending'))), 0) as revenue,
       (select count(*) from public.products p where p.created_at >= b.current_start and p.created_at <= b.period_end)
         as products_current,
       (select count(*) from public.products p where p.created_at >= b.previous_start and p.created_at < b.current_start)
         as products_previous,
       (select count(*) from public.categories c where c.created_at >= b.current_start and c.created_at <= b.period_end)
         as categories_current,
       (select count(*) from public.categories c where c.created_at >= b.previous_start and c.created_at < b.current_start)
         as categories_previous,
       count(*) filter (where o.created_at >= b.current_start and o.created_at <= b.period_end) as orders_current,
       count(*) filter (where o.created_at >= b.previous_start and o.created_at < b.current_start) as orders_previous,
       count(distinct o.user_id) filter (where o.created_at >= b.current_start and o.created_at <= b.period_end)
         as customers_current,
       count(distinct o.user_id) filter (where o.created_at >= b.previous_start and o.created_at < b.current_start)
         as customers_previous,
       coalesce(sum(o.total_amount) filter (where (o.status not in ('cancelled', 'returned') and o.payment_status not in ('refunded', 'refund_pending'))
         and o.created_at >= b.current_start and o.created_at <= b.period_end), 0) as revenue_current,
       coalesce(sum(o.total_amount) filter (where (o.status not in ('cancelled', 'returned') and o.payment_status not in ('refunded', 'refund_pending'))
         and o.created_at >= b.previous_start and o.created_at < b.current_start), 0) as revenue_previous
     from public.orders o`
      .replaceAll('b.period_end', 'now()')
      .replaceAll('b.current_start', 'now() - make_interval(days => $1)')
      .replaceAll('b.previous_start', 'now() - make_interval(days => 2 * $1)'),
    [days],
  );
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)]));
}

interface TopRow {
  product_name: string;
  units: number;
  revenue: number;
}

/** admin_top_products computed directly from the order lines. */
async function directTop(limit: number, days: number): Promise<TopRow[]> {
  const rows = await owner<{ product_name: string; units: unknown; revenue: unknown }>(
    `with lines as (
       select i.product_id, case when i.product_id is null then i.product_name end as deleted_name,
         sum(i.quantity)::bigint as units, sum(i.unit_price * i.quantity) as revenue
       from public.orders o join public.order_items i on i.order_id = o.id
       where o.created_at >= now() - make_interval(days => $2) and (o.status not in ('cancelled', 'returned') and o.payment_status not in ('refunded', 'refund_pending'))
       group by 1, 2
       order by revenue desc, units desc, product_id
       limit $1
     )
     select coalesce(p.name, l.deleted_name) as product_name, l.units, l.revenue
     from lines l left join public.products p on p.id = l.product_id
     order by 3 desc, 2 desc, 1`,
    [limit, days],
  );
  return rows.map((row) => ({
    product_name: row.product_name,
    units: Number(row.units),
    revenue: Number(row.revenue),
  }));
}

async function expectFiguresMatch(step: string): Promise<void> {
  expect(await rollupDrift(), `${step}: rollup rows out of step`).toBe(0);
  for (const days of [1, 7, 30, 45, 400]) {
    const { data, error } = await clients.ordersAdmin.rpc('admin_dashboard_summary', { p_days: days });
    expect(error, step).toBeNull();
    const figures = Object.fromEntries(
      Object.entries((data as Record<string, unknown>[])[0]!).map(([key, value]) => [key, Number(value)]),
    );
    expect(figures, `${step}: summary over ${days} days`).toEqual(await directSummary(days));
  }
  for (const [limit, days] of [
    [50, 180],
    [1, 180],
    [2, 180],
    [3, 7],
    [5, 30],
    [50, 1],
    [50, 45],
    [50, 3660],
  ] as const) {
    const { data, error } = await clients.ordersAdmin.rpc('admin_top_products', {
      p_limit: limit,
      p_days: days,
    });
    expect(error, step).toBeNull();
    const rows = (data as TopRow[]).map((row) => ({
      product_name: row.product_name,
      units: Number(row.units),
      revenue: Number(row.revenue),
    }));
    expect(rows, `${step}: top ${limit} over ${days} days`).toEqual(await directTop(limit, days));
  }
}

beforeAll(async () => {
  stack = await startTestStack();
  clients = await signInAll(stack);
  categoryId = (await owner<{ id: string }>('select id from public.categories order by name limit 1'))[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('dashboard rollups (migration 20250101001900)', () => {
  const ids: Record<string, string> = {};
  const names = { lamp: 'Rollup Lamp', stove: 'Rollup Stove', kit: 'Rollup Kit', spread: 'Rollup Spread' };

  it('start equal to the seeded orders (the migration backfills them)', async () => {
    const [counted] = await owner<{ n: number }>(
      'select count(*)::int as n from public.dashboard_order_days',
    );
    expect(counted!.n).toBeGreaterThan(0);
    await expectFiguresMatch('seed');
  });

  it('stay equal as orders are placed, also on the edges of the periods', async () => {
    ids.lamp = await product(names.lamp, 450);
    ids.stove = await product(names.stove, 620.5);
    ids.kit = await product(names.kit, 999.99);
    ids.placed1 = await place(clients.demo, [
      { product_id: ids.lamp, quantity: 3 },
      { product_id: ids.stove, quantity: 1 },
    ]);
    ids.placed2 = await place(clients.customer, [{ product_id: ids.kit, quantity: 2 }]);
    ids.placed3 = await place(clients.demo, [{ product_id: ids.stove, quantity: 4 }]);
    const lamp = { product_id: ids.lamp, name: names.lamp, price: 450 };
    const kit = { product_id: ids.kit, name: names.kit, price: 999.99 };
    // Just inside and just outside 1, 7, 30 and 45 days (and twice those), and half a year.
    for (const hours of [
      23,
      25,
      7 * 24 - 2,
      7 * 24 + 2,
      30 * 24 - 3,
      30 * 24 + 3,
      60 * 24 - 1,
      60 * 24 + 1,
      45 * 24 + 5,
    ]) {
      ids[`back${hours}`] = await backdated(accounts.customer.userId, hours, [{ ...lamp, quantity: 2 }]);
    }
    ids.old = await backdated(accounts.demo.userId, 179 * 24 + 20, [
      { ...kit, quantity: 1 },
      { ...lamp, quantity: 1 },
    ]);
    ids.older = await backdated(accounts.demo.userId, 181 * 24, [{ ...kit, quantity: 5 }]);
    ids.guest = await backdated(null, 10, [{ ...kit, quantity: 1 }]);
    // A product sold a little in each month of half a year, best over the half year (admin_top_products
    // adds up only the products that can reach the list: this one must be among them).
    ids.spread = await product(names.spread, 2450);
    for (const days of [3, 33, 63, 93, 123, 153, 178]) {
      ids[`spread${days}`] = await backdated(accounts.demo.userId, days * 24, [
        { product_id: ids.spread, name: names.spread, price: 2450, quantity: 1 },
      ]);
    }
    ids.cancelledAtBirth = await backdated(
      accounts.customer.userId,
      5,
      [{ ...kit, quantity: 7 }],
      'cancelled',
    );
    await expectFiguresMatch('placed');
    const top = await clients.ordersAdmin.rpc('admin_top_products', { p_limit: 1, p_days: 180 });
    expect((top.data as TopRow[]).map((row) => row.product_name)).toEqual([names.spread]);
  });

  it('stay equal as orders move on, are cancelled, paid and refunded', async () => {
    const byAdmin = (id: string, status: string) =>
      clients.ordersAdmin.rpc('admin_set_order_status', { p_order_id: id, p_status: status });
    const payment = (id: string, status: string) =>
      clients.ordersAdmin.rpc('admin_set_payment_status', { p_order_id: id, p_payment_status: status });
    expect((await clients.demo.rpc('cancel_order', { p_order_id: ids.placed3 })).error).toBeNull();
    expect((await byAdmin(ids.placed2!, 'processing')).error).toBeNull();
    expect((await byAdmin(ids.placed2!, 'cancelled')).error).toBeNull();
    expect((await byAdmin(ids.placed1!, 'processing')).error).toBeNull();
    expect((await payment(ids.placed1!, 'paid')).error).toBeNull();
    expect((await byAdmin(ids.placed1!, 'shipped')).error).toBeNull();
    expect((await payment(ids.placed1!, 'refunded')).error).toBeNull();
    expect((await byAdmin(ids.back25!, 'cancelled')).error).toBeNull();
    expect((await byAdmin(ids.old!, 'cancelled')).error).toBeNull();
    await expectFiguresMatch('cancelled, paid and refunded');
  });

  it('stay equal when orders are redated or deleted, lines change and products are deleted', async () => {
    await owner(`update public.orders set created_at = created_at - interval '40 days' where id = $1`, [
      ids.back23,
    ]);
    await owner(`update public.orders set created_at = now() - interval '2 hours' where id = $1`, [
      ids.older,
    ]);
    await owner(`update public.orders set user_id = $2 where id = $1`, [ids.guest, accounts.demo.userId]);
    await owner(`update public.order_items set quantity = quantity + 1 where order_id = $1`, [ids.placed1]);
    await owner(`delete from public.order_items where order_id = $1 and product_id = $2`, [
      ids.old,
      ids.lamp,
    ]);
    await owner(`delete from public.orders where id = $1`, [ids[`back${7 * 24 - 2}`]]);
    await owner(`delete from public.orders where id = $1`, [ids.placed3]);
    // Lines keep the name of a deleted product: the top list shows them under it.
    await owner(`delete from public.products where id = $1`, [ids.kit]);
    await expectFiguresMatch('redated and deleted');
    const top = await clients.ordersAdmin.rpc('admin_top_products', { p_limit: 50, p_days: 180 });
    expect((top.data as TopRow[]).some((row) => row.product_name === names.kit)).toBe(true);
  });

  it('stay equal for statements of many rows (inserts read the transition table, migration 20250101002400)', async () => {
    // One statement of six orders: one customer twice within the same UTC day, a guest, one cancelled
    // at birth, one 40 days back; then one statement of all their lines, with the same product twice in
    // one order and in several orders of one day (one rollup key per statement: ungrouped, the upsert
    // would hit its own row twice), and a line whose product is gone (kept under its name).
    const daySales = async () =>
      Object.fromEntries(
        (
          await owner<{ item_key: string; units: string; revenue: string }>(
            `select item_key, units::text, revenue::text from public.dashboard_product_sales
             where period = 'day' and period_start = (now() at time zone 'UTC')::date - 2
               and item_key in ($1, $2, 'name:Rollup Gone')`,
            [ids.lamp, ids.stove],
          )
        ).map((row) => [row.item_key, [Number(row.units), Number(row.revenue)]]),
      );
    const before = await daySales();
    const made = [
      { tag: 'a1', user_id: accounts.customer.userId, status: 'pending', total: 100, days_back: 2 },
      { tag: 'a2', user_id: accounts.customer.userId, status: 'pending', total: 250.5, days_back: 2 },
      { tag: 'g', user_id: null, status: 'pending', total: 40, days_back: 2 },
      { tag: 'c', user_id: accounts.demo.userId, status: 'cancelled', total: 70, days_back: 2 },
      { tag: 'd', user_id: accounts.demo.userId, status: 'processing', total: 80, days_back: 2 },
      { tag: 'old', user_id: accounts.demo.userId, status: 'pending', total: 60, days_back: 40 },
    ].map((order, minute) => ({ ...order, minute }));
    // Each at a minute of its own past the start of its UTC day: the minute tells them apart.
    const orders = await owner<{ id: string; minute: number }>(
      `insert into public.orders (user_id, status, subtotal, total_amount, created_at)
       select o.user_id, o.status, o.total, o.total,
         (date_trunc('day', now() at time zone 'UTC') - make_interval(days => o.days_back, mins => -o.minute))
           at time zone 'UTC'
       from jsonb_to_recordset($1::jsonb) as o (user_id uuid, status text, total numeric, days_back integer, minute integer)
       returning id, extract(minute from created_at at time zone 'UTC')::integer as minute`,
      [JSON.stringify(made)],
    );
    const id = Object.fromEntries(orders.map((row) => [made[row.minute]!.tag, row.id]));
    expect(Object.keys(id).sort()).toEqual(['a1', 'a2', 'c', 'd', 'g', 'old']);
    const line = (tag: string, productId: string | null, name: string, price: number, quantity: number) => ({
      order_id: id[tag],
      product_id: productId,
      name,
      price,
      quantity,
    });
    await owner(
      `insert into public.order_items (order_id, product_id, product_name, unit_price, quantity)
       select l.order_id, l.product_id, l.name, l.price, l.quantity
       from jsonb_to_recordset($1::jsonb) as l (order_id uuid, product_id uuid, name text, price numeric, quantity integer)`,
      [
        JSON.stringify([
          line('a1', ids.lamp!, names.lamp, 450, 2),
          line('a1', ids.lamp!, names.lamp, 450, 3),
          line('a2', ids.lamp!, names.lamp, 450, 1),
          line('a2', ids.stove!, names.stove, 620.5, 1),
          line('g', ids.lamp!, names.lamp, 450, 4),
          line('c', ids.lamp!, names.lamp, 450, 9),
          line('d', null, 'Rollup Gone', 12.5, 2),
          line('old', ids.stove!, names.stove, 620.5, 2),
        ]),
      ],
    );
    // The day of a1..d gained lamp 2 + 3 + 1 + 4 (not the cancelled order's 9), stove 1 and the gone
    // product's 2 by its name.
    const after = await daySales();
    const gained = (key: string) => [0, 1].map((k) => (after[key]?.[k] ?? 0) - (before[key]?.[k] ?? 0));
    expect(gained(ids.lamp!)).toEqual([10, 4500]);
    expect(gained(ids.stove!)).toEqual([1, 620.5]);
    expect(gained('name:Rollup Gone')).toEqual([2, 25]);
    await expectFiguresMatch('many rows inserted');

    // Many rows updated and deleted in one statement each.
    await owner(`update public.order_items set quantity = quantity + 1 where order_id = any($1::uuid[])`, [
      [id.a1, id.g, id.c, id.old],
    ]);
    // In one statement: a2 cancelled, d shipped, g and the cancelled c three days earlier.
    await owner(
      `update public.orders
       set status = case id when $1 then 'cancelled' when $2 then 'shipped' else status end,
         payment_status = case id when $2 then 'paid' else payment_status end,
         created_at = case when id = any($3::uuid[]) then created_at - interval '3 days' else created_at end
       where id = any($4::uuid[])`,
      [id.a2, id.d, [id.g, id.c], [id.a2, id.d, id.g, id.c]],
    );
    await expectFiguresMatch('many rows updated');
    await owner(`delete from public.order_items where order_id = any($1::uuid[])`, [[id.a1, id.d]]);
    await owner(`delete from public.orders where id = any($1::uuid[])`, [[id.g, id.old]]);
    await expectFiguresMatch('many rows deleted');
  });

  it('are out of reach of anon and authenticated: only the dashboard functions read them', async () => {
    for (const table of [
      'dashboard_order_days',
      'dashboard_customer_days',
      'dashboard_customers',
      'dashboard_product_sales',
    ]) {
      for (const client of [stack.anonClient(), clients.customer, clients.ordersAdmin, clients.superAdmin]) {
        const read = await client.from(table).select('*');
        expect(read.error?.code, table).toBe('42501');
      }
    }
    const own = await clients.customer.rpc('admin_dashboard_summary', { p_days: 30 });
    const [figures] = own.data as Record<string, number>[];
    const [mine] = await owner<{ n: number }>(
      'select count(*)::int as n from public.orders where user_id = $1',
      [accounts.customer.userId],
    );
    expect(Number(figures!.order_count)).toBe(mine!.n);
    expect(Number(figures!.customer_count)).toBe(1);
  });

  it('are emptied with the tables they count (TRUNCATE, migration 20250101001901)', async () => {
    await owner('truncate public.order_items cascade');
    const [sales] = await owner<{ n: number }>(
      'select count(*)::int as n from public.dashboard_product_sales',
    );
    expect(sales!.n).toBe(0);
    await expectFiguresMatch('order lines truncated');
    await owner('truncate public.orders cascade');
    const [days] = await owner<{ n: number }>(
      `select (select count(*) from public.dashboard_order_days) + (select count(*) from public.dashboard_customers)
         + (select count(*) from public.dashboard_customer_days) as n`,
    );
    expect(Number(days!.n)).toBe(0);
    await expectFiguresMatch('orders truncated');
  });
});
