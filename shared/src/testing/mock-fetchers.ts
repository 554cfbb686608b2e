import type { Query } from '../query';

function isQuery(value: unknown): value is Query<unknown[], unknown> {
  return typeof value === 'object' && value !== null && 'fetch' in value && 'use' in value;
}

/**
 * For `vi.mock(path, async (importOriginal) => mockFetchers(await importOriginal(), { getX: vi.fn() }))`:
 * the api module as it is, with its fetchers replaced, also inside the queries (and hooks) built on them,
 * so a page under test reads through the real data layer from the fake fetchers.
 */
export function mockFetchers(actual: unknown, fetchers: Record<string, unknown>): Record<string, unknown> {
  const module = actual as Record<string, unknown>;
  for (const [name, replacement] of Object.entries(fetchers)) {
    const original = module[name];
    for (const value of Object.values(module)) {
      if (isQuery(value) && value.fetch === original)
        value.fetch = replacement as Query<unknown[], unknown>['fetch'];
    }
  }
  return { ...module, ...fetchers };
}
