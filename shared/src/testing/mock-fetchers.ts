import type { Mutation, Query } from '../query';

function isQuery(value: unknown): value is Query<unknown[], unknown> {
  return typeof value === 'object' && value !== null && 'fetch' in value && 'use' in value;
}

function isMutation(value: unknown): value is Mutation<unknown[], unknown> {
  return typeof value === 'object' && value !== null && 'call' in value && 'use' in value;
}

/**
 * For `vi.mock(path, async (importOriginal) => mockFetchers(await importOriginal(), { getX: vi.fn() }))`:
 * the api module as it is, with its fetchers (and write calls) replaced, also inside the queries,
 * mutations and hooks built on them, so a page under test reads and writes through the real data layer
 * with the fakes.
 */
export function mockFetchers(actual: unknown, fetchers: Record<string, unknown>): Record<string, unknown> {
  const module = actual as Record<string, unknown>;
  for (const [name, replacement] of Object.entries(fetchers)) {
    const original = module[name];
    for (const value of Object.values(module)) {
      if (isQuery(value) && value.fetch === original)
        value.fetch = replacement as Query<unknown[], unknown>['fetch'];
      if (isMutation(value) && value.call === original)
        value.call = replacement as Mutation<unknown[], unknown>['call'];
    }
  }
  return { ...module, ...fetchers };
}
