// Reviews, through supabase-js against a fresh seeded stack: one review per
// product and author, authors cannot set verified_purchase, status, the rejection reason or touch
// another author's review, nobody reads another author's pending review, products.rating and
// review_count follow approvals, rejections, edits and deletions exactly, moderation needs the products
// permission, empty and overlong texts get their messages, and the daily limit holds (also after
// deleting). The seed's figures come from its reviews.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let anon: SupabaseClient;
let service: SupabaseClient;
let superAdmin: SupabaseClient;
let ordersAdmin: SupabaseClient;
let categoryId = '';
let serial = 0;

interface ReviewRow {
  id: string;
  product_id: string;
  author_id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  status: string;
  rejection_reason: string | null;
  verified_purchase: boolean;
}

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function product(): Promise<string> {
  serial += 1;
  const [row] = await owner<{ id: string }>(
    `insert into public.products (name, description, price, category_id, image_url, stock_count, in_stock)
     values ($1, 'for reviews.test.ts', 20, $2, 'x.svg', 50, true) returning id`,
    [`Review Test ${serial}`, categoryId],
  );
  return row!.id;
}

/** A new customer account, signed in; returns its client and id. */
async function customer(
  firstName = 'Casey',
  lastName = 'Nguyen',
): Promise<{ client: SupabaseClient; id: string }> {
  serial += 1;
  const email = `reviewer-${serial}@example.com`;
  const created = await service.auth.admin.createUser({
    email,
    password: 'reviewer123',
    email_confirm: true,
    user_metadata: { first_name: firstName, last_name: lastName },
  });
  if (created.error) throw created.error;
  return { client: await stack.signedInClient(email, 'reviewer123'), id: created.data.user.id };
}

async function write(
  client: SupabaseClient,
  productId: string,
  rating = 4,
  title = 'Works well',
  body = 'Sturdy and does what it says.',
) {
  return client.rpc('create_review', {
    p_product_id: productId,
    p_rating: rating,
    p_title: title,
    p_body: body,
  });
}

async function figures(productId: string): Promise<{ rating: number; review_count: number }> {
  const { data, error } = await anon
    .from('products')
    .select('rating, review_count')
    .eq('id', productId)
    .single();
  if (error) throw error;
  return data as { rating: number; review_count: number };
}

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
  service = stack.serviceClient();
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  categoryId = (await owner<{ id: string }>(`select id from public.categories where slug = 'lighting'`))[0]!
    .id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('the seed', () => {
  it('ships approved reviews, and every product’s rating and count are what its approved reviews give', async () => {
    const rows = await owner<{
      id: string;
      rating: string;
      review_count: number;
      avg: string | null;
      n: number;
    }>(
      `select p.id, p.rating::text, p.review_count,
         round(avg(r.rating)::numeric, 1)::text as avg, count(r.id)::int as n
       from public.products p
       left join public.reviews r on r.product_id = p.id and r.status = 'approved'
       group by p.id`,
    );
    expect(rows.filter((row) => row.n > 0).length).toBe(76);
    for (const row of rows) {
      expect(row.review_count).toBe(row.n);
      expect(Number(row.rating)).toBe(Number(row.avg ?? 0));
    }
    const [verified] = await owner<{ n: number }>(
      `select count(*)::int as n from public.reviews where verified_purchase`,
    );
    expect(verified!.n).toBeGreaterThan(0);
  });
});

