/**
 * Build-time helpers shared by the shell and every remote (Node only, never bundled):
 * the singleton list, the ports, and the Rsbuild settings every federated app needs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import type { RsbuildConfig } from '@rsbuild/core';
import { REMOTE_NAMES, appPort, exposeModules, type AppName } from '../src/apps';

export { appPort, type AppName };

/** Minimal PostCSS shapes the scoping plugin touches (PostCSS itself comes with Rsbuild). */
interface CssNode {
  type: string;
  parent?: CssNode;
}
interface CssRule extends CssNode {
  selectors: string[];
}
interface CssAtRule extends CssNode {
  name: string;
  params: string;
  walkRules(callback: (rule: CssRule) => void): void;
}
interface CssRoot {
  walkAtRules(name: string, callback: (atRule: CssAtRule) => void): void;
}

/** The attribute the shell puts on the wrapper of every remote slot (and a standalone remote on <html>). */
export const REMOTE_SCOPE_ATTRIBUTE = 'data-mf';

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

type FederationOptions = Parameters<typeof createModuleFederationConfig>[0];

/**
 * An app's Module Federation options, from the app registry (`shared/src/apps.ts`): its name, its
 * exposes (`./src/exposes/<kebab-name>.tsx`) and the shared singletons. The shell knows no remote at
 * build time; they come from /config.json at run time.
 */
export function federationOptions(app: AppName): FederationOptions {
  if (app === 'shell') {
    return {
      name: app,
      remotes: {},
      shared: sharedDependencies(),
      dts: false,
      // The shell provides the federation runtime once for every remote.
      experiments: { provideExternalRuntime: true },
    };
  }
  return {
    name: app,
    exposes: exposeModules(app),
    shared: sharedDependencies(),
    dts: false,
    // In production the shell provides the federation runtime; a remote running on its own in dev
    // carries its own.
    experiments: { externalRuntime: process.env.NODE_ENV === 'production' },
  };
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
    REMOTE_NAMES.map((name) => [name, `http://localhost:${appPort(name)}/mf-manifest.json`]),
  );
  return { supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey, remotes };
}

/**
 * Every app ships its own Tailwind utilities. On one page those stylesheets arrive in any order, so a
 * later sheet's `sm:` rule would beat an earlier sheet's `lg:` rule of the same specificity and break
 * responsive layouts. A remote's utilities are therefore scoped to its slot (`[data-mf="cart"] .px-4`):
 * inside its slot a remote's own rules always win, in their own order, and they never touch the shell's
 * or another remote's elements. The shell's utilities stay unscoped (lowest priority).
 */
export function scopeUtilitiesPlugin(scope: string) {
  const prefix = `[${REMOTE_SCOPE_ATTRIBUTE}="${scope}"]`;
  return {
    postcssPlugin: 'readystock-scope-utilities',
    Once(root: CssRoot) {
      root.walkAtRules('layer', (layer) => {
        if (layer.params !== 'utilities' && layer.params !== 'components') return;
        layer.walkRules((rule) => {
          // Rules directly in the layer or in its @media/@supports; rules nested in a rule follow their parent.
          let parent = rule.parent;
          while (parent && parent.type === 'atrule' && (parent as CssAtRule).name !== 'layer')
            parent = parent.parent;
          if (parent !== layer) return;
          rule.selectors = rule.selectors.map((selector) =>
            selector.startsWith(prefix) ? selector : `${prefix} ${selector}`,
          );
        });
      });
    },
  };
}

/** Rsbuild settings common to every app: its port, CORS for cross-origin loading, Tailwind, /config.json in dev. */
export function appRsbuildConfig(app: AppName): RsbuildConfig {
  const port = Number(process.env.PORT ?? appPort(app));
  const remoteScope: RsbuildConfig =
    app === 'shell'
      ? {}
      : {
          tools: {
            postcss: (_options, { addPlugins }) => {
              addPlugins(scopeUtilitiesPlugin(app));
            },
          },
          // Running on its own, the whole page is the remote's slot.
          html: {
            tags: [
              {
                tag: 'script',
                head: true,
                append: false,
                children: `document.documentElement.setAttribute(${JSON.stringify(REMOTE_SCOPE_ATTRIBUTE)}, ${JSON.stringify(app)});`,
              },
            ],
          },
        };
  return {
    ...remoteScope,
    server: {
      port,
      strictPort: true,
      cors: { origin: '*' },
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: true,
      // /config.json for `rsbuild dev` and `rsbuild preview` (serve.mjs builds its own for npm start).
      setup: ({ server }) => {
        server.middlewares.use((req, res, next) => {
          if (req.url?.split('?')[0] !== '/config.json') return next();
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify(devRuntimeConfig()));
        });
      },
    },
    dev: {
      assetPrefix: app === 'shell' ? '/' : 'auto',
    },
    output: {
      // The shell is served at the root of its origin and answers every route with index.html, so its
      // assets must be absolute: a relative 'static/js/...' would resolve under /category/... on deep links.
      // Remotes keep 'auto' so their chunks load from their own origin.
      assetPrefix: app === 'shell' ? '/' : 'auto',
      cleanDistPath: true,
    },
  };
}
