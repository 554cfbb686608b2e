// The staff audit log (schemas/audit.sql): each kind of staff change writes one entry in the same
// transaction, with who, which record, what happened and each changed field before and after; changes
// that are not a member of staff's (the service role, a customer's order) and updates that change
// nothing write none; a failed change leaves no entry.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let admin: SupabaseClient;
let categoryId = '';

interface Entry {
  actor_id: string;
  actor_email: string | null;
  entity: string;
  record_id: string;
  record_label: string | null;
  parent_id: string | null;
  action: string;
  changes: Record<string, { before?: unknown; after?: unknown }>;
}

/** The entries about one record (or its children), oldest first, read as the database owner. */
async function entriesOf(recordId: string): Promise<Entry[]> {
  const { rows } = await stack.db.query<Entry>(
    `select actor_id, actor_email, entity, record_id, record_label, parent_id, action, changes
     from public.audit_log where record_id = $1 or parent_id = $1 order by id`,
    [recordId],
  );
  return rows;
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  const { rows } = await stack.db.query<{ id: string }>(
    `select id from public.categories order by created_at limit 1`,
  );
  categoryId = rows[0]!.id;
});

afterAll(async () => {
  await stack?.stop();
});

describe('the audit log records staff changes', () => {
  it('a product created, its price changed and then deleted: three entries by the administrator', async () => {
    const created = await admin
      .from('products')
      .insert({
        name: 'Audit Lantern',
        description: 'x',
        price: 10,
        category_id: categoryId,
        image_url: 'x.svg',
      })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const id = (created.data as { id: string }).id;
    expect((await admin.from('products').update({ price: 12.5 }).eq('id', id)).error).toBeNull();
    // The same value again changes nothing and is not an entry.
    expect((await admin.from('products').update({ price: 12.5 }).eq('id', id)).error).toBeNull();
    expect((await admin.from('products').delete().eq('id', id)).error).toBeNull();

    const entries = await entriesOf(id);
    expect(entries.map((entry) => entry.action)).toEqual(['created', 'changed', 'deleted']);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actor_id: accounts.superAdmin.userId,
        actor_email: accounts.superAdmin.email,
        entity: 'product',
        record_label: 'Audit Lantern',
      });
    }
    expect(entries[0]!.changes.name).toEqual({ after: 'Audit Lantern' });
    expect(entries[1]!.changes).toEqual({ price: { before: 10, after: 12.5 } });
    expect(entries[2]!.changes.price).toEqual({ before: 12.5 });
    // What the database derives itself is not a staff change.
    for (const derived of ['slug', 'updated_at', 'search_text', 'rating'])
      expect(Object.keys(entries[0]!.changes)).not.toContain(derived);
  });

  it("a lot is recorded under its product's history", async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      `select id from public.products order by name limit 1`,
    );
    const productId = rows[0]!.id;
    const lot = await admin
      .from('product_lots')
      .insert({ product_id: productId, lot_code: 'AUDIT-1', quantity: 3, best_before: '2030-01-01' })
      .select('id')
      .single();
    expect(lot.error).toBeNull();
    const entries = (await entriesOf(productId)).filter((entry) => entry.entity === 'lot');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      record_id: (lot.data as { id: string }).id,
      record_label: 'AUDIT-1',
      parent_id: productId,
      action: 'created',
    });
    expect(entries[0]!.changes.quantity).toEqual({ after: 3 });
  });

  it('categories and subcategories', async () => {
    const category = await admin
      .from('categories')
      .insert({ name: 'Audit Kits', slug: 'audit-kits', description: 'x' })
      .select('id')
      .single();
    expect(category.error).toBeNull();
    const id = (category.data as { id: string }).id;
    const sub = await admin
      .from('subcategories')
      .insert({ category_id: id, name: 'Audit Bags', slug: 'audit-bags' })
      .select('id')
      .single();
    expect(sub.error).toBeNull();
    expect(
      (
        await admin
          .from('subcategories')
          .update({ name: 'Audit Packs' })
          .eq('id', (sub.data as { id: string }).id)
      ).error,
    ).toBeNull();
    const entries = await entriesOf(id);
    expect(entries.map((entry) => [entry.entity, entry.action, entry.record_label])).toEqual([
      ['category', 'created', 'Audit Kits'],
      ['subcategory', 'created', 'Audit Bags'],
      ['subcategory', 'changed', 'Audit Packs'],
    ]);
    expect(entries[2]!.changes).toEqual({ name: { before: 'Audit Bags', after: 'Audit Packs' } });
  });

  it('the store settings', async () => {
    const update = await admin
      .from('store_settings')
      .update({ purchase_limit_window_days: 14 })
      .eq('id', true);
    expect(update.error).toBeNull();
    const entries = await entriesOf('true');
    expect(entries.at(-1)).toMatchObject({
      entity: 'settings',
      record_label: 'Store settings',
      action: 'changed',
      changes: { purchase_limit_window_days: { before: 7, after: 14 } },
    });
  });

  it('administrators: created and their permissions changed, labelled by e-mail', async () => {
    const created = await admin.rpc('admin_create_administrator', {
      p_email: 'audited.admin@example.com',
      p_password: 'audited1234',
      p_first_name: 'Audited',
      p_last_name: 'Admin',
      p_role: 'admin',
      p_permissions: ['products'],
    });
    expect(created.error).toBeNull();
    const { rows } = await stack.db.query<{ id: string }>(
      `select au.id from public.admin_users au join auth.users u on u.id = au.user_id
       where u.email = 'audited.admin@example.com'`,
    );
    const id = rows[0]!.id;
    const changed = await admin
      .from('admin_users')
      .update({ permissions: ['products', 'orders'] })
      .eq('id', id);
    expect(changed.error).toBeNull();
    const entries = await entriesOf(id);
    expect(entries.map((entry) => entry.action)).toEqual(['created', 'changed']);
    expect(entries[1]).toMatchObject({
      entity: 'administrator',
      record_label: 'audited.admin@example.com',
      changes: { permissions: { before: ['products'], after: ['products', 'orders'] } },
    });
  });
});

describe('what the audit log leaves out', () => {
  it('changes by the service role or a customer, and changes that were refused', async () => {
    const { rows } = await stack.db.query<{ id: string; price: string }>(
      `select id, price from public.products where in_stock order by name desc limit 1`,
    );
    const { id } = rows[0]!;
    const before = (await entriesOf(id)).length;
    expect(
      (await stack.serviceClient().from('products').update({ price: 99.99 }).eq('id', id)).error,
    ).toBeNull();
    // A customer cannot change a product (RLS), so nothing happened and nothing is recorded.
    const customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
    await customer.from('products').update({ price: 1 }).eq('id', id);
    // A staff change the table refuses (a negative price) rolls back with its entry.
    const refused = await admin.from('products').update({ price: -1 }).eq('id', id);
    expect(refused.error).not.toBeNull();
    expect(await entriesOf(id)).toHaveLength(before);
  });
});
