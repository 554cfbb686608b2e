// What every spec imports: `test`/`expect`, the isolated stack's facts, a service-role client (node side
// only), sign-in helpers, and stopRemote/startRemote to take one remote's server down and up.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { REMOTE_NAMES } from '../shared/src/apps.ts';
import { CART_STORAGE_KEY, type CartLine } from '../shared/src/bus/cart.ts';
import { AUTH_STORAGE_KEY } from '../shared/src/supabase/client.ts';
import { ENV, REMOTE_PORTS, SHOP_URL, remoteOrigin, type RemoteName } from './harness.ts';

export { expect, remoteOrigin, REMOTE_PORTS, SHOP_URL, type RemoteName };

/** Where the shop's one Supabase client keeps its session, and where the cart bus keeps its lines. */
export { AUTH_STORAGE_KEY, CART_STORAGE_KEY };

export const DEMO_CUSTOMER = { email: 'demo@example.com', password: 'demo1234', firstName: 'Jamie' } as const;
export const SUPER_ADMIN = { email: 'admin@example.com', password: 'admin1234', firstName: 'Alex' } as const;

export interface StackInfo {
  url: string;
  anonKey: string;
  /** For node-side checks only; never hand it to a page. */
  serviceRoleKey: string;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the specs through playwright.config.ts (global-setup)`);
  return value;
}

/** The isolated stack global-setup started (port 54331, fresh seeded database). */
export function stackInfo(): StackInfo {
  return {
    url: required(ENV.stackUrl),
    anonKey: required(ENV.anonKey),
    serviceRoleKey: required(ENV.serviceRoleKey),
  };
}

/**
 * Options for supabase-js clients in the test process. Node 20 has no global WebSocket and supabase-js's
 * realtime client refuses to be created without one; no spec uses realtime, so a stub stands in.
 */
export const NODE_CLIENT_OPTIONS = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: {
    transport: (globalThis.WebSocket ??
      class {
        constructor() {
          throw new Error('Realtime is not available in the e2e test process');
        }
      }) as never,
  },
};

/** A supabase-js client with the service role key (bypasses RLS), for setting up and checking data. */
export function serviceClient(): SupabaseClient {
  const { url, serviceRoleKey } = stackInfo();
  return createClient(url, serviceRoleKey, NODE_CLIENT_OPTIONS);
}

/** The seed's Communication category. */
export const COMMUNICATION_CATEGORY = 'ae07a855-2f83-50c8-a3be-c3269811e8b0';

/**
 * A product of a spec's own, written with the service role (not a staff change: its audit history starts
 * empty), in Communication with that category's picture (a missing image is a console error on the
 * storefront). Returns its id; delete it in afterAll.
 */
export async function createTestProduct(fields: {
  name: string;
  description: string;
  price: number;
}): Promise<string> {
  const category = await serviceClient()
    .from('categories')
    .select('image_url')
    .eq('id', COMMUNICATION_CATEGORY)
    .single();
  if (category.error) throw category.error;
  const { data, error } = await serviceClient()
    .from('products')
    .insert({
      ...fields,
      category_id: COMMUNICATION_CATEGORY,
      image_url: (category.data as { image_url: string }).image_url,
      stock_count: 5,
    })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

/**
 * How long a change of the store's settings or emergency may take to reach a newly opened storefront page
 * (the server's 15 s read and its page cache's 20 s; docs/product.md promises a minute at most). The
 * browser tests' server reads them every second and keeps no pages (global-setup.ts), so a change shows
 * within a few seconds there.
 */
export const STORE_INFO_BOUND_MS = 60_000;

/**
 * Opens `path` again every second until `ready` holds for the page, within the store-info bound: a
 * shopper's storefront catching up with a change staff saved. The wait is added to the test's own time
 * (the suite gives a test 45 s, less than the bound; a test may wait more than once).
 */
export async function reloadUntil(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<boolean>,
): Promise<void> {
  const info = base.info();
  info.setTimeout(info.timeout + STORE_INFO_BOUND_MS);
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return ready(page);
      },
      { timeout: STORE_INFO_BOUND_MS, intervals: [1_000] },
    )
    .toBe(true);
}

/**
 * Waits until React has hydrated the element (it keeps its props on the node). Before that, a link on a
 * server-rendered page is a plain link: a click loads the next page from the server instead of moving
 * within the app, which is right for a shopper but not what a test of in-app navigation means to drive.
 */
export async function untilHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
}

/** Same as serviceClient(); the name the frontend brief uses. */
export const supabaseAdmin = serviceClient;

async function control(name: RemoteName, action: 'stop' | 'start'): Promise<void> {
  const response = await fetch(`${required(ENV.control)}/remotes/${name}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`Could not ${action} the ${name} remote: ${await response.text()}`);
}

