// The seeded accounts and catalogue facts the integration tests rely on (see supabase/seed.sql).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from '../harness.ts';

export interface SeededAccount {
  email: string;
  password: string;
  userId: string;
  /** admin_users.id when the account is an administrator. */
  adminId?: string;
}

export const accounts = {
  demo: {
    email: 'demo@example.com',
    password: 'demo1234',
    userId: '00000000-0000-4000-8000-000000000001',
  },
  customer: {
    email: 'customer@example.com',
    password: 'customer1234',
    userId: '00000000-0000-4000-8000-000000000002',
  },
  superAdmin: {
    email: 'admin@example.com',
    password: 'admin1234',
    userId: '00000000-0000-4000-8000-000000000003',
    adminId: '00000000-0000-4000-a000-000000000003',
  },
  inactiveAdmin: {
    email: 'inactive.admin@example.com',
    password: 'inactive1234',
    userId: '00000000-0000-4000-8000-000000000004',
    adminId: '00000000-0000-4000-a000-000000000004',
  },
  ordersAdmin: {
    email: 'orders.admin@example.com',
    password: 'orders1234',
    userId: '00000000-0000-4000-8000-000000000005',
    adminId: '00000000-0000-4000-a000-000000000005',
  },
} as const satisfies Record<string, SeededAccount>;

export const seeded = {
  categories: 7,
  subcategories: 24,
  products: 76,
  orders: 82,
  /** Category with the most products (paging and 'Load More Products'). */
  largestCategorySlug: 'survival-gear',
  largestCategoryProducts: 27,
  largestSubcategorySlug: 'multi-tools-knives',
  largestSubcategoryProducts: 14,
} as const;

export const tables = [
  'categories',
  'subcategories',
  'products',
  'admin_users',
  'orders',
  'order_items',
  'order_events',
  'reviews',
  'product_lots',
  'order_item_lots',
] as const;
export type TableName = (typeof tables)[number];

/** Row count of every public table, read with the service role (bypasses RLS). */
export async function rowCounts(stack: TestStack): Promise<Record<TableName, number>> {
  const result = {} as Record<TableName, number>;
  for (const table of tables) {
    const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
    result[table] = rows[0]?.n ?? -1;
  }
  return result;
}

/**
 * A checksum over every row of every public table plus the identity columns of auth.users (not sign-in
 * timestamps), read as the database owner.
 */
export async function dataChecksum(stack: TestStack): Promise<string> {
  const parts: string[] = [];
  const sources = [
    ...tables.map((t) => `public.${t}`),
    '(select id, email, encrypted_password, raw_user_meta_data, raw_app_meta_data, role, banned_until from auth.users)',
  ];
  for (const table of sources) {
    const { rows } = await stack.db.query<{ h: string | null }>(
      `select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from ${table} t`,
    );
    parts.push(`${table}:${rows[0]?.h ?? ''}`);
  }
  return parts.join('|');
}

/** Signs in every seeded account once. */
export async function signInAll(stack: TestStack): Promise<Record<keyof typeof accounts, SupabaseClient>> {
  const entries = await Promise.all(
    (Object.keys(accounts) as (keyof typeof accounts)[]).map(
      async (key) => [key, await stack.signedInClient(accounts[key].email, accounts[key].password)] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<keyof typeof accounts, SupabaseClient>;
}
