/**
 * Build-time helpers shared by the shell and every remote (Node only, never bundled):
 * the singleton list, the ports, and the Rsbuild settings every federated app needs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RsbuildConfig } from '@rsbuild/core';

export const APP_PORTS = {
  shell: 3000,
  catalog: 3001,
  cart: 3002,
  search: 3003,
  account: 3004,
  admin: 3005,
} as const;

export type AppName = keyof typeof APP_PORTS;

/** One copy of each in the browser, however many remotes load. */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'nanostores',
  '@nanostores/react',
  '@supabase/supabase-js',
  '@prepper/shared',
] as const;

export function sharedDependencies(): Record<string, { singleton: true; requiredVersion: false | string }> {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [name, { singleton: true as const, requiredVersion: false as const }]),
  );
}

const workspaceRoot = resolve(import.meta.dirname, '..', '..');

/**
 * The runtime configuration a dev server serves as /config.json: the local stack's URL and anon key
 * (never the service key) and every remote's dev manifest.
 */
export function devRuntimeConfig(): Record<string, unknown> {
  const runtimeFile = join(workspaceRoot, 'supabase', '.local', 'db', 'runtime.json');
  const stack = existsSync(runtimeFile)
    ? (JSON.parse(readFileSync(runtimeFile, 'utf8')) as { url: string; anonKey: string })
    : { url: 'http://localhost:54321', anonKey: '' };
  const remotes = Object.fromEntries(
    (Object.keys(APP_PORTS) as AppName[])
      .filter((name) => name !== 'shell')
      .map((name) => [name, `http://localhost:${APP_PORTS[name]}/mf-manifest.json`]),
  );
  return { supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey, remotes };
}

/** Rsbuild settings common to every app: its port, CORS for cross-origin loading, Tailwind, /config.json in dev. */
export function appRsbuildConfig(app: AppName): RsbuildConfig {
  const port = Number(process.env.PORT ?? APP_PORTS[app]);
  return {
    server: {
      port,
      strictPort: true,
      cors: { origin: '*' },
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: true,
    },
    dev: {
      assetPrefix: 'auto',
      setupMiddlewares: (middlewares) => {
        middlewares.unshift((req, res, next) => {
          if (req.url?.split('?')[0] !== '/config.json') return next();
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(devRuntimeConfig()));
        });
      },
    },
    output: {
      assetPrefix: 'auto',
      cleanDistPath: true,
    },
  };
}
