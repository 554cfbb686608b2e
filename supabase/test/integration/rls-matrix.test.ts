// The row-level-security matrix: anon, customer, deactivated admin, admin without the permission
// (orders only), admin with the permission (products only, created here through
// admin_create_administrator) and super admin × every table × select/insert/update/delete, and every
// administrator function; the order, checkout and customers functions also for another customer and an
// admin with only the customers permission. Denied cases must fail in the database (an error or no row
// affected) and a read as the database owner afterwards proves nothing changed. Reviews: the table in
// the matrix plus create_review, update_review, own deletes, the moderation functions and the rating
// distribution for every persona. Wishlist: wishlist_items and merge_wishlist for every persona.
// Waitlist: waitlist_subscriptions, outbox_messages and every waitlist_* / outbox_* function for every
// persona and the service role.
// Dashboard rollups (dashboard_order_days, dashboard_customer_days, dashboard_customers,
// dashboard_product_sales, analytics_category_days) and the storefront's product_facet_counts: no persona
// reads or writes them; only the dashboard, analytics and facet functions do. The admin_analytics_* functions: only the analytics permission.
// Inventory lots: product_lots (products permission writes), order_item_lots (written only by
// place_order), product_best_before, admin_save_product_lots and admin_stock_alerts for every persona.
// Card payments: stripe_events and every stripe_* function (only the service role), admin_card_refund_check.
// Order e-mails and tracking: admin_ship_order, outbox_enqueue_order_email and order_tracking_url for
// every persona.
// Staff audit log: audit_log (read with the settings permission, written by no one but its trigger) and
// audit_actors for every persona and the service role.
// Internal helpers (payment_status_move_allowed, the search triggers, product_search_words): callable by no persona.
// sku_lower (the computed field the back office's SKU search filters on): everyone, like the SKU itself.
// Discount codes: promotions (read and written with the orders permission), admin_promotion_stats, and
// promotion_evaluate / order_totals_discounted (callable by no persona); checkout_quote with a code.
// Bulk catalogue work: product_imports and product_import_rows (no persona), admin_product_import_* and
// admin_products_set_in_stock / _set_category / _adjust_price / _delete (products permission), their internal helpers.
// My Supplies: the supply_* tables, my_supplies (only the caller's own lots), set_my_supply_state,
// set_supply_reminder_window, order_from_reminder, admin_supply_reminder_stats and supply_reminders_send
// for every persona and the service role.
// Emergency mode: emergencies (everyone reads the banner's columns, nobody writes directly),
// emergency_price_caps (products or settings read), admin_declare_emergency / admin_end_emergency (settings)
// and the guard triggers and emergency_is_open (callable by no persona). Its waitlist holds: waitlist_holds (no persona reads or
// writes it), waitlist_expire_holds (service role only), waitlist_serve_holds, waitlist_free_units and
// checkout_held_units (callable by no persona), store_settings.waitlist_hold_hours (settings permission);
// the storefront's waitlist_held_units (a count for everyone, the caller's own hold left out) and
// waitlist_my_hold (signed-in callers, their own hold only); waitlist_held_products (ids and units left,
// for everyone) and waitlist_claim_hold (signed-in callers, only the hold whose token they hold); the
// computed fields waitlist_sold_out and waitlist_low_stock (a yes or no for everyone, read and filtered on).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/src/domain/admin.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts, tables, type TableName } from './fixtures.ts';

type Persona = 'anon' | 'customer' | 'inactiveAdmin' | 'ordersAdmin' | 'productsAdmin' | 'superAdmin';

const personas: Persona[] = [
  'anon',
  'customer',
  'inactiveAdmin',
  'ordersAdmin',
  'productsAdmin',
  'superAdmin',
];

let stack: TestStack;
const client = {} as Record<Persona, SupabaseClient>;
const userId = {} as Record<Persona, string | null>;
let categoryId = '';
let serial = 0;

/** Writers per table: who may insert/update/delete (the rest must be refused). */
const writers: Record<TableName, Persona[]> = {
  categories: ['superAdmin'],
  subcategories: ['superAdmin'],
  products: ['productsAdmin', 'superAdmin'],
  admin_users: ['superAdmin'],
  // Orders change only through the order functions (see orders.test.ts), never directly.
  orders: [],
  order_items: [],
  order_events: [],
  // Reviews are written only through create_review / update_review; authors delete their own (below).
  reviews: [],
  product_lots: ['productsAdmin', 'superAdmin'],
  // Which lots an order line took is written only by place_order / cancelling.
  order_item_lots: [],
};

const rollupTables = [
  'dashboard_order_days',
  'dashboard_customer_days',
  'dashboard_customers',
  'dashboard_product_sales',
  'analytics_category_days',
  'product_facet_counts',
] as const;
type RollupTable = (typeof rollupTables)[number];

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function tableHash(
  table:
    | TableName
    | 'wishlist_items'
    | 'waitlist_subscriptions'
    | 'outbox_messages'
    | 'search_terms'
    | RollupTable,
): Promise<string> {
  const rows = await owner<{ h: string }>(
    `select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from public.${table} t`,
  );
  return rows[0]?.h ?? '';
}

/** A fresh row to update or delete, created as the database owner; returns its id. */
async function disposable(table: TableName): Promise<string> {
  serial += 1;
  const n = serial;
  switch (table) {
    case 'categories':
      return (
        await owner<{ id: string }>(
          `insert into public.categories (name, slug) values ($1, $2) returning id`,
          [`Matrix ${n}`, `matrix-${n}`],
        )
      )[0]!.id;
    case 'subcategories':
      return (
        await owner<{ id: string }>(
          `insert into public.subcategories (category_id, name, slug) values ($1, $2, $3) returning id`,
          [categoryId, `Matrix ${n}`, `matrix-${n}`],
        )
      )[0]!.id;
    case 'products':
      return (
        await owner<{ id: string }>(
          `insert into public.products (name, description, price, category_id, image_url)
           values ($1, 'matrix', 1, $2, 'x.svg') returning id`,
          [`Matrix ${n}`, categoryId],
        )
      )[0]!.id;
    case 'admin_users': {
      const user = (
        await owner<{ id: string }>(
          `insert into auth.users (id, email, aud, role) values (gen_random_uuid(), $1, 'authenticated', 'authenticated')
           returning id`,
          [`matrix-${n}@example.com`],
        )
      )[0]!.id;
      return (
        await owner<{ id: string }>(
          `insert into public.admin_users (user_id, permissions) values ($1, '{products}') returning id`,
          [user],
        )
      )[0]!.id;
    }
    case 'orders':
      return (
        await owner<{ id: string }>(
          `insert into public.orders (user_id, subtotal, total_amount) values ($1, 10, 10) returning id`,
          [accounts.demo.userId],
        )
      )[0]!.id;
    case 'order_items': {
      const order = await disposable('orders');
      return (
        await owner<{ id: string }>(
          `insert into public.order_items (order_id, product_name, unit_price, quantity) values ($1, 'Matrix', 1, 1)
           returning id`,
          [order],
        )
      )[0]!.id;
    }
    case 'order_events': {
      const order = await disposable('orders');
      return (
        await owner<{ id: string }>(
          `insert into public.order_events (order_id, kind, to_value, actor_role) values ($1, 'placed', 'pending', 'system')
           returning id`,
          [order],
        )
      )[0]!.id;
    }
    case 'reviews': {
      // A pending review by the demo customer (no persona) of a product of its own.
      const product = await disposable('products');
      return (
        await owner<{ id: string }>(
          `insert into public.reviews (product_id, author_id, rating, title, body) values ($1, $2, 4, 'Matrix', 'Matrix review body')
           returning id`,
          [product, accounts.demo.userId],
        )
      )[0]!.id;
    }
    case 'product_lots': {
      const product = await disposable('products');
      return (
        await owner<{ id: string }>(
          `insert into public.product_lots (product_id, lot_code, quantity, best_before) values ($1, $2, 5, '2031-03-31')
           returning id`,
          [product, `LOT-${n}`],
        )
      )[0]!.id;
    }
    case 'order_item_lots': {
      const line = await disposable('order_items');
      return (
        await owner<{ id: string }>(
          `insert into public.order_item_lots (order_item_id, lot_code, quantity) values ($1, $2, 1) returning id`,
          [line, `LOT-${n}`],
        )
      )[0]!.id;
    }
  }
}

/** A valid new row for an insert attempt by `persona`. */
async function newRow(table: TableName, persona: Persona): Promise<Record<string, unknown>> {
  serial += 1;
  const n = serial;
  switch (table) {
    case 'categories':
      return { name: `Insert ${n}`, slug: `insert-${n}` };
    case 'subcategories':
      return { category_id: categoryId, name: `Insert ${n}`, slug: `insert-${n}` };
    case 'products':
      return { name: `Insert ${n}`, description: 'x', price: 1, category_id: categoryId, image_url: 'x.svg' };
    case 'admin_users': {
      const user = (
        await owner<{ id: string }>(
          `insert into auth.users (id, email, aud, role) values (gen_random_uuid(), $1, 'authenticated', 'authenticated')
           returning id`,
          [`insert-${n}@example.com`],
        )
      )[0]!.id;
      return { user_id: user, role: 'admin', permissions: ['products'], active: 1 };
    }
    case 'orders':
      // Someone else's order: nobody may place orders for another user.
      return {
        user_id: persona === 'customer' ? accounts.demo.userId : accounts.customer.userId,
        total_amount: 5,
      };
    case 'order_items': {
      const order = await disposable('orders');
      return { order_id: order, product_name: 'Sneaky', unit_price: 1, quantity: 1 };
    }
    case 'order_events':
      return {
        order_id: await disposable('orders'),
        kind: 'payment_changed',
        to_value: 'paid',
        actor_role: 'admin',
      };
    case 'reviews':
      // Even an own, approved, verified review may not be inserted directly.
      return {
        product_id: await disposable('products'),
        author_id: userId[persona] ?? accounts.demo.userId,
        rating: 5,
        title: 'Direct',
        body: 'Inserted straight into the table',
        status: 'approved',
        verified_purchase: true,
      };
    case 'product_lots':
      return {
        product_id: await disposable('products'),
        lot_code: `NEW-${n}`,
        quantity: 3,
        best_before: '2030-01-31',
      };
    case 'order_item_lots':
      return { order_item_id: await disposable('order_items'), lot_code: `TAKE-${n}`, quantity: 1 };
  }
}

const updates: Record<TableName, Record<string, unknown>> = {
  categories: { description: 'changed by matrix' },
  subcategories: { description: 'changed by matrix' },
  products: { price: 0.01 },
  admin_users: { permissions: ['orders'] },
  orders: { status: 'completed' },
  order_items: { quantity: 99 },
  order_events: { note: 'changed by matrix' },
  reviews: { status: 'approved' },
  product_lots: { quantity: 7 },
  order_item_lots: { quantity: 99 },
};

beforeAll(async () => {
  stack = await startTestStack();
  client.anon = stack.anonClient();
  userId.anon = null;
  for (const persona of ['customer', 'inactiveAdmin', 'ordersAdmin', 'superAdmin'] as const) {
    client[persona] = await stack.signedInClient(accounts[persona].email, accounts[persona].password);
    userId[persona] = accounts[persona].userId;
  }
  const created = await client.superAdmin.rpc('admin_create_administrator', {
    p_email: 'products.admin@example.com',
    p_password: 'products1234',
    p_first_name: 'Pat',
    p_last_name: 'Products',
    p_role: 'admin',
    p_permissions: ['products'],
    p_active: 1,
  });
  if (created.error) throw new Error(created.error.message);
  userId.productsAdmin = (created.data as { user_id: string }).user_id;
  client.productsAdmin = await stack.signedInClient('products.admin@example.com', 'products1234');
  categoryId = (await owner<{ id: string }>(`select id from public.categories where slug = 'lighting'`))[0]!
    .id;
});

afterAll(async () => {
  await stack?.stop();
});

/** How many rows of `table` persona may see, computed as the owner from the rules. */
async function visibleCount(table: TableName, persona: Persona): Promise<number | 'error'> {
  const all = (await owner<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]!.n;
  const uid = userId[persona];
  switch (table) {
    case 'categories':
    case 'subcategories':
    case 'products':
      return all;
    case 'admin_users':
      if (persona === 'anon') return 'error';
      if (persona === 'customer') return 0;
      if (persona === 'inactiveAdmin') return 1;
      return all;
    case 'orders':
    case 'order_items':
    case 'order_events': {
      if (persona === 'anon') return 'error';
      if (persona === 'ordersAdmin' || persona === 'superAdmin') return all;
      const own =
        table === 'orders'
          ? await owner<{ n: number }>(`select count(*)::int as n from public.orders where user_id = $1`, [
              uid,
            ])
          : await owner<{ n: number }>(
              `select count(*)::int as n from public.${table} i join public.orders o on o.id = i.order_id
               where o.user_id = $1`,
              [uid],
            );
      return own[0]!.n;
    }
    case 'reviews': {
      if (persona === 'productsAdmin' || persona === 'superAdmin') return all;
      const visible = await owner<{ n: number }>(
        `select count(*)::int as n from public.reviews where status = 'approved' or author_id = $1`,
        [uid],
      );
      return visible[0]!.n;
    }
    case 'product_lots':
      if (persona === 'anon') return 'error';
      return persona === 'productsAdmin' || persona === 'superAdmin' ? all : 0;
    case 'order_item_lots':
      if (persona === 'anon') return 'error';
      return ['ordersAdmin', 'productsAdmin', 'superAdmin'].includes(persona) ? all : 0;
  }
}

describe.each(tables)('table %s', (table) => {
  describe.each(personas)('as %s', (persona) => {
    const mayWrite = writers[table].includes(persona);

    it('select', async () => {
      const expected = await visibleCount(table, persona);
      const { data, error, count } = await client[persona].from(table).select('id', { count: 'exact' });
      if (expected === 'error') {
        expect(error?.code).toBe('42501');
        expect(data).toBeNull();
      } else {
        expect(error).toBeNull();
        expect(count).toBe(expected);
        expect(data).toHaveLength(expected);
      }
    });

    it(`insert is ${mayWrite ? 'allowed' : 'refused'}`, async () => {
      const row = await newRow(table, persona);
      const before = await tableHash(table);
      const { data, error } = await client[persona].from(table).insert(row).select('id');
      if (mayWrite) {
        expect(error).toBeNull();
        expect(data).toHaveLength(1);
        expect(await tableHash(table)).not.toBe(before);
      } else {
        expect(error?.code).toBe('42501');
        expect(await tableHash(table)).toBe(before);
      }
    });

    it(`update is ${mayWrite ? 'allowed' : 'refused'}`, async () => {
      const id = await disposable(table);
      const before = await tableHash(table);
      const { data, error } = await client[persona]
        .from(table)
        .update(updates[table])
        .eq('id', id)
        .select('id');
      if (mayWrite) {
        expect(error).toBeNull();
        expect(data).toEqual([{ id }]);
        expect(await tableHash(table)).not.toBe(before);
      } else {
        if (error) expect(error.code).toBe('42501');
        else expect(data).toEqual([]);
        expect(await tableHash(table)).toBe(before);
      }
    });

    it(`delete is ${mayWrite ? 'allowed' : 'refused'}`, async () => {
      const id = await disposable(table);
      const before = await tableHash(table);
      const { data, error } = await client[persona].from(table).delete().eq('id', id).select('id');
      const left = await owner(`select 1 from public.${table} where id = $1`, [id]);
      if (mayWrite) {
        expect(error).toBeNull();
        expect(data).toEqual([{ id }]);
        expect(left).toHaveLength(0);
      } else {
        if (error) expect(error.code).toBe('42501');
        else expect(data).toEqual([]);
        expect(left).toHaveLength(1);
        expect(await tableHash(table)).toBe(before);
      }
    });
  });
});

describe('orders are never written directly', () => {
  it.each(personas)('%s cannot insert an order or a line even for themselves', async (persona) => {
    const ownOrder = (
      await owner<{ id: string }>(
        `insert into public.orders (user_id, subtotal, total_amount) values ($1, 1, 1) returning id`,
        [userId[persona] ?? accounts.demo.userId],
      )
    )[0]!.id;
    const before = `${await tableHash('orders')}|${await tableHash('order_items')}`;
    const order = await client[persona]
      .from('orders')
      .insert({ user_id: userId[persona], subtotal: 12.5, total_amount: 12.5 })
      .select();
    expect(order.error?.code).toBe('42501');
    const line = await client[persona]
      .from('order_items')
      .insert({ order_id: ownOrder, product_name: 'Own line', unit_price: 12.5, quantity: 1 })
      .select('id');
    expect(line.error?.code).toBe('42501');
    expect(`${await tableHash('orders')}|${await tableHash('order_items')}`).toBe(before);
  });
});

