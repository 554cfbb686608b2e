// /rest/v1 through @supabase/supabase-js against a throwaway schema (see fixture.ts): every
// PostgREST feature the shop uses, its error shapes and statuses, and hostile input.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test/harness.ts';
import { fixtureSql } from './fixture.ts';

const ownerId = '00000000-0000-4000-8000-000000000001';
const otherId = '00000000-0000-4000-8000-000000000002';

let stack: TestStack;
let projectDir: string;
let anon: SupabaseClient;
let service: SupabaseClient;
let owner: SupabaseClient;
let other: SupabaseClient;

beforeAll(async () => {
  projectDir = mkdtempSync(join(tmpdir(), 'rest-project-'));
  stack = await startTestStack({ projectDir, seed: false });
  await stack.db.exec(fixtureSql);
  await stack.reloadSchema();
  anon = stack.anonClient();
  service = stack.serviceClient();
  owner = await stack.clientForUser(ownerId);
  other = await stack.clientForUser(otherId);
});

afterAll(async () => {
  await stack?.stop();
  rmSync(projectDir, { recursive: true, force: true });
});

async function raw(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', stack.anonKey);
  return fetch(`${stack.url}/rest/v1/${path}`, { ...init, headers });
}

describe('select', () => {
  it('returns chosen columns with aliases, casts and numbers as JSON numbers', async () => {
    const { data, error } = await anon
      .from('t_books')
      .select('title, cost:price, id_text:id::text, whole:price::int, tags, meta')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      title: 'Analytical Engines',
      cost: 10.5,
      id_text: '1',
      whole: 11,
      tags: ['math', 'history'],
      meta: { lang: 'en', pages: 120 },
    });
  });

  it('expands * in column order and reads JSON paths', async () => {
    const { data } = await anon.from('t_authors').select('*').eq('name', 'Ada');
    expect(Object.keys(data?.[0] ?? {})).toEqual(['id', 'name', 'country', 'created_at']);
    const json = await anon
      .from('t_books')
      .select('title, lang:meta->>lang, pages:meta->pages')
      .eq('id', 1)
      .single();
    expect(json.data).toEqual({ title: 'Analytical Engines', lang: 'en', pages: 120 });
  });

  it('embeds many-to-one as an object using a hint and one-to-many as an array', async () => {
    const { data, error } = await anon
      .from('t_books')
      .select('title, author:t_authors!author_id(name), editor:t_authors!t_books_editor_id_fkey(name)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      title: 'Analytical Engines',
      author: { name: 'Ada' },
      editor: { name: 'Borges' },
    });

    const authors = await anon
      .from('t_authors')
      .select('name, books:t_books!author_id(title)')
      .eq('name', 'Borges')
      .order('title', { referencedTable: 'books' });
    expect(authors.data).toEqual([
      { name: 'Borges', books: [{ title: 'El Aleph' }, { title: 'Ficciones' }] },
    ]);
  });

  it('embeds by foreign key column name and nests several levels', async () => {
    const { data } = await anon
      .from('t_authors')
      .select('name, t_books!author_id(title, author_id(name), t_reviews(stars))')
      .eq('name', 'Ada')
      .order('id', { referencedTable: 't_books' })
      .single();
    expect(data).toEqual({
      name: 'Ada',
      t_books: [
        { title: 'Analytical Engines', author_id: { name: 'Ada' }, t_reviews: [{ stars: 5 }, { stars: 4 }] },
        { title: 'Notes', author_id: { name: 'Ada' }, t_reviews: [] },
      ],
    });
  });

  it('answers PGRST201 (300) for an ambiguous embed and PGRST200 for no relationship', async () => {
    const ambiguous = await anon.from('t_books').select('title, t_authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    const none = await anon.from('t_reviews').select('id, t_authors(name)');
    expect(none.status).toBe(400);
    expect(none.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 't_reviews' and 't_authors' in the schema cache",
    });
  });

  it('filters parents by an !inner embed and embedded arrays by embedded filters', async () => {
    const inner = await anon
      .from('t_books')
      .select('title, author:t_authors!author_id!inner(name)')
      .eq('author.name', 'Clarice');
    expect(inner.data).toEqual([{ title: 'The Hour of the Star', author: { name: 'Clarice' } }]);

    const outer = await anon
      .from('t_authors')
      .select('name, t_books!author_id(title)')
      .eq('t_books.title', 'Notes')
      .in('name', ['Ada', 'Borges'])
      .order('name');
    expect(outer.error).toBeNull();
    expect(outer.data).toEqual([
      { name: 'Ada', t_books: [{ title: 'Notes' }] },
      { name: 'Borges', t_books: [] },
    ]);
  });

  it('counts inside an embed', async () => {
    const { data } = await anon
      .from('t_authors')
      .select('name, t_books!author_id(count)')
      .order('name')
      .limit(2);
    expect(data).toEqual([
      { name: 'Ada', t_books: [{ count: 2 }] },
      { name: 'Borges', t_books: [{ count: 2 }] },
    ]);
  });
});

