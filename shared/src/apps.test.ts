import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  APP_NAMES,
  APPS,
  REMOTE_NAMES,
  appPort,
  matchesRoutePattern,
  remoteExposesForPath,
  remoteOverlays,
  remotePages,
} from './apps';
import { appOrigins } from './app-origins';
import { appPackage, exposeFile, exposeModules } from './apps-build';
import { reorderPath, SUPPLIES_PATH } from './domain/supplies';
import { routePatterns } from './routes';

const workspace = resolve(import.meta.dirname, '..', '..');

describe('the app registry', () => {
  it('names the shell and five remotes on ports 3000-3005, or on any base', () => {
    expect(APP_NAMES).toEqual(['shell', 'catalog', 'cart', 'search', 'account', 'admin']);
    expect(REMOTE_NAMES).not.toContain('shell');
    expect(APP_NAMES.map((name) => appPort(name))).toEqual([3000, 3001, 3002, 3003, 3004, 3005]);
    expect(appPort('cart', 4400)).toBe(4402);
  });

  it("gives every app's origin at a port base on both local host names, for the stack's CORS", () => {
    const origins = appOrigins(4900);
    expect(origins).toHaveLength(APP_NAMES.length * 2);
    expect(origins).toContain('http://localhost:4900');
    expect(origins).toContain('http://127.0.0.1:4905');
    expect(appOrigins()).toContain('http://localhost:3001');
  });

  it('matches the workspace: each app is a folder whose package is @prepper/<folder>', () => {
    for (const name of APP_NAMES) {
      const manifest = JSON.parse(readFileSync(join(workspace, APPS[name].dir, 'package.json'), 'utf8'));
      expect(manifest.name).toBe(appPackage(name));
    }
  });

  it('finds every expose module where the build will look for it', () => {
    expect(exposeFile('CartOverlay')).toBe('./src/exposes/cart-overlay.tsx');
    expect(exposeModules('catalog')['./CategoryNav']).toBe('./src/exposes/category-nav.tsx');
    for (const name of REMOTE_NAMES) {
      for (const file of Object.values(exposeModules(name))) {
        expect(existsSync(join(workspace, APPS[name].dir, file)), `${name}: ${file}`).toBe(true);
      }
    }
  });

  it('mounts pages on the route patterns of routes.ts, admin full page, each path once', () => {
    const pages = remotePages();
    expect(pages.find((page) => page.expose === 'ProductPage')?.path).toBe(routePatterns.product);
    expect(pages.find((page) => page.remote === 'admin')).toMatchObject({ path: '/admin/*', frame: 'full' });
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
    const patterns = new Set<string>(Object.values(routePatterns));
    // My Supplies and the reorder page are written in the registry as their paths (routes.ts is part of
    // the shell's first load); @prepper/shared/supplies links to the same addresses.
    const ownPaths = new Set([SUPPLIES_PATH, new URL(reorderPath([]), 'http://shop').pathname]);
    for (const page of pages)
      expect(patterns.has(page.path) || ownPaths.has(page.path), page.path).toBe(true);
    expect(pages.filter((page) => ownPaths.has(page.path)).map((page) => page.expose)).toEqual([
      'ReorderPage',
      'SuppliesPage',
    ]);
  });

  it('has one remote per overlay of the bus', () => {
    expect(remoteOverlays().map(({ name, remote }) => [name, remote])).toEqual([
      ['cart', 'cart'],
      ['search', 'search'],
      ['auth', 'account'],
    ]);
  });
});

describe('the remotes a path shows first', () => {
  it('matches route patterns as the router does: params, a trailing /*, nothing more', () => {
    expect(matchesRoutePattern('/', '/')).toBe(true);
    expect(matchesRoutePattern('/product/:productSlug', '/product/radio-123')).toBe(true);
    expect(matchesRoutePattern('/product/:productSlug', '/product')).toBe(false);
    expect(matchesRoutePattern('/product/:productSlug', '/product/a/b')).toBe(false);
    expect(matchesRoutePattern('/admin/*', '/admin')).toBe(true);
    expect(matchesRoutePattern('/admin/*', '/admin/products/1/edit')).toBe(true);
    expect(matchesRoutePattern('/products', '/products/')).toBe(true);
    expect(matchesRoutePattern('/products', '/product')).toBe(false);
  });

  it("names a storefront page's expose with the layout's category navigation, one entry per remote", () => {
    expect(remoteExposesForPath('/')).toEqual([{ remote: 'catalog', exposes: ['HomePage', 'CategoryNav'] }]);
    expect(remoteExposesForPath('/product/radio-123')).toEqual([
      { remote: 'catalog', exposes: ['ProductPage', 'CategoryNav'] },
    ]);
    expect(remoteExposesForPath('/checkout')).toEqual([
      { remote: 'cart', exposes: ['CheckoutPage'] },
      { remote: 'catalog', exposes: ['CategoryNav'] },
    ]);
  });

  it('names only the back office under /admin, and only the layout where no remote serves the path', () => {
    expect(remoteExposesForPath('/admin/products')).toEqual([{ remote: 'admin', exposes: ['AdminApp'] }]);
    expect(remoteExposesForPath('/no-such-page')).toEqual([{ remote: 'catalog', exposes: ['CategoryNav'] }]);
    expect(remoteExposesForPath('/privacy-policy')).toEqual([
      { remote: 'catalog', exposes: ['ContentPage', 'CategoryNav'] },
    ]);
  });
});
