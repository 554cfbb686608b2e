import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { remoteManifests, runtimeConfigFrom } from './runtime-config.ts';

const dir = mkdtempSync(join(tmpdir(), 'runtime-config-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runtimeConfigFrom', () => {
  it('takes the public values of the stack and every remote manifest, never the service role key', () => {
    const stackRuntimeFile = join(dir, 'runtime.json');
    writeFileSync(
      stackRuntimeFile,
      JSON.stringify({ url: 'http://localhost:54321', anonKey: 'anon', serviceRoleKey: 'service' }),
    );
    const config = runtimeConfigFrom({
      stackRuntimeFile,
      env: { REMOTE_CART_URL: 'https://cart.example.com/mf-manifest.json' },
    });
    expect(config).toEqual({
      supabaseUrl: 'http://localhost:54321',
      supabaseAnonKey: 'anon',
      remotes: {
        catalog: 'http://localhost:3001/mf-manifest.json',
        cart: 'https://cart.example.com/mf-manifest.json',
        search: 'http://localhost:3003/mf-manifest.json',
        account: 'http://localhost:3004/mf-manifest.json',
        admin: 'http://localhost:3005/mf-manifest.json',
      },
    });
    expect(JSON.stringify(config)).not.toContain('service');
  });

  it('reads SHOP_CONFIG_FILE as it is, and says where it looked when nothing is configured', () => {
    const file = join(dir, 'shop.json');
    writeFileSync(file, '{"supabaseUrl":"https://x.supabase.co"}');
    expect(runtimeConfigFrom({ env: { SHOP_CONFIG_FILE: file } })).toEqual({
      supabaseUrl: 'https://x.supabase.co',
    });
    expect(() => runtimeConfigFrom({ stackRuntimeFile: join(dir, 'none.json'), env: {} })).toThrow(
      /none\.json/,
    );
  });

  it('lists SHOP_IMAGE_ORIGINS as image origins, and nothing when it is empty', () => {
    const stackRuntimeFile = join(dir, 'runtime.json');
    writeFileSync(stackRuntimeFile, JSON.stringify({ url: 'http://localhost:54321', anonKey: 'anon' }));
    const withImages = runtimeConfigFrom({
      stackRuntimeFile,
      env: { SHOP_IMAGE_ORIGINS: 'https://img.example.com, https://cdn.example.net' },
    });
    expect(withImages).toMatchObject({
      imageOrigins: ['https://img.example.com', 'https://cdn.example.net'],
    });
    expect(runtimeConfigFrom({ stackRuntimeFile, env: { SHOP_IMAGE_ORIGINS: ' ' } })).not.toHaveProperty(
      'imageOrigins',
    );
  });

  it('builds manifest URLs on another port base', () => {
    expect(remoteManifests({}, (name) => (name === 'admin' ? 4005 : 4001)).admin).toBe(
      'http://localhost:4005/mf-manifest.json',
    );
  });
});
