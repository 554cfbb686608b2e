// The wishlist (migration 20250101001200): rows are private to their owner, the facts at saving time
// come from products whatever the browser sends, and merge_wishlist folds a browser list in
// idempotently, ignoring ids that are not products.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let demo: SupabaseClient;
let customer: SupabaseClient;
let anon: SupabaseClient;
interface WishlistRow {
  product_id: string;
  user_id: string;
  price_at_add: number;
  in_stock_at_add: boolean;
}

let products: { id: string; price: number; in_stock: boolean }[] = [];

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function ownedIds(userId: string): Promise<string[]> {
  const rows = await owner<{ product_id: string }>(
    `select product_id from public.wishlist_items where user_id = $1 order by product_id`,
    [userId],
  );
  return rows.map((row) => row.product_id);
}

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
  demo = await stack.signedInClient(accounts.demo.email, accounts.demo.password);
  customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  products = (
    await owner<{ id: string; price: string; in_stock: boolean }>(
      `select id, price, in_stock from public.products order by name limit 4`,
    )
  ).map((row) => ({ id: row.id, price: Number(row.price), in_stock: row.in_stock }));
});

afterAll(async () => {
  await stack?.stop();
});

describe('merge_wishlist', () => {
  it('adds known products with their current price and stock, ignores unknown ids, and is idempotent', async () => {
    const [a, b] = products;
    const unknown = crypto.randomUUID();
    const first = await demo.rpc('merge_wishlist', {
      p_product_ids: [a!.id, b!.id, unknown, 'not-a-uuid', a!.id],
    });
    expect(first.error).toBeNull();
    expect(((first.data ?? []) as WishlistRow[]).map((row) => row.product_id).sort()).toEqual(
      [a!.id, b!.id].sort(),
    );
    for (const row of (first.data ?? []) as WishlistRow[]) {
      const product = products.find((p) => p.id === row.product_id)!;
      expect(row.user_id).toBe(accounts.demo.userId);
      expect(Number(row.price_at_add)).toBe(product.price);
      expect(row.in_stock_at_add).toBe(product.in_stock);
    }

    const before = await owner(`select * from public.wishlist_items where user_id = $1 order by id`, [
      accounts.demo.userId,
    ]);
    const again = await demo.rpc('merge_wishlist', { p_product_ids: [b!.id, a!.id] });
    expect(again.error).toBeNull();
    expect(again.data).toHaveLength(2);
    expect(
      await owner(`select * from public.wishlist_items where user_id = $1 order by id`, [
        accounts.demo.userId,
      ]),
    ).toEqual(before);
  });

  it('keeps the first facts of a product saved again after its price changed', async () => {
    const c = products[2]!;
    expect((await demo.rpc('merge_wishlist', { p_product_ids: [c.id] })).error).toBeNull();
    await owner(`update public.products set price = price + 10 where id = $1`, [c.id]);
    const again = await demo.rpc('merge_wishlist', { p_product_ids: [c.id] });
    const row = ((again.data ?? []) as WishlistRow[]).find((r) => r.product_id === c.id);
    expect(Number(row?.price_at_add)).toBe(c.price);
    await owner(`update public.products set price = $2 where id = $1`, [c.id, c.price]);
  });

  it('is refused for anon and leaves nothing behind', async () => {
    const count = await owner<{ n: number }>(`select count(*)::int as n from public.wishlist_items`);
    const { data, error } = await anon.rpc('merge_wishlist', { p_product_ids: [products[0]!.id] });
    expect(error?.code).toBe('42501');
    expect(data).toBeNull();
    expect(await owner(`select count(*)::int as n from public.wishlist_items`)).toEqual(count);
  });

  it('refuses a list longer than a wishlist may be, with a clear message', async () => {
    const ids = Array.from({ length: 201 }, () => crypto.randomUUID());
    const { error } = await customer.rpc('merge_wishlist', { p_product_ids: ids });
    expect(error?.message).toBe('A wishlist holds at most 200 products');
  });
});

