// The storefront search (search_products, search_suggestions) on the seed catalogue and on products made
// here: relevance (name over tags over description, the whole query in the name first), word prefixes,
// misspelt words, suggestions for a search that finds nothing, and the vocabulary kept by triggers.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../harness.ts';

let stack: TestStack;
let anon: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  anon = stack.anonClient();
});

afterAll(async () => {
  await stack?.stop();
});

async function search(query: string, limit = 6): Promise<string[]> {
  const { data, error } = await anon.rpc('search_products', { p_query: query, p_limit: limit });
  expect(error).toBeNull();
  return (data as { name: string }[]).map((row) => row.name);
}

async function suggestions(query: string): Promise<string[]> {
  const { data, error } = await anon.rpc('search_suggestions', { p_query: query });
  expect(error).toBeNull();
  return data as string[];
}

describe('search on the seed catalogue', () => {
  it.each([
    ['sattelite phone', /Satellite Phone$/],
    ['two way radio', /^Midland GXT1000 Two-Way Radio Pair$/],
    ['Two-Way Radio', /^Midland GXT1000 Two-Way Radio Pair$/],
    ['flashlite', /Flashlight$/],
    ['headlamp', /Headlamp$/],
    ['water filter', /Water Filter$/],
    ['satel', /Satellite/],
    ['LifeStraw', /^LifeStraw Personal Water Filter$/],
  ])('"%s" puts a matching product first', async (query, first) => {
    const names = await search(query);
    expect(names[0]).toMatch(first);
  });

  it('ranks every product named "radio" above one that only mentions it', async () => {
    const names = await search('radio', 50);
    const named = names.filter((name) => /\bradio\b/i.test(name));
    expect(named.length).toBeGreaterThanOrEqual(4);
    expect(names.slice(0, named.length)).toEqual(named);
    expect(names.indexOf('Jackery Explorer 1000 Plus Power Station')).not.toBe(0);
  });

  it('needs every word, and answers nothing under 3 characters', async () => {
    expect(await search('satellite zebra')).toEqual([]);
    expect(await search('ra')).toEqual([]);
    expect(await search('  !!  ')).toEqual([]);
  });

  it('suggests the closest words when nothing is found', async () => {
    expect(await search('lantrnx')).toEqual([]);
    expect((await suggestions('lantrnx'))[0]).toBe('lantern');
    expect(await suggestions('solar lantrnx')).toContain('solar lantern');
    expect(await suggestions('qqqqzzzz')).toEqual([]);
    // Words that find something are kept as they are; a query that finds things has nothing to offer.
    expect(await suggestions('radio')).toEqual([]);
  });
});

describe('relevance and the vocabulary on new products', () => {
  it('a word in the name ranks over a tag, a tag over the description, then by rating', async () => {
    const word = `quokkatron${Date.now() % 100000}`;
    const { rows } = await stack.db.query<{ id: string }>(`select id from public.categories limit 1`);
    const category = rows[0]!.id;
    const insert = (name: string, description: string, tags: string[], rating: number) =>
      stack.db.query(
        `insert into public.products (name, price, description, category_id, image_url, tags, rating)
         values ($1, 10, $2, $3, '/x.svg', $4, $5)`,
        [name, description, category, tags, rating],
      );
    await insert('Plain Crate', `Works with the ${word}.`, [], 5);
    await insert('Tagged Crate', 'A crate.', [word], 4);
    await insert(`The ${word} Crate`, 'A crate.', [], 1);
    await insert(`Another ${word}`, 'A crate.', [], 3);
    expect(await search(word)).toEqual([
      `Another ${word}`,
      `The ${word} Crate`,
      'Tagged Crate',
      'Plain Crate',
    ]);
    // The new word joined the vocabulary, so a typo of it finds the products too.
    const typo = word.replace('quokka', 'qoukka');
    expect((await search(typo))[0]).toBe(`Another ${word}`);
  });
});