describe('writing reviews', () => {
  it('a customer writes one pending review per product, with their name and no verified mark', async () => {
    const me = await customer('Casey', 'Nguyen');
    const productId = await product();
    const first = await write(me.client, productId);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      author_id: me.id,
      author_name: 'Casey N.',
      status: 'pending',
      verified_purchase: false,
      rejection_reason: null,
    });
    const second = await write(me.client, productId, 5, 'Again', 'Trying to review it twice.');
    expect(second.error?.message).toBe('You have already reviewed this product; edit your review instead');
    const [count] = await owner<{ n: number }>(
      'select count(*)::int as n from public.reviews where product_id = $1',
      [productId],
    );
    expect(count!.n).toBe(1);
    expect(await figures(productId)).toEqual({ rating: 0, review_count: 0 });
  });

  it('visitors are asked to sign in', async () => {
    const { error } = await write(anon, await product());
    expect(error?.message).toBe('Please sign in to write a review');
  });

  it('cannot set verified_purchase, status, the reason or the author, neither directly nor through the functions', async () => {
    const me = await customer();
    const other = await customer();
    const productId = await product();
    const direct = await me.client
      .from('reviews')
      .insert({
        product_id: productId,
        author_id: me.id,
        rating: 5,
        title: 'Direct',
        body: 'Inserted straight into the table.',
        status: 'approved',
        verified_purchase: true,
      })
      .select();
    expect(direct.error?.code).toBe('42501');

    const created = await write(me.client, productId);
    const id = (created.data as ReviewRow).id;
    for (const change of [
      { status: 'approved' },
      { verified_purchase: true },
      { rejection_reason: 'x' },
      { author_id: other.id },
    ]) {
      const update = await me.client.from('reviews').update(change).eq('id', id).select();
      expect(update.error?.code).toBe('42501');
    }
    // Extra arguments are not part of the function: PostgREST finds no such function.
    const sneaky = await me.client.rpc('create_review', {
      p_product_id: await product(),
      p_rating: 5,
      p_title: 'Sneaky',
      p_body: 'Trying to approve myself.',
      p_status: 'approved',
    });
    expect(sneaky.error).not.toBeNull();

    const foreign = await other.client.rpc('update_review', {
      p_review_id: id,
      p_rating: 1,
      p_title: 'Hijacked',
      p_body: 'Changed by another customer.',
    });
    expect(foreign.error?.message).toBe('Review not found');
    const deleted = await other.client.from('reviews').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([]);
    const [row] = await owner<ReviewRow>('select * from public.reviews where id = $1', [id]);
    expect(row).toMatchObject({
      status: 'pending',
      verified_purchase: false,
      title: 'Works well',
      author_id: me.id,
    });
  });

  it('verified purchase: set when the author has a shipped or completed order holding the product, never otherwise', async () => {
    const me = await customer();
    const bought = await product();
    const notShipped = await product();
    const address = {
      full_name: 'Casey Nguyen',
      line1: '1 Main St',
      line2: '',
      city: 'Denver',
      region: 'CO',
      postal_code: '80202',
      country: 'United States',
      phone: '+1 303 555 0100',
    };
    const placed = await me.client.rpc('place_order', {
      p_lines: [
        { product_id: bought, quantity: 1 },
        { product_id: notShipped, quantity: 1 },
      ],
      p_shipping_address: address,
    });
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { id: string }).id;

    const pendingOrderReview = await write(me.client, notShipped);
    expect((pendingOrderReview.data as ReviewRow).verified_purchase).toBe(false);

    // Paid first: only a paid order that ships (or a delivered pay-on-delivery one) verifies.
    const paid = await superAdmin.rpc('admin_set_payment_status', {
      p_order_id: orderId,
      p_payment_status: 'paid',
    });
    expect(paid.error).toBeNull();
    for (const status of ['processing', 'shipped']) {
      const moved = await superAdmin.rpc('admin_set_order_status', { p_order_id: orderId, p_status: status });
      expect(moved.error).toBeNull();
    }
    // The review written before shipping becomes verified when the order ships.
    const [after] = await owner<ReviewRow>('select * from public.reviews where id = $1', [
      (pendingOrderReview.data as ReviewRow).id,
    ]);
    expect(after!.verified_purchase).toBe(true);
    const review = await write(me.client, bought);
    expect((review.data as ReviewRow).verified_purchase).toBe(true);

    const stranger = await customer();
    const unverified = await write(stranger.client, bought);
    expect((unverified.data as ReviewRow).verified_purchase).toBe(false);
  });

  it('empty and overlong texts and bad ratings get their messages and write nothing', async () => {
    const me = await customer();
    const productId = await product();
    const cases: [number, string, string, string][] = [
      [0, 'Title', 'A long enough body', 'Please choose a rating from 1 to 5 stars'],
      [6, 'Title', 'A long enough body', 'Please choose a rating from 1 to 5 stars'],
      [4, '   ', 'A long enough body', 'Please give your review a title'],
      [4, 'x'.repeat(121), 'A long enough body', 'The title can be at most 120 characters'],
      [4, 'Title', '', 'Please write your review'],
      [4, 'Title', 'Too short', 'Your review needs at least 10 characters'],
      [4, 'Title', 'x'.repeat(4001), 'Your review can be at most 4000 characters'],
    ];
    for (const [rating, title, body, message] of cases) {
      const { error } = await write(me.client, productId, rating, title, body);
      expect(error?.message).toBe(message);
    }
    const ok = await write(me.client, productId, 4, 'x'.repeat(120), 'y'.repeat(4000));
    expect(ok.error).toBeNull();
    const edit = await me.client.rpc('update_review', {
      p_review_id: (ok.data as ReviewRow).id,
      p_rating: 4,
      p_title: 'Fine',
      p_body: 'x'.repeat(4001),
    });
    expect(edit.error?.message).toBe('Your review can be at most 4000 characters');
    const [row] = await owner<ReviewRow>('select * from public.reviews where id = $1', [
      (ok.data as ReviewRow).id,
    ]);
    expect(row!.body).toBe('y'.repeat(4000));
  });

  it('an account writes at most 5 reviews a day, and deleting one does not make room', async () => {
    const me = await customer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { data, error } = await write(me.client, await product());
      expect(error).toBeNull();
      ids.push((data as ReviewRow).id);
    }
    const sixth = await write(me.client, await product());
    expect(sixth.error?.message).toBe('You can write at most 5 reviews a day. Please try again tomorrow.');
    await me.client.from('reviews').delete().eq('id', ids[0]!);
    const again = await write(me.client, await product());
    expect(again.error?.message).toBe('You can write at most 5 reviews a day. Please try again tomorrow.');
    // A day later there is room again.
    await owner(
      `update public.review_submissions set created_at = created_at - interval '25 hours' where author_id = $1`,
      [me.id],
    );
    expect((await write(me.client, await product())).error).toBeNull();
  });
});

