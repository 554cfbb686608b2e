/**
 * Build-time helpers shared by the shell and every remote (Node only, never bundled):
 * the singleton list, the ports, and the Rsbuild settings every federated app needs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { rspack, type RsbuildConfig } from '@rsbuild/core';
import { APPS, REMOTE_NAMES, appPort, type AppName } from '@prepper/shared/apps';
import { exposeModules } from '@prepper/shared/apps-build';
import { remoteSecurityHeaders, securityHeaders } from '@prepper/shared/security-headers';

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

const workspaceRoot = resolve(import.meta.dirname, '..', '..');

/**
 * One copy of each in the browser, however many remotes load. supabase-js is not among them: only
 * @prepper/shared uses it (the one client), and the shell's copy of @prepper/shared loads it as its own
 * lazy chunk when the client is first needed, from the shell's origin, whichever remotes are up or down.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'nanostores',
  '@nanostores/react',
  '@prepper/shared',
] as const;

/** A singleton as Module Federation takes it: one copy, and the version range this app needs. */
export interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
  /** A copy outside the range is refused (the remote's slot shows its fallback), not used anyway. */
  strictVersion: true;
  /** Built with only these exports (Module Federation shared tree shaking). */
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
}

/**
 * The react-router-dom exports the apps use. The shell's copy (the singleton every remote gets) is built with
 * only these (Module Federation shared tree shaking: 15 kB gzip instead of 60), so an app that starts using
 * another export adds it here; router-exports.test.ts fails until it does.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
];

/** The catalog of pnpm-workspace.yaml (`name: range` lines under `catalog:`). */
function workspaceCatalog(): Record<string, string> {
  const lines = readFileSync(join(workspaceRoot, 'pnpm-workspace.yaml'), 'utf8').split('\n');
  const catalog: Record<string, string> = {};
  let inCatalog = false;
  for (const line of lines) {
    if (/^\S/.test(line)) inCatalog = line.trim() === 'catalog:';
    const entry = inCatalog ? /^\s+'?([^':]+)'?:\s*(\S+)/.exec(line) : null;
    if (entry) catalog[entry[1]!] = entry[2]!;
  }
  return catalog;
}

/**
 * The version range `app` needs of `dependency`, from its package.json: `catalog:` resolves to the
 * workspace catalog, `workspace:^1.0.0` to `^1.0.0`. The range is what the app was written against, so
 * a shell or remote deployed with a copy outside it is refused at run time instead of misbehaving.
 */
export function requiredRange(app: AppName, dependency: string): string {
  const manifestFile = join(workspaceRoot, APPS[app].dir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const spec = manifest.dependencies?.[dependency];
  if (!spec)
    throw new Error(`${manifestFile} must list ${dependency} in its dependencies (a shared singleton)`);
  const range = spec === 'catalog:' ? workspaceCatalog()[dependency] : spec.replace(/^workspace:/, '');
  if (!range || ['*', '^', '~'].includes(range)) {
    throw new Error(
      `${manifestFile}: give ${dependency} a version range (e.g. "workspace:^1.0.0"), not "${spec}"`,
    );
  }
  return range;
}

/**
 * The size work (the shell providing one federation runtime, its ES module build, the runtime's
 * optimisations) is for production builds. `rsbuild dev` keeps the plain runtime: with hot reload and
 * React Refresh in the module graph those settings leave the runtime half-resolved in the browser.
 */
const PRODUCTION = process.env.NODE_ENV === 'production';

/**
 * The shared singletons of `app`, each with the range the app declares and a strict version check. The
 * server build (`forServer`) shares whole packages: tree shaking is for the browser's bytes.
 */
export function sharedDependencies(app: AppName, forServer = false): Record<string, SharedSingleton> {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [
      name,
      {
        singleton: true,
        requiredVersion: requiredRange(app, name),
        strictVersion: true,
        ...(PRODUCTION && !forServer && name === 'react-router-dom'
          ? { treeShaking: { mode: 'runtime-infer' as const, usedExports: [...ROUTER_EXPORTS] } }
          : {}),
      },
    ]),
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
      shared: sharedDependencies(app),
      // The shell's own singletons are the ones every page uses: sharing starts without first loading
      // the remotes' entries to compare versions. 'version-first' would make the shell's first render wait
      // for the entry of each remote registered by then, i.e. the ones the page's HTML names for preloading
      // (shell/src/lib/route-preload.ts); remotes registered later never took part in that comparison.
      shareStrategy: 'loaded-first',
      dts: false,
      // The shell provides the federation runtime once for every remote (browser code only).
      experiments: PRODUCTION ? { provideExternalRuntime: true, optimization: { target: 'web' } } : {},
    };
  }
  return {
    name: app,
    exposes: exposeModules(app),
    shared: sharedDependencies(app),
    dts: false,
    // In production the shell provides the federation runtime; a remote running on its own in dev
    // carries its own. A remote loads no remote and no manifest itself: its entry leaves that code out.
    experiments: PRODUCTION
      ? {
          externalRuntime: true,
          optimization: { target: 'web', disableSnapshot: true, disableRemote: true },
        }
      : {},
  };
}

