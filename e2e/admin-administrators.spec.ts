// Managing administrators: the seeded super administrator adds an administrator who can then enter /admin in
// a fresh browser, edits and deactivates them (refused at the next check and at login), removes their
// privileges ('Access Denied', the account stays), and sees the duplicate e-mail message. Node-side
// checks: nobody without admin_management can list/create/change/remove administrators through the
// API, and no browser bundle carries the service_role key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, passwordSession, serviceClient, signInAsAdmin, stackInfo, test } from './fixtures.ts';

const ORDERS_ADMIN = { email: 'orders.admin@example.com', password: 'orders1234' };
const CUSTOMER = { email: 'customer@example.com', password: 'customer1234' };

/** The shown row (from md up) or card (narrow screens) of an administrator: both are in the page. */
function administratorRow(page: Page, email: string) {
  return page
    .getByTestId('administrator-row')
    .filter({ visible: true })
    .filter({ has: page.getByText(email, { exact: true }) });
}

async function signInFresh(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page, account);
  return { context, page };
}

test('add, sign in as, edit, deactivate and remove an administrator', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `new.admin.${Date.now()}@example.com`;
  const password = 'new-admin-1';

  await signInAsAdmin(page);
  await page.goto('/admin/administrators');
  await expect(page.getByRole('heading', { name: 'Administrator Management' })).toBeVisible();
  const { count } = await serviceClient().from('admin_users').select('id', { count: 'exact', head: true });
  const summary = page.getByRole('region', { name: 'Administrator summary' });
  await expect(summary.getByText('Total Admins').locator('xpath=following-sibling::p[1]')).toHaveText(
    String(count),
  );

  // Add.
  await page.getByRole('button', { name: 'Add Administrator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Administrator' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByLabel(/^First name/).fill('Nia');
  await dialog.getByRole('button', { name: 'Create Administrator' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please provide first name and last name');
  await dialog.getByLabel(/^Last name/).fill('Cole');
  await expect(dialog.getByLabel('Products')).toBeChecked();
  await expect(dialog.getByLabel('Categories')).toBeChecked();
  await expect(dialog.getByLabel('Orders')).toBeChecked();
  await expect(dialog.getByLabel('Settings')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Create Administrator' }).click();
  await expect(page.getByText('Administrator created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = administratorRow(page, email);
  await expect(row).toContainText('Nia Cole');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Products');

  // They can sign in and reach /admin in a browser of their own.
  const them = await signInFresh(browser, { email, password });
  await expect(them.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Edit permissions: e-mail and names are read-only, no password field.
  await row.getByRole('button', { name: 'Edit Nia Cole' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Administrator' });
  await expect(edit.getByLabel(/^Email/)).toHaveAttribute('readonly', '');
  await expect(edit.getByLabel(/^Password/)).toHaveCount(0);
  await edit.getByLabel('Analytics').check();
  await edit.getByLabel('Settings').check();
  await edit.getByRole('button', { name: 'Update Administrator' }).click();
  await expect(page.getByText('Administrator updated successfully')).toBeVisible();
  await expect(row).toContainText('+2 more');

  // Deactivate: refused at their next check, and at login.
  await row.getByRole('button', { name: 'Edit Nia Cole' }).click();
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Update Administrator' }).click();
  await expect(row).toContainText('Inactive');
  await them.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(them.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await them.page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(them.page).toHaveURL(/\/admin\/login$/);
  await them.page.getByLabel('Email address').fill(email);
  await them.page.getByLabel('Password', { exact: true }).fill(password);
  await them.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(them.page.getByRole('alert')).toHaveText(
    'Account deactivated: Please contact your system administrator',
  );

  // Reactivate, let them in again, then remove their privileges.
  await row.getByRole('button', { name: 'Edit Nia Cole' }).click();
  await edit.getByLabel('Active').check();
  await edit.getByRole('button', { name: 'Update Administrator' }).click();
  await expect(row).toContainText('Active');
  await them.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(them.page).toHaveURL(/\/admin$/);

  await row.getByRole('button', { name: 'Remove administrator privileges of Nia Cole' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove administrator privileges?' });
  await expect(confirm).toContainText('does not delete the user account');
  await confirm.getByRole('button', { name: 'Remove privileges' }).click();
  await expect(page.getByText('Administrator privileges removed successfully')).toBeVisible();
  await expect(row).toHaveCount(0);

  await them.page.reload();
  await expect(them.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    them.page.getByText("You don't have administrator privileges to access this area."),
  ).toBeVisible();
  // The account itself stays: it still signs in (to the shop).
  await expect(passwordSession(email, password)).resolves.toHaveProperty('user.email', email);
  await them.context.close();
});

test('on a phone each administrator is a card with its actions, and nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAsAdmin(page);
  await page.goto('/admin/administrators');
  const card = administratorRow(page, 'orders.admin@example.com');
  await expect(card).toBeVisible();
  expect(await card.evaluate((element) => element.tagName)).toBe('LI');
  await expect(card.getByRole('button', { name: /^Edit / })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Remove administrator privileges of / })).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a duplicate e-mail is named', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/administrators');
  await page.getByRole('button', { name: 'Add Administrator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Administrator' });
  await dialog.getByLabel(/^Email/).fill('customer@example.com');
  await dialog.getByLabel(/^Password/).fill('whatever1');
  await dialog.getByLabel(/^First name/).fill('Sam');
  await dialog.getByLabel(/^Last name/).fill('Lee');
  await dialog.getByRole('button', { name: 'Create Administrator' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A user with this email already exists');
});

test('search, and the read-only view of an administrator without admin_management', async ({ page }) => {
  await signInAsAdmin(page, ORDERS_ADMIN);
  await page.goto('/admin/administrators');
  await expect(administratorRow(page, 'admin@example.com')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Administrator' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  const search = page.getByRole('searchbox', { name: 'Search by name, email, or role' });
  await expect(search).toHaveAttribute('placeholder', 'Search by name, email, or role...');
  await search.fill('riley');
  await expect(page.getByTestId('administrator-row').filter({ visible: true })).toHaveCount(1);
  await search.fill('no such administrator');
  await expect(page.getByText('No administrators found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms.')).toBeVisible();
});

test.describe('administrator functions refuse callers without admin_management', () => {
  /** Calls /rest/v1 as that account (anon key + its access token), as any browser could. */
  async function apiFor(account: { email: string; password: string } | null) {
    const { url, anonKey } = stackInfo();
    const token = account ? (await passwordSession(account.email, account.password)).access_token : anonKey;
    const headers = { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    return {
      rpc: async (name: string, args: Record<string, unknown> = {}) => {
        const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(args),
        });
        return { ok: response.ok, status: response.status, body: await response.text() };
      },
      deactivate: async (id: string) => {
        const response = await fetch(`${url}/rest/v1/admin_users?id=eq.${id}`, {
          method: 'PATCH',
          headers: { ...headers, prefer: 'return=representation' },
          body: JSON.stringify({ active: 0 }),
        });
        return { ok: response.ok, body: await response.text() };
      },
    };
  }

  for (const [who, account] of [
    ['an administrator with only orders', ORDERS_ADMIN],
    ['a customer', CUSTOMER],
    ['an anonymous caller', null],
  ] as const) {
    test(`${who}`, async () => {
      const api = await apiFor(account);
      const service = serviceClient();
      const { data: target } = await service
        .from('admin_users')
        .select('id, role, permissions, active')
        .eq('role', 'super_admin')
        .limit(1)
        .single();
      expect(target).not.toBeNull();

      const list = await api.rpc('admin_list_administrators');
      // Any active administrator may look, read-only; nobody else.
      expect(list.ok).toBe(account === ORDERS_ADMIN);
      const email = `denied.${Date.now()}@example.com`;
      const create = await api.rpc('admin_create_administrator', {
        p_email: email,
        p_password: 'secret12',
        p_first_name: 'No',
        p_last_name: 'Way',
      });
      expect(create.ok).toBe(false);
      const update = await api.rpc('admin_update_administrator', {
        p_id: target!.id,
        p_role: 'admin',
        p_permissions: ['orders'],
        p_active: 0,
      });
      expect(update.ok).toBe(false);
      const remove = await api.rpc('admin_remove_administrator', { p_id: target!.id });
      expect(remove.ok).toBe(false);
      const direct = await api.deactivate(target!.id);
      if (direct.ok) expect(JSON.parse(direct.body)).toEqual([]);

      const { data: after } = await service
        .from('admin_users')
        .select('id, role, permissions, active')
        .eq('id', target!.id)
        .single();
      expect(after).toEqual(target);
      const { data: users } = await service.auth.admin.listUsers();
      expect(users.users.map((user) => user.email)).not.toContain(email);
    });
  }
});

test('no browser bundle contains the service_role key', () => {
  const { serviceRoleKey } = stackInfo();
  const root = resolve(import.meta.dirname, '..');
  const apps = ['shell', 'mf-catalog', 'mf-cart', 'mf-search', 'mf-account', 'mf-admin'];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|mjs|html|json|map)$/.test(name)) files.push(path);
    }
  };
  for (const app of apps) walk(join(root, app, 'dist'));
  expect(files.length).toBeGreaterThan(0);
  const leaking = files.filter((file) => {
    const text = readFileSync(file, 'utf8');
    return text.includes(serviceRoleKey);
  });
  expect(leaking).toEqual([]);
});
