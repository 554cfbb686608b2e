// Every back-office call the admin remote makes, through supabase-js against a fresh seeded stack: the admin
// checks at sign-in, the dashboard reads and figures, products, categories and administrators.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts, seeded, signInAll } from './fixtures.ts';

let stack: TestStack;
let clients: Awaited<ReturnType<typeof signInAll>>;
let admin: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  clients = await signInAll(stack);
  admin = clients.superAdmin;
});

afterAll(async () => {
  await stack?.stop();
});

interface OrderRow {
  id: string;
  total_amount: number;
  status: string;
  created_at: string;
  user_id: string | null;
}

describe('admin auth checks', () => {
  it('finds an active admin record for the super admin and the orders admin, none for the others', async () => {
    for (const [key, expected] of [
      ['superAdmin', 1],
      ['ordersAdmin', 1],
      ['inactiveAdmin', 0],
      ['demo', 0],
      ['customer', 0],
    ] as const) {
      const { data, error } = await clients[key]
        .from('admin_users')
        .select('*')
        .eq('user_id', accounts[key].userId)
        .eq('active', 1);
      expect(error, key).toBeNull();
      expect(data, key).toHaveLength(expected);
    }
  });

  it('reads the active value at login, so a deactivated admin can be told so', async () => {
    const inactive = await clients.inactiveAdmin
      .from('admin_users')
      .select('active')
      .eq('user_id', accounts.inactiveAdmin.userId)
      .maybeSingle();
    expect(inactive.data).toEqual({ active: 0 });
    const none = await clients.customer
      .from('admin_users')
      .select('active')
      .eq('user_id', accounts.customer.userId)
      .maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
  });

  it('rejects a wrong password with invalid_credentials', async () => {
    const client = stack.anonClient();
    const { error } = await client.auth.signInWithPassword({
      email: accounts.superAdmin.email,
      password: 'nope',
    });
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('the is_active_admin / has_admin_permission functions answer per caller', async () => {
    expect((await admin.rpc('is_active_admin')).data).toBe(true);
    expect((await clients.inactiveAdmin.rpc('is_active_admin')).data).toBe(false);
    expect((await clients.customer.rpc('is_active_admin')).data).toBe(false);
    expect((await stack.anonClient().rpc('is_active_admin')).data).toBe(false);
    expect((await clients.ordersAdmin.rpc('has_admin_permission', { p_permission: 'orders' })).data).toBe(
      true,
    );
    expect((await clients.ordersAdmin.rpc('has_admin_permission', { p_permission: 'products' })).data).toBe(
      false,
    );
    expect((await admin.rpc('has_admin_permission', { p_permission: 'admin_management' })).data).toBe(true);
    expect((await clients.inactiveAdmin.rpc('has_admin_permission', { p_permission: 'products' })).data).toBe(
      false,
    );
  });
});

describe('admin dashboard reads', () => {
  it('counts products and categories without rows', async () => {
    const products = await admin.from('products').select('*', { count: 'exact', head: true });
    expect(products.count).toBe(seeded.products);
    expect(products.data).toBeNull();
    const categories = await admin.from('categories').select('*', { count: 'exact', head: true });
    expect(categories.count).toBe(seeded.categories);
  });

  it('sums revenue from total_amount with a count, and lists the 5 newest orders', async () => {
    const all = await admin.from('orders').select('total_amount', { count: 'exact' });
    expect(all.error).toBeNull();
    expect(all.count).toBe(seeded.orders);
    const revenue = (all.data as { total_amount: number }[]).reduce((sum, row) => sum + row.total_amount, 0);
    const { rows } = await stack.db.query<{ total: string }>(
      'select sum(total_amount)::text as total from public.orders',
    );
    expect(revenue).toBeCloseTo(Number(rows[0]?.total), 2);
    expect(revenue).toBeGreaterThan(10_000);

    const recent = await admin
      .from('orders')
      .select('id, total_amount, status, created_at, user_id')
      .order('created_at', { ascending: false })
      .limit(5);
    const recentRows = recent.data as OrderRow[];
    expect(recentRows).toHaveLength(5);
    const times = recentRows.map((row) => Date.parse(row.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Date.now() - (times[0] ?? 0)).toBeLessThan(24 * 3600 * 1000);
    const statuses = new Set((all.data as unknown as OrderRow[]).map((row) => row.status));
    expect(statuses.size).toBeGreaterThan(0);
  });

  it('counts distinct customers from non-null order user ids', async () => {
    const { data, error } = await admin.from('orders').select('user_id').not('user_id', 'is', null);
    expect(error).toBeNull();
    const ids = new Set((data as { user_id: string }[]).map((row) => row.user_id));
    expect(ids.size).toBe(8);
  });

  it('spreads orders over the past months with mostly completed ones', async () => {
    const { data } = await admin.from('orders').select('status, created_at');
    const rows = data as OrderRow[];
    const completed = rows.filter((row) => row.status === 'completed').length;
    expect(completed / rows.length).toBeGreaterThan(0.6);
    expect(rows.some((row) => row.status === 'pending')).toBe(true);
    expect(rows.some((row) => row.status === 'cancelled')).toBe(true);
    const months = new Set(rows.map((row) => row.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(7);
  });

  it('admin_sales_overview and admin_top_products give figures to orders readers only', async () => {
    const overview = await admin.rpc('admin_sales_overview', { p_months: 6 });
    expect(overview.error).toBeNull();
    const months = overview.data as { month: string; revenue: number; orders: number }[];
    expect(months).toHaveLength(6);
    expect(months.map((row) => row.month)).toEqual([...months.map((row) => row.month)].sort());
    expect(months.every((row) => row.orders > 0 && row.revenue > 0)).toBe(true);

    const top = await clients.ordersAdmin.rpc('admin_top_products', { p_limit: 5 });
    const topRows = top.data as { product_name: string; units: number; revenue: number }[];
    expect(topRows).toHaveLength(5);
    expect(topRows.map((row) => row.revenue)).toEqual(
      [...topRows.map((row) => row.revenue)].sort((a, b) => b - a),
    );

    for (const key of ['customer', 'inactiveAdmin'] as const) {
      expect((await clients[key].rpc('admin_sales_overview', { p_months: 6 })).data, key).toEqual([]);
      expect((await clients[key].rpc('admin_top_products')).data, key).toEqual([]);
    }
    const anon = await stack.anonClient().rpc('admin_sales_overview');
    expect(anon.error?.code).toBe('42501');
  });

  it('admin_dashboard_summary matches the rows: totals and the last 30 days against the 30 before', async () => {
    const summary = await admin.rpc('admin_dashboard_summary', { p_days: 30 });
    expect(summary.error).toBeNull();
    const [figures] = summary.data as Record<string, number>[];

    const service = stack.serviceClient();
    const orders = (await service.from('orders').select('total_amount, user_id, created_at, status'))
      .data as OrderRow[];
    const products = (await service.from('products').select('created_at')).data as { created_at: string }[];
    const categories = (await service.from('categories').select('created_at')).data as {
      created_at: string;
    }[];
    const now = Date.now();
    const day = 86_400_000;
    const period = (createdAt: string) => {
      const age = now - new Date(createdAt).getTime();
      if (age >= 0 && age <= 30 * day) return 'current';
      if (age > 30 * day && age <= 60 * day) return 'previous';
      return null;
    };
    const inPeriod = <T extends { created_at: string }>(rows: T[], which: string) =>
      rows.filter((row) => period(row.created_at) === which);
    const customers = (rows: OrderRow[]) => new Set(rows.map((row) => row.user_id).filter(Boolean)).size;
    // Revenue is what was sold: cancelled orders count as orders but not as revenue.
    const revenue = (rows: OrderRow[]) =>
      Math.round(
        rows
          .filter((row) => row.status !== 'cancelled')
          .reduce((sum, row) => sum + Number(row.total_amount) * 100, 0),
      ) / 100;

    expect(figures).toEqual({
      product_count: products.length,
      category_count: categories.length,
      order_count: orders.length,
      customer_count: customers(orders),
      revenue: revenue(orders),
      products_current: inPeriod(products, 'current').length,
      products_previous: inPeriod(products, 'previous').length,
      categories_current: inPeriod(categories, 'current').length,
      categories_previous: inPeriod(categories, 'previous').length,
      orders_current: inPeriod(orders, 'current').length,
      orders_previous: inPeriod(orders, 'previous').length,
      customers_current: customers(inPeriod(orders, 'current')),
      customers_previous: customers(inPeriod(orders, 'previous')),
      revenue_current: revenue(inPeriod(orders, 'current')),
      revenue_previous: revenue(inPeriod(orders, 'previous')),
    });
    expect(figures?.orders_current).toBeGreaterThan(0);

    // What the caller may not read, it does not count.
    const customer = await clients.customer.rpc('admin_dashboard_summary');
    const [own] = customer.data as Record<string, number>[];
    expect(own?.product_count).toBe(products.length);
    expect(own?.order_count).toBeLessThan(orders.length);
    const inactive = await clients.inactiveAdmin.rpc('admin_dashboard_summary');
    expect((inactive.data as Record<string, number>[])[0]?.order_count).toBe(0);
    const anon = await stack.anonClient().rpc('admin_dashboard_summary');
    expect(anon.error?.code).toBe('42501');
  });

  it('a customer reads only their own orders; a deactivated admin none', async () => {
    const own = await clients.demo.from('orders').select('user_id', { count: 'exact' });
    expect(own.count).toBeGreaterThan(0);
    expect((own.data as OrderRow[]).every((row) => row.user_id === accounts.demo.userId)).toBe(true);
    const inactive = await clients.inactiveAdmin.from('orders').select('id', { count: 'exact' });
    expect(inactive.count).toBe(0);
  });
});

describe('admin products', () => {
  const list = (client: SupabaseClient) =>
    client
      .from('products')
      .select('*, category:categories(name), subcategory:subcategories(name)', { count: 'exact' })
      .order('created_at', { ascending: false });

  it('lists 10 per page newest first with an exact count, a name search and the stock filters', async () => {
    const page = await list(admin).range(10, 19);
    expect(page.count).toBe(seeded.products);
    expect(page.data).toHaveLength(10);

    const search = await list(admin).ilike('name', '%LEATHERMAN%').range(0, 9);
    expect(search.count).toBe(3);
    expect((search.data as { name: string }[]).every((row) => row.name.includes('Leatherman'))).toBe(true);

    const inStock = await list(admin).eq('in_stock', true).range(0, 9);
    const outOfStock = await list(admin).eq('in_stock', false).range(0, 9);
    expect((inStock.count ?? 0) + (outOfStock.count ?? 0)).toBe(seeded.products);
    expect(outOfStock.count).toBeGreaterThanOrEqual(5);

    const low = await list(admin).lt('stock_count', 10).eq('in_stock', true).range(0, 9);
    expect(low.count).toBeGreaterThanOrEqual(5);
    expect((low.data as { stock_count: number }[]).every((row) => row.stock_count < 10)).toBe(true);

    const beyond = await list(admin).range(1000, 1009);
    expect(beyond.error?.code).toBe('PGRST103');
  });

  it('reads categories by name, subcategories of a category by name, and one product for editing', async () => {
    const categories = await admin.from('categories').select('id, name').order('name');
    const first = (categories.data as { id: string; name: string }[])[0];
    expect(first?.name).toBe('Communication');
    const subs = await admin
      .from('subcategories')
      .select('id, name, category_id')
      .eq('category_id', first?.id ?? '')
      .order('name');
    const subNames = (subs.data as { name: string }[]).map((row) => row.name);
    expect(subNames).toEqual([
      'Emergency Radios',
      'Satellite Messengers',
      'Satellite Phones',
      'Two-Way Radios',
    ]);
    const product = await admin.from('products').select('*').limit(1).single();
    expect(product.error).toBeNull();
  });

  it('creates, updates, toggles stock and deletes a product; slug and search text follow the name', async () => {
    const { data: category } = await admin.from('categories').select('id').eq('slug', 'lighting').single();
    const categoryId = (category as { id: string }).id;
    const form = {
      name: 'Test Beacon  Light_Pro!',
      description: 'A flashing rescue beacon.',
      category_id: categoryId,
      subcategory_id: null,
      price: 24.5,
      original_price: 29.99,
      image_url: `${stack.url}/storage/v1/object/public/catalog/default.svg`,
      images: [],
      features: ['Bright', 'Waterproof'],
      specifications: { Weight: '90 g' },
      tags: ['beacon', 'rescue light'],
      in_stock: true,
      stock_count: 12,
    };
    const created = await admin.from('products').insert(form).select().single();
    expect(created.error).toBeNull();
    const row = created.data as { id: string; slug: string; price: number; search_text: string };
    expect(row.slug).toBe(`test-beacon-light_pro-${row.id}`.replace('_', '-'));
    expect(row.price).toBe(24.5);
    expect(row.search_text).toContain('rescue light');

    const found = await stack.anonClient().rpc('search_products', { p_query: 'RESCUE LIGHT' });
    expect((found.data as { id: string }[]).map((p) => p.id)).toContain(row.id);

    const updated = await admin
      .from('products')
      .update({ ...form, name: 'Rescue Beacon', price: 19.99 })
      .eq('id', row.id)
      .select()
      .single();
    expect(updated.error).toBeNull();
    const updatedRow = updated.data as { slug: string; created_at: string; updated_at: string };
    expect(updatedRow.slug).toBe(`rescue-beacon-${row.id}`);
    expect(Date.parse(updatedRow.updated_at)).toBeGreaterThan(Date.parse(updatedRow.created_at));

    const { data: seededProduct } = await admin
      .from('products')
      .select('created_at, updated_at')
      .neq('id', row.id)
      .order('created_at')
      .limit(1)
      .single();
    const seededTimes = seededProduct as { created_at: string; updated_at: string };
    expect(seededTimes.updated_at).toBe(seededTimes.created_at);

    const toggled = await admin
      .from('products')
      .update({ in_stock: false })
      .eq('id', row.id)
      .select('in_stock');
    expect(toggled.data).toEqual([{ in_stock: false }]);

    const invalid = await admin.from('products').update({ price: -1 }).eq('id', row.id).select();
    expect(invalid.error?.code).toBe('23514');
    // rating and review_count come from the approved reviews (reviews migration): typed-in figures are ignored.
    const typedRating = await admin
      .from('products')
      .update({ rating: 7, review_count: 900 })
      .eq('id', row.id)
      .select('rating, review_count');
    expect(typedRating.data).toEqual([{ rating: 0, review_count: 0 }]);

    const deleted = await admin.from('products').delete().eq('id', row.id).select('id');
    expect(deleted.data).toEqual([{ id: row.id }]);
    const gone = await admin.from('products').select('id').eq('id', row.id);
    expect(gone.data).toEqual([]);
  });
});

describe('admin categories', () => {
  it('lists categories newest first with nested counts, a name filter and a total count', async () => {
    const { data, count, error } = await admin
      .from('categories')
      .select('*, subcategories(count), products(count)', { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(0, 9);
    expect(error).toBeNull();
    expect(count).toBe(seeded.categories);
    const rows = data as {
      name: string;
      subcategories: { count: number }[];
      products: { count: number }[];
    }[];
    expect(rows[0]?.name).toBe('Lighting');
    const survival = rows.find((row) => row.name === 'Survival Gear');
    expect(survival?.subcategories).toEqual([{ count: 4 }]);
    expect(survival?.products).toEqual([{ count: seeded.largestCategoryProducts }]);

    const filtered = await admin
      .from('categories')
      .select('*, subcategories(count), products(count)', { count: 'exact' })
      .ilike('name', '%WATER%')
      .order('created_at', { ascending: false })
      .range(0, 9);
    expect(filtered.count).toBe(1);
    expect((filtered.data as { name: string }[])[0]?.name).toBe('Water & Filtration');
  });

  it('saves a category and its subcategories through the table calls, then deletes it with its products', async () => {
    const created = await admin
      .from('categories')
      .insert({ name: 'Vehicle Prep', slug: 'vehicle-prep', description: 'Car kits', image_url: null })
      .select()
      .single();
    expect(created.error).toBeNull();
    const categoryId = (created.data as { id: string }).id;
    const duplicate = await admin.from('categories').insert({ name: 'Again', slug: 'vehicle-prep' }).select();
    expect(duplicate.error?.code).toBe('23505');

    const subs = await admin
      .from('subcategories')
      .insert([
        { category_id: categoryId, name: 'Recovery', slug: 'recovery', description: 'Straps' },
        { category_id: categoryId, name: 'Spares', slug: 'spares', description: '' },
      ])
      .select();
    expect(subs.data).toHaveLength(2);
    const [recovery, spares] = subs.data as { id: string }[];
    await admin
      .from('subcategories')
      .update({ name: 'Recovery Gear', slug: 'recovery-gear' })
      .eq('id', recovery?.id ?? '');
    await admin
      .from('subcategories')
      .delete()
      .eq('id', spares?.id ?? '');
    await admin.from('categories').update({ description: 'Kits for your car' }).eq('id', categoryId);

    const loaded = await admin.from('categories').select('*').eq('id', categoryId).single();
    expect((loaded.data as { description: string }).description).toBe('Kits for your car');
    const loadedSubs = await admin
      .from('subcategories')
      .select('*')
      .eq('category_id', categoryId)
      .order('name');
    expect((loadedSubs.data as { slug: string }[]).map((row) => row.slug)).toEqual(['recovery-gear']);

    const product = await admin
      .from('products')
      .insert({
        name: 'Tow Strap',
        description: 'A strap.',
        category_id: categoryId,
        subcategory_id: recovery?.id,
        price: 30,
        image_url: 'x.svg',
      })
      .select('id')
      .single();
    expect(product.error).toBeNull();

    const deleted = await admin.from('categories').delete().eq('id', categoryId).select('id');
    expect(deleted.data).toHaveLength(1);
    const service = stack.serviceClient();
    expect((await service.from('subcategories').select('id').eq('category_id', categoryId)).data).toEqual([]);
    expect((await service.from('products').select('id').eq('category_id', categoryId)).data).toEqual([]);
  });

  it('saves a category in one transaction with admin_save_category', async () => {
    const created = await admin.rpc('admin_save_category', {
      p_id: null,
      p_name: 'Pet Preparedness',
      p_slug: '',
      p_description: 'For the animals',
      p_image_url: null,
      p_subcategories: [
        { name: 'Pet Food' },
        { name: 'Pet First Aid', slug: 'pet-aid', description: 'Kits' },
      ],
    });
    expect(created.error).toBeNull();
    const saved = created.data as { id: string; slug: string; subcategories: { id: string; slug: string }[] };
    expect(saved.slug).toBe('pet-preparedness');
    expect(saved.subcategories.map((sub) => sub.slug)).toEqual(['pet-aid', 'pet-food']);

    const [aid, food] = saved.subcategories;
    const edited = await admin.rpc('admin_save_category', {
      p_id: saved.id,
      p_name: 'Pet Prep',
      p_slug: 'pet-prep',
      p_description: 'For the animals',
      p_image_url: null,
      p_subcategories: [
        { id: aid?.id, name: 'Pet Medical', slug: 'pet-medical', description: '' },
        { id: food?.id, name: 'Pet Food', slug: 'pet-food', _delete: true },
        { name: 'Leashes' },
      ],
    });
    expect(edited.error).toBeNull();
    expect(
      (edited.data as { subcategories: { slug: string }[] }).subcategories.map((sub) => sub.slug),
    ).toEqual(['leashes', 'pet-medical']);

    const failing = await admin.rpc('admin_save_category', {
      p_id: saved.id,
      p_name: 'Renamed Must Not Stick',
      p_slug: 'renamed',
      p_description: '',
      p_image_url: null,
      p_subcategories: [{ name: 'Ok' }, { name: '' }],
    });
    expect(failing.error?.message).toBe('Subcategory name is required');
    const after = await admin
      .from('categories')
      .select('name, subcategories(name)')
      .eq('id', saved.id)
      .single();
    expect((after.data as { name: string }).name).toBe('Pet Prep');

    const denied = await clients.ordersAdmin.rpc('admin_save_category', {
      p_id: saved.id,
      p_name: 'Nope',
      p_slug: 'nope',
      p_description: '',
      p_image_url: null,
      p_subcategories: [],
    });
    expect(denied.error?.code).toBe('42501');
  });
});

describe('admin administrators', () => {
  it('loads all admin_users newest first and lists them with email and names', async () => {
    const rows = await admin.from('admin_users').select('*').order('created_at', { ascending: false });
    expect(rows.error).toBeNull();
    expect((rows.data as { user_id: string }[]).map((row) => row.user_id)).toEqual([
      accounts.ordersAdmin.userId,
      accounts.inactiveAdmin.userId,
      accounts.superAdmin.userId,
    ]);
    const listed = await admin.rpc('admin_list_administrators');
    expect(listed.error).toBeNull();
    const byEmail = Object.fromEntries(
      (listed.data as { email: string; first_name: string; last_name: string; role: string }[]).map((row) => [
        row.email,
        row,
      ]),
    );
    expect(byEmail['admin@example.com']).toMatchObject({
      first_name: 'Alex',
      last_name: 'Morgan',
      role: 'super_admin',
    });
    expect(byEmail['inactive.admin@example.com']).toMatchObject({ first_name: 'Riley', active: 0 });
    expect(byEmail['orders.admin@example.com']).toMatchObject({
      first_name: 'Taylor',
      permissions: ['orders'],
    });
  });

  it('creates an administrator who can sign in, updates and removes them; the account stays', async () => {
    const created = await admin.rpc('admin_create_administrator', {
      p_email: 'Casey.Nguyen@Example.com',
      p_password: 'casey123',
      p_first_name: 'Casey',
      p_last_name: 'Nguyen',
    });
    expect(created.error).toBeNull();
    const row = created.data as {
      id: string;
      user_id: string;
      role: string;
      permissions: string[];
      active: number;
    };
    expect(row).toMatchObject({
      role: 'admin',
      permissions: ['products', 'categories', 'orders'],
      active: 1,
    });

    const casey = await stack.signedInClient('casey.nguyen@example.com', 'casey123');
    const { data: userData } = await casey.auth.getUser();
    expect(userData.user?.user_metadata).toMatchObject({
      first_name: 'Casey',
      last_name: 'Nguyen',
      full_name: 'Casey Nguyen',
    });
    expect(userData.user?.email_confirmed_at).toEqual(expect.any(String));
    expect((await casey.rpc('is_active_admin')).data).toBe(true);

    const duplicate = await admin.rpc('admin_create_administrator', {
      p_email: 'casey.nguyen@example.com',
      p_password: 'casey123',
      p_first_name: 'Casey',
      p_last_name: 'Nguyen',
    });
    expect(duplicate.error?.message).toBe('User already registered');
    expect(duplicate.error?.code).toBe('23505');

    const short = await admin.rpc('admin_create_administrator', {
      p_email: 'short@example.com',
      p_password: '12345',
      p_first_name: 'S',
      p_last_name: 'P',
    });
    expect(short.error?.message).toBe('Password should be at least 6 characters.');

    const nameless = await admin.rpc('admin_create_administrator', {
      p_email: 'nameless@example.com',
      p_password: '123456',
      p_first_name: ' ',
      p_last_name: 'P',
    });
    expect(nameless.error?.message).toBe('Please provide first name and last name');

    const updated = await admin.rpc('admin_update_administrator', {
      p_id: row.id,
      p_role: 'admin',
      p_permissions: ['products'],
      p_active: 0,
    });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({
      permissions: ['products'],
      active: 0,
      email: 'casey.nguyen@example.com',
    });
    expect((await casey.rpc('is_active_admin')).data).toBe(false);

    const removed = await admin.rpc('admin_remove_administrator', { p_id: row.id });
    expect(removed.error).toBeNull();
    const stillThere = await stack.db.query('select 1 from auth.users where id = $1', [row.user_id]);
    expect(stillThere.rows).toHaveLength(1);
    const again = await stack.signedInClient('casey.nguyen@example.com', 'casey123');
    expect((await again.from('admin_users').select('id')).data).toEqual([]);
  });

  it('updates and removes through the admin_users table as the back office calls them', async () => {
    const created = await admin.rpc('admin_create_administrator', {
      p_email: 'drew.table@example.com',
      p_password: 'drew1234',
      p_first_name: 'Drew',
      p_last_name: 'Table',
      p_role: 'admin',
      p_permissions: ['categories'],
      p_active: 1,
    });
    const id = (created.data as { id: string }).id;
    const updated = await admin
      .from('admin_users')
      .update({ role: 'admin', permissions: ['categories', 'analytics'], active: 1 })
      .eq('id', id)
      .select()
      .single();
    expect(updated.error).toBeNull();
    expect((updated.data as { permissions: string[] }).permissions).toEqual(['categories', 'analytics']);
    const bad = await admin
      .from('admin_users')
      .update({ permissions: ['root'] })
      .eq('id', id)
      .select();
    expect(bad.error?.code).toBe('23514');
    const removed = await admin.from('admin_users').delete().eq('id', id).select('id');
    expect(removed.data).toEqual([{ id }]);
  });
});
