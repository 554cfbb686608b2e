import { APPS, type AppName } from './apps';

/**
 * `@prepper/shared/apps-build`: what only the builds and their tests ask of the app registry (packages and
 * expose files). Kept out of `src/index.ts`, so no page downloads it.
 */

/** The workspace package of an app: `@prepper/mf-cart`. */
export function appPackage(name: AppName): string {
  return `@prepper/${APPS[name].dir}`;
}

/** A remote's exposes in the shape `{ './CartOverlay': './src/exposes/cart-overlay.tsx' }`. */
export function exposeModules(name: AppName): Record<string, string> {
  return Object.fromEntries(
    Object.keys(APPS[name].exposes).map((exposeName) => [`./${exposeName}`, exposeFile(exposeName)]),
  );
}

/** Where an expose's module lives in its remote: `CartOverlay` -> `./src/exposes/cart-overlay.tsx`. */
export function exposeFile(exposeName: string): string {
  const kebab = exposeName.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return `./src/exposes/${kebab}.tsx`;
}
