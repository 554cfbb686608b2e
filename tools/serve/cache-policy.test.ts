import { describe, expect, it } from 'vitest';
import { cacheControlFor } from './cache-policy.ts';

describe('cacheControlFor', () => {
  it.each([
    ['/index.html', 'no-cache'],
    ['/', 'no-cache'],
    ['/category/communication', 'no-cache'],
    ['/mf-manifest.json', 'no-cache'],
    ['/remoteEntry.js', 'no-cache'],
    ['/static/js/main.1234.js', 'public, max-age=31536000, immutable'],
    ['/favicon.ico', 'public, max-age=300'],
  ])('%s -> %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