describe('wishlist rows are private to their owner', () => {
  it('another customer and anon see none of them', async () => {
    expect((await ownedIds(accounts.demo.userId)).length).toBeGreaterThan(0);
    const theirs = await customer.from('wishlist_items').select('id').eq('user_id', accounts.demo.userId);
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
    const mine = await demo.from('wishlist_items').select('user_id');
    expect(new Set((mine.data ?? []).map((row) => row.user_id))).toEqual(new Set([accounts.demo.userId]));
    const anonymous = await anon.from('wishlist_items').select('id');
    expect(anonymous.error?.code).toBe('42501');
  });

  it('nobody inserts into another customer’s wishlist, and anon inserts nothing', async () => {
    const before = await ownedIds(accounts.demo.userId);
    const foreign = await customer
      .from('wishlist_items')
      .insert({ user_id: accounts.demo.userId, product_id: products[3]!.id })
      .select('id');
    expect(foreign.error?.code).toBe('42501');
    const anonymous = await anon
      .from('wishlist_items')
      .insert({ user_id: accounts.demo.userId, product_id: products[3]!.id })
      .select('id');
    expect(anonymous.error?.code).toBe('42501');
    expect(await ownedIds(accounts.demo.userId)).toEqual(before);
  });

  it('nobody deletes or edits another customer’s rows', async () => {
    const before = await owner(`select * from public.wishlist_items where user_id = $1 order by id`, [
      accounts.demo.userId,
    ]);
    const deleted = await customer
      .from('wishlist_items')
      .delete()
      .eq('user_id', accounts.demo.userId)
      .select('id');
    if (deleted.error) expect(deleted.error.code).toBe('42501');
    else expect(deleted.data).toEqual([]);
    const anonymous = await anon.from('wishlist_items').delete().eq('user_id', accounts.demo.userId);
    expect(anonymous.error?.code).toBe('42501');
    const edited = await demo
      .from('wishlist_items')
      .update({ price_at_add: 999 })
      .eq('user_id', accounts.demo.userId)
      .select('id');
    expect(edited.error?.code).toBe('42501');
    expect(
      await owner(`select * from public.wishlist_items where user_id = $1 order by id`, [
        accounts.demo.userId,
      ]),
    ).toEqual(before);
  });

  it('a customer adds and removes their own rows; the facts come from products, not the request', async () => {
    const d = products[3]!;
    const added = await customer
      .from('wishlist_items')
      .insert({ product_id: d.id, price_at_add: 0.01, in_stock_at_add: !d.in_stock })
      .select('user_id, price_at_add, in_stock_at_add')
      .single();
    expect(added.error).toBeNull();
    expect(added.data).toEqual({
      user_id: accounts.customer.userId,
      price_at_add: d.price,
      in_stock_at_add: d.in_stock,
    });
    const twice = await customer.from('wishlist_items').insert({ product_id: d.id });
    expect(twice.error?.code).toBe('23505');
    const removed = await customer.from('wishlist_items').delete().eq('product_id', d.id).select('id');
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
    expect(await ownedIds(accounts.customer.userId)).toEqual([]);
  });

  it('rows go with their product and with their account', async () => {
    const temp = (
      await owner<{ id: string }>(
        `insert into public.products (name, description, price, category_id, image_url)
         select 'Wishlist Temp', 'x', 3, id, 'x.svg' from public.categories limit 1 returning id`,
      )
    )[0]!.id;
    expect((await customer.rpc('merge_wishlist', { p_product_ids: [temp] })).data).toHaveLength(1);
    await owner(`delete from public.products where id = $1`, [temp]);
    expect(await ownedIds(accounts.customer.userId)).toEqual([]);
  });
});

describe('the 200-product cap holds under concurrency', () => {
  it('parallel inserts by one account at 190 products stop at exactly 200', async () => {
    const userId = crypto.randomUUID();
    await owner(
      `insert into auth.users (id, email, aud, role) values ($1, $2, 'authenticated', 'authenticated')`,
      [userId, `wishlist-race-${userId}@example.com`],
    );
    const categoryId = (await owner<{ id: string }>(`select id from public.categories limit 1`))[0]!.id;
    const ids = (
      await owner<{ id: string }>(
        `insert into public.products (name, description, price, category_id, image_url)
         select 'Wishlist Race ' || n, 'x', 3, $1, 'x.svg' from generate_series(1, 230) n returning id`,
        [categoryId],
      )
    ).map((row) => row.id);
    await owner(`insert into public.wishlist_items (user_id, product_id) select $1, unnest($2::uuid[])`, [
      userId,
      ids.slice(0, 190),
    ]);
    const racer = await stack.clientForUser(userId);
    // 40 single inserts at once, plus merges that each try to add several more.
    const results = await Promise.all([
      ...ids.slice(190, 230).map((id) => racer.from('wishlist_items').insert({ product_id: id })),
      racer.rpc('merge_wishlist', { p_product_ids: ids.slice(200, 215) }),
      racer.rpc('merge_wishlist', { p_product_ids: ids.slice(215, 230) }),
    ]);
    const refused = results.filter((result) => result.error);
    for (const result of refused) {
      expect(result.error?.message).toBe('Your wishlist is full (200 products). Remove some to save more.');
    }
    expect(refused.length).toBeGreaterThan(0);
    const [count] = await owner<{ n: number }>(
      `select count(*)::int as n from public.wishlist_items where user_id = $1`,
      [userId],
    );
    expect(count!.n).toBe(200);
    await owner(`delete from public.products where id = any ($1::uuid[])`, [ids]);
    await owner(`delete from auth.users where id = $1`, [userId]);
  });
});
