// Content pages and the storefront's forms (schemas/content.sql) through supabase-js against a fresh
// seeded stack (both engines): the seeded pages everyone reads, unpublished pages and posts, staff with
// the settings permission writing pages (audited), the Contact Us and Bulk Orders forms
// (contact_message_send: every field's message, stored and queued as an e-mail to the support address
// of the store settings,
// the per-client limit) and staff with the customers permission reading and closing the messages.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';
import { accounts } from './fixtures.ts';

let stack: TestStack;
let anon: SupabaseClient;
let customer: SupabaseClient;
let superAdmin: SupabaseClient;
let ordersAdmin: SupabaseClient;
let settingsAdmin: SupabaseClient;
let customersAdmin: SupabaseClient;

async function owner<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
  return (await stack.db.query<R>(sql, params)).rows;
}

async function createAdmin(email: string, permissions: string[]): Promise<SupabaseClient> {
  const created = await superAdmin.rpc('admin_create_administrator', {
    p_email: email,
    p_password: 'content1234',
    p_first_name: 'Content',
    p_last_name: 'Staff',
    p_role: 'admin',
    p_permissions: permissions,
    p_active: 1,
  });
  if (created.error) throw new Error(created.error.message);
  return stack.signedInClient(email, 'content1234');
}

/** Earlier messages move two hours back, so each test counts its own hour. */
const hourPassed = () =>
  owner(`update public.contact_messages set created_at = created_at - interval '2 hours'`);

const send = (client: SupabaseClient, fields: Record<string, string | null>) =>
  client.rpc('contact_message_send', {
    p_kind: 'contact',
    p_name: 'Robin Reader',
    p_email: 'robin@example.com',
    p_message: 'Where is my order?',
    ...fields,
  });

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
  customer = await stack.signedInClient(accounts.customer.email, accounts.customer.password);
  superAdmin = await stack.signedInClient(accounts.superAdmin.email, accounts.superAdmin.password);
  ordersAdmin = await stack.signedInClient(accounts.ordersAdmin.email, accounts.ordersAdmin.password);
  settingsAdmin = await createAdmin('settings.content@example.com', ['settings']);
  customersAdmin = await createAdmin('customers.content@example.com', ['customers']);
});

afterAll(async () => {
  await stack?.stop();
});

