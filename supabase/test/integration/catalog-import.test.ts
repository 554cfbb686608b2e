// Bulk catalogue work (schemas/catalog_import.sql): the CSV import's dry run (per row what would change
// and its errors, nothing written), its all-or-nothing apply (a failure at row 9,000 of 10,000 leaves the
// catalogue as it was), the audit of an import, the round trip (the back office's export, parsed and
// imported again, changes nothing) and the bulk edits of selected products.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chunkRows,
  EXPORT_SELECT,
  parseProductsCsv,
  productsCsv,
  type ExportRow,
  type ImportRow,
} from '../../../mf-admin/src/features/products/lib/product-csv.ts';
import { productSearchCondition } from '../../../mf-admin/src/features/products/lib/product-search.ts';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let admin: SupabaseClient;

interface CheckedRow {
  line: number;
  product_id: string | null;
  action: 'create' | 'update' | 'unchanged' | 'error';
  errors: string[];
  changes: Record<string, { before?: unknown; after?: unknown }>;
}

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

/** A digest of the whole catalogue (products, their ids and every column a write could touch). */
async function catalogueHash(): Promise<string> {
  const rows = await owner<{ h: string; n: number }>(
    `select md5(coalesce(string_agg(md5(p::text), '' order by p.id), '')) as h, count(*)::int as n
     from public.products p`,
  );
  return `${rows[0]!.n}:${rows[0]!.h}`;
}

async function auditCount(): Promise<number> {
  return (await owner<{ n: number }>(`select count(*)::int as n from public.audit_log`))[0]!.n;
}

async function start(fileName = 'products.csv'): Promise<string> {
  const { data, error } = await admin.rpc('admin_product_import_start', { p_file_name: fileName });
  if (error) throw new Error(error.message);
  return data as string;
}

/** The dry run of every row, chunk by chunk as the back office sends them. */
async function check(importId: string, rows: readonly ImportRow[]): Promise<CheckedRow[]> {
  const answers: CheckedRow[] = [];
  for (const chunk of chunkRows(rows)) {
    const { data, error } = await admin.rpc('admin_product_import_check', {
      p_import_id: importId,
      p_rows: chunk,
    });
    if (error) throw new Error(error.message);
    answers.push(...(data as CheckedRow[]));
  }
  return answers;
}

async function exportAll(): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for (let from = 0; ; from += 500) {
    const { data, error } = await admin
      .from('products')
      .select(EXPORT_SELECT)
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, from + 499);
    if (error) throw new Error(error.message);
    rows.push(...(data as unknown as ExportRow[]));
    if (data.length < 500) return rows;
  }
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
});

afterAll(async () => {
  await stack?.stop();
});

