import type { ComponentType } from 'react';
import type { OverlayName } from './bus/overlays';
import { routePatterns } from './routes';

/**
 * The one registry of the shop's apps: their names, folders, ports, what each remote exposes (with the
 * props each expose takes) and where the shell mounts it. Everything that needs the list reads it from
 * here: the build (federation names and exposes), /config.json, the servers, the browser-test harness,
 * the size report, the local stack's CORS origins, lint, and the shell's routes and overlay slots.
 * Adding a remote means adding it here and creating its folder.
 *
 * It is plain data with no browser or Node dependency, so both sides import it.
 */

/**
 * An expose of a remote: a React component as the module's default export, taking props `P`. The
 * value carries the props type only (a phantom); at run time it is an empty object.
 */
export interface Expose<P extends object> {
  readonly __props: P;
}

/** Declares an expose taking props `P` (none by default). */
export function expose<P extends object = NoProps>(): Expose<P> {
  return {} as Expose<P>;
}

/** The props of an expose that takes none. */
export type NoProps = Record<string, never>;

/** The names of the exposes in `X` that take no props: only those can be a page or an overlay. */
type PropFreeExposes<X> = {
  [K in keyof X]: X[K] extends Expose<infer P> ? (P extends NoProps ? K : never) : never;
}[keyof X] &
  string;

/** Props of catalog's `CategoryNav`: the desktop bar with hover panels, or the mobile menu's list. */
export interface CategoryNavProps {
  variant: 'desktop' | 'mobile';
  /** Called after a link was followed (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/** A page a remote serves: a route pattern of `shared/src/routes.ts` and the expose mounted there. */
export interface PageSpec<E extends string> {
  path: string;
  expose: E;
  /** 'storefront' (default): inside the shop's header and footer. 'full': the whole page is the remote's. */
  frame?: 'storefront' | 'full';
}

/** An overlay a remote renders: the bus's overlay name and the dialog style the shell's fallback uses. */
export interface OverlaySpec<E extends string> {
  name: OverlayName;
  expose: E;
  variant: 'drawer' | 'panel' | 'modal';
}

interface AppSpec<X extends Record<string, unknown>> {
  /** The folder (and `@prepper/<dir>` package) of the app. */
  dir: string;
  /** Added to a port base: 3000 + offset for `npm start`, E2E_PORT_BASE + offset in the browser tests. */
  portOffset: number;
  /** What the app is, for people: '<label> is temporarily unavailable.' */
  label: string;
  exposes: X;
  pages?: readonly PageSpec<PropFreeExposes<X>>[];
  overlay?: OverlaySpec<PropFreeExposes<X>>;
}

/** Checks that pages and overlays name exposes the app has, keeping the literal types. */
function app<const X extends Record<string, unknown>>(spec: AppSpec<X>): AppSpec<X> {
  return spec;
}

export const APPS = {
  shell: app({ dir: 'shell', portOffset: 0, label: 'The shop', exposes: {} }),
  catalog: app({
    dir: 'mf-catalog',
    portOffset: 1,
    label: 'The catalogue',
    exposes: {
      HomePage: expose(),
      ProductsPage: expose(),
      CategoryPage: expose(),
      SubcategoryPage: expose(),
      ProductPage: expose(),
      KitBuilderPage: expose(),
      WaitlistConfirmPage: expose(),
      WaitlistUnsubscribePage: expose(),
      NewsletterConfirmPage: expose(),
      NewsletterUnsubscribePage: expose(),
      ContentPage: expose(),
      CategoryNav: expose<CategoryNavProps>(),
    },
    pages: [
      { path: routePatterns.home, expose: 'HomePage' },
      { path: routePatterns.products, expose: 'ProductsPage' },
      { path: routePatterns.category, expose: 'CategoryPage' },
      { path: routePatterns.subcategory, expose: 'SubcategoryPage' },
      { path: routePatterns.product, expose: 'ProductPage' },
      { path: routePatterns.kitBuilder, expose: 'KitBuilderPage' },
      { path: routePatterns.waitlistConfirm, expose: 'WaitlistConfirmPage' },
      { path: routePatterns.waitlistUnsubscribe, expose: 'WaitlistUnsubscribePage' },
      { path: routePatterns.newsletterConfirm, expose: 'NewsletterConfirmPage' },
      { path: routePatterns.newsletterUnsubscribe, expose: 'NewsletterUnsubscribePage' },
      // One expose for the content pages (the policies at their own addresses), the blog and the reviews.
      ...[
        routePatterns.contentPage,
        routePatterns.privacyPolicy,
        routePatterns.termsOfService,
        routePatterns.cookiePolicy,
        routePatterns.blog,
        routePatterns.reviews,
      ].map((path) => ({ path, expose: 'ContentPage' as const })),
    ],
  }),
  cart: app({
    dir: 'mf-cart',
    portOffset: 2,
    label: 'The cart',
    exposes: {
      CartOverlay: expose(),
      CheckoutPage: expose(),
      OrderConfirmationPage: expose(),
      OrderStatusPage: expose(),
      ReorderPage: expose(),
    },
    pages: [
      { path: routePatterns.checkout, expose: 'CheckoutPage' },
      // A reminder e-mail's "Reorder these" (@prepper/shared/supplies builds its links).
      { path: '/checkout/reorder', expose: 'ReorderPage' },
      { path: routePatterns.orderConfirmation, expose: 'OrderConfirmationPage' },
      { path: routePatterns.orderStatus, expose: 'OrderStatusPage' },
    ],
    overlay: { name: 'cart', expose: 'CartOverlay', variant: 'drawer' },
  }),
  search: app({
    dir: 'mf-search',
    portOffset: 3,
    label: 'Search',
    exposes: { SearchOverlay: expose() },
    overlay: { name: 'search', expose: 'SearchOverlay', variant: 'panel' },
  }),
  account: app({
    dir: 'mf-account',
    portOffset: 4,
    label: 'Sign-in',
    exposes: {
      AccountOverlay: expose(),
      OrderHistoryPage: expose(),
      OrderDetailPage: expose(),
      AccountSettingsPage: expose(),
      SuppliesPage: expose(),
      ResetPasswordPage: expose(),
    },
    pages: [
      { path: routePatterns.accountOrders, expose: 'OrderHistoryPage' },
      { path: routePatterns.accountOrder, expose: 'OrderDetailPage' },
      { path: routePatterns.accountSettings, expose: 'AccountSettingsPage' },
      // My Supplies (mf-account); its links use the path as is, to keep the shell's routes small.
      { path: '/account/supplies', expose: 'SuppliesPage' },
      { path: routePatterns.resetPassword, expose: 'ResetPasswordPage' },
    ],
    overlay: { name: 'auth', expose: 'AccountOverlay', variant: 'modal' },
  }),
  admin: app({
    dir: 'mf-admin',
    portOffset: 5,
    label: 'The admin area',
    exposes: { AdminApp: expose() },
    pages: [{ path: routePatterns.admin, expose: 'AdminApp', frame: 'full' }],
  }),
} as const;

export type AppName = keyof typeof APPS;
export type RemoteName = Exclude<AppName, 'shell'>;

/** Every app, the shell first, in port order. */
export const APP_NAMES = Object.keys(APPS) as AppName[];
export const REMOTE_NAMES = APP_NAMES.filter((name): name is RemoteName => name !== 'shell');

/** The ports `npm start` and `npm run dev` use: the shell on 3000, the remotes on 3001-3005. */
export const DEV_PORT_BASE = 3000;

export function appPort(name: AppName, base: number = DEV_PORT_BASE): number {
  return base + APPS[name].portOffset;
}

/** The names of a remote's exposes, e.g. 'CartOverlay'. */
export type ExposeName<R extends RemoteName> = Extract<keyof (typeof APPS)[R]['exposes'], string>;

/** The props an expose takes. */
export type ExposeProps<R extends RemoteName, E extends ExposeName<R>> =
  (typeof APPS)[R]['exposes'][E] extends Expose<infer P> ? P : never;

/** A page of the shop served by a remote, as the shell's route table needs it. */
export interface RemotePage {
  remote: RemoteName;
  expose: string;
  path: string;
  frame: 'storefront' | 'full';
}

/** Every page the remotes serve, in registry order. */
export function remotePages(): RemotePage[] {
  return REMOTE_NAMES.flatMap((remote) =>
    (APPS[remote].pages ?? []).map((page) => ({
      remote,
      expose: page.expose,
      path: page.path,
      frame: page.frame ?? 'storefront',
    })),
  );
}

/** What the storefront layout mounts on every storefront page: the header's category navigation. */
export const STOREFRONT_LAYOUT_SLOTS: readonly { remote: RemoteName; expose: string }[] = [
  { remote: 'catalog', expose: 'CategoryNav' },
];

/** Whether a route pattern (`:param` segments, a trailing `/*`) matches a path, as the shell's router does. */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  const rest = wanted.at(-1) === '*';
  if (rest) wanted.pop();
  if (rest ? actual.length < wanted.length : actual.length !== wanted.length) return false;
  return wanted.every((segment, index) => segment.startsWith(':') || segment === actual[index]);
}