describe('content pages', () => {
  it('the shop is seeded with its pages, which everyone reads', async () => {
    const { data, error } = await anon
      .from('content_pages')
      .select('slug, kind, title, summary, body, form, published')
      .order('slug');
    expect(error).toBeNull();
    const slugs = (data ?? []).map((page) => page.slug);
    for (const slug of [
      'about-us',
      'shipping-info',
      'returns',
      'faq',
      'contact-us',
      'bulk-orders',
      'size-guide',
      'preparedness',
      'privacy-policy',
      'terms-of-service',
      'cookie-policy',
    ]) {
      expect(slugs).toContain(slug);
    }
    for (const page of data ?? []) {
      expect(page.published).toBe(true);
      expect(page.kind).toBe('page');
      expect(page.body.length).toBeGreaterThan(100);
      expect(page.summary.length).toBeGreaterThan(20);
    }
    expect(data!.find((page) => page.slug === 'contact-us')!.form).toBe('contact');
    expect(data!.find((page) => page.slug === 'bulk-orders')!.form).toBe('bulk');
    expect(data!.find((page) => page.slug === 'privacy-policy')!.title).toBe('Privacy Policy');
  });

  it('staff with settings create, edit and delete pages; each change is audited with before and after', async () => {
    const created = await settingsAdmin
      .from('content_pages')
      .insert({ slug: 'winter-kit', title: ' Winter kit ', body: 'Draft', published: false })
      .select('id, title, published_at, updated_by')
      .single();
    expect(created.error).toBeNull();
    const id = created.data!.id as string;
    expect(created.data!.title).toBe('Winter kit');
    expect(created.data!.published_at).toBeNull();

    // Unpublished: staff with settings read it, nobody else does.
    for (const reader of [anon, customer, ordersAdmin, customersAdmin]) {
      const read = await reader.from('content_pages').select('id').eq('id', id);
      expect(read.error).toBeNull();
      expect(read.data).toEqual([]);
    }
    expect((await superAdmin.from('content_pages').select('id').eq('id', id)).data).toHaveLength(1);

    const published = await settingsAdmin
      .from('content_pages')
      .update({ body: 'Pack **a blanket**.', published: true })
      .eq('id', id)
      .select('published_at')
      .single();
    expect(published.error).toBeNull();
    expect(published.data!.published_at).not.toBeNull();
    expect((await anon.from('content_pages').select('body').eq('id', id)).data).toEqual([
      { body: 'Pack **a blanket**.' },
    ]);

    const removed = await settingsAdmin.from('content_pages').delete().eq('id', id).select('id');
    expect(removed.data).toHaveLength(1);

    const entries = await owner<{
      action: string;
      entity: string;
      record_label: string;
      changes: Record<string, { before?: unknown; after?: unknown }>;
      actor_email: string;
    }>(
      `select action, entity, record_label, changes, actor_email from public.audit_log where record_id = $1 order by id`,
      [id],
    );
    expect(entries.map((entry) => entry.action)).toEqual(['created', 'changed', 'deleted']);
    expect(entries.every((entry) => entry.entity === 'page' && entry.record_label === 'Winter kit')).toBe(
      true,
    );
    expect(entries[0]!.actor_email).toBe('settings.content@example.com');
    expect(entries[1]!.changes).toEqual({
      body: { before: 'Draft', after: 'Pack **a blanket**.' },
      published: { before: false, after: true },
    });
  });

  it('refuses writes by anyone without settings, and bad slugs or titles', async () => {
    const before = await owner(
      `select md5(string_agg(t::text, '' order by id)) as h from public.content_pages t`,
    );
    for (const writer of [anon, customer, ordersAdmin, customersAdmin]) {
      const insert = await writer
        .from('content_pages')
        .insert({ slug: 'forged', title: 'Forged', body: 'x' });
      expect(insert.error).not.toBeNull();
      const update = await writer
        .from('content_pages')
        .update({ body: '<script>alert(1)</script>' })
        .eq('slug', 'about-us')
        .select('id');
      expect(update.data ?? []).toEqual([]);
      const remove = await writer.from('content_pages').delete().eq('slug', 'faq').select('id');
      expect(remove.data ?? []).toEqual([]);
    }
    expect(
      await owner(`select md5(string_agg(t::text, '' order by id)) as h from public.content_pages t`),
    ).toEqual(before);
    for (const bad of [
      { slug: 'Bad Slug', title: 'x' },
      { slug: '-dash', title: 'x' },
      { slug: 'ok-slug', title: '   ' },
      { slug: 'about-us', title: 'Taken' },
    ]) {
      const insert = await settingsAdmin.from('content_pages').insert(bad);
      expect(insert.error, JSON.stringify(bad)).not.toBeNull();
    }
  });

  it('posts: the blog reads published posts newest first', async () => {
    const inserted = await superAdmin
      .from('content_pages')
      .insert([
        { slug: 'post-old', kind: 'post', title: 'Old post', body: 'a', published: true },
        { slug: 'post-draft', kind: 'post', title: 'Draft post', body: 'b', published: false },
      ])
      .select('id');
    expect(inserted.error).toBeNull();
    await owner(
      `update public.content_pages set published_at = now() - interval '1 day' where slug = 'post-old'`,
    );
    await superAdmin
      .from('content_pages')
      .insert({ slug: 'post-new', kind: 'post', title: 'New post', body: 'c' });
    const blog = await anon
      .from('content_pages')
      .select('slug')
      .eq('kind', 'post')
      .order('published_at', { ascending: false });
    expect(blog.data!.map((post) => post.slug)).toEqual(['post-new', 'post-old']);
  });
});