describe('filters', () => {
  const titles = async (query: PromiseLike<{ data: { title: string }[] | null; error: unknown }>) => {
    const { data, error } = await query;
    expect(error).toBeNull();
    return (data ?? []).map((row) => row.title).sort();
  };
  const books = () => anon.from('t_books').select('title');

  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await titles(books().eq('price', 12))).toEqual(['Ficciones']);
    expect(await titles(books().neq('author_id', 1).gte('price', 11.25))).toEqual(['El Aleph', 'Ficciones']);
    expect(await titles(books().gt('price', 11).lt('price', 12))).toEqual(['El Aleph']);
    expect(await titles(books().lte('price', 5))).toEqual(['Notes']);
  });

  it('matches like and ilike with * wildcards, is null/true/false and in', async () => {
    expect(await titles(books().like('title', '*Engine*'))).toEqual(['Analytical Engines']);
    expect(await titles(books().ilike('title', 'el*'))).toEqual(['El Aleph']);
    expect(await titles(books().is('rating', null))).toEqual(['Notes']);
    expect(await titles(books().is('published', true).in('author_id', [2, 3]))).toEqual([
      'El Aleph',
      'Ficciones',
      'The Hour of the Star',
    ]);
    expect(await titles(books().in('title', ['Notes', 'a,b "quoted"']))).toEqual(['Notes']);
  });

  it('tests containment on arrays and jsonb with cs and cd', async () => {
    expect(await titles(books().contains('tags', ['fiction', 'short']))).toEqual(['Ficciones']);
    expect(await titles(books().containedBy('tags', ['math', 'history', 'extra']))).toEqual([
      'Analytical Engines',
      'Notes',
    ]);
    expect(await titles(books().contains('meta', { lang: 'es' }))).toEqual(['El Aleph', 'Ficciones']);
  });

  it('negates with not and combines with or / nested and', async () => {
    expect(await titles(books().not('rating', 'is', null).not('tags', 'cs', '{fiction}'))).toEqual([
      'Analytical Engines',
    ]);
    expect(await titles(books().or('price.lt.6,and(author_id.eq.2,rating.gte.4.8)'))).toEqual([
      'Ficciones',
      'Notes',
    ]);
    expect(await titles(books().or('title.eq.Notes,title.in.("El Aleph",Draft)'))).toEqual([
      'El Aleph',
      'Notes',
    ]);
  });

  it('uses or on an embedded resource', async () => {
    const { data } = await anon
      .from('t_authors')
      .select('name, t_books!author_id(title)')
      .eq('name', 'Borges')
      .or('title.eq.Ficciones,price.gt.100', { referencedTable: 't_books' });
    expect(data).toEqual([{ name: 'Borges', t_books: [{ title: 'Ficciones' }] }]);
  });
});