describe('products have a SKU', () => {
  it('every seeded product has a unique RS- number and a new one takes the next', async () => {
    const rows = await owner<{ n: number; distinct: number; bad: number }>(
      `select count(*)::int as n, count(distinct sku)::int as distinct,
              count(*) filter (where sku !~ '^RS-[0-9]{6}$')::int as bad from public.products`,
    );
    expect(rows[0]!.n).toBeGreaterThan(10);
    expect(rows[0]!.distinct).toBe(rows[0]!.n);
    expect(rows[0]!.bad).toBe(0);
    const category = (
      await owner<{ id: string }>(`select id from public.categories order by slug limit 1`)
    )[0]!;
    const created = await admin
      .from('products')
      .insert({ name: 'Sku Lamp', description: 'x', price: 3, category_id: category.id, image_url: '/x.png' })
      .select('sku')
      .single();
    expect(created.error).toBeNull();
    const max = (
      await owner<{ sku: string }>(`select max(sku) as sku from public.products where sku <> $1`, [
        (created.data as { sku: string }).sku,
      ])
    )[0]!.sku;
    expect((created.data as { sku: string }).sku > max).toBe(true);
    const duplicate = await admin
      .from('products')
      .insert({
        name: 'Sku Twin',
        description: 'x',
        price: 3,
        category_id: category.id,
        image_url: '/x.png',
        sku: max,
      })
      .select('id');
    expect(duplicate.error?.code).toBe('23505');
  });

  it('a SKU is unique whatever its case, in the form and in the import', async () => {
    const category = (
      await owner<{ id: string }>(`select id from public.categories order by slug limit 1`)
    )[0]!;
    const product = (name: string, sku: string) => ({
      name,
      description: 'x',
      price: 3,
      category_id: category.id,
      image_url: '/x.png',
      sku,
    });
    const first = await admin
      .from('products')
      .insert(product('Case Lamp', 'Case-Lamp-1'))
      .select('id')
      .single();
    expect(first.error).toBeNull();
    const firstId = (first.data as { id: string }).id;
    // The same code in another case is refused as the form expects it (23505, products_sku_key).
    const twin = await admin.from('products').insert(product('Case Twin', 'case-lamp-1')).select('id');
    expect(twin.error?.code).toBe('23505');
    expect(twin.error?.message).toContain('products_sku_key');
    const other = await admin
      .from('products')
      .insert(product('Case Other', 'CASE-LAMP-2'))
      .select('id')
      .single();
    expect(other.error).toBeNull();
    const otherId = (other.data as { id: string }).id;
    const renamed = await admin
      .from('products')
      .update({ sku: 'CASE-LAMP-1' })
      .eq('id', otherId)
      .select('id');
    expect(renamed.error?.code).toBe('23505');

    // The import finds the product by its SKU in any case, and names another product's SKU in any case.
    const importId = await start('case.csv');
    const answers = await check(importId, [
      { line: 1, sku: 'CASE-LAMP-1', price: '4.00' },
      { line: 2, sku: 'case-lamp-1', price: '5.00' },
      { line: 3, id: otherId, sku: 'case-lamp-1' },
      {
        line: 4,
        sku: 'NEW-CASE-9',
        name: 'Case New',
        description: 'x',
        category: 'lighting',
        price: '5',
        image_url: '/a.png',
      },
      {
        line: 5,
        sku: 'new-case-9',
        name: 'Case New Twin',
        description: 'x',
        category: 'lighting',
        price: '5',
        image_url: '/a.png',
      },
    ]);
    expect(answers.map((answer) => [answer.line, answer.action, answer.product_id, answer.errors])).toEqual([
      [1, 'update', firstId, []],
      [2, 'error', firstId, ['Duplicate of line 1']],
      [3, 'error', otherId, ['SKU "case-lamp-1" belongs to another product']],
      [4, 'create', null, []],
      [5, 'error', null, ['Duplicate of line 4']],
    ]);
    await owner(`delete from public.products where id = any($1)`, [[firstId, otherId]]);
  });

  it("the back office's search finds a SKU typed in any case, and only the whole SKU", async () => {
    const category = (
      await owner<{ id: string }>(`select id from public.categories order by slug limit 1`)
    )[0]!;
    const created = await admin
      .from('products')
      .insert({
        name: 'Search Lantern',
        description: 'x',
        price: 3,
        category_id: category.id,
        image_url: '/x.png',
        sku: 'Find-Me_7.b',
      })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const id = (created.data as { id: string }).id;
    // As the list (and the export of the filtered list) ask: getProducts' or-condition.
    const search = async (term: string) => {
      const { data, error } = await admin
        .from('products')
        .select('id, sku')
        .or(productSearchCondition(term))
        .order('id');
      expect(error).toBeNull();
      return (data as { id: string; sku: string }[]).map((row) => row.id);
    };
    for (const term of ['Find-Me_7.b', 'find-me_7.b', 'FIND-ME_7.B', 'fInD-mE_7.B']) {
      expect(await search(term)).toEqual([id]);
    }
    // Part of a SKU, or `_` / `%` standing for other characters, is no SKU match.
    expect(await search('find-me')).toEqual([]);
    expect(await search('find-me%')).toEqual([]);
    expect(await search('find-me_7_b')).toEqual([]);
    // The name still matches by a part of it, in any case.
    expect(await search('search lant')).toEqual([id]);
    // The computed field reads as the SKU in lower case.
    const read = await admin.from('products').select('sku, sku_lower').eq('id', id).single();
    expect(read.data).toEqual({ sku: 'Find-Me_7.b', sku_lower: 'find-me_7.b' });
    await owner(`delete from public.products where id = $1`, [id]);
  });
});