/** Takes one remote's server down (its port refuses connections) until startRemote(name). */
export function stopRemote(name: RemoteName): Promise<void> {
  return control(name, 'stop');
}

export function startRemote(name: RemoteName): Promise<void> {
  return control(name, 'start');
}

async function configControl(name: RemoteName, method: 'PUT' | 'DELETE', body?: string): Promise<void> {
  const response = await fetch(`${required(ENV.control)}/config/remotes/${name}`, { method, body });
  if (!response.ok) throw new Error(`Could not change ${name} in /config.json: ${await response.text()}`);
}

/** Points the shell's /config.json at another deploy of a remote (its mf-manifest.json URL). */
export function setRemoteManifest(name: RemoteName, manifestUrl: string): Promise<void> {
  return configControl(name, 'PUT', manifestUrl);
}

/** Points /config.json back at the remote the harness serves. */
export function resetRemoteManifest(name: RemoteName): Promise<void> {
  return configControl(name, 'DELETE');
}

/** Signs a user in with the anon key (node side) and returns the session, as the shop would store it. */
export async function passwordSession(email: string, password: string): Promise<Session> {
  const { url, anonKey } = stackInfo();
  const client = createClient(url, anonKey, NODE_CLIENT_OPTIONS);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session)
    throw new Error(`Sign-in of ${email} failed: ${error?.message ?? 'no session'}`);
  return data.session;
}

/**
 * Puts a signed-in session into the page's storage before the shop's scripts run (the fallback when a
 * journey is not about signing in), then loads `path`.
 */
export async function injectSession(page: Page, email: string, password: string, path = '/'): Promise<void> {
  const session = await passwordSession(email, password);
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [AUTH_STORAGE_KEY, JSON.stringify(session)] as const,
  );
  await page.goto(path);
}

/** Signs the super administrator in through the /admin/login form and waits for the back office. */
export async function signInAsAdmin(page: Page, account: { email: string; password: string } = SUPER_ADMIN) {
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/** Signs the demo customer in through the header's Sign In button and the auth overlay. */
export async function signInAsCustomer(
  page: Page,
  account: { email: string; password: string; firstName: string } = DEMO_CUSTOMER,
) {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/email/i).fill(account.email);
  await dialog.getByLabel(/^password$/i).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Hi, ${account.firstName}` }),
  ).toBeVisible();
}

/** A cart line as the shop stores it (the bus's own type). */
export type StoredCartLine = CartLine;

/** Writes raw text as the stored cart before the page's scripts run (every navigation of this page). */
export async function seedCartStorage(page: Page, raw: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('e2e:cart-seeded')) {
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('e2e:cart-seeded', '1');
      }
    },
    [CART_STORAGE_KEY, raw] as const,
  );
}

export const test = base.extend<{ restoreRemotes: void }>({
  // A spec that stops a remote and then fails must not leave it down for the next spec.
  restoreRemotes: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      for (const name of REMOTE_NAMES) {
        await startRemote(name);
        await resetRemoteManifest(name);
      }
    },
    { auto: true },
  ],
});

/** An e-mail in the stack's local mailbox. */
export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The local mailbox's messages to `to`, newest first (read with the service role key, in the test process). */
export async function mailsTo(to: string): Promise<MailboxMessage[]> {
  const { url, serviceRoleKey } = stackInfo();
  const response = await fetch(`${url}/mailbox/messages?to=${encodeURIComponent(to)}`, {
    headers: { apikey: serviceRoleKey },
  });
  if (!response.ok) throw new Error(`The mailbox answered ${response.status}`);
  return (await response.json()) as MailboxMessage[];
}

/** Waits until `to` has `count` mails with `subject`, and returns the newest one's auth link. */
export async function authLinkFor(to: string, subject: string, count = 1): Promise<string> {
  await expect
    .poll(async () => (await mailsTo(to)).filter((mail) => mail.subject === subject).length, {
      timeout: 15_000,
    })
    .toBe(count);
  const mail = (await mailsTo(to)).find((candidate) => candidate.subject === subject)!;
  const link = mail.links.find((candidate) => candidate.includes('/auth/v1/verify?'));
  if (!link) throw new Error(`No link in "${subject}" to ${to}`);
  return link;
}