/**
 * The remotes and exposes the first paint of `pathname` shows: the page's expose and, on a storefront
 * page, the layout's slots. The shell's server names them in the page's HTML so the browser fetches them
 * beside the shell's own script instead of after it, which saves a round trip on
 * a slow network. A path no remote serves gives the
 * layout's slots only.
 */
export function remoteExposesForPath(pathname: string): { remote: RemoteName; exposes: string[] }[] {
  const page = remotePages().find((candidate) => matchesRoutePattern(candidate.path, pathname));
  const slots = [
    ...(page ? [{ remote: page.remote, expose: page.expose }] : []),
    ...(page?.frame === 'full' ? [] : STOREFRONT_LAYOUT_SLOTS),
  ];
  const byRemote = new Map<RemoteName, string[]>();
  for (const slot of slots) byRemote.set(slot.remote, [...(byRemote.get(slot.remote) ?? []), slot.expose]);
  return [...byRemote].map(([remote, exposes]) => ({ remote, exposes }));
}

/** Every overlay the remotes render, with the remote that renders it. */
export function remoteOverlays(): (OverlaySpec<string> & { remote: RemoteName })[] {
  return REMOTE_NAMES.flatMap((remote) => {
    const overlay = APPS[remote].overlay;
    return overlay ? [{ ...overlay, remote }] : [];
  });
}

/**
 * The component an expose module exports by default. A remote's expose file ends with
 * `export default X satisfies ExposeComponent<'cart', 'CartOverlay'>`, so its typecheck fails when the
 * component needs props the contract does not give.
 */
export type ExposeComponent<R extends RemoteName, E extends ExposeName<R>> = ComponentType<ExposeProps<R, E>>;
