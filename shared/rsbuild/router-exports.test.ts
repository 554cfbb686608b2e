import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTER_EXPORTS } from './index';

const root = resolve(import.meta.dirname, '..', '..');
const APP_SOURCES = ['shell', 'mf-catalog', 'mf-cart', 'mf-search', 'mf-account', 'mf-admin', 'shared'].map(
  (dir) => join(root, dir, 'src'),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // The shell's server renderer (src/server/) shares the whole package: tree shaking is the browser's.
    if (entry.isDirectory()) return entry.name === 'server' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Value imports from react-router-dom in the apps' code (tests run on their own copy, unshared). */
function routerImports(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of APP_SOURCES.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router-dom'/g)) {
      if (match[1]) continue;
      for (const part of (match[2] ?? '').split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (!name || name.startsWith('type ')) continue;
        used.set(name, [...(used.get(name) ?? []), file.slice(root.length + 1)]);
      }
    }
    if (
      /import\s+\*\s+as\s+\w+\s+from\s+'react-router-dom'|import\s+\w+\s+from\s+'react-router-dom'/.test(text)
    ) {
      used.set('*', [...(used.get('*') ?? []), file.slice(root.length + 1)]);
    }
  }
  return used;
}

describe('the shared react-router-dom, tree-shaken to ROUTER_EXPORTS', () => {
  it('has every export the apps import (a missing one would be undefined in a remote at runtime)', () => {
    const used = routerImports();
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used.entries()]
      .filter(([name]) => !ROUTER_EXPORTS.includes(name))
      .map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });
});
