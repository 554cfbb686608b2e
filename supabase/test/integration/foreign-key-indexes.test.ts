// Every foreign key of the shop's schema has an index leading with its columns, on both engines: without
// one, deleting or updating a referenced row (a product in the bulk delete of up to 1,000, an order, a
// user) scans the whole referencing table once per row for the key's action, and joins along the key
// cannot read it by index. A partial index does not count: the key's action asks for every referencing
// row. One exception, named with its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

/**
 * Keys served by a partial index the planner can use for them: orders_promotion_id_idx holds the orders
 * with a code (promotion_id is not null), which `promotion_id = $1` implies, and leaves out the many
 * without one.
 */
const PARTIAL_ON_PURPOSE = ['orders.promotion_id'];

describe('foreign keys', () => {
  it('each has an index leading with its columns (not a partial one)', async () => {
    const { rows } = await stack.db.query<{ key: string; indexed: boolean; partial: boolean }>(
      `select c.conrelid::regclass::text || '.' || (
                select string_agg(a.attname, ',' order by k.ord) from unnest(c.conkey) with ordinality k (attnum, ord)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as key,
              exists (
                select 1 from pg_index i
                where i.indrelid = c.conrelid and i.indpred is null
                  and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey) as indexed,
              exists (
                select 1 from pg_index i
                where i.indrelid = c.conrelid and i.indpred is not null
                  and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey) as partial
       from pg_constraint c
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace
       order by 1`,
    );
    // The schema has keys (about forty); the products' own are among them.
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.map((row) => row.key)).toEqual(
      expect.arrayContaining(['waitlist_subscriptions.product_id', 'waitlist_holds.product_id']),
    );
    const missing = rows.filter((row) => !row.indexed && !PARTIAL_ON_PURPOSE.includes(row.key));
    expect(missing.map((row) => row.key)).toEqual([]);
    for (const key of PARTIAL_ON_PURPOSE)
      expect(rows.find((row) => row.key === key)).toMatchObject({ indexed: false, partial: true });
  });
});