/**
 * The same app's options for its Node build (the server rendering, `pluginModuleFederation(..., { target:
 * 'node' })`): the same name, exposes and singletons, whole packages shared, and no external runtime (on
 * the server the federation runtime comes with each build, and the @module-federation/node runtime plugin
 * the Rsbuild plugin adds loads a remote's server chunks over HTTP from where its manifest is).
 */
export function serverFederationOptions(app: AppName): FederationOptions {
  const browser = federationOptions(app);
  return {
    ...browser,
    shared: sharedDependencies(app, true),
    experiments: {},
    ...(app === 'shell' ? { manifest: false } : {}),
  };
}

/** Where an app's Node build goes, inside its dist (published with the browser build). */
export const SERVER_DIST_DIR = 'server';

/**
 * The Rsbuild environments of an app that also renders on the server: `web` (the browser build, as
 * before) and `node` (the server build in dist/server/, CommonJS). `serverEntry` is the shell's render
 * entry; a remote's server build is only its federation container (remoteEntry.js), so its entry is empty.
 */
export function serverEnvironments(serverEntry?: string): NonNullable<RsbuildConfig['environments']> {
  const root = process.env.DIST_DIR || 'dist';
  return {
    // process.env.SERVER_RENDER: code only the server runs is left out of the browser's bundles.
    web: {
      source: { define: { 'process.env.SERVER_RENDER': JSON.stringify('false') } },
      // A module only the server needs (`x.server.ts`) is `x.browser.ts` in the browser's bundle.
      tools: { rspack: (_config, { appendPlugins }) => appendPlugins(serverOnlyModules()) },
    },
    node: {
      source: {
        ...(serverEntry ? { entry: { index: serverEntry } } : { entry: {} }),
        define: { 'process.env.SERVER_RENDER': JSON.stringify('true') },
      },
      output: {
        target: 'node',
        distPath: { root: `${root}/${SERVER_DIST_DIR}` },
        // Only the browser build ships a stylesheet; the server build needs the class names alone.
        emitCss: false,
        minify: false,
        assetPrefix: '/',
        cleanDistPath: false,
      },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      tools: { rspack: { plugins: [] } },
    },
  };
}

const SERVER_MODULE = /\.server\.tsx?$/;

/** Replaces each `x.server.ts` with its sibling `x.browser.ts` (the browser build's stand-in). */
function serverOnlyModules() {
  return new rspack.NormalModuleReplacementPlugin(SERVER_MODULE, (data) => {
    const file = data.createData?.resource;
    if (file && SERVER_MODULE.test(file))
      data.createData!.resource = file.replace(SERVER_MODULE, '.browser.ts');
  });
}

/**
 * Finishes an app's server build: dist/server/package.json marks its files CommonJS (the apps' own
 * package.json says "type": "module"), and a remote's browser manifest names the server's remote entry
 * (`metaData.ssrRemoteEntry`, the field the federation runtime reads on Node), so the shop's server finds
 * a remote's server build from the same manifest URL in /config.json as the browser. The Rsbuild plugin
 * merges the two manifests only when one plugin instance builds both, which a node-target instance beside
 * a web one does not.
 */
export function pluginServerBuild() {
  return {
    name: 'readystock:server-build',
    setup(api: { onAfterBuild: (callback: () => void) => void }) {
      api.onAfterBuild(() => {
        const root = resolve(process.env.DIST_DIR || 'dist');
        const serverDir = join(root, SERVER_DIST_DIR);
        if (!existsSync(serverDir)) return;
        writeFileSync(join(serverDir, 'package.json'), '{ "type": "commonjs" }\n');
        const browserFile = join(root, 'mf-manifest.json');
        const serverFile = join(serverDir, 'mf-manifest.json');
        if (!existsSync(browserFile) || !existsSync(serverFile)) return;
        const browser = JSON.parse(readFileSync(browserFile, 'utf8')) as {
          metaData: Record<string, unknown>;
        };
        const server = JSON.parse(readFileSync(serverFile, 'utf8')) as {
          metaData: { remoteEntry: { name: string; path: string } };
        };
        const entry = server.metaData.remoteEntry;
        browser.metaData.ssrRemoteEntry = {
          name: entry.name,
          path: entry.path ? `${SERVER_DIST_DIR}/${entry.path}` : SERVER_DIST_DIR,
          type: 'commonjs-module',
        };
        writeFileSync(browserFile, `${JSON.stringify(browser, null, 2)}\n`);
      });
    },
  };
}

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

