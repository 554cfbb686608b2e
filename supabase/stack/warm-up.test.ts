// Which tables the warm-up reads into the buffer cache (readTablesIntoCache): in their order, while
// together they take at most half the cache; one that would pass it is skipped, and a later smaller one
// may still fit. (The reading itself: warm-up.integration.test.ts.)
import { describe, expect, it } from 'vitest';
import { CACHED_TABLES, tablesThatFit } from './warm-up.ts';

const MB = 1024 * 1024;

describe('the tables read into the cache', () => {
  it('are the products and the audit log, the products first', () => {
    expect(CACHED_TABLES).toEqual(['public.products', 'public.audit_log']);
  });

  it('fit together in half the cache, in order, skipping one that does not', () => {
    const scale = [
      { name: 'public.products', bytes: 121 * MB },
      { name: 'public.audit_log', bytes: 22 * MB },
    ];
    expect(tablesThatFit(scale, 512 * MB)).toEqual(['public.products', 'public.audit_log']);
    // PGlite's default 128 MB: the products would take 95 % of it.
    expect(tablesThatFit(scale, 128 * MB)).toEqual(['public.audit_log']);
    expect(tablesThatFit(scale, 250 * MB)).toEqual(['public.products']);
    expect(tablesThatFit(scale, 0)).toEqual([]);
  });
});