describe('order, range and counts', () => {
  it('orders by several columns with nulls first/last', async () => {
    const { data } = await anon
      .from('t_authors')
      .select('name, country')
      .order('country', { ascending: false, nullsFirst: true })
      .order('name');
    expect(data?.map((row) => row.name)).toEqual(['Dostoevsky', 'Ada', 'Clarice', 'Borges']);
    const last = await anon
      .from('t_books')
      .select('title')
      .order('rating', { nullsFirst: false })
      .order('title');
    expect(last.data?.map((row) => row.title)).toEqual([
      'The Hour of the Star',
      'Analytical Engines',
      'El Aleph',
      'Ficciones',
      'Notes',
    ]);
  });

  it('orders by a to-one related column and spreads embedded columns', async () => {
    const response = await raw(
      't_books?select=title,...t_authors!author_id(author:name)&order=t_authors!author_id(name).desc,title&limit=3',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { title: 'The Hour of the Star', author: 'Clarice' },
      { title: 'El Aleph', author: 'Borges' },
      { title: 'Ficciones', author: 'Borges' },
    ]);
  });

  it('refuses schemas other than public', async () => {
    const response = await raw('t_books', { headers: { 'Accept-Profile': 'auth' } });
    expect(response.status).toBe(406);
    expect(await response.json()).toMatchObject({ code: 'PGRST106' });
  });

  it('pages with range and limit, with exact counts in Content-Range and 206', async () => {
    const page = await anon.from('t_books').select('title', { count: 'exact' }).order('id').range(1, 2);
    expect(page.status).toBe(206);
    expect(page.count).toBe(5);
    expect(page.data?.map((row) => row.title)).toEqual(['Notes', 'Ficciones']);

    const response = await raw('t_books?select=id&order=id', {
      headers: { Range: '0-1', Prefer: 'count=exact' },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('0-1/5');

    const none = await raw('t_books?select=id&title=eq.nothing', { headers: { Prefer: 'count=exact' } });
    expect(none.status).toBe(200);
    expect(none.headers.get('content-range')).toBe('*/0');
    expect(await none.json()).toEqual([]);

    const all = await raw('t_books?select=id');
    expect(all.headers.get('content-range')).toBe('0-4/*');

    const beyond = await raw('t_books?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({ code: 'PGRST103' });
  });

  it('counts with HEAD and no rows', async () => {
    const { count, data, error } = await anon.from('t_books').select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(5);
  });

  it('returns single objects or PGRST116 (406), and maybeSingle gives null for no rows', async () => {
    const one = await anon.from('t_authors').select('name').eq('id', 2).single();
    expect(one.data).toEqual({ name: 'Borges' });
    const none = await anon.from('t_authors').select('name').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const many = await anon.from('t_authors').select('name').single();
    expect(many.error?.code).toBe('PGRST116');
    const maybe = await anon.from('t_authors').select('name').eq('id', 99).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });
});

describe('writes', () => {
  it('inserts one and many rows and returns the representation with embeds', async () => {
    const one = await owner
      .from('t_books')
      .insert({ author_id: 4, title: 'Notes from Underground', price: 7.5, owner_id: ownerId })
      .select('title, price, tags, author:t_authors!author_id(name)')
      .single();
    expect(one.status).toBe(201);
    expect(one.data).toEqual({
      title: 'Notes from Underground',
      price: 7.5,
      tags: [],
      author: { name: 'Dostoevsky' },
    });

    const many = await owner
      .from('t_books')
      .insert(
        [
          { author_id: 4, title: 'The Idiot', price: 8, owner_id: ownerId, tags: ['novel'] },
          { author_id: 4, title: 'Demons', price: 9, owner_id: ownerId },
        ],
        { defaultToNull: false },
      )
      .select('title, tags');
    expect(many.error).toBeNull();
    expect(many.data).toEqual([
      { title: 'The Idiot', tags: ['novel'] },
      { title: 'Demons', tags: [] },
    ]);

    const minimal = await owner
      .from('t_books')
      .insert({ author_id: 4, title: 'Poor Folk', price: 3, owner_id: ownerId });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
  });

  it('upserts with merge-duplicates on a unique column', async () => {
    const { data, error } = await service
      .from('t_authors')
      .upsert(
        [
          { name: 'Ada', country: 'GB' },
          { name: 'Eco', country: 'IT' },
        ],
        { onConflict: 'name' },
      )
      .select('name, country')
      .order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ada', country: 'GB' },
      { name: 'Eco', country: 'IT' },
    ]);
    const ignored = await service
      .from('t_authors')
      .upsert({ name: 'Eco', country: 'XX' }, { onConflict: 'name', ignoreDuplicates: true })
      .select('name');
    expect(ignored.data).toEqual([]);
    const eco = await anon.from('t_authors').select('country').eq('name', 'Eco').single();
    expect(eco.data).toEqual({ country: 'IT' });
  });

  it('updates and deletes with filters, returning rows and counts', async () => {
    const updated = await owner
      .from('t_books')
      .update({ price: 10, tags: ['classic'] })
      .eq('title', 'The Idiot')
      .select('title, price, tags');
    expect(updated.data).toEqual([{ title: 'The Idiot', price: 10, tags: ['classic'] }]);

    const noReturn = await owner.from('t_books').update({ published: false }).eq('title', 'Demons');
    expect(noReturn.status).toBe(204);

    const deleted = await owner
      .from('t_books')
      .delete({ count: 'exact' })
      .in('title', ['Demons', 'Poor Folk']);
    expect(deleted.error).toBeNull();
    expect(deleted.count).toBe(2);
    const left = await owner.from('t_books').select('title').eq('author_id', 4).order('title');
    expect(left.data).toEqual([{ title: 'Notes from Underground' }, { title: 'The Idiot' }]);
  });

  it('lets row-level security decide: 42501 on insert, nothing changed on update/delete of others', async () => {
    const asAnon = await anon.from('t_books').insert({ author_id: 1, title: 'x', price: 1 });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "t_books"',
    });
    const forSomeoneElse = await other
      .from('t_books')
      .insert({ author_id: 1, title: 'x', price: 1, owner_id: ownerId });
    expect(forSomeoneElse.status).toBe(403);
    expect(forSomeoneElse.error?.code).toBe('42501');

    const update = await other.from('t_books').update({ price: 0 }).eq('title', 'The Idiot').select();
    expect(update.data).toEqual([]);
    const remove = await other.from('t_books').delete().eq('title', 'The Idiot').select();
    expect(remove.data).toEqual([]);
    const draftForAnon = await anon.from('t_books').select('title').eq('title', 'Draft');
    expect(draftForAnon.data).toEqual([]);
    const draftForOwner = await owner.from('t_books').select('title').eq('title', 'Draft');
    expect(draftForOwner.data).toEqual([{ title: 'Draft' }]);
    const still = await service.from('t_books').select('price').eq('title', 'The Idiot').single();
    expect(still.data).toEqual({ price: 10 });
  });

  it('rolls back a write when a single object was requested and several rows matched', async () => {
    const result = await service.from('t_authors').update({ country: 'ZZ' }).neq('id', 0).select().single();
    expect(result.error?.code).toBe('PGRST116');
    const { data } = await service.from('t_authors').select('id').eq('country', 'ZZ');
    expect(data).toEqual([]);
  });

  it('maps constraint errors to PostgREST statuses', async () => {
    const duplicate = await service.from('t_authors').insert({ name: 'Ada' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    const missingParent = await service.from('t_books').insert({ author_id: 999, title: 'x', price: 1 });
    expect(missingParent.status).toBe(409);
    expect(missingParent.error?.code).toBe('23503');
    const check = await service.from('t_books').insert({ author_id: 1, title: 'x', price: -1 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const notNull = await service.from('t_books').insert({ author_id: 1, price: 1 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const badUuid = await anon.from('t_books').select('id').eq('owner_id', 'not-a-uuid');
    expect(badUuid.status).toBe(400);
    expect(badUuid.error?.code).toBe('22P02');
    const unknownColumn = await service.from('t_authors').insert({ name: 'Zed', nope: 1 });
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.error?.code).toBe('PGRST204');
  });
});

describe('rpc', () => {
  it('calls scalar functions with named arguments and defaults, by POST and GET', async () => {
    expect((await anon.rpc('t_add', { a: 2, b: 3 })).data).toBe(5);
    expect((await anon.rpc('t_add', { a: 2 })).data).toBe(3);
    expect((await anon.rpc('t_add', { a: 40 }, { get: true })).data).toBe(41);
    expect((await anon.rpc('t_tags', { p_tags: ['a', 'b', 'c'] })).data).toBe(3);
    const get = await raw('rpc/t_books_by_author?p_author=Ada&select=title&price=gt.6');
    expect(await get.json()).toEqual([{ title: 'Analytical Engines' }]);
  });

  it('returns an array (text[], not a set) as one JSON array, by POST and GET', async () => {
    // Such a call was once blamed for a PGlite PANIC ("ERRORDATA_STACK_SIZE exceeded"); the cause was
    // stack depth (see pglite-worker.mjs), not this shape.
    expect(await anon.rpc('t_words', { p_text: 'crank radio' })).toMatchObject({
      data: ['crank', 'radio'],
      error: null,
    });
    expect((await anon.rpc('t_words', { p_text: 'two way radio' }, { get: true })).data).toEqual([
      'two',
      'way',
      'radio',
    ]);
    expect((await anon.rpc('t_words', { p_text: '' })).data).toEqual([]);
  });

  it('sees the JWT claims (auth.uid())', async () => {
    expect((await owner.rpc('t_whoami')).data).toBe(ownerId);
    expect((await anon.rpc('t_whoami')).data).toBeNull();
  });

  it('returns sets with filters, order, limit and embeds on table-typed results', async () => {
    const { data, error } = await anon
      .rpc('t_books_by_author', { p_author: 'Borges' })
      .select('title, price, author:t_authors!author_id(name)')
      .gt('price', 11.5)
      .order('title');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Ficciones', price: 12, author: { name: 'Borges' } }]);

    const stats = await anon.rpc('t_author_stats').select('name, books').order('name').limit(2);
    expect(stats.data).toEqual([
      { name: 'Ada', books: 2 },
      { name: 'Borges', books: 2 },
    ]);
  });

  it('answers void functions, raised exceptions and unknown functions like PostgREST', async () => {
    const noop = await anon.rpc('t_noop');
    expect(noop.error).toBeNull();
    expect(noop.status).toBe(204);
    const fail = await anon.rpc('t_fail', { p_message: 'Out of stock' });
    expect(fail.status).toBe(400);
    expect(fail.error).toMatchObject({ code: 'P0001', message: 'Out of stock', hint: 'raised on purpose' });
    const unknown = await anon.rpc('t_nope', { x: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const wrongArgs = await anon.rpc('t_add', { z: 1 });
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });
});

describe('gateway and hostile input', () => {
  it('requires a valid apikey and a valid JWT', async () => {
    const missing = await fetch(`${stack.url}/rest/v1/t_authors`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'Invalid API key' });
    const wrong = await raw('t_authors', { headers: { apikey: 'abc.def.ghi' } });
    expect(wrong.status).toBe(401);

    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ role: 'service_role', exp: 9999999999 })).toString(
      'base64url',
    );
    const algNone = await raw('t_authors', { headers: { apikey: `${header}.${payload}.` } });
    expect(algNone.status).toBe(401);
    const bearerNone = await raw('t_authors', { headers: { Authorization: `Bearer ${header}.${payload}.` } });
    expect(bearerNone.status).toBe(401);
    expect(await bearerNone.json()).toMatchObject({ code: 'PGRST301' });

    const expired = await stack.tokenForUser(ownerId, { exp: Math.floor(Date.now() / 1000) - 60 });
    const expiredResponse = await raw('t_authors', { headers: { Authorization: `Bearer ${expired}` } });
    expect(expiredResponse.status).toBe(401);
    expect(await expiredResponse.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });

    const superuser = await stack.tokenForUser(ownerId, { role: 'postgres' });
    const escalated = await raw('t_authors', { headers: { Authorization: `Bearer ${superuser}` } });
    expect(escalated.status).toBe(401);
  });

  it('lets browsers open health, settings and public images without a key, and nothing else', async () => {
    const health = await fetch(`${stack.url}/auth/v1/health`);
    expect(health.status).not.toBe(401);
    const user = await fetch(`${stack.url}/auth/v1/user`);
    expect(user.status).toBe(401);
    expect(await user.json()).toMatchObject({ message: 'Invalid API key' });
    const bucketList = await fetch(`${stack.url}/storage/v1/bucket`);
    expect(bucketList.status).toBe(401);
    const unknown = await fetch(`${stack.url}/nothing-here`);
    expect(unknown.status).toBe(404);
    const keyInQuery = await fetch(
      `${stack.url}/rest/v1/t_authors?select=name&limit=1&apikey=${stack.anonKey}`,
    );
    expect(keyInQuery.status).toBe(200);
  });

  it('answers CORS preflights for allowed origins only', async () => {
    const allowed = await fetch(`${stack.url}/rest/v1/t_authors`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('apikey');
    const extra = await fetch(`${stack.url}/rest/v1/t_authors`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3005',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'x-custom-trace, content-type',
      },
    });
    expect(extra.headers.get('access-control-allow-headers')).toContain('x-custom-trace');
    expect(extra.headers.get('access-control-allow-methods')).toContain('PATCH');
    const denied = await fetch(`${stack.url}/rest/v1/t_authors`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const simple = await raw('t_authors?select=id&limit=1', { headers: { Origin: 'http://127.0.0.1:4001' } });
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4001');
    expect(simple.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('answers unknown tables and columns with PostgREST errors', async () => {
    const table = await anon.from('t_nope').select('*');
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({ code: 'PGRST205' });
    const column = await anon.from('t_books').select('nope');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({ code: '42703', message: 'column t_books.nope does not exist' });
  });

  it('never runs SQL from the request: hostile input gets a 4xx with an error body', async () => {
    const hostile = [
      't_books?select=title;drop table t_books',
      't_books?select=title,(select 1)',
      't_books?select=title::text);drop table t_books;--',
      't_books?select=*,t_authors!inner(name',
      't_books?select=pg_sleep(1)',
      't_books?order=title;drop table t_books',
      't_books?order=title.desc,(select 1)',
      't_books?order=title.sideways',
      't_books?title=xx.1',
      't_books?title=in.(1,2',
      't_books?or=(title.eq.x,drop table t_books)',
      't_books?or=title.eq.x',
      't_books?and=(price.gt.1,or(price.lt.)))',
      't_books?price=gt.abc',
      't_books?published=eq.maybe',
      't_books?published=is.maybe',
      't_books?id=eq.1 or 1=1',
      't_books?limit=-1',
      't_books?limit=1e99',
      't_books?offset=abc',
      't_books?t_authors.name=eq.x',
      't_books?select=title&nope.order=id',
      'pg_catalog.pg_roles?select=*',
      'pg_roles',
      'information_schema.tables',
      '../auth/v1/admin/users',
      't_books%00',
      't_books?select=title:id%00x',
      't_books?title=eq.a%00b',
      'rpc/pg_sleep?seconds=1',
      'rpc/t_add?a=1;select',
      't_books?select=title,meta->>lang);drop table t_books;--',
      `t_books?select=${'t_reviews('.repeat(40)}id${')'.repeat(40)}`,
      `t_books?or=${'or('.repeat(40)}id.eq.1${')'.repeat(40)}`,
      't_books?select=title::pg_catalog.text',
      't_books?select=title::text;drop',
      't_books?select=title::nosuchtype',
      't_books?tags=cs.not-an-array',
      't_books?meta=cs.{broken',
    ];
    const accepted: string[] = [];
    for (const path of hostile) {
      const response = await raw(path);
      const text = await response.text();
      if (response.status < 300 || response.status >= 500 || text.length === 0) {
        accepted.push(`${response.status} ${path} ${text.slice(0, 120)}`);
      }
    }
    expect(accepted).toEqual([]);
    // Values are data, never SQL: these match nothing and change nothing.
    for (const path of [
      't_books?title=eq.x%27;drop table t_books;--',
      't_books?"title"=eq.x',
      't_books?title=fts(english).drop',
      't_books?title=like.*%27)%20or%20(1=1',
      't_books?or=(title.eq."x\\",title.eq.\\"y)")',
    ]) {
      const response = await raw(path);
      expect(response.status, path).toBeLessThan(500);
      if (response.status === 200) expect(await response.json(), path).toEqual([]);
    }
    const bodies: [string, string, string][] = [
      ['POST', 't_authors', '{"name":'],
      ['POST', 't_authors', '[1,2,3]'],
      ['POST', 't_authors', '"just a string"'],
      ['POST', 't_authors', '[{"name":"a"},{"country":"b"}]'],
      ['PATCH', 't_authors?id=eq.1', '{"name); drop table t_authors;--":1}'],
      ['PATCH', 't_authors?id=eq.1', 'null'],
      ['POST', 'rpc/t_add', '{"a":"not a number"}'],
      ['POST', 'rpc/t_add', '[1]'],
      ['POST', 't_authors?columns=name);drop table t_authors;--', '{"name":"x"}'],
      ['POST', 't_authors?on_conflict=nope', '{"name":"x"}'],
    ];
    const wrongBodies: string[] = [];
    for (const [method, path, body] of bodies) {
      const response = await raw(path, {
        method,
        body,
        headers: {
          apikey: stack.serviceRoleKey,
          Authorization: `Bearer ${stack.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
      });
      const parsed = (await response.json().catch(() => null)) as { message?: unknown } | null;
      if (response.status < 400 || response.status >= 500 || typeof parsed?.message !== 'string') {
        wrongBodies.push(`${response.status} ${method} ${path} ${body}`);
      }
    }
    expect(wrongBodies).toEqual([]);
    const big = await raw('t_authors', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(big.status).toBe(413);

    const { count } = await service.from('t_books').select('*', { count: 'exact', head: true });
    expect(count).toBe(8);
    const authors = await service.from('t_authors').select('name').order('id');
    expect(authors.data?.map((row) => row.name)).toEqual(['Ada', 'Borges', 'Clarice', 'Dostoevsky', 'Eco']);
  });
});

/** A raw request with the service role (bypasses RLS), for checks that need every row. */
async function asService(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.serviceRoleKey);
  headers.set('Authorization', `Bearer ${stack.serviceRoleKey}`);
  return raw(path, { ...init, headers });
}

async function counter(): Promise<number> {
  const { data } = await service.from('t_counter').select('n').eq('id', 1).single();
  return (data as { n: number }).n;
}

describe('where PostgREST 12 behaves so', () => {
  it('runs GET and HEAD on /rpc read-only: a writing volatile function answers 405 and changes nothing', async () => {
    const start = await counter();
    const head = await raw('rpc/t_bump', { method: 'HEAD' });
    expect(head.status).toBe(405);
    const get = await raw('rpc/t_bump');
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ code: '25006' });
    expect(await counter()).toBe(start);
    const post = await anon.rpc('t_bump');
    expect(post.error).toBeNull();
    expect(post.data).toBe(start + 1);
    expect(await counter()).toBe(start + 1);
  });

  it('runs GET and HEAD on tables and views read-only: a view whose reading writes answers 405 and changes nothing', async () => {
    const start = await counter();
    const get = await raw('t_bumps?select=n');
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({
      code: '25006',
      message: 'cannot execute UPDATE in a read-only transaction',
    });
    const head = await raw('t_bumps', { method: 'HEAD' });
    expect(head.status).toBe(405);
    const asServiceRole = await asService('t_bumps?select=n');
    expect(asServiceRole.status).toBe(405);
    // PostgREST's documented example, answered as PostgREST documents it.
    const callcounter = await asService('t_callcounter');
    expect(callcounter.status).toBe(405);
    expect(await callcounter.json()).toEqual({
      code: '25006',
      details: null,
      hint: null,
      message: 'cannot execute nextval() in a read-only transaction',
    });
    expect(await counter()).toBe(start);
    // Plain reads are unaffected.
    const books = await raw('t_books?select=id&limit=1');
    expect(books.status).toBe(200);
  });

  it('refuses a write past Prefer: handling=strict, max-affected=N with PGRST124 and rolls it back', async () => {
    const body = JSON.stringify({ rating: 1 });
    const headers = { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=2' };
    const over = await asService('t_books?id=in.(1,3,4)', { method: 'PATCH', body, headers });
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
      hint: null,
    });
    const ratings = await service.from('t_books').select('rating').in('id', [1, 3, 4]).order('id');
    expect(ratings.data).toEqual([{ rating: 4.5 }, { rating: 4.9 }, { rating: 4.7 }]);
    const within = await asService('t_books?id=eq.2', {
      method: 'PATCH',
      body: JSON.stringify({ published: true }),
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
    });
    expect(within.status).toBe(204);
    expect(within.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
    const lenient = await asService('t_books?published=eq.true', {
      method: 'PATCH',
      body: JSON.stringify({ published: true }),
      headers: { 'Content-Type': 'application/json', Prefer: 'max-affected=1' },
    });
    expect(lenient.status).toBe(204);
  });

  it('upserts a body of only the conflict columns as an update that returns the row; 200 without an insert', async () => {
    const merged = await service
      .from('t_authors')
      .upsert({ name: 'Dostoevsky' }, { onConflict: 'name' })
      .select('id, name');
    expect(merged.error).toBeNull();
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ id: 4, name: 'Dostoevsky' }]);
    const updated = await service
      .from('t_authors')
      .upsert({ id: 4, name: 'Dostoevsky', country: 'RU' })
      .select('country');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ country: 'RU' }]);
    const inserted = await service
      .from('t_authors')
      .upsert([
        { id: 4, name: 'Dostoevsky', country: null },
        { id: 90, name: 'Upserted', country: null },
      ])
      .select('id');
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual([{ id: 4 }, { id: 90 }]);
    await service.from('t_authors').delete().eq('id', 90);
  });

  it('sends Content-Range on /rpc so count works for set, row and scalar results', async () => {
    const rows = await anon.rpc('t_books_by_author', { p_author: 'Ada' }, { count: 'exact' });
    expect(rows.error).toBeNull();
    expect(rows.count).toBe(2);
    const head = await anon.rpc('t_books_by_author', { p_author: 'Borges' }, { count: 'exact', head: true });
    expect(head.count).toBe(2);
    const scalar = await raw('rpc/t_add?a=1', { headers: { Prefer: 'count=exact' } });
    expect(scalar.headers.get('content-range')).toBe('0-0/1');
  });

  it('reads nxr as "does not extend to the right" (&<) and nxl as "does not extend to the left" (&>)', async () => {
    const nxr = await anon.from('t_slots').select('id').filter('during', 'nxr', '[0,8)');
    expect(nxr.data).toEqual([{ id: 1 }]);
    const nxl = await anon.from('t_slots').select('id').filter('during', 'nxl', '[3,8)');
    expect(nxl.data).toEqual([{ id: 2 }]);
  });

  it('gives PGRST201 details as a list of {cardinality, embedding, relationship}', async () => {
    const response = await raw('t_books?select=title,t_authors(name)');
    expect(response.status).toBe(300);
    expect(await response.json()).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 't_books' and 't_authors'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 't_books with t_authors',
          relationship: 't_books_author_id_fkey using t_books(author_id) and t_authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 't_books with t_authors',
          relationship: 't_books_editor_id_fkey using t_books(editor_id) and t_authors(id)',
        },
      ],
      hint: "Try changing 't_authors' to one of the following: 't_authors!t_books_author_id_fkey', 't_authors!t_books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('refuses the same table embedded twice without distinct aliases (400 42712)', async () => {
    const response = await raw('t_books?select=title,t_authors!author_id(name),t_authors!editor_id(name)');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: '42712' });
    const aliased = await anon
      .from('t_books')
      .select('title, author:t_authors!author_id(name), editor:t_authors!editor_id(name)')
      .eq('id', 3)
      .single();
    expect(aliased.data).toEqual({ title: 'Ficciones', author: { name: 'Borges' }, editor: { name: 'Ada' } });
  });

  it('leaves an embed without columns out of the output and still filters by it', async () => {
    const { data, error } = await anon
      .from('t_books')
      .select('title, t_reviews!inner()')
      .eq('t_reviews.stars', 5)
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Analytical Engines' }, { title: 'Ficciones' }]);
  });

  it('embeds the children and the parent of a self-referencing foreign key', async () => {
    const children = await anon
      .from('t_categories')
      .select('name, t_categories(name)')
      .eq('id', 1)
      .order('id', { referencedTable: 't_categories' })
      .single();
    expect(children.error).toBeNull();
    expect(children.data).toEqual({ name: 'Supplies', t_categories: [{ name: 'Water' }, { name: 'Food' }] });
    const parent = await anon
      .from('t_categories')
      .select('name, parent:parent_id(name)')
      .eq('id', 4)
      .single();
    expect(parent.error).toBeNull();
    expect(parent.data).toEqual({ name: 'Filters', parent: { name: 'Water' } });
  });

  it("embeds through a view using its base table's foreign keys, in both directions", async () => {
    const books = await anon.from('t_book_list').select('title, t_authors(name)').eq('book_id', 5).single();
    expect(books.error).toBeNull();
    expect(books.data).toEqual({ title: 'The Hour of the Star', t_authors: { name: 'Clarice' } });
    const authors = await anon
      .from('t_authors')
      .select('name, t_book_list(title)')
      .eq('name', 'Borges')
      .single();
    expect(authors.error).toBeNull();
    expect(authors.data).toEqual({
      name: 'Borges',
      t_book_list: [{ title: 'Ficciones' }, { title: 'El Aleph' }],
    });
  });

  it('refuses an RPC body with an empty parameter name as a bad request', async () => {
    const response = await raw('rpc/t_unnamed', {
      method: 'POST',
      body: '{"": 1}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST102' });
    const get = await raw('rpc/t_unnamed?=1');
    expect(get.status).toBeGreaterThanOrEqual(400);
    expect(get.status).toBeLessThan(500);
  });

  it('runs a write with Prefer: tx=rollback, answers as usual and rolls it back', async () => {
    const response = await asService('t_authors?select=name', {
      method: 'POST',
      body: JSON.stringify({ name: 'Rolled back' }),
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation, tx=rollback' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([{ name: 'Rolled back' }]);
    expect(response.headers.get('preference-applied')).toContain('tx=rollback');
    const { data } = await service.from('t_authors').select('id').eq('name', 'Rolled back');
    expect(data).toEqual([]);
  });
});

describe("what supabase-js's own postgrest-js tests expect (scripts/postgrest-suite)", () => {
  it('selects, filters and orders by a computed field, which * leaves out', async () => {
    const { data, error } = await anon
      .from('t_books')
      .select('title, t_label')
      .eq('t_label', 'FIC')
      .order('t_label');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Ficciones', t_label: 'FIC' }]);
    const star = await anon.from('t_books').select('*').eq('id', 1).single();
    expect(star.data).not.toHaveProperty('t_label');
  });

  it('aggregates a column grouped by the others, with alias and cast, also inside an embed', async () => {
    const { data } = await anon
      .from('t_books')
      .select('author_id, books:id.count(), total:price.sum()::text, price.max()')
      .in('author_id', [1, 2])
      .order('author_id');
    expect(data).toEqual([
      { author_id: 1, books: 2, total: '15.50', max: 10.5 },
      { author_id: 2, books: 2, total: '23.25', max: 12 },
    ]);
    const nested = await anon.from('t_authors').select('name, t_books!author_id(price.avg())').eq('id', 2);
    expect(nested.data).toEqual([{ name: 'Borges', t_books: [{ avg: 11.625 }] }]);
  });

  it('names a missing column inside an embed as <table>_<depth>, as PostgreSQL does for PostgREST', async () => {
    const { error } = await anon.from('t_authors').select('name, t_books!author_id(nope)');
    expect(error).toMatchObject({ code: '42703', message: 'column t_books_1.nope does not exist' });
  });

  it('answers text/csv and JSON without nulls when asked', async () => {
    const csv = await anon
      .from('t_authors')
      .select('name, country')
      .in('name', ['Borges', 'Clarice'])
      .order('id')
      .csv();
    expect(csv.data).toBe('name,country\nBorges,AR\nClarice,BR');
    const stripped = await anon.from('t_books').select('title, rating').eq('id', 2).stripNulls();
    expect(stripped.data).toEqual([{ title: 'Notes' }]);
  });

  it("counts count=planned from the planner's estimate and explains a statement without running it", async () => {
    const planned = await anon.from('t_books').select('id', { count: 'planned', head: true });
    expect(planned.error).toBeNull();
    expect(typeof planned.count).toBe('number');
    const plan = await anon.from('t_books').select('title').explain({ format: 'json' });
    expect(plan.data).toEqual([expect.objectContaining({ Plan: expect.any(Object) as object })]);
  });

  it('holds a volatile function to max-affected like a write (PGRST124, rolled back)', async () => {
    const response = await raw('rpc/t_price_list', {
      method: 'POST',
      body: JSON.stringify({ p_max: 11 }),
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST124' });
  });

  it('keeps 201 for an upsert that ignored every duplicate', async () => {
    const { status, data } = await service
      .from('t_authors')
      .upsert({ name: 'Ada', country: 'XX' }, { onConflict: 'name', ignoreDuplicates: true })
      .select('name');
    expect(status).toBe(201);
    expect(data).toEqual([]);
  });
});