/** The CommonJS builds of the federation runtime's packages (`dist/*.cjs`). */
const FEDERATION_RUNTIME_CJS =
  /[\\/]@module-federation[\\/](runtime|runtime-core|runtime-tools|sdk|webpack-bundler-runtime)[\\/]dist[\\/].+\.cjs$/;

/**
 * Rspack's Module Federation plugin puts the federation runtime into every app through `require.resolve`,
 * i.e. the packages' CommonJS builds, which cannot be tree-shaken: every export of @module-federation/sdk and
 * the bundler runtime ships. This takes their ES module builds (same version, same package, the `import` side
 * of their `exports`) instead, so only what runs is bundled: about 5 kB gzip less in the shell's entry and 6
 * kB less in each remote's remoteEntry, which counts against every page's size budget. The shell and the
 * remotes must all build with it alike, which `appRsbuildConfig` ensures.
 */
export function federationRuntimeAsEsm() {
  return new rspack.NormalModuleReplacementPlugin(FEDERATION_RUNTIME_CJS, (data) => {
    const file = data.createData?.resource;
    if (file && FEDERATION_RUNTIME_CJS.test(file)) data.createData!.resource = file.replace(/\.cjs$/, '.js');
  });
}

/**
 * The options every app passes to `pluginReact`. React Refresh instruments the app's own code only: the
 * Module Federation plugin adds `@module-federation` to what Refresh transforms, and a remote running on
 * its own in `rsbuild dev` then fails before it renders ("$ReactRefreshRuntime$.refresh is not a
 * function", the runtime's modules half-initialised). Nothing in node_modules is a React component we
 * edit, so nothing there needs Refresh.
 */
export const REACT_PLUGIN_OPTIONS = {
  reactRefreshOptions: { exclude: [/[\\/]node_modules[\\/]/] },
};

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
          // A module every expose uses but smaller than Rspack's minimum split-chunk size (the remote's
          // texts) would otherwise be copied into each expose's chunk, and a page that mounts two exposes
          // (the category nav and a page) would download it twice: its own chunk instead, with
          // `@prepper/shared/format` (formatCount), which the texts use.
          performance: {
            chunkSplit: {
              strategy: 'split-by-experience',
              // The data layer (@nanostores/query and the remote's query context) likewise.
              forceSplitting: {
                'lib-query':
                  /[\\/](@nanostores[\\/]query|shared[\\/]src[\\/]query|src[\\/]lib[\\/]query\.ts)/,
              },
              override: {
                cacheGroups: {
                  texts: {
                    test: /[\\/](src[\\/]texts|shared[\\/]src[\\/]format)\.ts$/,
                    name: 'texts',
                    chunks: 'async',
                    minSize: 0,
                    enforce: true,
                  },
                },
              },
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
    // Every browser build says it is one (@prepper/shared/query reads it); an app that also builds for
    // Node sets 'true' in its node environment (serverEnvironments).
    source: { define: { 'process.env.SERVER_RENDER': JSON.stringify('false') } },
    tools: {
      ...remoteScope.tools,
      rspack: { plugins: PRODUCTION ? [federationRuntimeAsEsm()] : [] },
    },
    server: {
      port,
      strictPort: true,
      cors: { origin: '*' },
      headers: { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: true,
      // /config.json for `rsbuild dev` and `rsbuild preview` (tools/serve builds its own for npm start),
      // and the security headers npm start sends, the policy built from that configuration but only
      // reported (a refusal shows in the console without stopping work on a page).
      setup: ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const headers =
            app === 'shell'
              ? securityHeaders(devRuntimeConfig(), { dev: true })
              : remoteSecurityHeaders({ dev: true });
          for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
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
      // DIST_DIR builds into another folder, e.g. a new version beside the one being served.
      distPath: { root: process.env.DIST_DIR || 'dist' },
      cleanDistPath: true,
    },
  };
}