describe('administrator functions', () => {
  const managers: Persona[] = ['superAdmin'];
  const listers: Persona[] = ['ordersAdmin', 'productsAdmin', 'superAdmin'];
  const orderReaders: Persona[] = ['ordersAdmin', 'superAdmin'];

  async function adminState(): Promise<string> {
    const rows = await owner<{ h: string }>(
      `select md5(coalesce((select string_agg(t::text, ',' order by t.id) from public.admin_users t), '') ||
        (select count(*) from auth.users)::text) as h`,
    );
    return rows[0]!.h;
  }

  it.each(personas)('admin_list_administrators as %s', async (persona) => {
    const { data, error } = await client[persona].rpc('admin_list_administrators');
    if (listers.includes(persona)) {
      expect(error).toBeNull();
      expect((data as { email: string }[]).map((row) => row.email)).toContain('admin@example.com');
    } else {
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
  });

  it.each(personas)('admin_create_administrator as %s', async (persona) => {
    const before = await adminState();
    const { error } = await client[persona].rpc('admin_create_administrator', {
      p_email: `created-by-${persona.toLowerCase()}@example.com`,
      p_password: 'secret123',
      p_first_name: 'New',
      p_last_name: 'Admin',
    });
    if (managers.includes(persona)) {
      expect(error).toBeNull();
      expect(await adminState()).not.toBe(before);
    } else {
      expect(error?.code).toBe('42501');
      expect(await adminState()).toBe(before);
    }
  });

  it.each(personas)('admin_update_administrator as %s', async (persona) => {
    const id = await disposable('admin_users');
    const before = await adminState();
    const { error } = await client[persona].rpc('admin_update_administrator', {
      p_id: id,
      p_role: 'admin',
      p_permissions: ['orders', 'analytics'],
      p_active: 0,
    });
    if (managers.includes(persona)) {
      expect(error).toBeNull();
      expect(await adminState()).not.toBe(before);
    } else {
      expect(error?.code).toBe('42501');
      expect(await adminState()).toBe(before);
    }
  });

  it.each(personas)('admin_remove_administrator as %s', async (persona) => {
    const id = await disposable('admin_users');
    const before = await adminState();
    const { error } = await client[persona].rpc('admin_remove_administrator', { p_id: id });
    if (managers.includes(persona)) {
      expect(error).toBeNull();
      expect(await owner('select 1 from public.admin_users where id = $1', [id])).toHaveLength(0);
    } else {
      expect(error?.code).toBe('42501');
      expect(await adminState()).toBe(before);
    }
  });

  // admin_create_category: migration 20250101001601 (a new category under an id the form chose).
  it.each(
    personas.flatMap((persona) => [
      [persona, 'admin_save_category'],
      [persona, 'admin_create_category'],
    ]) as [Persona, 'admin_save_category' | 'admin_create_category'][],
  )('%s calls %s', async (persona, fn) => {
    const before = await tableHash('categories');
    serial += 1;
    const id =
      fn === 'admin_create_category' ? `00000000-0000-4000-8000-${String(900000000000 + serial)}` : null;
    const { data, error } = await client[persona].rpc(fn, {
      p_id: id,
      p_name: `Saved by ${persona} ${serial}`,
      p_slug: '',
      p_description: '',
      p_image_url: null,
      p_subcategories: [],
    });
    if (persona === 'superAdmin') {
      expect(error).toBeNull();
      if (id) expect((data as { id: string }).id).toBe(id);
    } else {
      expect(error?.code).toBe('42501');
      expect(await tableHash('categories')).toBe(before);
    }
  });

  it.each(personas)('admin_sales_overview and admin_top_products as %s', async (persona) => {
    const overview = await client[persona].rpc('admin_sales_overview', { p_months: 3 });
    const top = await client[persona].rpc('admin_top_products', { p_limit: 3 });
    if (persona === 'anon') {
      expect(overview.error?.code).toBe('42501');
      expect(top.error?.code).toBe('42501');
    } else if (orderReaders.includes(persona)) {
      expect(overview.data).toHaveLength(3);
      expect(top.data).toHaveLength(3);
    } else {
      expect(overview.data).toEqual([]);
      expect(top.data).toEqual([]);
    }
  });

  it.each(personas)('search_products, is_active_admin and has_admin_permission as %s', async (persona) => {
    const search = await client[persona].rpc('search_products', { p_query: 'radio' });
    expect((search.data as unknown[]).length).toBeGreaterThan(0);
    const active = await client[persona].rpc('is_active_admin');
    expect(active.data).toBe(['ordersAdmin', 'productsAdmin', 'superAdmin'].includes(persona));
    const products = await client[persona].rpc('has_admin_permission', { p_permission: 'products' });
    expect(products.data).toBe(['productsAdmin', 'superAdmin'].includes(persona));
  });

  it.each(personas)(
    'search_terms is closed, search_tsquery and search_finds internal, search_suggestions open as %s',
    async (persona) => {
      const before = await tableHash('search_terms');
      const [terms] = await owner<{ n: number }>(`select count(*)::int as n from public.search_terms`);
      expect(terms!.n).toBeGreaterThan(0);
      const read = await client[persona].from('search_terms').select('term');
      expect(read.error?.code).toBe('42501');
      const insert = await client[persona].from('search_terms').insert({ term: 'matrixword' });
      expect(insert.error?.code).toBe('42501');
      const update = await client[persona]
        .from('search_terms')
        .update({ term: 'matrixword' })
        .neq('term', '');
      expect(update.error?.code).toBe('42501');
      const remove = await client[persona].from('search_terms').delete().neq('term', '');
      expect(remove.error?.code).toBe('42501');
      expect(await tableHash('search_terms')).toBe(before);
      const tsquery = await client[persona].rpc('search_tsquery', { p_query: 'radio' });
      expect(tsquery.error?.code).toBe('42501');
      const finds = await client[persona].rpc('search_finds', { p_lexeme: 'radio' });
      expect(finds.error?.code).toBe('42501');
      const suggestions = await client[persona].rpc('search_suggestions', { p_query: 'sattelite' });
      expect(suggestions.error).toBeNull();
      expect(suggestions.data).toContain('satellite');
    },
  );

  it.each(personas)(
    'search_products_page and product_facets open, stock_condition internal, nothing written as %s',
    async (persona) => {
      const before = await tableHash('products');
      const page = await client[persona].rpc('search_products_page', {
        p_query: 'radio',
        p_stock: 'in_stock',
      });
      expect(page.error).toBeNull();
      expect((page.data as { in_stock: boolean }[]).length).toBeGreaterThan(0);
      expect((page.data as { in_stock: boolean }[]).every((row) => row.in_stock)).toBe(true);
      const facets = await client[persona].rpc('product_facets', { p_group: 'category' });
      expect(facets.error).toBeNull();
      expect((facets.data as { total: number }).total).toBeGreaterThan(0);
      const condition = await client[persona].rpc('stock_condition', { p_stock: 'in_stock' });
      expect(condition.error?.code).toBe('42501');
      expect(await tableHash('products')).toBe(before);
    },
  );

  it.each(personas)(
    'sku_lower, the computed field, reads and filters as %s: the SKU everyone reads, in lower case',
    async (persona) => {
      const [product] = await owner<{ id: string; sku: string }>(
        `select id, sku from public.products order by created_at, id limit 1`,
      );
      const found = await client[persona]
        .from('products')
        .select('id, sku, sku_lower')
        .eq('sku_lower', product!.sku.toLowerCase());
      expect(found.error).toBeNull();
      expect(found.data).toEqual([
        { id: product!.id, sku: product!.sku, sku_lower: product!.sku.toLowerCase() },
      ]);
    },
  );
});

describe('inventory lot functions', () => {
  const stockKeepers: Persona[] = ['productsAdmin', 'superAdmin'];

  it.each(personas)('product_best_before as %s: anyone gets the earliest shippable date', async (persona) => {
    const product = await disposable('products');
    await owner(
      `insert into public.product_lots (product_id, lot_code, quantity, best_before) values
         ($1, 'OLD', 4, current_date - 1), ($1, 'NEXT', 2, '2031-03-31'), ($1, 'LATER', 9, '2033-01-31')`,
      [product],
    );
    const { data, error } = await client[persona].rpc('product_best_before', { p_product_ids: [product] });
    expect(error).toBeNull();
    expect(data).toEqual([{ product_id: product, best_before: '2031-03-31' }]);
  });

  it.each(personas)('admin_save_product_lots as %s', async (persona) => {
    const product = await disposable('products');
    const before = await tableHash('product_lots');
    const { data, error } = await client[persona].rpc('admin_save_product_lots', {
      p_product_id: product,
      p_lots: [{ lot_code: `SAVED-${persona}`, quantity: 4, best_before: '2031-03-31' }],
    });
    if (stockKeepers.includes(persona)) {
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(await owner('select stock_count from public.products where id = $1', [product])).toEqual([
        { stock_count: 4 },
      ]);
    } else {
      expect(error?.code).toBe('42501');
      expect(await tableHash('product_lots')).toBe(before);
    }
  });

  it.each(personas)('admin_stock_alerts as %s', async (persona) => {
    const { data, error } = await client[persona].rpc('admin_stock_alerts', {
      p_low_stock_below: 10,
      p_expiring_days: 90,
    });
    if (stockKeepers.includes(persona)) {
      expect(error).toBeNull();
      expect((data as { expiring: unknown[] }).expiring.length).toBeGreaterThan(0);
    } else {
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
  });

  it.each(personas)('the internal lot functions are not callable as %s', async (persona) => {
    const allocate = await client[persona].rpc('order_allocate_lots', { p_order_id: crypto.randomUUID() });
    expect(allocate.error?.code).toMatch(/^(42501|PGRST202)$/);
    const restock = await client[persona].rpc('order_restock', { p_order_id: crypto.randomUUID() });
    expect(restock.error?.code).toMatch(/^(42501|PGRST202)$/);
  });
});

describe('review functions', () => {
  const moderators: Persona[] = ['productsAdmin', 'superAdmin'];

  it.each(personas)(
    'create_review as %s: signed-in accounts only, always pending and unverified',
    async (persona) => {
      const product = await disposable('products');
      const before = await tableHash('reviews');
      const { data, error } = await client[persona].rpc('create_review', {
        p_product_id: product,
        p_rating: 5,
        p_title: `By ${persona}`,
        p_body: 'A review written through the function',
      });
      if (persona === 'anon') {
        expect(error?.message).toBe('Please sign in to write a review');
        expect(await tableHash('reviews')).toBe(before);
      } else {
        expect(error).toBeNull();
        expect(data).toMatchObject({
          author_id: userId[persona],
          status: 'pending',
          verified_purchase: false,
        });
      }
    },
  );

  it.each(personas)("update_review of another author's review as %s is refused", async (persona) => {
    const id = await disposable('reviews');
    const before = await tableHash('reviews');
    const { error } = await client[persona].rpc('update_review', {
      p_review_id: id,
      p_rating: 1,
      p_title: 'Changed',
      p_body: 'Changed by somebody else',
    });
    expect(error?.message).toMatch(/^(Review not found|Please sign in to write a review)$/);
    expect(await tableHash('reviews')).toBe(before);
  });

  it.each(personas.filter((persona) => persona !== 'anon'))('%s deletes an own review', async (persona) => {
    const product = await disposable('products');
    const [own] = await owner<{ id: string }>(
      `insert into public.reviews (product_id, author_id, rating, title, body) values ($1, $2, 3, 'Own', 'Own review body')
       returning id`,
      [product, userId[persona]],
    );
    const { data, error } = await client[persona].from('reviews').delete().eq('id', own!.id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: own!.id }]);
    expect(await owner('select 1 from public.reviews where id = $1', [own!.id])).toHaveLength(0);
  });

  it.each(personas)('admin_search_review_products as %s', async (persona) => {
    const { data, error } = await client[persona].rpc('admin_search_review_products', {
      p_search: '',
      p_limit: 5,
    });
    if (moderators.includes(persona)) {
      expect(error).toBeNull();
      expect((data as unknown[]).length).toBeGreaterThan(0);
      expect((data as unknown[]).length).toBeLessThanOrEqual(5);
    } else {
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
  });

  it.each(personas)('admin_approve_reviews and admin_reject_reviews as %s', async (persona) => {
    const first = await disposable('reviews');
    const second = await disposable('reviews');
    const before = await tableHash('reviews');
    const approved = await client[persona].rpc('admin_approve_reviews', { p_review_ids: [first] });
    const rejected = await client[persona].rpc('admin_reject_reviews', {
      p_review_ids: [second],
      p_reason: 'Off topic',
    });
    if (moderators.includes(persona)) {
      expect(approved.error).toBeNull();
      expect(rejected.error).toBeNull();
      const rows = await owner<{ id: string; status: string; rejection_reason: string | null }>(
        'select id, status, rejection_reason from public.reviews where id = any($1) order by status',
        [[first, second]],
      );
      expect(rows).toEqual([
        { id: first, status: 'approved', rejection_reason: null },
        { id: second, status: 'rejected', rejection_reason: 'Off topic' },
      ]);
    } else {
      expect(approved.error?.code).toBe('42501');
      expect(rejected.error?.code).toBe('42501');
      expect(await tableHash('reviews')).toBe(before);
    }
  });

  it.each(personas)('author_id of reviews is unreadable as %s, also as a filter', async (persona) => {
    const [approved] = await owner<{ id: string; author_id: string }>(
      `select id, author_id from public.reviews where status = 'approved' limit 1`,
    );
    const column = await client[persona].from('reviews').select('id, author_id').eq('id', approved!.id);
    expect(column.error?.code).toBe('42501');
    expect(column.data).toBeNull();
    const filter = await client[persona].from('reviews').select('id').eq('author_id', approved!.author_id);
    expect(filter.error?.code).toBe('42501');
    const visible = await client[persona].from('reviews').select('id, author_name').eq('id', approved!.id);
    expect(visible.error).toBeNull();
    expect(visible.data).toHaveLength(1);
  });

  it.each(personas)('my_review as %s returns only the caller’s own review', async (persona) => {
    const product = await disposable('products');
    await owner(
      `insert into public.reviews (product_id, author_id, rating, title, body, status)
       values ($1, $2, 4, 'Theirs', 'Somebody else''s review', 'approved')`,
      [product, accounts.demo.userId],
    );
    const uid = userId[persona];
    const own = uid
      ? await owner<{ id: string }>(
          `insert into public.reviews (product_id, author_id, rating, title, body) values ($1, $2, 3, 'Mine', 'My own review body')
           returning id`,
          [product, uid],
        )
      : [];
    const { data, error } = await client[persona].rpc('my_review', { p_product_id: product }).select('id');
    expect(error).toBeNull();
    expect(data).toEqual(own.map((row) => ({ id: row.id })));
  });

  it.each(personas)('product_rating_distribution as %s', async (persona) => {
    const [product] = await owner<{ id: string }>(
      `select product_id as id from public.reviews where status = 'approved' group by product_id limit 1`,
    );
    const { data, error } = await client[persona].rpc('product_rating_distribution', {
      p_product_id: product!.id,
    });
    expect(error).toBeNull();
    expect((data as { rating: number }[]).map((row) => row.rating)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('administrator management rules', () => {
  it('nobody removes, deactivates or demotes themselves, whichever path they use', async () => {
    const before = await tableHash('admin_users');
    const self = accounts.superAdmin.adminId;
    const remove = await client.superAdmin.rpc('admin_remove_administrator', { p_id: self });
    expect(remove.error?.message).toBe('You cannot remove your own administrator privileges');
    const deactivate = await client.superAdmin.rpc('admin_update_administrator', {
      p_id: self,
      p_role: 'super_admin',
      p_permissions: ['products'],
      p_active: 0,
    });
    expect(deactivate.error?.message).toBe('You cannot deactivate your own administrator account');
    const demote = await client.superAdmin
      .from('admin_users')
      .update({ role: 'admin' })
      .eq('id', self)
      .select();
    expect(demote.error?.message).toBe('You cannot demote yourself');
    const deleteSelf = await client.superAdmin.from('admin_users').delete().eq('id', self).select();
    expect(deleteSelf.error?.code).toBe('42501');
    expect(await tableHash('admin_users')).toBe(before);
  });

  it('an admin with admin_management manages plain admins but cannot touch or create super admins', async () => {
    const created = await client.superAdmin.rpc('admin_create_administrator', {
      p_email: 'manager@example.com',
      p_password: 'manager123',
      p_first_name: 'Morgan',
      p_last_name: 'Manager',
      p_role: 'admin',
      // It may grant only what it holds itself (see the next describe block).
      p_permissions: ['admin_management', 'products', 'categories', 'orders'],
      p_active: 1,
    });
    expect(created.error).toBeNull();
    const managerId = (created.data as { id: string }).id;
    const manager = await stack.signedInClient('manager@example.com', 'manager123');

    const plain = await manager.rpc('admin_create_administrator', {
      p_email: 'plain@example.com',
      p_password: 'plain123',
      p_first_name: 'Plain',
      p_last_name: 'Admin',
    });
    expect(plain.error).toBeNull();
    const plainId = (plain.data as { id: string }).id;
    expect(
      (
        await manager.rpc('admin_update_administrator', {
          p_id: plainId,
          p_role: 'admin',
          p_permissions: ['orders'],
          p_active: 1,
        })
      ).error,
    ).toBeNull();

    const before = await tableHash('admin_users');
    const promote = await manager.rpc('admin_update_administrator', {
      p_id: plainId,
      p_role: 'super_admin',
      p_permissions: ['orders'],
      p_active: 1,
    });
    expect(promote.error?.message).toBe('Only a super administrator can grant the super_admin role');
    const demoteSuper = await manager.rpc('admin_update_administrator', {
      p_id: accounts.superAdmin.adminId,
      p_role: 'admin',
      p_permissions: ['orders'],
      p_active: 1,
    });
    expect(demoteSuper.error?.code).toBe('42501');
    const removeSuper = await manager.rpc('admin_remove_administrator', {
      p_id: accounts.superAdmin.adminId,
    });
    expect(removeSuper.error?.code).toBe('42501');
    const dropOwn = await manager.rpc('admin_update_administrator', {
      p_id: managerId,
      p_role: 'admin',
      p_permissions: ['orders'],
      p_active: 1,
    });
    expect(dropOwn.error?.message).toBe('You cannot remove your own admin_management permission');
    expect(await tableHash('admin_users')).toBe(before);

    const superCreate = await manager.rpc('admin_create_administrator', {
      p_email: 'wannabe@example.com',
      p_password: 'wannabe123',
      p_first_name: 'Wanna',
      p_last_name: 'Be',
      p_role: 'super_admin',
      p_permissions: ['products'],
      p_active: 1,
    });
    expect(superCreate.error?.code).toBe('42501');
    expect(await owner(`select 1 from auth.users where email = 'wannabe@example.com'`)).toHaveLength(0);

    expect((await manager.rpc('admin_remove_administrator', { p_id: plainId })).error).toBeNull();
  });

  it('a second super admin can be deactivated by the first; a deactivated admin loses every right at once', async () => {
    const created = await client.superAdmin.rpc('admin_create_administrator', {
      p_email: 'second.super@example.com',
      p_password: 'second123',
      p_first_name: 'Second',
      p_last_name: 'Super',
      p_role: 'super_admin',
      p_permissions: [...ADMIN_PERMISSIONS],
      p_active: 1,
    });
    expect(created.error).toBeNull();
    const second = await stack.signedInClient('second.super@example.com', 'second123');
    const id = (created.data as { id: string }).id;
    expect(
      (await second.from('products').update({ review_count: 1 }).eq('review_count', -5).select()).error,
    ).toBeNull();

    const deactivated = await client.superAdmin.rpc('admin_update_administrator', {
      p_id: id,
      p_role: 'super_admin',
      p_permissions: ['products'],
      p_active: 0,
    });
    expect(deactivated.error).toBeNull();
    const before = await tableHash('products');
    const write = await second.from('products').update({ price: 0 }).gte('price', 0).select('id');
    expect(write.data).toEqual([]);
    expect(await tableHash('products')).toBe(before);
    expect((await second.rpc('admin_list_administrators')).error?.code).toBe('42501');
    expect((await second.from('orders').select('id')).data).toEqual([]);
  });
});

describe('administrators cannot raise their own rights (migration 20250101001000)', () => {
  const everything: string[] = [...ADMIN_PERMISSIONS];
  let manager: SupabaseClient;
  let managerId = '';
  let plainId = '';

  beforeAll(async () => {
    const created = await client.superAdmin.rpc('admin_create_administrator', {
      p_email: 'self.granter@example.com',
      p_password: 'granter123',
      p_first_name: 'Self',
      p_last_name: 'Granter',
      p_role: 'admin',
      p_permissions: ['admin_management', 'orders'],
      p_active: 1,
    });
    expect(created.error).toBeNull();
    managerId = (created.data as { id: string }).id;
    manager = await stack.signedInClient('self.granter@example.com', 'granter123');
    const plain = await client.superAdmin.rpc('admin_create_administrator', {
      p_email: 'granted.to@example.com',
      p_password: 'granted123',
      p_first_name: 'Granted',
      p_last_name: 'To',
      p_role: 'admin',
      p_permissions: ['orders'],
      p_active: 1,
    });
    expect(plain.error).toBeNull();
    plainId = (plain.data as { id: string }).id;
  });

  it('an admin with admin_management cannot grant itself permissions, by REST or by function, and so cannot edit products', async () => {
    const before = await tableHash('admin_users');
    const patch = await manager
      .from('admin_users')
      .update({ permissions: everything })
      .eq('id', managerId)
      .select();
    expect(patch.error?.code).toBe('42501');
    expect(patch.error?.message).toBe('You cannot change your own role or permissions');
    const viaFunction = await manager.rpc('admin_update_administrator', {
      p_id: managerId,
      p_role: 'admin',
      p_permissions: everything,
      p_active: 1,
    });
    expect(viaFunction.error?.code).toBe('42501');
    const promote = await manager
      .from('admin_users')
      .update({ role: 'super_admin' })
      .eq('id', managerId)
      .select();
    expect(promote.error?.code).toBe('42501');
    expect(await tableHash('admin_users')).toBe(before);

    const products = await tableHash('products');
    const write = await manager.from('products').update({ price: 0 }).gte('price', 0).select('id');
    expect(write.data).toEqual([]);
    expect(await tableHash('products')).toBe(products);
  });

  it('grants nothing it does not hold, and admin_management only as a super administrator', async () => {
    const before = await tableHash('admin_users');
    for (const permissions of [['orders', 'products'], ['admin_management'], everything]) {
      const update = await manager.rpc('admin_update_administrator', {
        p_id: plainId,
        p_role: 'admin',
        p_permissions: permissions,
        p_active: 1,
      });
      expect(update.error?.code, permissions.join()).toBe('42501');
      const patch = await manager.from('admin_users').update({ permissions }).eq('id', plainId).select();
      expect(patch.error?.code, permissions.join()).toBe('42501');
    }
    const adminManagement = await manager.rpc('admin_update_administrator', {
      p_id: plainId,
      p_role: 'admin',
      p_permissions: ['orders', 'admin_management'],
      p_active: 1,
    });
    expect(adminManagement.error?.message).toBe(
      'Only a super administrator can grant the admin_management permission',
    );
    const products = await manager.rpc('admin_update_administrator', {
      p_id: plainId,
      p_role: 'admin',
      p_permissions: ['orders', 'products'],
      p_active: 1,
    });
    expect(products.error?.message).toBe('You cannot grant a permission you do not hold: products');
    expect(await tableHash('admin_users')).toBe(before);

    const created = await manager.rpc('admin_create_administrator', {
      p_email: 'accomplice@example.com',
      p_password: 'accomplice123',
      p_first_name: 'Acc',
      p_last_name: 'Omplice',
      p_role: 'admin',
      p_permissions: ['products', 'categories'],
      p_active: 1,
    });
    expect(created.error?.code).toBe('42501');
    expect(await owner(`select 1 from auth.users where email = 'accomplice@example.com'`)).toHaveLength(0);
    const user = (
      await owner<{ id: string }>(
        `insert into auth.users (id, email, aud, role) values (gen_random_uuid(), 'rest.accomplice@example.com', 'authenticated', 'authenticated') returning id`,
      )
    )[0]!.id;
    const insert = await manager
      .from('admin_users')
      .insert({ user_id: user, role: 'admin', permissions: ['admin_management'], active: 1 })
      .select();
    expect(insert.error?.code).toBe('42501');
    expect(await tableHash('admin_users')).toBe(before);
  });

  it('still grants and withdraws what it holds; a super administrator grants anything but not to itself', async () => {
    const narrowed = await manager.rpc('admin_update_administrator', {
      p_id: plainId,
      p_role: 'admin',
      p_permissions: [],
      p_active: 1,
    });
    expect(narrowed.error).toBeNull();
    const granted = await manager
      .from('admin_users')
      .update({ permissions: ['orders'] })
      .eq('id', plainId)
      .select('permissions');
    expect(granted.error).toBeNull();
    expect(granted.data).toEqual([{ permissions: ['orders'] }]);

    const bySuper = await client.superAdmin.rpc('admin_update_administrator', {
      p_id: plainId,
      p_role: 'admin',
      p_permissions: ['orders', 'admin_management'],
      p_active: 1,
    });
    expect(bySuper.error).toBeNull();
    const before = await tableHash('admin_users');
    const ownSuper = await client.superAdmin
      .from('admin_users')
      .update({ permissions: ['products'] })
      .eq('id', accounts.superAdmin.adminId)
      .select();
    expect(ownSuper.error?.code).toBe('42501');
    expect(await tableHash('admin_users')).toBe(before);
  });

  // Migration 20261126113700: reactivating gives back every permission of the row, so it is a grant.
  it('cannot reactivate an administrator holding what it lacks, by function or by REST; a super administrator can', async () => {
    async function deactivated(email: string, permissions: string[]): Promise<string> {
      const made = await client.superAdmin.rpc('admin_create_administrator', {
        p_email: email,
        p_password: 'deactivated123',
        p_first_name: 'Was',
        p_last_name: 'Active',
        p_role: 'admin',
        p_permissions: permissions,
        p_active: 0,
      });
      expect(made.error).toBeNull();
      return (made.data as { id: string }).id;
    }
    const productsHolder = await deactivated('reactivate.products@example.com', ['orders', 'products']);
    const managerHolder = await deactivated('reactivate.manager@example.com', ['admin_management']);
    const ordersHolder = await deactivated('reactivate.orders@example.com', ['orders']);

    const before = await tableHash('admin_users');
    const viaFunction = await manager.rpc('admin_update_administrator', {
      p_id: productsHolder,
      p_role: null,
      p_permissions: null,
      p_active: 1,
    });
    expect(viaFunction.error?.code).toBe('42501');
    expect(viaFunction.error?.message).toBe('You cannot grant a permission you do not hold: products');
    const viaRest = await manager.from('admin_users').update({ active: 1 }).eq('id', productsHolder).select();
    expect(viaRest.error?.code).toBe('42501');
    const management = await manager
      .from('admin_users')
      .update({ active: 1 })
      .eq('id', managerHolder)
      .select();
    expect(management.error?.message).toBe(
      'Only a super administrator can grant the admin_management permission',
    );
    expect(await tableHash('admin_users')).toBe(before);

    // Reactivating while dropping what it lacks grants only what stays: allowed.

    const allowed = await manager.rpc('admin_update_administrator', {
      p_id: ordersHolder,
      p_role: null,
      p_permissions: null,
      p_active: 1,
    });
    expect(allowed.error).toBeNull();
    const narrowed = await manager
      .from('admin_users')
      .update({ active: 1, permissions: ['orders'] })
      .eq('id', productsHolder)
      .select('active, permissions');
    expect(narrowed.error).toBeNull();
    expect(narrowed.data).toEqual([{ active: 1, permissions: ['orders'] }]);
    const bySuper = await client.superAdmin.rpc('admin_update_administrator', {
      p_id: managerHolder,
      p_role: null,
      p_permissions: null,
      p_active: 1,
    });
    expect(bySuper.error).toBeNull();
    expect(
      await owner(`select active from public.admin_users where id = any ($1::uuid[]) order by active`, [
        [productsHolder, managerHolder, ordersHolder],
      ]),
    ).toEqual([{ active: 1 }, { active: 1 }, { active: 1 }]);
  });
});

// Migration 20261126113701: an administrator's identity on an order event lives in order_event_staff,
// which only administrators with orders read; the customer's own history says only that the shop acted.
describe('order_event_staff: who of the staff acted on an order', () => {
  let orderId = '';
  const staffReaders: Persona[] = ['ordersAdmin', 'superAdmin'];

  async function staffHash(): Promise<string> {
    const rows = await owner<{ h: string }>(
      `select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from public.order_event_staff t`,
    );
    return rows[0]!.h;
  }

  beforeAll(async () => {
    orderId = (
      await owner<{ id: string }>(
        `insert into public.orders (user_id, subtotal, total_amount) values ($1, 10, 10) returning id`,
        [accounts.customer.userId],
      )
    )[0]!.id;
    const moved = await client.superAdmin.rpc('admin_set_order_status', {
      p_order_id: orderId,
      p_status: 'processing',
      p_note: 'Packed by the warehouse',
    });
    expect(moved.error).toBeNull();
  });

  it('the customer reads their order history with no administrator id or address, as the account page asks', async () => {
    const { data, error } = await client.customer
      .from('orders')
      .select('*, order_items(*), order_events(*, order_event_staff(actor_id, actor_email))')
      .eq('id', orderId)
      .single();
    expect(error).toBeNull();
    const events = (data as { order_events: Record<string, unknown>[] }).order_events;
    const byStaff = events.filter((event) => event.actor_role === 'admin');
    expect(byStaff).toHaveLength(1);
    expect(byStaff[0]).toMatchObject({
      kind: 'status_changed',
      to_value: 'processing',
      note: 'Packed by the warehouse',
      actor_id: null,
      actor_email: null,
      order_event_staff: null,
    });
    const text = JSON.stringify(data);
    expect(text).not.toContain(accounts.superAdmin.email);
    expect(text).not.toContain(accounts.superAdmin.userId);
    const plain = await client.customer.from('order_events').select('*').eq('order_id', orderId);
    expect(JSON.stringify(plain.data)).not.toContain(accounts.superAdmin.email);
    expect(plain.data!.length).toBeGreaterThan(0);
  });

  it.each(staffReaders)('%s reads which administrator acted', async (persona) => {
    const { data, error } = await client[persona]
      .from('order_events')
      .select('kind, actor_role, order_event_staff(actor_id, actor_email)')
      .eq('order_id', orderId)
      .eq('actor_role', 'admin');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        kind: 'status_changed',
        actor_role: 'admin',
        order_event_staff: { actor_id: accounts.superAdmin.userId, actor_email: accounts.superAdmin.email },
      },
    ]);
  });

  it.each(personas)('order_event_staff as %s: select, insert, update, delete', async (persona) => {
    const all = (await owner<{ n: number }>(`select count(*)::int as n from public.order_event_staff`))[0]!.n;
    expect(all).toBeGreaterThan(0);
    const read = await client[persona].from('order_event_staff').select('event_id', { count: 'exact' });
    if (persona === 'anon') expect(read.error?.code).toBe('42501');
    else expect(read.count).toBe(staffReaders.includes(persona) ? all : 0);

    const before = await staffHash();
    const event = (
      await owner<{ id: string }>(
        `insert into public.order_events (order_id, kind, to_value, actor_role) values ($1, 'placed', 'pending', 'system')
         returning id`,
        [orderId],
      )
    )[0]!.id;
    const insert = await client[persona]
      .from('order_event_staff')
      .insert({ event_id: event, actor_id: userId[persona], actor_email: 'forged@example.com' })
      .select();
    expect(insert.error?.code).toBe('42501');
    const update = await client[persona]
      .from('order_event_staff')
      .update({ actor_email: 'forged@example.com' })
      .neq('actor_email', '')
      .select();
    if (update.error) expect(update.error.code).toBe('42501');
    else expect(update.data).toEqual([]);
    const remove = await client[persona].from('order_event_staff').delete().neq('actor_email', '').select();
    if (remove.error) expect(remove.error.code).toBe('42501');
    else expect(remove.data).toEqual([]);
    expect(await staffHash()).toBe(before);
  });
});

describe('orders, checkout and customers functions (migration 20250101000900)', () => {
  type OrderPersona = Persona | 'otherCustomer' | 'customersAdmin';
  const orderPersonas: OrderPersona[] = [...personas, 'otherCustomer', 'customersAdmin'];
  const who = {} as Record<OrderPersona, SupabaseClient>;
  const whoId = {} as Record<OrderPersona, string | null>;
  const orderManagers: OrderPersona[] = ['ordersAdmin', 'superAdmin'];
  const customerManagers: OrderPersona[] = ['customersAdmin', 'superAdmin'];
  const address = {
    full_name: 'Matrix Buyer',
    line1: '1 Matrix Way',
    line2: '',
    city: 'Springfield',
    region: 'IL',
    postal_code: '62701',
    country: 'United States',
    phone: '+1 217 555 0100',
  };
  let productId = '';

  async function ordersState(): Promise<string> {
    return `${await tableHash('orders')}|${await tableHash('order_items')}|${await tableHash('order_events')}|${await tableHash('products')}`;
  }

  /** A pending order of `persona` (the demo customer's for anon), written as the owner. */
  async function pendingOrderOf(persona: OrderPersona): Promise<string> {
    return (
      await owner<{ id: string }>(
        `insert into public.orders (user_id, subtotal, total_amount) values ($1, 10, 10) returning id`,
        [whoId[persona] ?? accounts.demo.userId],
      )
    )[0]!.id;
  }

  beforeAll(async () => {
    for (const persona of personas) {
      who[persona] = client[persona];
      whoId[persona] = userId[persona];
    }
    who.otherCustomer = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
    whoId.otherCustomer = accounts.demo.userId;
    const created = await client.superAdmin.rpc('admin_create_administrator', {
      p_email: 'customers.matrix@example.com',
      p_password: 'customers1234',
      p_first_name: 'Cam',
      p_last_name: 'Customers',
      p_role: 'admin',
      p_permissions: ['customers'],
      p_active: 1,
    });
    if (created.error) throw new Error(created.error.message);
    whoId.customersAdmin = (created.data as { user_id: string }).user_id;
    who.customersAdmin = await stack.signedInClient('customers.matrix@example.com', 'customers1234');
    productId = (
      await owner<{ id: string }>(
        `insert into public.products (name, description, price, category_id, image_url, stock_count)
         values ('Matrix Stock', 'matrix', 25, $1, 'x.svg', 1000) returning id`,
        [categoryId],
      )
    )[0]!.id;
  });

  it.each(orderPersonas)('checkout_quote and place_order as %s', async (persona) => {
    const lines = [{ product_id: productId, quantity: 2, unit_price: 0.01 }];
    const quote = await who[persona].rpc('checkout_quote', { p_lines: lines });
    expect(quote.error).toBeNull();
    expect(quote.data).toMatchObject({ subtotal: 50, shipping: 9.99, tax: 4, total: 63.99 });

    const before = await ordersState();
    const placed = await who[persona].rpc('place_order', {
      p_lines: lines,
      p_shipping_address: address,
      p_shipping_method: 'standard',
      p_payment_method: 'bank_transfer',
      p_idempotency_key: crypto.randomUUID(),
    });
    if (persona === 'anon') {
      expect(placed.error?.message).toBe('Please sign in to place an order');
      expect(await ordersState()).toBe(before);
      return;
    }
    // Anyone signed in may shop, administrators included; the order is always their own.
    expect(placed.error).toBeNull();
    expect(placed.data).toMatchObject({ user_id: whoId[persona], total_amount: 63.99, status: 'pending' });
    const id = (placed.data as { id: string }).id;
    const seen = await who[persona]
      .from('orders')
      .select('id, order_items(id), order_events(id)')
      .eq('id', id);
    expect(seen.data).toHaveLength(1);
  });

  it.each(orderPersonas)(
    '%s reads its own orders, lines and history only (or all with orders)',
    async (persona) => {
      for (const table of ['orders', 'order_items', 'order_events'] as const) {
        const { data, error, count } = await who[persona].from(table).select('id', { count: 'exact' });
        if (persona === 'anon') {
          expect(error?.code).toBe('42501');
          continue;
        }
        const expected = orderManagers.includes(persona)
          ? (await owner<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]!.n
          : (
              await owner<{ n: number }>(
                table === 'orders'
                  ? `select count(*)::int as n from public.orders where user_id = $1`
                  : `select count(*)::int as n from public.${table} t join public.orders o on o.id = t.order_id
                   where o.user_id = $1`,
                [whoId[persona]],
              )
            )[0]!.n;
        expect(error).toBeNull();
        expect(count).toBe(expected);
        expect(data).toHaveLength(expected);
      }
    },
  );

  it.each(orderPersonas)('cancel_order as %s: its own pending order only', async (persona) => {
    const foreign = await pendingOrderOf(persona === 'customer' ? 'otherCustomer' : 'customer');
    const before = await ordersState();
    const theirs = await who[persona].rpc('cancel_order', { p_order_id: foreign });
    if (persona === 'anon') expect(theirs.error?.code).toBe('42501');
    else expect(theirs.error?.message).toBe('Order not found');
    expect(await ordersState()).toBe(before);
    if (persona === 'anon') return;
    const own = await pendingOrderOf(persona);
    const cancelled = await who[persona].rpc('cancel_order', { p_order_id: own });
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toMatchObject({ id: own, status: 'cancelled' });
  });

  it.each(orderPersonas)('admin_set_order_status and admin_set_payment_status as %s', async (persona) => {
    const id = await pendingOrderOf('customer');
    const before = await ordersState();
    const status = await who[persona].rpc('admin_set_order_status', {
      p_order_id: id,
      p_status: 'processing',
    });
    const payment = await who[persona].rpc('admin_set_payment_status', {
      p_order_id: id,
      p_payment_status: 'paid',
    });
    if (orderManagers.includes(persona)) {
      expect(status.error).toBeNull();
      expect(payment.error).toBeNull();
      expect(payment.data).toMatchObject({ status: 'processing', payment_status: 'paid' });
      // Which administrator acted is kept in order_event_staff (20261126113701).
      const events = await owner(
        `select e.kind, s.actor_id from public.order_events e
         left join public.order_event_staff s on s.event_id = e.id
         where e.order_id = $1 order by e.created_at`,
        [id],
      );
      expect(events).toEqual([
        { kind: 'status_changed', actor_id: whoId[persona] },
        { kind: 'payment_changed', actor_id: whoId[persona] },
      ]);
    } else {
      expect(status.error?.code).toBe('42501');
      expect(payment.error?.code).toBe('42501');
      expect(await ordersState()).toBe(before);
    }
  });

  it.each(orderPersonas)('admin_list_customers and admin_get_customer as %s', async (persona) => {
    const list = await who[persona].rpc('admin_list_customers', { p_search: 'example.com' });
    const detail = await who[persona].rpc('admin_get_customer', { p_user_id: accounts.customer.userId });
    if (customerManagers.includes(persona)) {
      expect(list.error).toBeNull();
      const emails = (list.data as { email: string }[]).map((row) => row.email);
      expect(emails).toContain(accounts.customer.email);
      expect(emails).not.toContain(accounts.ordersAdmin.email);
      expect(detail.data).toMatchObject({ email: accounts.customer.email });
    } else {
      expect(list.error?.code).toBe('42501');
      expect(list.data).toBeNull();
      expect(detail.error?.code).toBe('42501');
      expect(detail.data).toBeNull();
    }
  });

  it.each(orderPersonas)('the internal order helpers are not callable as %s', async (persona) => {
    const order = await pendingOrderOf('customer');
    const before = await ordersState();
    const calls = [
      who[persona].rpc('order_restock', { p_order_id: order }),
      who[persona].rpc('order_event_add', {
        p_order_id: order,
        p_kind: 'status_changed',
        p_from: 'pending',
        p_to: 'completed',
        p_actor_role: 'admin',
      }),
      who[persona].rpc('admin_lock_order', { p_order_id: order }),
      who[persona].rpc('checkout_lines', { p_lines: [] }),
      who[persona].rpc('emergency_is_open'),
      who[persona].rpc('order_totals', { p_subtotal: 1 }),
      who[persona].rpc('initial_payment_status', { p_payment_method: 'bank_transfer' }),
      who[persona].rpc('order_status_move_allowed', { p_from: 'pending', p_to: 'completed' }),
    ];
    for (const call of calls) {
      expect((await call).error?.code).toBe('42501');
    }
    expect(await ordersState()).toBe(before);
  });
});

describe('wishlist_items and merge_wishlist (migration 20250101001200)', () => {
  let productId = '';

  beforeAll(async () => {
    productId = (
      await owner<{ id: string }>(
        `insert into public.products (name, description, price, category_id, image_url)
         values ('Matrix Wish', 'matrix', 7, $1, 'x.svg') returning id`,
        [categoryId],
      )
    )[0]!.id;
  });

  /** A wishlist row of the demo customer (nobody in `personas`), written as the owner. */
  async function foreignRow(): Promise<string> {
    return (
      await owner<{ id: string }>(
        `insert into public.wishlist_items (user_id, product_id) values ($1, $2)
         on conflict (user_id, product_id) do update set added_at = excluded.added_at returning id`,
        [accounts.demo.userId, productId],
      )
    )[0]!.id;
  }

  it.each(personas)('%s reads only its own rows (anon: none at all)', async (persona) => {
    await foreignRow();
    const { data, error, count } = await client[persona]
      .from('wishlist_items')
      .select('id', { count: 'exact' });
    if (persona === 'anon') {
      expect(error?.code).toBe('42501');
      return;
    }
    const own = (
      await owner<{ n: number }>(`select count(*)::int as n from public.wishlist_items where user_id = $1`, [
        userId[persona],
      ])
    )[0]!.n;
    expect(error).toBeNull();
    expect(count).toBe(own);
    expect(data).toHaveLength(own);
  });

  it.each(personas)('%s cannot insert, update or delete another customer’s row', async (persona) => {
    const id = await foreignRow();
    const before = await tableHash('wishlist_items');
    const insert = await client[persona]
      .from('wishlist_items')
      .insert({ user_id: accounts.demo.userId, product_id: productId })
      .select('id');
    expect(insert.error?.code).toBe('42501');
    const update = await client[persona]
      .from('wishlist_items')
      .update({ price_at_add: 0 })
      .eq('id', id)
      .select('id');
    expect(update.error?.code).toBe('42501');
    const remove = await client[persona].from('wishlist_items').delete().eq('id', id).select('id');
    if (remove.error) expect(remove.error.code).toBe('42501');
    else expect(remove.data).toEqual([]);
    expect(await tableHash('wishlist_items')).toBe(before);
  });

  it.each(personas)('%s: merge_wishlist and its own rows (anon refused)', async (persona) => {
    const before = await tableHash('wishlist_items');
    const merged = await client[persona].rpc('merge_wishlist', { p_product_ids: [productId] });
    if (persona === 'anon') {
      expect(merged.error?.code).toBe('42501');
      expect(await tableHash('wishlist_items')).toBe(before);
      return;
    }
    expect(merged.error).toBeNull();
    expect((merged.data as { user_id: string }[]).map((row) => row.user_id)).toEqual([userId[persona]]);
    const removed = await client[persona]
      .from('wishlist_items')
      .delete()
      .eq('product_id', productId)
      .select('user_id');
    expect(removed.data).toEqual([{ user_id: userId[persona] }]);
    const inserted = await client[persona]
      .from('wishlist_items')
      .insert({ product_id: productId })
      .select('user_id');
    expect(inserted.data).toEqual([{ user_id: userId[persona] }]);
    await owner(`delete from public.wishlist_items where user_id = $1`, [userId[persona]]);
  });

  it.each(personas)('the trigger function is not callable as %s', async (persona) => {
    const { error } = await client[persona].rpc('wishlist_items_set_facts');
    expect(error).not.toBeNull();
  });
});

describe('storage bucket catalog (migration 20250101001600)', () => {
  /** Who may write under each folder of the bucket: products/ needs `products`, categories/ `categories`. */
  const bucketWriters: Record<'products' | 'categories', Persona[]> = {
    products: ['productsAdmin', 'superAdmin'],
    categories: ['superAdmin'],
  };
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const objectRows = async (name: string) =>
    (
      await owner<{ n: number }>(
        `select count(*)::int as n from storage.objects where bucket_id = 'catalog' and name = $1`,
        [name],
      )
    )[0]!.n;

  describe.each(['products', 'categories'] as const)('folder %s/', (folder) => {
    it.each(personas)('as %s: insert, upsert and delete; the public read for everyone', async (persona) => {
      serial += 1;
      const name = `${folder}/matrix-${serial}/image.png`;
      const bucket = client[persona].storage.from('catalog');
      const allowed = bucketWriters[folder].includes(persona);

      const inserted = await bucket.upload(name, new Blob([png], { type: 'image/png' }));
      expect(inserted.error?.message ?? null).toBe(
        allowed ? null : 'new row violates row-level security policy',
      );
      expect(await objectRows(name)).toBe(allowed ? 1 : 0);

      // An object put there by a super administrator: replacing and deleting it follow the same rule.
      if (!allowed) {
        const put = await client.superAdmin.storage
          .from('catalog')
          .upload(name, new Blob([png], { type: 'image/png' }));
        expect(put.error).toBeNull();
      }
      const upsert = await bucket.upload(name, new Blob([png], { type: 'image/png' }), { upsert: true });
      expect(upsert.error?.message ?? null).toBe(
        allowed ? null : 'new row violates row-level security policy',
      );

      const removed = await bucket.remove([name]);
      expect(removed.error).toBeNull();
      expect(removed.data?.length).toBe(allowed ? 1 : 0);
      expect(await objectRows(name)).toBe(allowed ? 0 : 1);
      const publicRead = await fetch(bucket.getPublicUrl(name).data.publicUrl);
      expect(publicRead.status).toBe(allowed ? 404 : 200);
      await publicRead.arrayBuffer();
    });
  });
});

describe('dashboard rollups (migration 20250101001900)', () => {
  it.each(personas)('%s can neither read nor write them', async (persona) => {
    for (const table of rollupTables) {
      // The seeded orders are in them, so there is something to read or change.
      const [rows] = await owner<{ n: number }>(`select count(*)::int as n from public.${table}`);
      expect(rows!.n, table).toBeGreaterThan(0);
      const counter =
        table === 'product_facet_counts'
          ? 'product_count'
          : table === 'dashboard_product_sales' || table === 'analytics_category_days'
            ? 'units'
            : 'order_count';
      const before = await tableHash(table);
      const read = await client[persona].from(table).select('*');
      expect(read.error?.code, table).toBe('42501');
      const insert = await client[persona]
        .from(table)
        .insert({ day: '2000-01-01', user_id: userId[persona] ?? crypto.randomUUID() })
        .select('*');
      expect(insert.error, table).not.toBeNull();
      const update = await client[persona]
        .from(table)
        .update({ [counter]: 999 })
        .gte(counter, 0)
        .select('*');
      expect(update.error?.code, table).toBe('42501');
      const remove = await client[persona].from(table).delete().gte(counter, 0).select('*');
      expect(remove.error?.code, table).toBe('42501');
      expect(await tableHash(table), table).toBe(before);
    }
  });

  it('the rollup tables have row-level security on', async () => {
    const rows = await owner<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
       where relnamespace = 'public'::regnamespace and relname = any($1) order by relname`,
      [[...rollupTables]],
    );
    expect(rows).toEqual([...rollupTables].sort().map((relname) => ({ relname, relrowsecurity: true })));
  });

  it.each(personas)(
    'the internal rollup readers are not callable as %s (migration 20250101002000)',
    async (persona) => {
      const since = new Date(Date.now() - 400 * 86_400_000).toISOString();
      const calls = [
        client[persona].rpc('dashboard_product_totals', { p_start: since, p_keys: [] }),
        client[persona].rpc('dashboard_period_figures', {
          p_from: since,
          p_to: new Date().toISOString(),
          p_to_inclusive: true,
        }),
        client[persona].rpc('analytics_check', { p_from: '2026-01-01', p_to: '2026-01-31' }),
        client[persona].rpc('analytics_product_totals', {
          p_from: '2026-01-01',
          p_to: '2026-01-31',
          p_keys: [],
        }),
        // The writer the order triggers call (customers' order days since 20261129091432).
        client[persona].rpc('dashboard_apply_orders', { p_orders: [] }),
      ];
      for (const call of calls) {
        const { data, error } = await call;
        expect(error?.code).toBe('42501');
        expect(data).toBeNull();
      }
    },
  );
});

describe('the analytics functions (issue 30)', () => {
  it.each(personas)('admin_analytics_* as %s: only with the analytics permission', async (persona) => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const period = { p_from: from, p_to: to };
    const calls = {
      summary: client[persona].rpc('admin_analytics_summary', period),
      series: client[persona].rpc('admin_analytics_series', { ...period, p_bucket: 'week' }),
      categories: client[persona].rpc('admin_analytics_categories', period),
      top: client[persona].rpc('admin_analytics_top_products', { ...period, p_by: 'units' }),
      cover: client[persona].rpc('admin_analytics_stock_cover', { p_limit: 5 }),
      discounts: client[persona].rpc('admin_analytics_discounts', period),
    };
    for (const [name, call] of Object.entries(calls)) {
      const { data, error } = await call;
      if (persona === 'superAdmin') {
        expect(error, name).toBeNull();
        expect(Array.isArray(data), name).toBe(true);
        if (!['top', 'cover', 'discounts'].includes(name))
          expect((data as unknown[]).length, name).toBeGreaterThan(0);
      } else {
        expect(error?.code, name).toBe('42501');
        expect(data, name).toBeNull();
      }
    }
  });
});

describe('waitlist_subscriptions, outbox_messages and their functions (migration 20250101001500)', () => {
  let productId = '';
  const waitlistTables = ['waitlist_subscriptions', 'outbox_messages'] as const;

  beforeAll(async () => {
    productId = (
      await owner<{ id: string }>(
        `insert into public.products (name, description, price, category_id, image_url, in_stock, stock_count)
         values ('Matrix Waitlist', 'matrix', 7, $1, 'x.svg', false, 0) returning id`,
        [categoryId],
      )
    )[0]!.id;
    // A subscription and a message of somebody else, so there is something to read or change. The hash
    // is core sha256(), as waitlist_token_hash uses: pgcrypto's digest() goes through PGlite's OpenSSL
    // build, which fails now and then under load ('Cipher cannot be initialized').
    await owner(
      `insert into public.waitlist_subscriptions (product_id, email, token_hash, confirmed_at)
       values ($1, 'someone.else@example.com', sha256('matrix'::bytea), now())
       on conflict do nothing`,
      [productId],
    );
    await owner(
      `insert into public.outbox_messages (kind, recipient, payload)
       values ('waitlist_confirmation', 'someone.else@example.com', '{"token":"matrix"}')`,
    );
  });

  it.each(personas)('%s can neither read nor write the tables', async (persona) => {
    for (const table of waitlistTables) {
      const before = await tableHash(table);
      const read = await client[persona].from(table).select('*');
      expect(read.error?.code).toBe('42501');
      const insert = await client[persona].from(table).insert({ recipient: 'x@example.com' }).select('id');
      expect(insert.error).not.toBeNull();
      const update = await client[persona]
        .from(table)
        .update({ created_at: new Date().toISOString() })
        .neq('id', crypto.randomUUID())
        .select('id');
      expect(update.error?.code).toBe('42501');
      const remove = await client[persona].from(table).delete().neq('id', crypto.randomUUID()).select('id');
      expect(remove.error?.code).toBe('42501');
      expect(await tableHash(table)).toBe(before);
    }
  });

  it('the service role reads and settles the outbox', async () => {
    const service = stack.serviceClient();
    const read = await service.from('outbox_messages').select('id');
    expect(read.error).toBeNull();
    expect((read.data ?? []).length).toBeGreaterThan(0);
    const claimed = await service.rpc('outbox_claim', { p_limit: 100, p_lease_seconds: 60 });
    expect(claimed.error).toBeNull();
    const message = (claimed.data as { id: string; claim_token: string }[])[0]!;
    const failed = await service.rpc('outbox_mark_failed', {
      p_id: message.id,
      p_claim_token: message.claim_token,
      p_error: 'matrix',
    });
    expect(failed.data).toBe(true);
    expect((await service.rpc('outbox_mark_sent', { p_id: message.id })).data).toBe(true);
  });

  it.each(personas)('%s cannot call the sender functions', async (persona) => {
    const before = await tableHash('outbox_messages');
    const claim = await client[persona].rpc('outbox_claim', { p_limit: 10, p_lease_seconds: 60 });
    expect(claim.error).not.toBeNull();
    const sent = await client[persona].rpc('outbox_mark_sent', { p_id: crypto.randomUUID() });
    expect(sent.error).not.toBeNull();
    const failed = await client[persona].rpc('outbox_mark_failed', {
      p_id: crypto.randomUUID(),
      p_claim_token: crypto.randomUUID(),
      p_error: 'x',
    });
    expect(failed.error).not.toBeNull();
    expect(
      (await client[persona].rpc('waitlist_follow_link', { p_token: 'x', p_action: 'confirm' })).error,
    ).not.toBeNull();
    for (const fn of ['waitlist_new_token', 'products_queue_back_in_stock']) {
      expect((await client[persona].rpc(fn)).error).not.toBeNull();
    }
    expect((await client[persona].rpc('waitlist_token_hash', { p_token: 'x' })).error).not.toBeNull();
    expect(
      (await client[persona].rpc('waitlist_product_buyable', { p_product_id: productId })).error,
    ).not.toBeNull();
    // Internal (20261126113702): whose address is confirmed is nobody's business.
    expect(
      (await client[persona].rpc('waitlist_confirmed_email', { p_user_id: accounts.demo.userId })).error,
    ).not.toBeNull();
    // Internal (20261126114647): the address rule and the limit key are the database's own.
    for (const fn of ['email_plain_normalised', 'email_limit_key']) {
      expect((await client[persona].rpc(fn, { p_email: 'a@example.com' })).error, fn).not.toBeNull();
    }
    // Pruning and the client key (20261126125353) are the jobs' and the waitlist's own.
    expect((await client[persona].rpc('request_client_key')).error).not.toBeNull();
    expect(
      (await client[persona].rpc('outbox_prune', { p_now: new Date(Date.now() + 1e11).toISOString() })).error,
    ).not.toBeNull();
    expect(await tableHash('outbox_messages')).toBe(before);
  });

  it.each(personas)(
    '%s: one-click subscribe, status and cancel are for signed-in users only',
    async (persona) => {
      const before = await tableHash('waitlist_subscriptions');
      const subscribe = await client[persona].rpc('waitlist_subscribe', { p_product_id: productId });
      const status = await client[persona].rpc('waitlist_status', { p_product_id: productId });
      if (persona === 'anon') {
        expect(subscribe.error?.code).toBe('42501');
        expect(status).toMatchObject({ error: null, data: false });
        expect((await client[persona].rpc('waitlist_cancel', { p_product_id: productId })).error?.code).toBe(
          '42501',
        );
        expect(await tableHash('waitlist_subscriptions')).toBe(before);
        return;
      }
      expect(subscribe.error).toBeNull();
      expect(status).toMatchObject({ error: null, data: true });
      expect((await client[persona].rpc('waitlist_cancel', { p_product_id: productId })).error).toBeNull();
      expect((await client[persona].rpc('waitlist_status', { p_product_id: productId })).data).toBe(false);
      // Nobody else's subscription changed.
      const others = await owner<{ n: number }>(
        `select count(*)::int as n from public.waitlist_subscriptions
       where email = 'someone.else@example.com' and unsubscribed_at is null`,
      );
      expect(others[0]?.n).toBe(1);
    },
  );

  it.each(personas)(
    '%s may ask for an e-mail alert and follow links, never see who is waiting',
    async (persona) => {
      const visitor = await client[persona].rpc('waitlist_subscribe_email', {
        p_product_id: productId,
        p_email: `matrix.${persona}@example.com`,
      });
      expect(visitor.error).toBeNull();
      for (const fn of ['waitlist_confirm', 'waitlist_unsubscribe']) {
        const { data, error } = await client[persona].rpc(fn, { p_token: 'not-a-token' });
        expect(error).toBeNull();
        expect(data).toEqual([{ result: 'unknown', product_name: null, product_slug: null }]);
      }
      const counts = await client[persona].rpc('admin_waitlist_counts', { p_product_ids: [productId] });
      if (persona === 'productsAdmin' || persona === 'superAdmin') {
        expect(counts.error).toBeNull();
        expect(counts.data).toEqual([{ product_id: productId, waiting: 1 }]);
      } else {
        expect(counts.error?.code).toBe('42501');
      }
    },
  );
});

describe('checkout caps and order numbers', () => {
  it.each(personas)(
    '%s: checkout_quote over the cart caps is refused with a 400, nothing written',
    async (persona) => {
      const before = await tableHash('orders');
      const lines = await client[persona].rpc('checkout_quote', {
        p_lines: Array.from({ length: 101 }, () => ({})),
      });
      expect(lines.status).toBe(400);
      expect(lines.error).toMatchObject({ code: 'P0001', message: 'An order can hold at most 100 lines' });
      const quantity = await client[persona].rpc('checkout_quote', {
        p_lines: [{ product_id: crypto.randomUUID(), quantity: 1000 }],
      });
      expect(quantity.error).toMatchObject({ code: 'P0001', message: 'Please enter a valid quantity' });
      expect(await tableHash('orders')).toBe(before);
    },
  );

  it.each(personas)('the internal cap and order-number helpers are not callable as %s', async (persona) => {
    const size = await client[persona].rpc('checkout_assert_cart_size', { p_lines: [] });
    expect(size.error).not.toBeNull();
    const number = await client[persona].rpc('order_number_new');
    expect(number.error).not.toBeNull();
    expect(number.data).toBeNull();
  });
});

describe('store_settings, the scheduled jobs and the waitlist restock holds', () => {
  const settingsHash = async () =>
    (await owner<{ h: string }>(`select md5(t::text) as h from public.store_settings t`))[0]?.h ?? '';

  it.each(personas)("%s reads the settings, the storefront's too", async (persona) => {
    const { data, error } = await client[persona]
      .from('store_settings')
      .select(
        'unpaid_order_hold_hours, purchase_limit_window_days, free_shipping_threshold, shipping_rate, ' +
          'tax_rate_percent, store_name, store_tagline, hotline_phone, support_phone, support_phone_2, ' +
          'support_email, orders_email, store_address, low_stock_threshold, expiry_alert_days',
      );
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    // Who changed them last is for the audit log, not for anyone who asks.
    const who = await client[persona].from('store_settings').select('updated_by');
    expect(who.data).toBeNull();
    expect(who.error?.code).toBe('42501');
  });

  it.each(personas)('%s: the money and contact settings need the settings permission', async (persona) => {
    const before = await settingsHash();
    const update = await client[persona]
      .from('store_settings')
      .update({ free_shipping_threshold: 120, tax_rate_percent: 5, store_name: 'Other Shop' })
      .eq('id', true)
      .select('free_shipping_threshold');
    if (persona === 'superAdmin') {
      expect(update.error).toBeNull();
      expect(update.data).toHaveLength(1);
      await owner(
        `update public.store_settings set free_shipping_threshold = 99, tax_rate_percent = 8, store_name = 'ReadyStock'`,
      );
    } else {
      expect(update.data ?? []).toEqual([]);
      expect(await settingsHash()).toBe(before);
    }
  });

  it.each(personas)(
    `%s: update needs the settings permission; nobody inserts or deletes`,
    async (persona) => {
      const before = await settingsHash();
      const insert = await client[persona].from('store_settings').insert({ id: false });
      expect(insert.error).not.toBeNull();
      const remove = await client[persona].from('store_settings').delete().eq('id', true).select('id');
      expect(remove.data ?? []).toEqual([]);
      expect(await settingsHash()).toBe(before);
      const update = await client[persona]
        .from('store_settings')
        .update({ purchase_limit_window_days: 9 })
        .eq('id', true)
        .select('purchase_limit_window_days');
      if (persona === 'superAdmin') {
        expect(update.error).toBeNull();
        expect(update.data).toEqual([{ purchase_limit_window_days: 9 }]);
        await owner(`update public.store_settings set purchase_limit_window_days = 7`);
      } else {
        expect(update.data ?? []).toEqual([]);
        expect(await settingsHash()).toBe(before);
      }
    },
  );

  it.each(personas)('%s cannot run the jobs or their helpers, nor read the holds', async (persona) => {
    const order = await disposable('orders');
    await owner(`update public.orders set created_at = now() - interval '30 days' where id = $1`, [order]);
    const later = new Date(Date.now() + 1000 * 3_600_000).toISOString();
    const calls = await Promise.all([
      client[persona].rpc('scheduled_jobs_run', { p_now: later }),
      client[persona].rpc('orders_expire_unpaid', { p_now: later, p_limit: 10 }),
      client[persona].rpc('waitlist_release_restock_holds', { p_now: later }),
      client[persona].rpc('waitlist_queue_back_in_stock', { p_product_id: crypto.randomUUID() }),
      client[persona].rpc('store_settings_touch'),
    ]);
    for (const call of calls) expect(call.error).not.toBeNull();
    const [row] = await owner<{ status: string }>(`select status from public.orders where id = $1`, [order]);
    expect(row!.status).toBe('pending');
    const holds = await client[persona].from('waitlist_restock_holds').select('product_id');
    expect(holds.error?.code).toBe('42501');
    const write = await client[persona]
      .from('waitlist_restock_holds')
      .insert({ product_id: crypto.randomUUID(), due_at: new Date().toISOString() });
    expect(write.error).not.toBeNull();
  });

  it('the service role runs the jobs', async () => {
    // A clock in the past: nothing is due, so the other tests' orders stay as they are.
    const { data, error } = await stack
      .serviceClient()
      .rpc('scheduled_jobs_run', { p_now: '2000-01-01T00:00:00Z' });
    expect(error).toBeNull();
    expect(data).toEqual({
      expired_orders: 0,
      back_in_stock_emails: 0,
      waitlist_hold_emails: 0,
      supply_reminder_emails: 0,
      pruned_messages: 0,
      pruned_signups: 0,
      pruned_newsletter_signups: 0,
    });
  });
});

describe('returns and refunds owed', () => {
  async function shippedPaidOrder(): Promise<string> {
    return (
      await owner<{ id: string }>(
        `insert into public.orders (user_id, status, payment_status, subtotal, total_amount)
         values ($1, 'shipped', 'paid', 10, 10) returning id`,
        [accounts.demo.userId],
      )
    )[0]!.id;
  }

  it.each(personas)('admin_return_order as %s: only with the orders permission', async (persona) => {
    const id = await shippedPaidOrder();
    const before = await tableHash('orders');
    const { data, error } = await client[persona].rpc('admin_return_order', {
      p_order_id: id,
      p_resellable: true,
    });
    if (persona === 'ordersAdmin' || persona === 'superAdmin') {
      expect(error).toBeNull();
      expect(data).toMatchObject({ status: 'returned', payment_status: 'refund_pending' });
    } else {
      expect(error?.code).toBe('42501');
      expect(await tableHash('orders')).toBe(before);
    }
  });

  it.each(personas)(
    'the refund helper is not callable as %s; the sale rule is pure and open',
    async (persona) => {
      const id = await shippedPaidOrder();
      const before = await tableHash('orders');
      const refund = await client[persona].rpc('order_refund_due', { p_order_id: id, p_actor_role: 'admin' });
      expect(refund.error).not.toBeNull();
      expect(await tableHash('orders')).toBe(before);
      const sale = await client[persona].rpc('order_sale_status', {
        p_status: 'completed',
        p_payment_status: 'refunded',
      });
      expect(sale).toMatchObject({ error: null, data: 'cancelled' });
    },
  );
});

describe('account self-service (migration 20261126155000)', () => {
  it.each(personas)(
    'delete_my_account as %s: only for a signed-in account with its password, never an administrator',
    async (persona) => {
      const users = await owner<{ n: number }>(`select count(*)::int as n from auth.users`);
      const orders = await tableHash('orders');
      const wrong = await client[persona].rpc('delete_my_account', { p_password: 'not-the-password' });
      if (persona === 'anon') expect(wrong.error?.code).toBe('42501');
      else expect(wrong.error).toMatchObject({ code: 'P0001' });
      expect(await owner(`select count(*)::int as n from auth.users`)).toEqual(users);
      expect(await tableHash('orders')).toBe(orders);
    },
  );

  it.each(personas)('the order trigger helper is not callable as %s', async (persona) => {
    const { error } = await client[persona].rpc('orders_require_confirmed_email');
    expect(error).not.toBeNull();
  });

  it('reviews outlive their author: author_id is set null and the name becomes a former customer', async () => {
    const author = (
      await owner<{ id: string }>(
        `insert into auth.users (id, email, aud, role, raw_user_meta_data)
         values (gen_random_uuid(), 'matrix.leaver@example.com', 'authenticated', 'authenticated', '{"first_name":"Lee"}')
         returning id`,
      )
    )[0]!.id;
    const product = await disposable('products');
    await owner(
      `insert into public.reviews (product_id, author_id, rating, title, body) values ($1, $2, 3, 'Fine', 'Fine for the price.')`,
      [product, author],
    );
    await owner(`delete from auth.users where id = $1`, [author]);
    expect(
      await owner(`select author_id, author_name from public.reviews where product_id = $1`, [product]),
    ).toEqual([{ author_id: null, author_name: 'a former customer' }]);
  });
});

describe('card payments: stripe_events and the stripe_* functions (migration 20261126160500)', () => {
  async function cardOrder(): Promise<string> {
    return (
      await owner<{ id: string }>(
        `insert into public.orders (user_id, payment_method, subtotal, total_amount, stripe_payment_intent_id)
         values ($1, 'card', 10, 10, 'pi_test_matrix' || gen_random_uuid()) returning id`,
        [accounts.demo.userId],
      )
    )[0]!.id;
  }

  it.each(personas)('%s neither reads nor writes stripe_events', async (persona) => {
    await owner(`insert into public.stripe_events (id, type) values ($1, 'matrix') on conflict do nothing`, [
      'evt_test_matrix_seen',
    ]);
    const before = (await owner<{ n: number }>(`select count(*)::int as n from public.stripe_events`))[0]!.n;
    const read = await client[persona].from('stripe_events').select('id');
    expect(read.error?.code).toBe('42501');
    const insert = await client[persona]
      .from('stripe_events')
      .insert({ id: `evt_test_${persona}`, type: 'x' });
    expect(insert.error?.code).toBe('42501');
    const remove = await client[persona].from('stripe_events').delete().eq('id', 'evt_test_matrix_seen');
    expect(remove.error?.code).toBe('42501');
    expect((await owner<{ n: number }>(`select count(*)::int as n from public.stripe_events`))[0]!.n).toBe(
      before,
    );
  });

  it.each(personas)('%s cannot settle a card order, nor mark it paid by hand', async (persona) => {
    const id = await cardOrder();
    const before = await tableHash('orders');
    const event = { p_event_id: `evt_test_matrix_${persona}`, p_event_type: 'checkout.session.completed' };
    const calls = await Promise.all([
      client[persona].rpc('stripe_mark_paid', {
        ...event,
        p_order_id: id,
        p_amount_cents: 1000,
        p_currency: 'usd',
        p_payment_intent_id: 'pi_test_forged',
      }),
      client[persona].rpc('stripe_cancel_unpaid', {
        ...event,
        p_order_id: id,
        p_amount_cents: 1000,
        p_currency: 'usd',
      }),
      client[persona].rpc('stripe_mark_refunded', {
        ...event,
        p_payment_intent_id: 'pi_test_forged',
        p_amount_cents: 1000,
        p_amount_refunded_cents: 1000,
        p_currency: 'usd',
      }),
      client[persona].rpc('stripe_attach_checkout_session', {
        p_order_id: id,
        p_session_id: 'cs_test_forged',
      }),
      client[persona].rpc('stripe_event_claim', {
        p_event_id: event.p_event_id,
        p_type: 'x',
        p_order_id: id,
      }),
      client[persona].rpc('stripe_card_order', { p_order_id: id, p_amount_cents: 1000, p_currency: 'usd' }),
      client[persona].rpc('stripe_auto_refund_failed', { p_order_id: id, p_reason: 'forged' }),
      client[persona].rpc('admin_set_payment_status', { p_order_id: id, p_payment_status: 'paid' }),
    ]);
    for (const call of calls) expect(call.error).not.toBeNull();
    const update = await client[persona]
      .from('orders')
      .update({ payment_status: 'paid' })
      .eq('id', id)
      .select('id');
    expect(update.data ?? []).toEqual([]);
    expect(await tableHash('orders')).toBe(before);
    expect(await owner(`select 1 from public.stripe_events where id = $1`, [event.p_event_id])).toHaveLength(
      0,
    );
  });

  it.each(personas)('admin_card_refund_check as %s: only with the orders permission', async (persona) => {
    const id = await cardOrder();
    await owner(`update public.orders set payment_status = 'paid' where id = $1`, [id]);
    const before = await tableHash('orders');
    const { data, error } = await client[persona].rpc('admin_card_refund_check', {
      p_order_id: id,
      p_amount_cents: 500,
    });
    if (persona === 'ordersAdmin' || persona === 'superAdmin') {
      expect(error).toBeNull();
      expect(data).toMatchObject({ id, payment_method: 'card' });
    } else {
      expect(error?.code).toBe('42501');
    }
    expect(await tableHash('orders')).toBe(before);
  });

  it('the service role settles a card order', async () => {
    const id = await cardOrder();
    const { data, error } = await stack.serviceClient().rpc('stripe_mark_paid', {
      p_event_id: 'evt_test_matrix_service',
      p_event_type: 'payment_intent.succeeded',
      p_order_id: id,
      p_amount_cents: 1000,
      p_currency: 'usd',
      p_payment_intent_id: null,
    });
    expect(error).toBeNull();
    expect(data).toBe('paid');
    const [row] = await owner<{ payment_status: string }>(
      `select payment_status from public.orders where id = $1`,
      [id],
    );
    expect(row!.payment_status).toBe('paid');
  });
});

// Order e-mails and tracking (migration 20261126165800): admin_ship_order needs the orders permission;
// the trigger that writes order e-mails is no API; order_tracking_url is pure and open.
describe('order e-mails and tracking', () => {
  async function processingPaidOrder(): Promise<string> {
    return (
      await owner<{ id: string }>(
        `insert into public.orders (user_id, status, payment_status, subtotal, total_amount)
         values ($1, 'processing', 'paid', 10, 10) returning id`,
        [accounts.demo.userId],
      )
    )[0]!.id;
  }

  it.each(personas)('admin_ship_order as %s: only with the orders permission', async (persona) => {
    const id = await processingPaidOrder();
    const orders = await tableHash('orders');
    const outbox = await tableHash('outbox_messages');
    const { data, error } = await client[persona].rpc('admin_ship_order', {
      p_order_id: id,
      p_carrier: 'usps',
      p_tracking_number: '9400 1000 0000 0000 0000 00',
    });
    if (persona === 'ordersAdmin' || persona === 'superAdmin') {
      expect(error).toBeNull();
      expect(data).toMatchObject({ status: 'shipped', shipping_carrier: 'usps' });
      expect(
        await owner(`select kind from public.outbox_messages where payload ->> 'order_id' = $1`, [id]),
      ).toEqual([{ kind: 'order_shipped' }]);
    } else {
      expect(error?.code).toBe('42501');
      expect(await tableHash('orders')).toBe(orders);
      expect(await tableHash('outbox_messages')).toBe(outbox);
    }
  });

  it.each(personas)(
    'the order e-mail trigger is not callable as %s; order_tracking_url is pure and open',
    async (persona) => {
      const outbox = await tableHash('outbox_messages');
      const trigger = await client[persona].rpc('outbox_enqueue_order_email', {});
      expect(trigger.error).not.toBeNull();
      expect(await tableHash('outbox_messages')).toBe(outbox);
      const url = await client[persona].rpc('order_tracking_url', {
        p_carrier: 'dhl',
        p_tracking_number: 'JD 0146-0000',
      });
      expect(url).toMatchObject({
        error: null,
        data: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD01460000',
      });
    },
  );
});

describe('guests and the address book (migration 20261126184000)', () => {
  // Guests are anonymous sign-ins: role authenticated with is_anonymous in the JWT.
  type Who = Persona | 'guest';
  const everyone: Who[] = [...personas, 'guest'];
  const who = {} as Record<Who, SupabaseClient>;
  const whoId = {} as Record<Who, string | null>;
  const addressRow = {
    full_name: 'Matrix Address',
    line1: '1 Matrix Way',
    line2: '',
    city: 'Matrix',
    region: 'MX',
    postal_code: '00001',
    country: 'Matrixland',
    phone: '+1 555 0100',
  };

  beforeAll(async () => {
    for (const persona of personas) {
      who[persona] = client[persona];
      whoId[persona] = userId[persona];
    }
    who.guest = stack.anonClient();
    const signedIn = await who.guest.auth.signInAnonymously();
    if (signedIn.error || !signedIn.data.user) throw new Error(`guest sign-in: ${signedIn.error?.message}`);
    whoId.guest = signedIn.data.user.id;
  });

  async function addressesHash(): Promise<string> {
    const rows = await owner<{ h: string }>(
      `select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from public.customer_addresses t`,
    );
    return rows[0]?.h ?? '';
  }

  /** An address of the demo customer (no persona), made as the database owner. */
  async function demoAddress(): Promise<string> {
    return (
      await owner<{ id: string }>(
        `insert into public.customer_addresses (user_id, full_name, line1, city, region, postal_code, country, phone)
         values ($1, 'Demo', '1 Demo St', 'Demo', 'DM', '1', 'Demo', '1') returning id`,
        [accounts.demo.userId],
      )
    )[0]!.id;
  }

  it.each(everyone)(
    'customer_addresses as %s: own rows only, never a guest; customers staff read all',
    async (persona) => {
      await demoAddress();
      const all = (await owner<{ n: number }>(`select count(*)::int as n from public.customer_addresses`))[0]!
        .n;
      const read = await who[persona].from('customer_addresses').select('id');
      const readsAll = persona === 'superAdmin';
      if (persona === 'anon') {
        expect(read.error?.code).toBe('42501');
      } else {
        const own = (
          await owner<{ n: number }>(
            `select count(*)::int as n from public.customer_addresses where user_id = $1`,
            [whoId[persona]],
          )
        )[0]!.n;
        expect(read.error).toBeNull();
        expect(read.data).toHaveLength(readsAll ? all : persona === 'guest' ? 0 : own);
      }

      // Insert for oneself: every signed-in persona but the guest; for somebody else: nobody.
      const before = await addressesHash();
      const forged = await who[persona]
        .from('customer_addresses')
        .insert({ ...addressRow, user_id: accounts.demo.userId })
        .select('id');
      expect(forged.error?.code).toBe('42501');
      expect(await addressesHash()).toBe(before);
      const own = await who[persona].from('customer_addresses').insert(addressRow).select('id, user_id');
      if (persona === 'anon' || persona === 'guest') {
        expect(own.error?.code).toBe('42501');
        expect(await addressesHash()).toBe(before);
      } else {
        expect(own.error).toBeNull();
        expect(own.data).toEqual([{ id: expect.any(String), user_id: whoId[persona] }]);
        const ownId = own.data![0]!.id as string;
        const edited = await who[persona]
          .from('customer_addresses')
          .update({ city: 'Own' })
          .eq('id', ownId)
          .select('id');
        expect(edited.data).toEqual([{ id: ownId }]);
        const removed = await who[persona].from('customer_addresses').delete().eq('id', ownId).select('id');
        expect(removed.data).toEqual([{ id: ownId }]);
      }

      // Somebody else's address: nobody updates or deletes it, staff included.
      const id = await demoAddress();
      const beforeOther = await addressesHash();
      const update = await who[persona]
        .from('customer_addresses')
        .update({ city: 'Changed' })
        .eq('id', id)
        .select('id');
      if (update.error) expect(update.error.code).toBe('42501');
      else expect(update.data).toEqual([]);
      const remove = await who[persona].from('customer_addresses').delete().eq('id', id).select('id');
      if (remove.error) expect(remove.error.code).toBe('42501');
      else expect(remove.data).toEqual([]);
      expect(await addressesHash()).toBe(beforeOther);
    },
  );

  it.each(everyone)('the address triggers are not callable as %s', async (persona) => {
    for (const fn of [
      'customer_addresses_before_write',
      'customer_addresses_after_delete',
      'order_lookup_token_new',
    ]) {
      const { error } = await who[persona].rpc(fn);
      expect(error).not.toBeNull();
    }
  });

  it.each(everyone)('auth_is_anonymous as %s is true only for the guest', async (persona) => {
    const { data, error } = await who[persona].rpc('auth_is_anonymous');
    expect(error).toBeNull();
    expect(data).toBe(persona === 'guest');
  });

  it.each(everyone)('order_lookup as %s: the order of a valid token, nothing else', async (persona) => {
    const order = (
      await owner<{ order_number: string; lookup_token: string }>(
        `select order_number, lookup_token from public.orders where user_id = $1 order by created_at limit 1`,
        [accounts.demo.userId],
      )
    )[0]!;
    const found = await who[persona].rpc('order_lookup', { p_token: order.lookup_token });
    expect(found.error).toBeNull();
    expect((found.data as { order_number: string }).order_number).toBe(order.order_number);
    const none = await who[persona].rpc('order_lookup', { p_token: 'f'.repeat(64) });
    expect(none).toMatchObject({ error: null, data: null });
  });

  it.each(everyone)(
    'place_order as %s: a guest must give an e-mail; a signed-out visitor cannot order',
    async (persona) => {
      const product = (
        await owner<{ id: string }>(
          `select id from public.products where in_stock and stock_count > 20 and purchase_limit is null
         and not exists (select 1 from public.product_lots l where l.product_id = products.id) order by name limit 1`,
        )
      )[0]!.id;
      const args = {
        p_lines: [{ product_id: product, quantity: 1 }],
        p_shipping_address: addressRow,
        p_idempotency_key: crypto.randomUUID(),
      };
      const before = await tableHash('orders');
      const withoutEmail = await who[persona].rpc('place_order', args);
      if (persona === 'anon') {
        expect(withoutEmail.error?.message).toBe('Please sign in to place an order');
        expect(await tableHash('orders')).toBe(before);
        return;
      }
      if (persona === 'guest') {
        expect(withoutEmail.error?.message).toBe('Please enter a valid e-mail address');
        expect(await tableHash('orders')).toBe(before);
        const placed = await who.guest.rpc('place_order', { ...args, p_email: 'matrix.guest@example.com' });
        expect(placed.error).toBeNull();
        expect(placed.data).toMatchObject({ user_id: whoId.guest, email: 'matrix.guest@example.com' });
        return;
      }
      expect(withoutEmail.error).toBeNull();
      expect(withoutEmail.data).toMatchObject({ user_id: whoId[persona] });
    },
  );
});

describe('the staff audit log: audit_log and audit_actors (migration 20261126190000)', () => {
  const readers: Persona[] = ['superAdmin'];
  const logHash = async () =>
    (
      await owner<{ h: string }>(
        `select md5(coalesce(string_agg(md5(t::text), '' order by t.id), '')) as h from public.audit_log t`,
      )
    )[0]?.h ?? '';

  beforeAll(async () => {
    // An entry to find, to change and to delete (written as the trigger writes, by the owner).
    await owner(
      `insert into public.audit_log (actor_id, actor_email, entity, record_id, action, changes)
       values ($1, 'admin@example.com', 'product', 'matrix', 'changed', '{"price": {"before": 1, "after": 2}}')`,
      [accounts.superAdmin.userId],
    );
  });

  it.each(personas)(
    '%s reads the log only with the settings permission, and never writes it',
    async (persona) => {
      const before = await logHash();
      const read = await client[persona].from('audit_log').select('id, entity, record_id');
      if (readers.includes(persona)) {
        expect(read.error).toBeNull();
        expect(read.data!.some((row) => row.record_id === 'matrix')).toBe(true);
      } else if (persona === 'anon') {
        expect(read.error?.code).toBe('42501');
      } else {
        expect(read.error).toBeNull();
        expect(read.data).toEqual([]);
      }
      const insert = await client[persona].from('audit_log').insert({
        actor_id: accounts.superAdmin.userId,
        entity: 'product',
        record_id: 'forged',
        action: 'changed',
      });
      expect(insert.error).not.toBeNull();
      const update = await client[persona]
        .from('audit_log')
        .update({ record_label: 'forged' })
        .eq('record_id', 'matrix')
        .select('id');
      expect(update.data ?? []).toEqual([]);
      const remove = await client[persona].from('audit_log').delete().eq('record_id', 'matrix').select('id');
      expect(remove.data ?? []).toEqual([]);
      expect(await logHash()).toBe(before);
    },
  );

  it.each(personas)('audit_actors as %s: only with the settings permission', async (persona) => {
    const { data, error } = await client[persona].rpc('audit_actors');
    if (readers.includes(persona)) {
      expect(error).toBeNull();
      expect((data as { email: string }[]).map((row) => row.email)).toContain(accounts.superAdmin.email);
    } else {
      expect(error?.code).toBe('42501');
    }
  });

  it.each(personas)('%s cannot call the trigger functions', async (persona) => {
    const calls = await Promise.all([
      client[persona].rpc('audit_record'),
      client[persona].rpc('audit_log_append_only'),
      client[persona].rpc('products_facet_counts'),
    ]);
    for (const call of calls) expect(call.error).not.toBeNull();
  });

  it('the service role reads the log but cannot change or delete it, nor can the owner', async () => {
    const before = await logHash();
    const service = stack.serviceClient();
    const read = await service.from('audit_log').select('id').eq('record_id', 'matrix');
    expect(read.error).toBeNull();
    expect(read.data).toHaveLength(1);
    const update = await service.from('audit_log').update({ record_label: 'x' }).eq('record_id', 'matrix');
    expect(update.error?.code).toBe('42501');
    const remove = await service.from('audit_log').delete().eq('record_id', 'matrix');
    expect(remove.error?.code).toBe('42501');
    await expect(
      owner(`update public.audit_log set record_label = 'x' where record_id = 'matrix'`),
    ).rejects.toThrow(/append-only/);
    await expect(owner(`delete from public.audit_log where record_id = 'matrix'`)).rejects.toThrow(
      /append-only/,
    );
    expect(await logHash()).toBe(before);
  });
});

describe('the newsletter (migration 20261126192836)', () => {
  async function newsletterHash(): Promise<string> {
    const rows = await owner<{ h: string }>(
      `select md5(coalesce((select string_agg(md5(t::text), '' order by md5(t::text)) from public.newsletter_subscribers t), '')
        || coalesce((select string_agg(md5(u::text), '' order by md5(u::text)) from public.newsletter_unsubscribe_tokens u), '')) as h`,
    );
    return rows[0]?.h ?? '';
  }

  beforeAll(async () => {
    await owner(
      `insert into public.newsletter_subscribers (email, token_hash, confirmed_at)
       values ('matrix.news@example.com', sha256('matrix-news'::bytea), now()) on conflict do nothing`,
    );
  });

  it.each(personas)('%s neither reads nor writes the newsletter tables', async (persona) => {
    const before = await newsletterHash();
    for (const table of ['newsletter_subscribers', 'newsletter_unsubscribe_tokens']) {
      const read = await client[persona].from(table).select('*');
      expect(read.error?.code).toBe('42501');
      const remove = await client[persona].from(table).delete().neq('created_at', '1970-01-01');
      expect(remove.error?.code).toBe('42501');
    }
    const insert = await client[persona].from('newsletter_subscribers').insert({
      email: `matrix.${persona}@example.com`,
      token_hash: '\\x00',
      confirmed_at: new Date().toISOString(),
    });
    expect(insert.error?.code).toBe('42501');
    const update = await client[persona]
      .from('newsletter_subscribers')
      .update({ confirmed_at: null })
      .eq('email', 'matrix.news@example.com');
    expect(update.error?.code).toBe('42501');
    expect(await newsletterHash()).toBe(before);
  });

  it.each(personas)(
    'admin_newsletter_counts and admin_newsletter_export as %s: only with customers',
    async (persona) => {
      const counts = await client[persona].rpc('admin_newsletter_counts');
      const exported = await client[persona].rpc('admin_newsletter_export');
      if (persona === 'superAdmin') {
        expect(counts.error).toBeNull();
        expect((counts.data as { confirmed: number }[])[0]!.confirmed).toBeGreaterThanOrEqual(1);
        expect(exported.error).toBeNull();
        expect((exported.data as { email: string }[]).map((row) => row.email)).toContain(
          'matrix.news@example.com',
        );
      } else {
        expect(counts.error).not.toBeNull();
        expect(exported.error).not.toBeNull();
        if (persona !== 'anon') {
          expect(counts.error?.code).toBe('42501');
          expect(exported.error?.code).toBe('42501');
        }
      }
    },
  );

  it.each(personas)('the service-only and internal newsletter functions refuse %s', async (persona) => {
    const before = await newsletterHash();
    const outbox = await tableHash('outbox_messages');
    const calls = await Promise.all([
      client[persona].rpc('newsletter_queue_issue', { p_subject: 'Forged', p_body: 'Forged issue' }),
      client[persona].rpc('newsletter_unsubscribe_token_new', {
        p_subscriber_id: '00000000-0000-4000-8000-000000000000',
      }),
    ]);
    for (const call of calls) expect(call.error).not.toBeNull();
    expect(await newsletterHash()).toBe(before);
    expect(await tableHash('outbox_messages')).toBe(outbox);
  });

  it.each(personas)(
    'newsletter_subscribe, _confirm and _unsubscribe are open to %s and touch only their token',
    async (persona) => {
      const before = await newsletterHash();
      const confirm = await client[persona].rpc('newsletter_confirm', { p_token: 'f'.repeat(64) });
      expect(confirm).toMatchObject({ error: null, data: 'unknown' });
      const unsubscribe = await client[persona].rpc('newsletter_unsubscribe', { p_token: 'matrix-news' });
      expect(unsubscribe).toMatchObject({ error: null, data: 'unknown' });
      expect(await newsletterHash()).toBe(before);
      const subscribe = await client[persona].rpc('newsletter_subscribe', { p_email: 'not an address' });
      expect(subscribe.error?.message).toBe('Please enter a valid e-mail address');
    },
  );
});

describe('internal helpers of payments and search (migrations 20261126191500, 20261126200200)', () => {
  it.each(personas)('%s cannot call them', async (persona) => {
    const calls = await Promise.all([
      client[persona].rpc('payment_status_move_allowed', {
        p_order_status: 'cancelled',
        p_from: 'pending',
        p_to: 'paid',
      }),
      client[persona].rpc('products_set_search_text'),
      client[persona].rpc('products_collect_search_terms'),
      // The vocabulary's word splitter of that trigger (migration 20261129163600).
      client[persona].rpc('product_search_words', { p_name: 'Storm Lantern', p_tags: ['light'] }),
      // The analytics' per-statement category move (migration 20261129124422).
      client[persona].rpc('analytics_products_category_moves'),
    ]);
    for (const call of calls) expect(call.error).not.toBeNull();
  });
});

describe('content pages and the forms (migration 20261128150237)', () => {
  async function contentHash(): Promise<string> {
    const rows = await owner<{ h: string }>(
      `select md5(coalesce((select string_agg(md5(p::text), '' order by md5(p::text)) from public.content_pages p), '')
        || coalesce((select string_agg(md5(m::text), '' order by md5(m::text)) from public.contact_messages m), '')) as h`,
    );
    return rows[0]?.h ?? '';
  }
  let draftId = '';
  let messageId = '';

  beforeAll(async () => {
    draftId = (
      await owner<{ id: string }>(
        `insert into public.content_pages (slug, title, body, published) values ('matrix-draft', 'Matrix draft', 'x', false)
         returning id`,
      )
    )[0]!.id;
    messageId = (
      await owner<{ id: string }>(
        `insert into public.contact_messages (kind, name, email, message, client_key)
         values ('contact', 'Matrix', 'matrix.contact@example.com', 'Matrix message', 'matrix') returning id`,
      )
    )[0]!.id;
  });

  it.each(personas)(
    'content_pages as %s: published pages for all, drafts and writes with settings only',
    async (persona) => {
      const may = persona === 'superAdmin';
      const published = await client[persona].from('content_pages').select('slug').eq('slug', 'about-us');
      expect(published.data).toEqual([{ slug: 'about-us' }]);
      const draft = await client[persona].from('content_pages').select('id').eq('id', draftId);
      expect(draft.data).toHaveLength(may ? 1 : 0);
      const before = await contentHash();
      const insert = await client[persona]
        .from('content_pages')
        .insert({ slug: `matrix-${persona.toLowerCase()}`, title: 'Matrix', body: 'x' })
        .select('id');
      const update = await client[persona]
        .from('content_pages')
        .update({ body: `changed by ${persona}` })
        .eq('id', draftId)
        .select('id');
      if (!may) {
        expect(insert.error).not.toBeNull();
        expect(update.data ?? []).toEqual([]);
        const remove = await client[persona].from('content_pages').delete().eq('slug', 'faq').select('id');
        expect(remove.data ?? []).toEqual([]);
        expect(await contentHash()).toBe(before);
      } else {
        expect(insert.error).toBeNull();
        expect(update.data).toHaveLength(1);
        const remove = await client[persona]
          .from('content_pages')
          .delete()
          .eq('id', (insert.data as { id: string }[])[0]!.id)
          .select('id');
        expect(remove.data).toHaveLength(1);
      }
    },
  );

  it.each(personas)(
    'contact_messages as %s: read and status only with customers, written by no one directly',
    async (persona) => {
      const before = await contentHash();
      const read = await client[persona].from('contact_messages').select('id').eq('id', messageId);
      expect(read.data ?? []).toHaveLength(persona === 'superAdmin' ? 1 : 0);
      const insert = await client[persona].from('contact_messages').insert({
        kind: 'contact',
        name: 'Forged',
        email: 'forged@example.com',
        message: 'Forged',
        client_key: 'forged',
      });
      expect(insert.error).not.toBeNull();
      const update = await client[persona]
        .from('contact_messages')
        .update({ status: 'closed' })
        .eq('id', messageId)
        .select('id');
      expect(update.data ?? []).toEqual([]);
      const remove = await client[persona].from('contact_messages').delete().eq('id', messageId).select('id');
      expect(remove.data ?? []).toEqual([]);
      const status = await client[persona].rpc('admin_set_contact_message_status', {
        p_id: messageId,
        p_status: 'closed',
      });
      if (persona === 'superAdmin') {
        expect(status.error).toBeNull();
        await client[persona].rpc('admin_set_contact_message_status', { p_id: messageId, p_status: 'open' });
        const [row] = await owner<{ status: string }>(
          `select status from public.contact_messages where id = $1`,
          [messageId],
        );
        expect(row!.status).toBe('open');
      } else {
        expect(status.error).not.toBeNull();
        expect(await contentHash()).toBe(before);
      }
    },
  );

  it.each(personas)('contact_message_send is open to %s; the internal helpers are not', async (persona) => {
    const refused = await client[persona].rpc('contact_message_send', {
      p_kind: 'contact',
      p_name: 'Matrix',
      p_email: 'not an address',
      p_message: 'x',
    });
    expect(refused.error?.message).toBe('Please enter a valid e-mail address');
    const outbox = await tableHash('outbox_messages');
    const internal = await Promise.all([
      client[persona].rpc('contact_support_address'),
      client[persona].rpc('content_pages_touch'),
    ]);
    for (const call of internal) expect(call.error).not.toBeNull();
    expect(await tableHash('outbox_messages')).toBe(outbox);
  });
});

describe('discount codes: promotions and its functions (migration 20261128164906)', () => {
  const staff: Persona[] = ['ordersAdmin', 'superAdmin'];
  let n = 0;
  const promotionsHash = async () =>
    (
      await owner<{ h: string }>(
        `select md5(coalesce(string_agg(md5(t::text), '' order by t.id), '')) as h from public.promotions t`,
      )
    )[0]?.h ?? '';
  async function seededCode(): Promise<{ id: string; code: string }> {
    n += 1;
    const code = `MATRIX${n}`;
    const [row] = await owner<{ id: string }>(
      `insert into public.promotions (code, kind, value) values ($1, 'percent', 10) returning id`,
      [code],
    );
    return { id: row!.id, code };
  }

  it.each(personas)('%s reads and writes codes only with the orders permission', async (persona) => {
    const mine = await seededCode();
    const read = await client[persona].from('promotions').select('id, code').eq('id', mine.id);
    if (staff.includes(persona)) {
      expect(read.data).toEqual([{ id: mine.id, code: mine.code }]);
    } else if (persona === 'anon') {
      expect(read.error?.code).toBe('42501');
    } else {
      expect(read.error).toBeNull();
      expect(read.data).toEqual([]);
    }

    const before = await promotionsHash();
    n += 1;
    const insert = await client[persona]
      .from('promotions')
      .insert({ code: `NEW${n}`, kind: 'amount', value: 5 });
    const update = await client[persona]
      .from('promotions')
      .update({ value: 50 })
      .eq('id', mine.id)
      .select('id');
    const target = await seededCode();
    const afterSeed = await promotionsHash();
    const remove = await client[persona].from('promotions').delete().eq('id', target.id).select('id');
    if (staff.includes(persona)) {
      expect(insert.error).toBeNull();
      expect(update.data).toEqual([{ id: mine.id }]);
      expect(remove.data).toEqual([{ id: target.id }]);
    } else {
      expect(insert.error).not.toBeNull();
      expect(update.data ?? []).toEqual([]);
      expect(remove.data ?? []).toEqual([]);
      expect(afterSeed).not.toBe(before);
      expect(await promotionsHash()).toBe(afterSeed);
      const [row] = await owner<{ value: string }>(
        'select value::text from public.promotions where id = $1',
        [mine.id],
      );
      expect(row?.value).toBe('10.00');
    }
  });

  it.each(personas)('admin_promotion_stats as %s: only with the orders permission', async (persona) => {
    const { data, error } = await client[persona].rpc('admin_promotion_stats');
    if (staff.includes(persona)) {
      expect(error).toBeNull();
      expect(Array.isArray(data)).toBe(true);
    } else {
      expect(error?.code).toBe('42501');
    }
  });

  it.each(personas)('the evaluation and totals helpers are not callable as %s', async (persona) => {
    const calls = await Promise.all([
      client[persona].rpc('promotion_evaluate', {
        p_code: 'MATRIX1',
        p_lines: [],
        p_user: null,
        p_email: null,
        p_lock: true,
      }),
      client[persona].rpc('order_totals_discounted', {
        p_subtotal: 10,
        p_discount: 5,
        p_free_shipping: true,
        p_shipping_method: 'standard',
      }),
    ]);
    for (const call of calls) expect(call.error).not.toBeNull();
  });

  it.each(personas)('checkout_quote as %s judges a code without showing any other', async (persona) => {
    const { code } = await seededCode();
    const [product] = await owner<{ id: string }>(
      `insert into public.products (name, description, price, category_id, image_url, stock_count)
       values ('Matrix Promo', 'matrix', 20, $1, 'x.svg', 10) returning id`,
      [categoryId],
    );
    const lines = [{ product_id: product!.id, quantity: 1 }];
    const applied = await client[persona].rpc('checkout_quote', {
      p_lines: lines,
      p_discount_code: code.toLowerCase(),
    });
    expect(applied.error).toBeNull();
    expect(applied.data).toMatchObject({ discount: 2, discount_code: code, discount_problem: null });
    const unknown = await client[persona].rpc('checkout_quote', {
      p_lines: lines,
      p_discount_code: 'MATRIX%',
    });
    expect(unknown.data).toMatchObject({
      discount: 0,
      discount_problem: '"MATRIX%" is not a valid discount code',
    });
  });
});

describe('My Supplies and rotation reminders (supplies.sql)', () => {
  // The customer's order with a dated lot, and the demo customer's (no persona), as the owner.
  const item = { customer: '', demo: '' };
  let digest = '';

  async function datedItem(userId: string): Promise<string> {
    const [order] = await owner<{ id: string }>(
      `insert into public.orders (user_id, subtotal, total_amount) values ($1, 10, 10) returning id`,
      [userId],
    );
    const [line] = await owner<{ id: string }>(
      `insert into public.order_items (order_id, product_name, unit_price, quantity)
       values ($1, 'Matrix Ration', 10, 1) returning id`,
      [order!.id],
    );
    const [lot] = await owner<{ id: string }>(
      `insert into public.order_item_lots (order_item_id, lot_code, quantity, best_before)
       values ($1, 'MX-1', 1, current_date + 40) returning id`,
      [line!.id],
    );
    return lot!.id;
  }

  async function suppliesHash(): Promise<string> {
    const parts = await Promise.all(
      [
        'supply_reminder_settings',
        'supply_item_marks',
        'supply_reminder_digests',
        'supply_reminders',
        'supply_reminder_orders',
      ].map(async (table) => {
        const rows = await owner<{ h: string }>(
          `select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from public.${table} t`,
        );
        return rows[0]!.h;
      }),
    );
    return parts.join('|');
  }

  beforeAll(async () => {
    item.customer = await datedItem(accounts.customer.userId);
    item.demo = await datedItem(accounts.demo.userId);
    const [row] = await owner<{ id: string }>(
      `insert into public.supply_reminder_digests (user_id, window_days, item_count, created_at)
       values ($1, 60, 1, now()) returning id`,
      [accounts.demo.userId],
    );
    digest = row!.id;
    await owner(
      `insert into public.supply_reminders (order_item_lot_id, window_days, digest_id) values ($1, 60, $2)`,
      [item.demo, digest],
    );
    await owner(
      `insert into public.supply_item_marks (order_item_lot_id, user_id, state) values ($1, $2, 'used_up')`,
      [item.demo, accounts.demo.userId],
    );
    await owner(`insert into public.supply_reminder_settings (user_id, window_days) values ($1, 90)`, [
      accounts.demo.userId,
    ]);
  });

  it.each(personas)('my_supplies as %s: only the caller’s own lots', async (persona) => {
    const { data, error } = await client[persona].rpc('my_supplies');
    if (persona === 'anon') {
      expect(error).not.toBeNull();
      return;
    }
    expect(error).toBeNull();
    const ids = (data as { item_id: string }[]).map((row) => row.item_id);
    expect(ids).not.toContain(item.demo);
    const own = await owner<{ id: string }>(
      `select il.id from public.order_item_lots il join public.order_items oi on oi.id = il.order_item_id
       join public.orders o on o.id = oi.order_id
       where o.user_id = $1 and il.best_before is not null and il.returned_at is null
         and o.status not in ('cancelled', 'returned')`,
      [userId[persona]],
    );
    expect(ids.sort()).toEqual(own.map((row) => row.id).sort());
    if (persona === 'customer') expect(ids).toContain(item.customer);
  });

  it.each(personas)('%s reads no one else’s supply tables and writes none directly', async (persona) => {
    const before = await suppliesHash();
    for (const table of ['supply_item_marks', 'supply_reminder_digests', 'supply_reminders']) {
      const read = await client[persona].from(table).select('*');
      expect(read.error?.code).toBe('42501');
    }
    const settings = await client[persona].from('supply_reminder_settings').select('user_id');
    const orders = await client[persona].from('supply_reminder_orders').select('order_id');
    if (persona === 'anon') {
      expect(settings.error?.code).toBe('42501');
      expect(orders.error?.code).toBe('42501');
    } else {
      expect(settings.error).toBeNull();
      // Only one's own setting (the demo customer's row is nobody's here).
      expect(settings.data!.every((row) => row.user_id === userId[persona])).toBe(true);
      expect(orders.error).toBeNull();
      const all = (
        await owner<{ n: number }>(`select count(*)::int as n from public.supply_reminder_orders`)
      )[0]!.n;
      expect(orders.data!.length).toBe(['ordersAdmin', 'superAdmin'].includes(persona) ? all : 0);
    }
    const writes = await Promise.all([
      client[persona]
        .from('supply_reminder_settings')
        .insert({ user_id: userId[persona] ?? accounts.demo.userId, window_days: 30 }),
      client[persona]
        .from('supply_reminder_settings')
        .update({ window_days: 0 })
        .eq('user_id', accounts.demo.userId),
      client[persona].from('supply_item_marks').delete().eq('order_item_lot_id', item.demo),
      client[persona].from('supply_item_marks').insert({
        order_item_lot_id: item.customer,
        user_id: userId[persona] ?? accounts.demo.userId,
        state: 'used_up',
      }),
      client[persona].from('supply_reminders').delete().eq('digest_id', digest),
      client[persona].from('supply_reminder_digests').insert({
        user_id: userId[persona] ?? accounts.demo.userId,
        window_days: 30,
        item_count: 1,
        created_at: new Date().toISOString(),
      }),
      client[persona]
        .from('supply_reminder_orders')
        .insert({ order_id: crypto.randomUUID(), digest_id: digest }),
    ]);
    for (const write of writes) expect(write.error).not.toBeNull();
    expect(await suppliesHash()).toBe(before);
  });

  it.each(personas)('set_my_supply_state as %s: never another customer’s item', async (persona) => {
    const before = await suppliesHash();
    const call = await client[persona].rpc('set_my_supply_state', { p_item_id: item.demo, p_state: null });
    expect(call.error).not.toBeNull();
    expect(await suppliesHash()).toBe(before);
    if (persona === 'customer') {
      const own = await client[persona].rpc('set_my_supply_state', {
        p_item_id: item.customer,
        p_state: 'used_up',
      });
      expect(own.error).toBeNull();
      const [mark] = await owner<{ user_id: string; state: string }>(
        `select user_id, state from public.supply_item_marks where order_item_lot_id = $1`,
        [item.customer],
      );
      expect(mark).toEqual({ user_id: accounts.customer.userId, state: 'used_up' });
      await owner(`delete from public.supply_item_marks where order_item_lot_id = $1`, [item.customer]);
    }
  });

  it.each(personas)('set_supply_reminder_window as %s: only the caller’s own setting', async (persona) => {
    const call = await client[persona].rpc('set_supply_reminder_window', { p_days: 30 });
    const demo = await owner<{ window_days: number }>(
      `select window_days from public.supply_reminder_settings where user_id = $1`,
      [accounts.demo.userId],
    );
    expect(demo).toEqual([{ window_days: 90 }]);
    if (persona === 'anon') {
      expect(call.error).not.toBeNull();
      return;
    }
    expect(call.error).toBeNull();
    const mine = await owner<{ window_days: number }>(
      `select window_days from public.supply_reminder_settings where user_id = $1`,
      [userId[persona]],
    );
    expect(mine).toEqual([{ window_days: 30 }]);
    await owner(`delete from public.supply_reminder_settings where user_id = $1`, [userId[persona]]);
  });

  it.each(personas)(
    'order_from_reminder as %s: never with someone else’s reminder or order',
    async (persona) => {
      const before = await suppliesHash();
      const [order] = await owner<{ id: string }>(
        `select id from public.orders where user_id = $1 order by created_at limit 1`,
        [accounts.demo.userId],
      );
      const call = await client[persona].rpc('order_from_reminder', {
        p_order_id: order!.id,
        p_digest_id: digest,
      });
      if (persona === 'anon') expect(call.error).not.toBeNull();
      else expect(call).toMatchObject({ error: null, data: false });
      expect(await suppliesHash()).toBe(before);
    },
  );

  it.each(personas)('admin_supply_reminder_stats as %s: only with the orders permission', async (persona) => {
    const { data, error } = await client[persona].rpc('admin_supply_reminder_stats');
    if (persona === 'ordersAdmin' || persona === 'superAdmin') {
      expect(error).toBeNull();
      expect(Number((data as { emails: number }[])[0]!.emails)).toBeGreaterThanOrEqual(1);
    } else {
      expect(error).not.toBeNull();
      if (persona !== 'anon') expect(error?.code).toBe('42501');
    }
  });

  it.each(personas)('supply_reminders_send refuses %s; the service role runs it', async (persona) => {
    const before = await suppliesHash();
    const outbox = await tableHash('outbox_messages');
    const call = await client[persona].rpc('supply_reminders_send', { p_now: new Date().toISOString() });
    expect(call.error).not.toBeNull();
    expect(await suppliesHash()).toBe(before);
    expect(await tableHash('outbox_messages')).toBe(outbox);
  });

  it('the service role runs supply_reminders_send (a clock in the past: nothing due)', async () => {
    const { data, error } = await stack
      .serviceClient()
      .rpc('supply_reminders_send', { p_now: '2000-01-01T00:00:00Z' });
    expect(error).toBeNull();
    expect(data).toBe(0);
  });
});

describe('bulk catalogue work: product imports and bulk edits (migration 20261128164949)', () => {
  const allowed: Persona[] = ['productsAdmin', 'superAdmin'];
  const importHash = async () =>
    (
      await owner<{ h: string }>(
        `select md5(coalesce((select string_agg(md5(t::text), '' order by t.id) from public.product_imports t), '')
          || coalesce((select string_agg(md5(r::text), '' order by r.import_id, r.line) from public.product_import_rows r), '')) as h`,
      )
    )[0]?.h ?? '';
  let foreignImport = '';

  beforeAll(async () => {
    // Someone else's import, waiting to be applied.
    foreignImport = (
      await owner<{ id: string }>(
        `insert into public.product_imports (created_by, file_name) values ($1, 'theirs.csv') returning id`,
        [accounts.superAdmin.userId],
      )
    )[0]!.id;
    await owner(
      `insert into public.product_import_rows (import_id, line, data) values ($1, 1, '{"name": "Theirs"}')`,
      [foreignImport],
    );
  });

  it.each(personas)('%s neither reads nor writes the staged imports', async (persona) => {
    const before = await importHash();
    for (const table of ['product_imports', 'product_import_rows']) {
      const read = await client[persona].from(table).select('*');
      expect(read.error?.code).toBe('42501');
      const remove = await client[persona].from(table).delete().not('import_id', 'is', null);
      expect(remove.error).not.toBeNull();
    }
    const insert = await client[persona]
      .from('product_imports')
      .insert({ created_by: userId[persona] ?? accounts.demo.userId });
    expect(insert.error?.code).toBe('42501');
    expect(await importHash()).toBe(before);
  });

  it.each(personas)(
    'the import functions as %s: only with products, and only on an own import',
    async (persona) => {
      const before = await tableHash('products');
      const started = await client[persona].rpc('admin_product_import_start', {
        p_file_name: `${persona}.csv`,
      });
      if (!allowed.includes(persona)) {
        expect(started.error).not.toBeNull();
        if (persona !== 'anon') expect(started.error?.code).toBe('42501');
        const check = await client[persona].rpc('admin_product_import_check', {
          p_import_id: foreignImport,
          p_rows: [{ line: 1, name: 'Forged' }],
        });
        expect(check.error).not.toBeNull();
        const apply = await client[persona].rpc('admin_product_import_apply', { p_import_id: foreignImport });
        expect(apply.error).not.toBeNull();
        expect(await tableHash('products')).toBe(before);
        return;
      }
      expect(started.error).toBeNull();
      const checked = await client[persona].rpc('admin_product_import_check', {
        p_import_id: started.data as string,
        p_rows: [
          {
            line: 1,
            name: 'Matrix Import',
            description: 'x',
            category: 'lighting',
            price: '2',
            image_url: '/m.png',
          },
        ],
      });
      expect(checked.error).toBeNull();
      expect((checked.data as { action: string }[])[0]!.action).toBe('create');
      expect(await tableHash('products')).toBe(before);
      if (persona === 'productsAdmin') {
        // Another administrator's import is not found, even with the products permission.
        const theirs = await client[persona].rpc('admin_product_import_apply', {
          p_import_id: foreignImport,
        });
        expect(theirs.error?.message).toBe('This import was not found: start it again');
        expect(await tableHash('products')).toBe(before);
      }
    },
  );

  it.each(personas)('the bulk edits as %s: only with products', async (persona) => {
    const id = await disposable('products');
    const before = await tableHash('products');
    const calls = [
      await client[persona].rpc('admin_products_set_in_stock', { p_ids: [id], p_in_stock: false }),
      await client[persona].rpc('admin_products_set_category', { p_ids: [id], p_category_id: categoryId }),
      await client[persona].rpc('admin_products_adjust_price', { p_ids: [id], p_percent: 10 }),
    ];
    if (allowed.includes(persona)) {
      for (const call of calls) expect(call.error).toBeNull();
      const [row] = await owner<{ in_stock: boolean; price: string }>(
        `select in_stock, price::text from public.products where id = $1`,
        [id],
      );
      expect(row).toEqual({ in_stock: false, price: '1.10' });
    } else {
      for (const call of calls) {
        expect(call.error).not.toBeNull();
        if (persona !== 'anon') expect(call.error?.code).toBe('42501');
      }
      expect(await tableHash('products')).toBe(before);
    }
  });

  it.each(personas)('admin_products_delete as %s: only with products', async (persona) => {
    const id = await disposable('products');
    const before = await tableHash('products');
    const { data, error } = await client[persona].rpc('admin_products_delete', { p_ids: [id] });
    if (allowed.includes(persona)) {
      expect(error).toBeNull();
      expect(data).toEqual([id]);
      expect(await owner('select 1 from public.products where id = $1', [id])).toHaveLength(0);
    } else {
      expect(error).not.toBeNull();
      if (persona !== 'anon') expect(error?.code).toBe('42501');
      expect(await tableHash('products')).toBe(before);
    }
  });

  it.each(personas)('%s cannot call the internal helpers', async (persona) => {
    const calls = await Promise.all([
      client[persona].rpc('product_import_analyse', { p_import_id: foreignImport, p_from: 1, p_to: 10 }),
      client[persona].rpc('product_import_owned', { p_import_id: foreignImport }),
      client[persona].rpc('product_import_json_object', { p_text: '{}' }),
      client[persona].rpc('product_import_lines', { p_text: 'a' }),
      client[persona].rpc('admin_products_check_selection', { p_ids: [] }),
      client[persona].rpc('product_adjusted_price', { p_price: 1, p_percent: 1, p_amount: null }),
    ]);
    for (const call of calls) expect(call.error).not.toBeNull();
  });
});

describe('emergency mode: emergencies, emergency_price_caps and their functions (migration 20261128185500)', () => {
  const emergenciesHash = async () =>
    (
      await owner<{ h: string }>(
        `select md5(coalesce(string_agg(md5(t::text), '' order by t.id), '')) as h from public.emergencies t`,
      )
    )[0]?.h ?? '';

  it.each(personas)(
    '%s reads what the banner shows, never who declared, and writes nothing directly',
    async (persona) => {
      const [past] = await owner<{ id: string }>(
        `insert into public.emergencies (name, regions, starts_at, ended_at)
       values ('Matrix flood', 'Riverside', now() - interval '2 days', now() - interval '1 day') returning id`,
      );
      const read = await client[persona].from('emergencies').select('id, name, regions').eq('id', past!.id);
      expect(read.error).toBeNull();
      expect(read.data).toEqual([{ id: past!.id, name: 'Matrix flood', regions: 'Riverside' }]);
      const who = await client[persona].from('emergencies').select('declared_by').eq('id', past!.id);
      expect(who.error?.code).toBe('42501');

      const before = await emergenciesHash();
      const insert = await client[persona].from('emergencies').insert({ name: 'Forged' }).select('id');
      expect(insert.error?.code).toBe('42501');
      const update = await client[persona]
        .from('emergencies')
        .update({ ended_at: null })
        .eq('id', past!.id)
        .select('id');
      expect(update.error?.code).toBe('42501');
      const remove = await client[persona].from('emergencies').delete().eq('id', past!.id).select('id');
      if (remove.error) expect(remove.error.code).toBe('42501');
      else expect(remove.data).toEqual([]);
      expect(await emergenciesHash()).toBe(before);
    },
  );

  it.each(personas)(
    '%s declares and ends an emergency only with the settings permission',
    async (persona) => {
      const declared = await client[persona].rpc('admin_declare_emergency', {
        p_name: `Matrix storm ${persona}`,
        p_regions: 'Coast',
        p_price_rise_limit_percent: 10,
      });
      try {
        const open = await owner<{ name: string }>(
          `select name from public.emergencies where ended_at is null`,
        );
        if (persona === 'superAdmin') {
          expect(declared.error).toBeNull();
          expect(open).toEqual([{ name: `Matrix storm ${persona}` }]);
          const caps = await owner<{ n: number }>(
            `select count(*)::int as n from public.emergency_price_caps where emergency_id = $1`,
            [declared.data],
          );
          expect(caps[0]!.n).toBeGreaterThan(0);
          // The caps: staff with products or settings read them, nobody else.
          for (const reader of personas) {
            const rows = await client[reader]
              .from('emergency_price_caps')
              .select('product_id')
              .eq('emergency_id', declared.data as string);
            if (reader === 'anon') expect(rows.error?.code).toBe('42501');
            else if (reader === 'productsAdmin' || reader === 'superAdmin')
              expect(rows.data).toHaveLength(caps[0]!.n);
            else expect(rows.data).toEqual([]);
          }
          const ended = await client[persona].rpc('admin_end_emergency');
          expect(ended.error).toBeNull();
          expect(ended.data).toBe(true);
        } else {
          expect(declared.error).not.toBeNull();
          if (persona !== 'anon') expect(declared.error?.code).toBe('42501');
          expect(open).toEqual([]);
          // Ending one declared by the owner is refused too.
          await owner(`insert into public.emergencies (name) values ('Matrix open')`);
          const ended = await client[persona].rpc('admin_end_emergency');
          expect(ended.error).not.toBeNull();
          expect(await owner(`select name from public.emergencies where ended_at is null`)).toEqual([
            { name: 'Matrix open' },
          ]);
        }
      } finally {
        await owner(`update public.emergencies set ended_at = now() where ended_at is null`);
      }
    },
  );

  it.each(personas)('%s cannot call the guard triggers', async (persona) => {
    const calls = await Promise.all([
      client[persona].rpc('products_price_rise_guard'),
      client[persona].rpc('products_emergency_cap'),
    ]);
    for (const call of calls) expect(call.error).not.toBeNull();
  });
});

describe('emergency waitlist holds: waitlist_holds, its functions and its setting (migration 20261128231557)', () => {
  const holdsHash = async () =>
    (
      await owner<{ h: string }>(
        `select md5(coalesce(string_agg(md5(t::text), '' order by t.id), '')) as h from public.waitlist_holds t`,
      )
    )[0]?.h ?? '';

  /** An open hold for a subscription of the demo customer's, written as the database owner. */
  async function hold(): Promise<{ id: string; productId: string }> {
    const [row] = await owner<{ id: string; product_id: string }>(
      `with product as (
         -- Products whose stock is their own (a lot-tracked product's stock is its lots' sum).
         select id from public.products p
         where not exists (select 1 from public.product_lots l where l.product_id = p.id)
         order by id offset $1::int % 50 limit 1
       ), sub as (
         insert into public.waitlist_subscriptions (product_id, user_id, email, token_hash, confirmed_at, notified_at)
         select id, $2, 'demo@example.com', sha256(convert_to(gen_random_uuid()::text, 'UTF8')), now(), now()
         from product returning id, product_id
       )
       insert into public.waitlist_holds (subscription_id, product_id, user_id, email, held_at, expires_at)
       select id, product_id, $2, 'demo@example.com', now(), now() + interval '2 hours' from sub
       returning id, product_id`,
      [(serial += 1), accounts.demo.userId],
    );
    return { id: row!.id, productId: row!.product_id };
  }

  it.each(personas)('%s neither reads nor writes the holds', async (persona) => {
    const open = await hold();
    const before = await holdsHash();
    const read = await client[persona].from('waitlist_holds').select('id');
    expect(read.error?.code).toBe('42501');
    const insert = await client[persona]
      .from('waitlist_holds')
      .insert({ subscription_id: crypto.randomUUID(), product_id: open.productId, email: 'x@example.com' });
    expect(insert.error).not.toBeNull();
    const update = await client[persona]
      .from('waitlist_holds')
      .update({ ended_at: null })
      .eq('id', open.id)
      .select('id');
    expect(update.error?.code).toBe('42501');
    const remove = await client[persona].from('waitlist_holds').delete().eq('id', open.id).select('id');
    expect(remove.error?.code).toBe('42501');
    expect(await holdsHash()).toBe(before);
    await owner(`update public.waitlist_holds set ended_at = now(), end_reason = 'expired' where id = $1`, [
      open.id,
    ]);
  });

  it.each(personas)('%s cannot run the hold functions', async (persona) => {
    const open = await hold();
    const before = await holdsHash();
    const later = new Date(Date.now() + 100 * 3_600_000).toISOString();
    const calls = await Promise.all([
      client[persona].rpc('waitlist_expire_holds', { p_now: later }),
      client[persona].rpc('waitlist_serve_holds', { p_product_id: open.productId, p_now: later }),
      client[persona].rpc('waitlist_free_units', { p_product_id: open.productId }),
      client[persona].rpc('checkout_held_units', { p_product_id: open.productId, p_user: userId[persona] }),
    ]);
    for (const call of calls) expect(call.error).not.toBeNull();
    expect(await holdsHash()).toBe(before);
    await owner(`update public.waitlist_holds set ended_at = now(), end_reason = 'expired' where id = $1`, [
      open.id,
    ]);
  });

  it.each(personas)(
    '%s reads only a count of units held for others (waitlist_held_units) and only its own hold (waitlist_my_hold)',
    async (persona) => {
      // A product with stock enough for the holds (the count is never more than stock_count).
      const open = await hold();
      await owner(
        `update public.products set stock_count = greatest(stock_count, 5), in_stock = true where id = $1`,
        [open.productId],
      );
      const held = async () => {
        const rows = await Promise.all(
          (['products', 'product_listing'] as const).map((from) =>
            client[persona].from(from).select('id, waitlist_held_units').eq('id', open.productId).single(),
          ),
        );
        for (const row of rows) expect(row.error).toBeNull();
        return rows.map((row) => (row.data as { waitlist_held_units: number }).waitlist_held_units);
      };
      // The demo customer's hold is someone else's for every persona: counted, and not theirs to see.
      const [counted] = await owner<{ n: number }>(
        `select sum(quantity)::int as n from public.waitlist_holds where product_id = $1 and ended_at is null`,
        [open.productId],
      );
      const others = counted!.n;
      expect(others).toBeGreaterThan(0);
      expect(await held()).toEqual([others, others]);
      const mine = await client[persona].rpc('waitlist_my_hold', { p_product_id: open.productId });
      if (persona === 'anon') expect(mine.error).not.toBeNull();
      else expect(mine).toMatchObject({ error: null, data: [] });
      // A hold of the persona's own is not held from it, and it alone sees it.
      const uid = userId[persona];
      if (uid) {
        await owner(
          `with sub as (
             insert into public.waitlist_subscriptions (product_id, user_id, email, token_hash, confirmed_at, notified_at)
             values ($1, $2, $3, sha256(convert_to(gen_random_uuid()::text, 'UTF8')), now(), now())
             returning id
           )
           insert into public.waitlist_holds (subscription_id, product_id, user_id, email, held_at, expires_at)
           select id, $1, $2, $3, now(), now() + interval '1 hour' from sub`,
          [open.productId, uid, `${persona.toLowerCase()}.hold@example.com`],
        );
        expect(await held()).toEqual([others, others]);
        const own = await client[persona].rpc('waitlist_my_hold', { p_product_id: open.productId });
        expect(own.error).toBeNull();
        expect((own.data as { quantity: number }[]).map((row) => row.quantity)).toEqual([1]);
      }
      await owner(
        `update public.waitlist_holds set ended_at = now(), end_reason = 'expired'
         where product_id = $1 and ended_at is null`,
        [open.productId],
      );
    },
  );

  it.each(personas)(
    '%s reads only ids and units left (waitlist_held_products) and claims only the hold whose token it has',
    async (persona) => {
      const open = await hold();
      await owner(
        `update public.products set stock_count = greatest(stock_count, 5), in_stock = true where id = $1`,
        [open.productId],
      );
      const listed = await client[persona].rpc('waitlist_held_products');
      expect(listed.error).toBeNull();
      const rows = listed.data as Record<string, unknown>[];
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['available', 'product_id']);
      expect(rows.some((row) => row.product_id === open.productId)).toBe(true);

      // A token is needed: a guessed one claims nothing, and a visitor cannot claim at all.
      const token = crypto.randomUUID().replace(/-/g, '').repeat(2);
      await owner(
        `update public.waitlist_subscriptions s set token_hash = sha256(convert_to($2, 'UTF8'))
         from public.waitlist_holds h where h.id = $1 and s.id = h.subscription_id`,
        [open.id, token],
      );
      const before = await holdsHash();
      const guessed = await client[persona].rpc('waitlist_claim_hold', {
        p_token: crypto.randomUUID().replace(/-/g, '').repeat(2),
      });
      expect(await holdsHash()).toBe(before);
      const claimed = await client[persona].rpc('waitlist_claim_hold', { p_token: token });
      const [row] = await owner<{ user_id: string | null }>(
        `select user_id::text from public.waitlist_holds where id = $1`,
        [open.id],
      );
      if (persona === 'anon') {
        expect(guessed.error?.code).toBe('42501');
        expect(claimed.error?.code).toBe('42501');
        expect(row!.user_id).toBe(accounts.demo.userId);
      } else {
        expect(guessed).toMatchObject({ error: null, data: false });
        expect(claimed).toMatchObject({ error: null, data: true });
        expect(row!.user_id).toBe(userId[persona]);
      }
      await owner(`update public.waitlist_holds set ended_at = now(), end_reason = 'expired' where id = $1`, [
        open.id,
      ]);
    },
  );

  it.each(personas)(
    '%s reads and filters on whether a product is sold out or low for it (waitlist_sold_out, waitlist_low_stock), no more',
    async (persona) => {
      const open = await hold();
      const [kept] = await owner<{ stock_count: number; in_stock: boolean }>(
        `select stock_count, in_stock from public.products where id = $1`,
        [open.productId],
      );
      const facts = async () => {
        const listing = await client[persona]
          .from('product_listing')
          .select('id, waitlist_sold_out, waitlist_low_stock')
          .eq('id', open.productId)
          .eq('waitlist_sold_out', false)
          .single();
        const product = await client[persona]
          .from('products')
          .select('waitlist_sold_out')
          .eq('id', open.productId)
          .single();
        expect(product.error).toBeNull();
        return {
          listed: listing.error === null,
          listing: listing.data && Object.keys(listing.data).sort(),
          soldOut: (product.data as { waitlist_sold_out: boolean }).waitlist_sold_out,
          low: (listing.data as { waitlist_low_stock: boolean } | null)?.waitlist_low_stock ?? null,
        };
      };
      try {
        // The demo customer's hold takes the one unit: sold out for every persona (none is the demo).
        await owner(`update public.products set stock_count = 1, in_stock = true where id = $1`, [
          open.productId,
        ]);
        expect(await facts()).toEqual({ listed: false, listing: null, soldOut: true, low: null });
        // Four units left once it is taken: low stock (threshold 10), not sold out.
        await owner(`update public.products set stock_count = 5 where id = $1`, [open.productId]);
        expect(await facts()).toEqual({
          listed: true,
          listing: ['id', 'waitlist_low_stock', 'waitlist_sold_out'],
          soldOut: false,
          low: true,
        });
      } finally {
        await owner(
          `update public.waitlist_holds set ended_at = now(), end_reason = 'expired' where id = $1`,
          [open.id],
        );
        await owner(`update public.products set stock_count = $2, in_stock = $3 where id = $1`, [
          open.productId,
          kept!.stock_count,
          kept!.in_stock,
        ]);
      }
    },
  );

  it('the service role runs waitlist_expire_holds with its clock', async () => {
    const open = await hold();
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const { data, error } = await stack.serviceClient().rpc('waitlist_expire_holds', { p_now: later });
    expect(error).toBeNull();
    expect(data).toBe(0);
    const [row] = await owner<{ end_reason: string }>(
      `select end_reason from public.waitlist_holds where id = $1`,
      [open.id],
    );
    expect(row!.end_reason).toBe('expired');
  });

  it.each(personas)('%s: the hold time needs the settings permission', async (persona) => {
    const before = (await owner<{ h: string }>(`select md5(t::text) as h from public.store_settings t`))[0]!
      .h;
    const update = await client[persona]
      .from('store_settings')
      .update({ waitlist_hold_hours: 3.5 })
      .eq('id', true)
      .select('waitlist_hold_hours');
    if (persona === 'superAdmin') {
      expect(update.error).toBeNull();
      expect(update.data).toEqual([{ waitlist_hold_hours: 3.5 }]);
      await owner(`update public.store_settings set waitlist_hold_hours = 2`);
    } else {
      expect(update.data ?? []).toEqual([]);
      expect(
        (await owner<{ h: string }>(`select md5(t::text) as h from public.store_settings t`))[0]!.h,
      ).toBe(before);
    }
  });
});
