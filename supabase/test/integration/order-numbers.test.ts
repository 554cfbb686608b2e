// Order numbers say nothing about the shop's volume (random, no sequence behind them), and the
// storefront's product_listing view, which is deliberately not security_invoker (its planner needs the
// owner's statistics, see supabase/README.md), shows exactly what products' row-level security lets
// anyone read: the guard below fails the day products gets a row filter the view would bypass.
// Runs on PGlite and, with STACK_TEST_DATABASE_URL, PostgreSQL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let demo: SupabaseClient;
let productId = '';

const address = {
  full_name: 'Jamie Carter',
  line1: '1420 Ridgeview Drive',
  line2: '',
  city: 'Boulder',
  region: 'CO',
  postal_code: '80302',
  country: 'United States',
  phone: '+1 303 555 0142',
};

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

beforeAll(async () => {
  stack = await startTestStack();
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  const [category] = await owner<{ id: string }>(`select id from public.categories limit 1`);
  productId = (
    await owner<{ id: string }>(
      `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
       values ('Order Number Test', 'x', 5, $1, 'x.svg', 100, true) returning id`,
      [category!.id],
    )
  )[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('order numbers', () => {
  it('are random RS-XXXXX-XXXXX codes with no sequence behind them', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { data, error } = await demo.rpc('place_order', {
        p_lines: [{ product_id: productId, quantity: 1 }],
        p_shipping_address: address,
      });
      expect(error).toBeNull();
      numbers.push((data as { order_number: string }).order_number);
    }
    for (const number of numbers) expect(number).toMatch(/^RS-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(numbers).size).toBe(numbers.length);
    // Consecutive orders do not get neighbouring numbers.
    const sorted = [...numbers].sort();
    expect(sorted).not.toEqual(numbers);
    const sequences = await owner<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where c.relkind = 'S' and s.nspname = 'public' and c.relname like 'orders%'`,
    );
    expect(sequences[0]!.n).toBe(0);
    const [column] = await owner<{ default: string }>(
      `select pg_get_expr(d.adbin, d.adrelid) as default from pg_attrdef d
       join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
       where d.adrelid = 'public.orders'::regclass and a.attname = 'order_number'`,
    );
    expect(column!.default).toContain('order_number_new');
  });

  it('the seeded demo orders keep their numbers', async () => {
    const rows = await owner<{ n: number }>(
      `select count(*)::int as n from public.orders where order_number ~ '^RS-1000[0-9]{2}$'`,
    );
    expect(rows[0]!.n).toBe(82);
  });
});

describe('product_listing shows no more than products does', () => {
  it('products has one permissive read policy, true for everyone, and no restrictive one', async () => {
    const policies = await owner<{ cmd: string; permissive: string; roles: string[]; qual: string | null }>(
      `select cmd, permissive, roles::text[] as roles, qual from pg_policies
       where schemaname = 'public' and tablename = 'products' and cmd in ('SELECT', 'ALL')`,
    );
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies) {
      expect(policy.permissive).toBe('PERMISSIVE');
      expect(policy.qual).toBe('true');
    }
    const readers = new Set(policies.flatMap((policy) => policy.roles));
    expect(readers.has('anon') || readers.has('public')).toBe(true);
    expect(readers.has('authenticated') || readers.has('public')).toBe(true);
  });

  it('has the columns of products, is read-only for everyone, and anon reads the same rows through both', async () => {
    const columns = await owner<{ table_name: string; cols: string }>(
      `select table_name, string_agg(column_name || ':' || data_type, ',' order by ordinal_position) as cols
       from information_schema.columns
       where table_schema = 'public' and table_name in ('products', 'product_listing')
       group by table_name`,
    );
    const byName = Object.fromEntries(columns.map((row) => [row.table_name, row.cols]));
    expect(byName.product_listing).toBe(byName.products);
    const writes = await owner<{ privilege_type: string; grantee: string }>(
      `select privilege_type, grantee from information_schema.role_table_grants
       where table_schema = 'public' and table_name = 'product_listing'
         and grantee in ('anon', 'authenticated') and privilege_type <> 'SELECT'`,
    );
    expect(writes).toEqual([]);
    const anon = stack.anonClient();
    const viaView = await anon.from('product_listing').select('id', { count: 'exact', head: true });
    const viaTable = await anon.from('products').select('id', { count: 'exact', head: true });
    expect(viaView.error).toBeNull();
    expect(viaView.count).toBe(viaTable.count);
    const insert = await anon.from('product_listing').insert({ name: 'x' });
    expect(insert.error).not.toBeNull();
  });
});