describe('the CSV import', () => {
  it('a dry run says per row what would change and each error, and writes nothing', async () => {
    const [radio] = await owner<{ id: string; sku: string; name: string; price: string; slug: string }>(
      `select id, sku, name, price::text, slug from public.products order by name limit 1`,
    );
    const [other] = await owner<{ sku: string; slug: string }>(
      `select sku, slug from public.products order by name offset 1 limit 1`,
    );
    const before = await catalogueHash();
    const audit = await auditCount();
    const rows: ImportRow[] = [
      // 1: matched by SKU, only the price given: an update of the price alone.
      { line: 1, sku: radio!.sku, price: '12.34' },
      // 2: a new product, complete.
      {
        line: 2,
        sku: 'NEW-LAMP-1',
        name: 'Bulk Test Lamp',
        description: 'A lamp from a CSV file.',
        category: 'lighting',
        price: '19.99',
        image_url: 'https://images.example.com/lamp.jpg',
        features: 'Bright\nSmall',
        tags: 'lamp\nbulk',
        specifications: '{"Weight": "200 g"}',
      },
      // 3: matched by slug, its own values: unchanged.
      { line: 3, slug: other!.slug, sku: other!.sku },
      // 4-7: errors.
      {
        line: 4,
        name: 'Bad Category',
        description: 'x',
        category: 'no-such-category',
        price: '5',
        image_url: '/a.png',
      },
      {
        line: 5,
        name: 'Bad Price',
        description: 'x',
        category: 'lighting',
        price: '12.345',
        image_url: '/a.png',
      },
      {
        line: 6,
        name: 'Bad Url',
        description: 'x',
        category: 'lighting',
        price: '5',
        image_url: 'not a url',
      },
      { line: 7, sku: radio!.sku, price: '13.00' },
      { line: 8, id: '00000000-0000-4000-8000-00000000dead', price: '1' },
      {
        line: 9,
        name: 'Bad Specs',
        description: 'x',
        category: 'lighting',
        price: '5',
        image_url: '/a.png',
        specifications: '[1]',
      },
    ];
    const importId = await start();
    const answers = await check(importId, rows);
    expect(answers.map((answer) => [answer.line, answer.action])).toEqual([
      [1, 'update'],
      [2, 'create'],
      [3, 'unchanged'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
      [9, 'error'],
    ]);
    expect(answers[0]).toMatchObject({
      product_id: radio!.id,
      errors: [],
      changes: { price: { before: Number(radio!.price), after: 12.34 } },
    });
    expect(Object.keys(answers[0]!.changes)).toEqual(['price']);
    expect(answers[1]!.changes).toMatchObject({
      name: { after: 'Bulk Test Lamp' },
      category: { after: 'lighting' },
      features: { after: ['Bright', 'Small'] },
      specifications: { after: { Weight: '200 g' } },
    });
    expect(answers[2]!.changes).toEqual({});
    expect(answers[3]!.errors).toEqual(['Unknown category "no-such-category"']);
    expect(answers[4]!.errors).toEqual(['Bad price "12.345": a number above 0 with at most 2 decimals']);
    expect(answers[5]!.errors).toEqual(['Bad URL "not a url"']);
    expect(answers[6]!.errors).toEqual(['Duplicate of line 1']);
    expect(answers[7]!.errors[0]).toBe('Unknown id "00000000-0000-4000-8000-00000000dead"');
    expect(answers[8]!.errors).toEqual(['Bad specifications: a JSON object such as {"Weight": "1 kg"}']);
    expect(await catalogueHash()).toBe(before);
    expect(await auditCount()).toBe(audit);

    // The apply refuses a file with errors and writes nothing.
    const applied = await admin.rpc('admin_product_import_apply', { p_import_id: importId });
    expect(applied.error?.message).toBe(
      'Nothing was imported: 6 rows have errors (first line 4: Unknown category "no-such-category")',
    );
    expect(await catalogueHash()).toBe(before);
    expect(await auditCount()).toBe(audit);
  });

  it('the fixed file applies: created, updated and unchanged rows, audited as one import with its rows', async () => {
    const [radio] = await owner<{ id: string; sku: string }>(
      `select id, sku from public.products order by name limit 1`,
    );
    const importId = await start('fixed.csv');
    const rows: ImportRow[] = [
      { line: 1, sku: radio!.sku, price: '12.34' },
      {
        line: 2,
        sku: 'NEW-LAMP-2',
        name: 'Bulk Test Lantern',
        description: 'A lantern from a CSV file.',
        category: 'lighting',
        price: '24.50',
        image_url: 'https://images.example.com/lantern.jpg',
        in_stock: 'false',
        stock_count: '0',
        tags: 'lantern',
      },
    ];
    const answers = await check(importId, rows);
    expect(answers.every((answer) => answer.errors.length === 0)).toBe(true);
    const applied = await admin.rpc('admin_product_import_apply', { p_import_id: importId });
    expect(applied.error).toBeNull();
    expect(applied.data).toEqual({ created: 1, updated: 1, unchanged: 0 });
    const [lantern] = await owner<{
      id: string;
      price: string;
      in_stock: boolean;
      tags: string[];
      category: string;
    }>(
      `select p.id, p.price::text, p.in_stock, p.tags, c.slug as category
       from public.products p join public.categories c on c.id = p.category_id where p.sku = 'NEW-LAMP-2'`,
    );
    expect(lantern).toMatchObject({
      price: '24.50',
      in_stock: false,
      tags: ['lantern'],
      category: 'lighting',
    });
    expect(
      (
        await owner<{ price: string }>(`select price::text from public.products where id = $1`, [radio!.id])
      )[0],
    ).toEqual({ price: '12.34' });
    const entries = await owner<{
      entity: string;
      record_id: string;
      parent_id: string | null;
      action: string;
      record_label: string | null;
      changes: Record<string, unknown>;
    }>(
      `select entity, record_id, parent_id, action, record_label, changes from public.audit_log
       where record_id = $1 or parent_id = $1 order by id`,
      [importId],
    );
    expect(entries.map((entry) => [entry.entity, entry.action])).toEqual([
      ['product', 'changed'],
      ['product', 'created'],
      ['import', 'created'],
    ]);
    expect(entries[0]).toMatchObject({ record_id: radio!.id, changes: { price: { after: 12.34 } } });
    expect(entries[1]).toMatchObject({ record_id: lantern!.id, parent_id: importId });
    expect(entries[2]).toMatchObject({
      record_label: 'fixed.csv',
      changes: { rows: { after: 2 }, created: { after: 1 }, updated: { after: 1 } },
    });
    // An applied import cannot be applied or added to again.
    const again = await admin.rpc('admin_product_import_apply', { p_import_id: importId });
    expect(again.error?.message).toBe('This import has already been applied');
  });

  it('round trip: the export of the whole catalogue, imported again, changes nothing', async () => {
    const exported = await exportAll();
    const csv = productsCsv(exported);
    const parsed = parseProductsCsv(csv);
    expect(parsed.fileErrors).toEqual([]);
    expect(parsed.rows).toHaveLength(exported.length);
    const before = await catalogueHash();
    const audit = await auditCount();
    const importId = await start('export.csv');
    const answers = await check(importId, parsed.rows);
    expect(answers.filter((answer) => answer.action !== 'unchanged')).toEqual([]);
    const applied = await admin.rpc('admin_product_import_apply', { p_import_id: importId });
    expect(applied.data).toEqual({ created: 0, updated: 0, unchanged: exported.length });
    expect(await catalogueHash()).toBe(before);
    // Only the import's own entry: no product changed.
    expect(await auditCount()).toBe(audit + 1);
  });

  it(
    '10,000 rows: a failure while writing row 9,000 leaves the catalogue as it was; then all apply',
    { timeout: 1_200_000 },
    async () => {
      const rows: ImportRow[] = Array.from({ length: 10_000 }, (_, index) => ({
        line: index + 1,
        sku: `BULK-${String(index + 1).padStart(5, '0')}`,
        name: `Bulk Item ${index + 1}`,
        description: 'A useful thing for an emergency kit, imported from a file of ten thousand rows.',
        category: 'lighting',
        price: `${(index % 90) + 10}.99`,
        image_url: `https://images.example.com/bulk/${index + 1}.jpg`,
        in_stock: 'true',
        stock_count: String(index % 40),
        features: 'Light\nSturdy',
        tags: `bulk\ntag${index % 25}`,
        specifications: '{"Weight": "1 kg"}',
      }));
      const importId = await start('ten-thousand.csv');
      const checkStarted = Date.now();
      const answers = await check(importId, rows);
      const checkMs = Date.now() - checkStarted;
      expect(answers).toHaveLength(10_000);
      expect(answers.filter((answer) => answer.action !== 'create')).toEqual([]);

      // A write that fails deep in the file (a trigger the database owner adds refuses row 9,000).
      await owner(`create function public.test_refuse_row() returns trigger language plpgsql as $$
      begin
        if new.sku = 'BULK-09000' then raise exception 'refused row 9000'; end if;
        return new;
      end $$`);
      await owner(`create trigger test_refuse_row before insert on public.products
      for each row execute function public.test_refuse_row()`);
      const before = await catalogueHash();
      const audit = await auditCount();
      const failed = await admin.rpc('admin_product_import_apply', { p_import_id: importId });
      expect(failed.error?.message).toBe('refused row 9000');
      expect(await catalogueHash()).toBe(before);
      expect(await auditCount()).toBe(audit);
      await owner(`drop trigger test_refuse_row on public.products`);
      await owner(`drop function public.test_refuse_row()`);

      const applyStarted = Date.now();
      const applied = await admin.rpc('admin_product_import_apply', { p_import_id: importId });
      const applyMs = Date.now() - applyStarted;
      expect(applied.error).toBeNull();
      expect(applied.data).toEqual({ created: 10_000, updated: 0, unchanged: 0 });
      expect(
        (
          await owner<{ n: number }>(`select count(*)::int as n from public.products where sku like 'BULK-%'`)
        )[0]!.n,
      ).toBe(10_000);
      // One entry per product and one for the import.
      expect(await auditCount()).toBe(audit + 10_001);
      console.log(
        `[measure] 10,000-row import on ${stack.db.kind}: dry run ${checkMs} ms, apply ${applyMs} ms`,
      );
    },
  );
});

describe('bulk edits of selected products', () => {
  let ids: string[] = [];

  beforeAll(async () => {
    ids = (
      await owner<{ id: string }>(`select id from public.products where sku like 'RS-%' order by sku limit 3`)
    ).map((row) => row.id);
  });

  async function prices(): Promise<number[]> {
    return (
      await owner<{ price: string }>(
        `select price::text from public.products where id = any($1) order by sku`,
        [ids],
      )
    ).map((row) => Number(row.price));
  }

  it('marks products out of stock and in stock again', async () => {
    const out = await admin.rpc('admin_products_set_in_stock', { p_ids: ids, p_in_stock: false });
    expect(out.error).toBeNull();
    const states = await owner<{ in_stock: boolean }>(
      `select in_stock from public.products where id = any($1)`,
      [ids],
    );
    expect(states.every((row) => !row.in_stock)).toBe(true);
    const back = await admin.rpc('admin_products_set_in_stock', { p_ids: ids, p_in_stock: true });
    expect(back.data).toBe(3);
    const again = await admin.rpc('admin_products_set_in_stock', { p_ids: ids, p_in_stock: true });
    expect(again.data).toBe(0);
  });

  it('moves products to another category, refusing a subcategory of a different one', async () => {
    const [target] = await owner<{ id: string; sub: string }>(
      `select c.id, s.id as sub from public.categories c join public.subcategories s on s.category_id = c.id
       order by c.slug desc limit 1`,
    );
    const [elsewhere] = await owner<{ id: string }>(
      `select s.id from public.subcategories s where s.category_id <> $1 limit 1`,
      [target!.id],
    );
    const refused = await admin.rpc('admin_products_set_category', {
      p_ids: ids,
      p_category_id: target!.id,
      p_subcategory_id: elsewhere!.id,
    });
    expect(refused.error?.message).toBe('The subcategory is not in that category');
    const moved = await admin.rpc('admin_products_set_category', {
      p_ids: ids,
      p_category_id: target!.id,
      p_subcategory_id: target!.sub,
    });
    expect(moved.error).toBeNull();
    const rows = await owner<{ category_id: string; subcategory_id: string }>(
      `select category_id, subcategory_id from public.products where id = any($1)`,
      [ids],
    );
    expect(rows.every((row) => row.category_id === target!.id && row.subcategory_id === target!.sub)).toBe(
      true,
    );
  });

  it('adjusts prices by a percentage and by an amount, rounded to the cent, and refuses a price below a cent', async () => {
    const start = await prices();
    const up = await admin.rpc('admin_products_adjust_price', { p_ids: ids, p_percent: 15 });
    expect(up.error).toBeNull();
    const expected = start.map((price) => Math.floor((Math.round(price * 100) * 115 + 50) / 100) / 100);
    expect(await prices()).toEqual(expected);
    expect((up.data as { price_after: number }[]).map((row) => Number(row.price_after)).sort()).toEqual(
      [...expected].sort(),
    );
    const down = await admin.rpc('admin_products_adjust_price', { p_ids: ids, p_amount: -1.5 });
    expect(down.error).toBeNull();
    expect(await prices()).toEqual(expected.map((price) => Math.round((price - 1.5) * 100) / 100));
    const before = await catalogueHash();
    const tooLow = await admin.rpc('admin_products_adjust_price', { p_ids: ids, p_amount: -100000 });
    expect(tooLow.error?.message).toMatch(/^The new price of .+ would be out of range/);
    const both = await admin.rpc('admin_products_adjust_price', { p_ids: ids, p_percent: 5, p_amount: 1 });
    expect(both.error?.message).toBe('Give either a percentage or an amount');
    expect(await catalogueHash()).toBe(before);
  });

  it('a bulk edit of prices or stock leaves the derived search texts, words and rating as they were', async () => {
    // A reviewed product whose stored search texts and rating are made wrong on purpose (the triggers
    // that keep them off for that one write), so that working them out again shows.
    const [product] = await owner<{ id: string; name: string; rating: string; review_count: number }>(
      `select id, name, rating::text, review_count from public.products
       where review_count > 0 and id <> all ($1) order by sku limit 1`,
      [ids],
    );
    const id = product!.id;
    const word = `bulkword${Date.now().toString(36)}`;
    await owner(
      `alter table public.products disable trigger products_set_search_text, disable trigger products_set_rating`,
    );
    try {
      await owner(
        `update public.products set search_text = 'stale text', search_vector = to_tsvector('simple', 'stale'),
           rating = 0.5, review_count = 99 where id = $1`,
        [id],
      );
    } finally {
      await owner(
        `alter table public.products enable trigger products_set_search_text, enable trigger products_set_rating`,
      );
    }
    type Derived = {
      search_text: string;
      vector: string;
      rating: string;
      review_count: number;
      updated_at: string;
    };
    const derived = async () =>
      (
        await owner<Derived>(
          `select search_text, search_vector::text as vector, rating::text, review_count, updated_at::text
           from public.products where id = $1`,
          [id],
        )
      )[0]!;
    const stale = await derived();
    expect(stale).toMatchObject({ search_text: 'stale text', rating: '0.5', review_count: 99 });

    const up = await admin.rpc('admin_products_adjust_price', { p_ids: [id], p_amount: 1 });
    expect(up.error).toBeNull();
    const out = await admin.rpc('admin_products_set_in_stock', { p_ids: [id], p_in_stock: false });
    expect(out.data).toBe(1);
    const after = await derived();
    expect(after).toMatchObject({
      search_text: 'stale text',
      vector: stale.vector,
      rating: '0.5',
      review_count: 99,
    });
    expect(after.updated_at).not.toBe(stale.updated_at);

    // A tag changes the texts and brings its word into the vocabulary; the reviews' refresh (rating =
    // rating) works the rating out again.
    await owner(`update public.products set tags = tags || $2::text where id = $1`, [id, word]);
    await owner(`update public.products set rating = rating where id = $1`, [id]);
    const fresh = await derived();
    expect(fresh.search_text).toContain(product!.name.toLowerCase());
    expect(fresh.search_text).toContain(word);
    expect(fresh.vector).toContain(`'${word}'`);
    expect({ rating: fresh.rating, review_count: fresh.review_count }).toEqual({
      rating: product!.rating,
      review_count: product!.review_count,
    });
    expect(await owner(`select term from public.search_terms where term = $1`, [word])).toHaveLength(1);
    // A price edit does not collect the words again: one taken out of the vocabulary stays out.
    await owner(`delete from public.search_terms where term = $1`, [word]);
    const down = await admin.rpc('admin_products_adjust_price', { p_ids: [id], p_amount: -1 });
    expect(down.error).toBeNull();
    expect(await owner(`select term from public.search_terms where term = $1`, [word])).toHaveLength(0);
    await owner(`update public.products set tags = array_remove(tags, $2), in_stock = true where id = $1`, [
      id,
      word,
    ]);
    expect(await owner(`select term from public.search_terms where term = $1`, [word])).toHaveLength(0);
    await owner(`update public.products set tags = tags || $2::text where id = $1`, [id, word]);
    expect(await owner(`select term from public.search_terms where term = $1`, [word])).toHaveLength(1);
    await owner(`update public.products set tags = array_remove(tags, $2) where id = $1`, [id, word]);
  });

  it('deletes the selected products in one call, audited; order lines keep their name, reviews go with them', async () => {
    // Besides the three above, a product that has been ordered and reviewed.
    const [ordered] = await owner<{ id: string; name: string }>(
      `select p.id, p.name from public.products p
       where exists (select 1 from public.order_items oi where oi.product_id = p.id)
         and exists (select 1 from public.reviews r where r.product_id = p.id)
         and p.id <> all ($1)
       order by p.sku limit 1`,
      [ids],
    );
    const selection = [...ids, ordered!.id];
    const [lines] = await owner<{ n: number }>(
      `select count(*)::int as n from public.order_items where product_id = $1`,
      [ordered!.id],
    );
    expect(lines!.n).toBeGreaterThan(0);
    const sales = `select coalesce(sum(units), 0)::int as units from public.analytics_category_days`;
    const [salesBefore] = await owner<{ units: number }>(sales);

    const none = await admin.rpc('admin_products_delete', { p_ids: [] });
    expect(none.error?.message).toBe('Select between 1 and 1000 products');
    const tooMany = Array.from({ length: 1001 }, () => ids[0]!);
    expect((await admin.rpc('admin_products_delete', { p_ids: tooMany })).error?.message).toBe(
      'Select between 1 and 1000 products',
    );
    const customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
    const refused = await customer.rpc('admin_products_delete', { p_ids: selection });
    expect(refused.error?.code).toBe('42501');

    const auditBefore = await auditCount();
    const removed = await admin.rpc('admin_products_delete', { p_ids: selection });
    expect(removed.error).toBeNull();
    expect([...(removed.data as string[])].sort()).toEqual([...selection].sort());
    expect(await owner(`select id from public.products where id = any($1)`, [selection])).toEqual([]);
    const deleted = await owner<{ record_id: string; actor_id: string }>(
      `select record_id, actor_id from public.audit_log
       where entity = 'product' and action = 'deleted' and record_id = any($1)`,
      [selection],
    );
    expect(deleted.map((row) => row.record_id).sort()).toEqual([...selection].sort());
    expect(deleted.every((row) => row.actor_id === accounts.superAdmin.userId)).toBe(true);
    expect(await auditCount()).toBeGreaterThanOrEqual(auditBefore + selection.length);
    // The ordered product's lines stay, with its name and no link; its reviews are gone; its sales stay
    // in the analytics (under the deleted products' category).
    const kept = await owner<{ product_id: string | null; product_name: string }>(
      `select oi.product_id, oi.product_name from public.order_items oi
       where oi.product_name = $1 and oi.product_id is null`,
      [ordered!.name],
    );
    expect(kept).toHaveLength(lines!.n);
    expect(await owner(`select 1 from public.reviews where product_id = $1`, [ordered!.id])).toEqual([]);
    const [salesAfter] = await owner<{ units: number }>(sales);
    expect(salesAfter!.units).toBe(salesBefore!.units);

    // Deleted already: nothing to delete, and the back office says so.
    const again = await admin.rpc('admin_products_delete', { p_ids: selection });
    expect(again.error).toBeNull();
    expect(again.data).toEqual([]);
  });
});