describe('reading reviews', () => {
  it('pending and rejected reviews are visible to their author and product administrators only', async () => {
    const author = await customer();
    const other = await customer();
    const productId = await product();
    const pending = (await write(author.client, productId)).data as ReviewRow;
    const anotherProduct = await product();
    const rejected = (await write(author.client, anotherProduct)).data as ReviewRow;
    await superAdmin.rpc('admin_reject_reviews', {
      p_review_ids: [rejected.id],
      p_reason: 'Please keep it about the product',
    });

    for (const reader of [anon, other.client, ordersAdmin]) {
      const { data, error } = await reader.from('reviews').select('id').in('id', [pending.id, rejected.id]);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const own = await author.client
      .from('reviews')
      .select('id, status, rejection_reason')
      .in('id', [pending.id, rejected.id]);
    expect(own.data).toHaveLength(2);
    expect(own.data).toContainEqual({
      id: rejected.id,
      status: 'rejected',
      rejection_reason: 'Please keep it about the product',
    });
    const admin = await superAdmin.from('reviews').select('id').in('id', [pending.id, rejected.id]);
    expect(admin.data).toHaveLength(2);

    await superAdmin.rpc('admin_approve_reviews', { p_review_ids: [pending.id] });
    const visible = await anon.from('reviews').select('id, author_name').eq('id', pending.id);
    expect(visible.data).toEqual([{ id: pending.id, author_name: 'Casey N.' }]);
  });
});

describe('the author of an approved review stays private', () => {
  it('nobody reads author_id through the API; the author finds their own review with my_review', async () => {
    const author = await customer();
    const other = await customer();
    const productId = await product();
    const review = (await write(author.client, productId)).data as ReviewRow;
    await superAdmin.rpc('admin_approve_reviews', { p_review_ids: [review.id] });

    for (const reader of [anon, other.client, author.client, superAdmin]) {
      const byColumn = await reader.from('reviews').select('id, author_id').eq('id', review.id);
      expect(byColumn.error?.code).toBe('42501');
      expect(byColumn.data).toBeNull();
      const byFilter = await reader.from('reviews').select('id').eq('author_id', author.id);
      expect(byFilter.error?.code).toBe('42501');
      const everything = await reader.from('reviews').select('*').eq('id', review.id);
      expect(everything.error?.code).toBe('42501');
    }
    const listed = await anon.from('reviews').select('id, author_name').eq('id', review.id);
    expect(listed.data).toEqual([{ id: review.id, author_name: 'Casey N.' }]);
    // A page with an embed (the back office's queue) reads only the columns it names.
    const queue = await superAdmin
      .from('reviews')
      .select('id, author_name, product:products(id)', { count: 'exact' })
      .eq('id', review.id)
      .order('created_at')
      .range(0, 9);
    expect(queue.error).toBeNull();
    expect(queue.data).toEqual([{ id: review.id, author_name: 'Casey N.', product: { id: productId } }]);

    const mine = await author.client
      .rpc('my_review', { p_product_id: productId })
      .select('id, status')
      .maybeSingle();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual({ id: review.id, status: 'approved' });
    const notMine = await other.client
      .rpc('my_review', { p_product_id: productId })
      .select('id')
      .maybeSingle();
    expect(notMine.error).toBeNull();
    expect(notMine.data).toBeNull();
    const anonymous = await anon.rpc('my_review', { p_product_id: productId }).select('id');
    expect(anonymous.error).toBeNull();
    expect(anonymous.data).toEqual([]);
  });
});

describe('ratings follow the approved reviews', () => {
  it('rating and review_count change exactly with approvals, rejections, edits and deletions', async () => {
    const productId = await product();
    const authors = await Promise.all([customer(), customer(), customer()]);
    const [a, b, c] = await Promise.all(
      authors.map(
        async (author, index) =>
          ((await write(author.client, productId, [5, 4, 2][index]!)).data as ReviewRow).id,
      ),
    );
    expect(await figures(productId)).toEqual({ rating: 0, review_count: 0 });

    await superAdmin.rpc('admin_approve_reviews', { p_review_ids: [a, b] });
    expect(await figures(productId)).toEqual({ rating: 4.5, review_count: 2 });
    const distribution = await anon.rpc('product_rating_distribution', { p_product_id: productId });
    expect(distribution.data).toEqual([
      { rating: 5, review_count: 1 },
      { rating: 4, review_count: 1 },
      { rating: 3, review_count: 0 },
      { rating: 2, review_count: 0 },
      { rating: 1, review_count: 0 },
    ]);

    await superAdmin.rpc('admin_approve_reviews', { p_review_ids: [c] });
    expect(await figures(productId)).toEqual({ rating: 3.7, review_count: 3 });

    await superAdmin.rpc('admin_reject_reviews', { p_review_ids: [c], p_reason: 'Not about this product' });
    expect(await figures(productId)).toEqual({ rating: 4.5, review_count: 2 });

    // An edit sends the review back to moderation: it stops counting until approved again.
    const edited = await authors[0]!.client.rpc('update_review', {
      p_review_id: a,
      p_rating: 1,
      p_title: 'Broke after a month',
      p_body: 'The switch failed after a few weeks of use.',
    });
    expect(edited.data).toMatchObject({ status: 'pending', rating: 1 });
    expect(await figures(productId)).toEqual({ rating: 4, review_count: 1 });
    await superAdmin.rpc('admin_approve_reviews', { p_review_ids: [a] });
    expect(await figures(productId)).toEqual({ rating: 2.5, review_count: 2 });

    const removed = await authors[1]!.client.from('reviews').delete().eq('id', b).select('id');
    expect(removed.data).toEqual([{ id: b }]);
    expect(await figures(productId)).toEqual({ rating: 1, review_count: 1 });

    // Typed-in figures are ignored, even from an administrator with the products permission.
    await superAdmin.from('products').update({ rating: 5, review_count: 999 }).eq('id', productId);
    expect(await figures(productId)).toEqual({ rating: 1, review_count: 1 });
  });

  it('statements of many reviews leave every product’s figures exact (per-statement refresh, migration 20250101002401)', async () => {
    const [p, q] = [await product(), await product()];
    const [d, c, s] = [accounts.demo.userId, accounts.customer.userId, accounts.superAdmin.userId];
    // One insert: three reviews of p (two approved), one approved of q.
    const made = await owner<{ id: string; product_id: string; author_id: string }>(
      `insert into public.reviews (product_id, author_id, rating, title, body, status)
       select r.product_id, r.author_id, r.rating, 'Bulk', 'Written in one statement.', r.status
       from jsonb_to_recordset($1::jsonb) as r (product_id uuid, author_id uuid, rating integer, status text)
       returning id, product_id, author_id`,
      [
        JSON.stringify([
          { product_id: p, author_id: d, rating: 5, status: 'approved' },
          { product_id: p, author_id: c, rating: 3, status: 'approved' },
          { product_id: p, author_id: s, rating: 4, status: 'pending' },
          { product_id: q, author_id: d, rating: 2, status: 'approved' },
        ]),
      ],
    );
    const id = (product: string, author: string) =>
      made.find((row) => row.product_id === product && row.author_id === author)!.id;
    expect(await figures(p)).toEqual({ rating: 4, review_count: 2 });
    expect(await figures(q)).toEqual({ rating: 2, review_count: 1 });

    // One update: p's pending review approved, q's rejected.
    await owner(
      `update public.reviews
       set status = case when id = $1 then 'approved' else 'rejected' end,
         rejection_reason = case when id = $1 then null else 'Off topic' end
       where id = any($2::uuid[])`,
      [id(p, s), [id(p, s), id(q, d)]],
    );
    expect(await figures(p)).toEqual({ rating: 4, review_count: 3 });
    expect(await figures(q)).toEqual({ rating: 0, review_count: 0 });

    // One delete across both products.
    await owner(`delete from public.reviews where id = any($1::uuid[])`, [[id(p, d), id(q, d)]]);
    expect(await figures(p)).toEqual({ rating: 3.5, review_count: 2 });
    expect(await figures(q)).toEqual({ rating: 0, review_count: 0 });
  });

  it('moderation is refused without the products permission and changes nothing', async () => {
    const author = await customer();
    const productId = await product();
    const id = ((await write(author.client, productId, 5)).data as ReviewRow).id;
    for (const client of [anon, author.client, ordersAdmin]) {
      const approve = await client.rpc('admin_approve_reviews', { p_review_ids: [id] });
      expect(approve.error?.code).toBe('42501');
      const reject = await client.rpc('admin_reject_reviews', { p_review_ids: [id], p_reason: 'No' });
      expect(reject.error?.code).toBe('42501');
    }
    const [row] = await owner<ReviewRow>('select * from public.reviews where id = $1', [id]);
    expect(row!.status).toBe('pending');
    expect(await figures(productId)).toEqual({ rating: 0, review_count: 0 });
  });

  it("the queue's product search finds reviewed products by name or SKU, a few at a time", async () => {
    const author = await customer();
    // A review of each status: products with approved reviews (review_count > 0) and those with pending or
    // rejected ones only are found apart.
    const make = async (name: string, sku: string, status: 'approved' | 'pending' | 'rejected' | null) => {
      const [row] = await owner<{ id: string }>(
        `insert into public.products (name, sku, description, price, category_id, image_url, stock_count, in_stock)
         values ($1, $2, 'for reviews.test.ts', 20, $3, 'x.svg', 50, true) returning id`,
        [name, sku, categoryId],
      );
      if (status) {
        await owner(
          `insert into public.reviews (product_id, author_id, rating, title, body, status, rejection_reason)
           values ($1, $2, 3, 'Fine', 'Does what it says.', $3, $4)`,
          [row!.id, author.id, status, status === 'rejected' ? 'Off topic' : null],
        );
      }
      return row!.id;
    };
    const lamp = await make('Zebulon Lamp', 'ZB-LAMP-1', 'approved');
    const cotton = await make('Zebulon 100% Cotton', 'ZB-COT-1', 'pending');
    const inside = await make('Lamp Zebulon', 'ZB-LAMP-2', 'rejected');
    const unreviewed = await make('Zebulon Unreviewed', 'ZB-NONE-1', null);
    const bySku = await make('Plain Torch', 'Zebu-9', 'approved');
    const skuZebulon = await make('Zz Torch', 'ZEBULON', 'pending');
    expect(await figures(lamp)).toEqual({ rating: 3, review_count: 1 });
    expect(await figures(cotton)).toEqual({ rating: 0, review_count: 0 });
    const search = async (client: SupabaseClient, text: string, limit?: number) => {
      const { data, error } = await client.rpc('admin_search_review_products', {
        p_search: text,
        ...(limit === undefined ? {} : { p_limit: limit }),
      });
      expect(error).toBeNull();
      return data as { id: string; name: string; sku: string }[];
    };
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

    // The product whose SKU is the text (any case) first, then names holding it, by name; never a
    // product without reviews.
    const found = await search(superAdmin, '  zEBULON ');
    expect(ids(found)).toEqual([skuZebulon, inside, cotton, lamp]);
    expect(found[3]).toEqual({ id: lamp, name: 'Zebulon Lamp', sku: 'ZB-LAMP-1' });
    expect(ids(await search(superAdmin, 'zebulon unreviewed'))).toEqual([]);
    expect(ids(found)).not.toContain(unreviewed);
    // By SKU, whole and in any case; a SKU's part is not a match.
    expect(ids(await search(superAdmin, 'ZEBU-9'))).toEqual([bySku]);
    expect(ids(await search(superAdmin, 'zb-lamp-2'))).toEqual([inside]);
    expect(ids(await search(superAdmin, 'zebu-'))).toEqual([]);
    // The text is literal: % and _ are not wildcards.
    expect(ids(await search(superAdmin, '100%'))).toEqual([cotton]);
    expect(ids(await search(superAdmin, 'zebulon_'))).toEqual([]);
    // The limit: as asked, at least 1.
    expect(ids(await search(superAdmin, 'zebulon', 3))).toEqual([skuZebulon, inside, cotton]);
    expect(ids(await search(superAdmin, 'zebulon', 0))).toEqual([skuZebulon]);
    expect(ids(await search(superAdmin, 'zebulon l', 1))).toEqual([lamp]);
    // One or two characters: a word of the name starts with them.
    expect(ids(await search(superAdmin, 'ZE'))).toEqual(expect.arrayContaining([inside, cotton, lamp]));
    expect(ids(await search(superAdmin, 'eb'))).not.toContain(lamp);
    expect(ids(await search(superAdmin, 'zebulo'))).toEqual([inside, cotton, lamp]);
    // No text: the first 20 reviewed products by name.
    const expected = await owner<{ id: string; name: string; sku: string }>(
      `select p.id, p.name, p.sku from public.products p
       where exists (select 1 from public.reviews r where r.product_id = p.id) order by p.name, p.id limit 20`,
    );
    expect(expected.length).toBeGreaterThan(3);
    expect(await search(superAdmin, '')).toEqual(expected);
    expect(await search(superAdmin, '   ')).toEqual(expected);

    // Only administrators with the products permission.
    for (const client of [anon, author.client, ordersAdmin]) {
      const refused = await client.rpc('admin_search_review_products', { p_search: 'zebulon' });
      expect(refused.error?.code).toBe('42501');
      expect(refused.data).toBeNull();
    }
  });

  it('a rejection needs a reason, and bulk moderation handles many reviews at once', async () => {
    const productId = await product();
    const authors = await Promise.all([customer(), customer()]);
    const ids = await Promise.all(
      authors.map(async (author) => ((await write(author.client, productId, 3)).data as ReviewRow).id),
    );
    const noReason = await superAdmin.rpc('admin_reject_reviews', { p_review_ids: ids, p_reason: '  ' });
    expect(noReason.error?.message).toBe('Please give a reason for rejecting');
    const bulk = await superAdmin.rpc('admin_approve_reviews', { p_review_ids: ids });
    expect(bulk.data).toHaveLength(2);
    expect(await figures(productId)).toEqual({ rating: 3, review_count: 2 });
  });
});
