// The stack keeps its data: written rows survive a stop and start on the same data directory, the
// seed is applied only on a brand-new database, and runtime.json carries the same keys.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../test/harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'stack-persistence-'));
let running: TestStack | null = null;

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Runtime {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
}

describe('persistence', () => {
  it('keeps written data, applies the seed once and keeps its keys across restarts', async () => {
    running = await startTestStack({ dataDir });
    const first = JSON.parse(readFileSync(join(dataDir, 'runtime.json'), 'utf8')) as Runtime;
    expect(first).toEqual({
      url: running.url,
      anonKey: running.anonKey,
      serviceRoleKey: running.serviceRoleKey,
      jwtSecret: running.jwtSecret,
    });
    const seeded = await running.anonClient().from('categories').select('*', { count: 'exact', head: true });
    expect(seeded.error).toBeNull();
    const seededCount = seeded.count ?? 0;
    expect(seededCount).toBeGreaterThan(0);

    const inserted = await running
      .serviceClient()
      .from('categories')
      .insert({ name: 'Persistence Check', slug: 'persistence-check', description: 'kept across restarts' })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    await running.stop();
    running = null;
    expect(existsSync(join(dataDir, 'stack.pid'))).toBe(false);

    running = await startTestStack({ dataDir });
    const second = JSON.parse(readFileSync(join(dataDir, 'runtime.json'), 'utf8')) as Runtime;
    expect(second.anonKey).toBe(first.anonKey);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const again = await running
      .anonClient()
      .from('categories')
      .select('name, description', { count: 'exact' })
      .eq('slug', 'persistence-check')
      .single();
    expect(again.data).toEqual({ name: 'Persistence Check', description: 'kept across restarts' });
    const total = await running.anonClient().from('categories').select('*', { count: 'exact', head: true });
    expect(total.count).toBe(seededCount + 1);
  });

  it('refuses a second stack on the same data directory', async () => {
    expect(running).not.toBeNull();
    await expect(startTestStack({ dataDir })).rejects.toThrow(/Another stack/);
  });
});