describe('the Contact Us and Bulk Orders forms', () => {
  it('refuses each bad field with its own message and stores nothing', async () => {
    await hourPassed();
    const cases: [Record<string, string | null>, string][] = [
      [{ p_name: '  ' }, 'Please enter your name'],
      [{ p_name: 'x'.repeat(101) }, 'Your name can be at most 100 characters'],
      [{ p_email: '' }, 'Please enter your e-mail address'],
      [{ p_email: 'Robin <robin@example.com>' }, 'Please enter a valid e-mail address'],
      [{ p_order_number: 'RS 12; drop' }, 'Please enter a valid order number'],
      [{ p_message: ' ' }, 'Please enter a message'],
      [{ p_message: 'x'.repeat(5001) }, 'Your message can be at most 5000 characters'],
      [{ p_kind: 'other' }, 'Unknown form'],
      [{ p_kind: 'bulk', p_phone: 'call me' }, 'Please enter a valid phone number'],
    ];
    for (const [fields, message] of cases) {
      const answer = await send(anon, fields);
      expect(answer.error?.message, JSON.stringify(fields)).toBe(message);
    }
    expect(await owner(`select id from public.contact_messages`)).toEqual([]);
  });

  it('stores a message and queues an e-mail of it to the support address', async () => {
    await hourPassed();
    const sent = await send(anon, {
      p_name: ' Robin Reader ',
      p_email: ' Robin@Example.com ',
      p_order_number: 'rs-k7m2q-9xd4p',
      p_message: 'Where is my <b>order</b>?',
    });
    expect(sent.error).toBeNull();
    const id = sent.data as string;
    const [stored] = await owner<Record<string, unknown>>(
      `select kind, name, email, order_number, message, status, user_id from public.contact_messages where id = $1`,
      [id],
    );
    expect(stored).toEqual({
      kind: 'contact',
      name: 'Robin Reader',
      email: 'robin@example.com',
      order_number: 'RS-K7M2Q-9XD4P',
      message: 'Where is my <b>order</b>?',
      status: 'open',
      user_id: null,
    });
    const mails = await owner<{ recipient: string; payload: Record<string, unknown> }>(
      `select recipient, payload from public.outbox_messages where kind = 'contact_message' and payload ->> 'message_id' = $1`,
      [id],
    );
    expect(mails).toEqual([
      {
        recipient: 'support@readystock.example',
        payload: {
          message_id: id,
          form: 'contact',
          name: 'Robin Reader',
          email: 'robin@example.com',
          order_number: 'RS-K7M2Q-9XD4P',
          message: 'Where is my <b>order</b>?',
        },
      },
    ]);

    const bulk = await customer.rpc('contact_message_send', {
      p_kind: 'bulk',
      p_name: 'Sam School',
      p_email: 'sam@school.example',
      p_message: '40 classroom kits by March',
      p_organisation: 'Springfield Elementary',
      p_phone: '+1 (555) 010-9999',
      p_order_number: 'RS-IGNORED',
    });
    expect(bulk.error).toBeNull();
    const [bulkRow] = await owner<Record<string, unknown>>(
      `select kind, organisation, phone, order_number, user_id from public.contact_messages where id = $1`,
      [bulk.data],
    );
    expect(bulkRow).toEqual({
      kind: 'bulk',
      organisation: 'Springfield Elementary',
      phone: '+1 (555) 010-9999',
      order_number: null,
      user_id: accounts.customer.userId,
    });
  });

  it('e-mails the messages to the support address staff set in the store settings', async () => {
    await hourPassed();
    const changed = await settingsAdmin
      .from('store_settings')
      .update({ support_email: 'help-desk@readystock.example' })
      .eq('id', true)
      .select('support_email');
    expect(changed.error).toBeNull();
    expect(changed.data).toEqual([{ support_email: 'help-desk@readystock.example' }]);
    try {
      const sent = await send(customer, { p_message: 'Which address gets this?' });
      expect(sent.error).toBeNull();
      expect(
        await owner(
          `select recipient from public.outbox_messages where kind = 'contact_message' and payload ->> 'message_id' = $1`,
          [sent.data],
        ),
      ).toEqual([{ recipient: 'help-desk@readystock.example' }]);
    } finally {
      await owner(`update public.store_settings set support_email = 'support@readystock.example'`);
    }
  });

  it('one client sends at most 5 messages an hour, also when forging X-Forwarded-For', async () => {
    await hourPassed();
    const tooMany = 'Too many messages. Please try again later.';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(anon, { p_message: `Message ${i}` })),
    );
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(5);
    expect(answers.filter((answer) => answer.error?.message === tooMany)).toHaveLength(3);
    const forged = await fetch(`${stack.url}/rest/v1/rpc/contact_message_send`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.9',
      },
      body: JSON.stringify({ p_kind: 'contact', p_name: 'F', p_email: 'f@example.com', p_message: 'Forged' }),
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toBe(tooMany);
    expect(
      await owner(
        `select count(*)::int as n from public.contact_messages where created_at > now() - interval '1 hour'`,
      ),
    ).toEqual([{ n: 5 }]);
    // A signed-in customer is a client of its own.
    expect((await send(customer, {})).error).toBeNull();
  });

  it('staff with customers read and close messages; nobody else reads or changes one', async () => {
    const [{ id }] = (await owner<{ id: string }>(
      `select id from public.contact_messages order by created_at desc limit 1`,
    )) as [{ id: string }];
    for (const reader of [anon, customer, ordersAdmin, settingsAdmin]) {
      const read = await reader.from('contact_messages').select('id');
      expect(read.data ?? []).toEqual([]);
      const close = await reader.rpc('admin_set_contact_message_status', { p_id: id, p_status: 'closed' });
      expect(close.error).not.toBeNull();
      const update = await reader
        .from('contact_messages')
        .update({ status: 'closed' })
        .eq('id', id)
        .select('id');
      expect(update.data ?? []).toEqual([]);
      const insert = await reader.from('contact_messages').insert({
        kind: 'contact',
        name: 'x',
        email: 'x@example.com',
        message: 'x',
        client_key: 'x',
      });
      expect(insert.error).not.toBeNull();
    }
    expect(await owner(`select status from public.contact_messages where id = $1`, [id])).toEqual([
      { status: 'open' },
    ]);
    const list = await customersAdmin.from('contact_messages').select('id, status').order('created_at');
    expect(list.error).toBeNull();
    expect(list.data!.length).toBeGreaterThanOrEqual(7);
    // Staff change the status only, through the function.
    const forged = await customersAdmin.from('contact_messages').update({ message: 'changed' }).eq('id', id);
    expect(forged.error?.code).toBe('42501');
    const closed = await customersAdmin.rpc('admin_set_contact_message_status', {
      p_id: id,
      p_status: 'closed',
    });
    expect(closed.error).toBeNull();
    const row = closed.data as { status: string; closed_at: string | null; closed_by: string | null };
    expect(row.status).toBe('closed');
    expect(row.closed_at).not.toBeNull();
    expect(row.closed_by).not.toBeNull();
    const reopened = await customersAdmin.rpc('admin_set_contact_message_status', {
      p_id: id,
      p_status: 'open',
    });
    expect(reopened.data).toMatchObject({ status: 'open', closed_at: null, closed_by: null });
    const bad = await customersAdmin.rpc('admin_set_contact_message_status', {
      p_id: id,
      p_status: 'deleted',
    });
    expect(bad.error?.message).toBe('Unknown status');
  });
});
