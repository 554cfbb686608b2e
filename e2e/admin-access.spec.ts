// The back office door: every guard state and login message with the seeded accounts, the password reset
// through the local mailbox, the back office layout (every section, none 'Coming Soon' any more), and storefront pages
// that load no admin code.
import type { Page } from '@playwright/test';
import {
  AUTH_STORAGE_KEY,
  expect,
  injectSession,
  remoteOrigin,
  serviceClient,
  signInAsAdmin,
  stackInfo,
  SUPER_ADMIN,
  test,
} from './fixtures.ts';
import { SHOP_URL } from './harness.ts';

const INACTIVE_ADMIN = { email: 'inactive.admin@example.com', password: 'inactive1234' };
const CUSTOMER = { email: 'customer@example.com', password: 'customer1234' };

async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function storedSession(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), AUTH_STORAGE_KEY);
}

test.describe('admin login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
  });

  test('asks for both fields', async ({ page }) => {
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.getByLabel('Email address').fill(SUPER_ADMIN.email);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  });

  test('refuses a wrong password', async ({ page }) => {
    await submitLogin(page, SUPER_ADMIN.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    expect(await storedSession(page)).toBeNull();
  });

  test('refuses a plain customer and signs them out', async ({ page }) => {
    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expect(page.getByRole('alert')).toHaveText('Access denied: Administrator privileges required');
    await expect.poll(() => storedSession(page)).toBeNull();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('refuses a deactivated administrator and signs them out', async ({ page }) => {
    await submitLogin(page, INACTIVE_ADMIN.email, INACTIVE_ADMIN.password);
    await expect(page.getByRole('alert')).toHaveText(
      'Account deactivated: Please contact your system administrator',
    );
    await expect.poll(() => storedSession(page)).toBeNull();
  });

  test('lets the super administrator in', async ({ page }) => {
    await submitLogin(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Signed in already: the login page sends the administrator straight on.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});

test.describe('access guard', () => {
  test('sends a visitor without a session to the login', async ({ page }) => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/administrators', '/admin/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    }
  });

  test('shows the loading state while it checks', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/categories*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    await expect(
      page.getByRole('status').filter({ hasText: 'Checking administrator access' }),
    ).toBeAttached();
    release();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("shows 'Authentication Error' when the database cannot be reached", async ({ page }) => {
    await page.route('**/rest/v1/categories*', (route) => route.abort('connectionrefused'));
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Database connection failed');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Retry reloads: with the database back, the check goes on (to the login, signed out).
    await page.unroute('**/rest/v1/categories*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("shows 'Admin status check failed' with a way to the login", async ({ page }) => {
    await injectSession(page, SUPER_ADMIN.email, SUPER_ADMIN.password, '/');
    await page.route('**/rest/v1/admin_users*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"boom","code":"XX000"}',
      }),
    );
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Admin status check failed');
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("shows 'Access Denied' to a signed-in customer, who can go home or sign out", async ({ page }) => {
    await injectSession(page, CUSTOMER.email, CUSTOMER.password, '/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText("You don't have administrator privileges to access this area."),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(`${SHOP_URL}/`);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect.poll(() => storedSession(page)).toBeNull();
  });

  test("shows 'Access Denied' to a deactivated administrator who is still signed in", async ({ page }) => {
    await injectSession(page, INACTIVE_ADMIN.email, INACTIVE_ADMIN.password, '/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });

  test('follows a sign-out in another tab', async ({ context, page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/admin/settings');
    await expect(other.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await other
      .getByRole('complementary', { name: 'Administrator' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await expect(other.getByText('Signed out successfully')).toBeVisible();
    await expect(other).toHaveURL(/\/admin\/login$/);
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe('layout', () => {
  test('navigates every section; none says Coming Soon', async ({ page }) => {
    await signInAsAdmin(page);
    const sidebar = page.getByRole('complementary', { name: 'Administrator' });
    await expect(sidebar.getByText('Administrator', { exact: true })).toBeVisible();
    const sections: [string, RegExp][] = [
      ['Products', /\/admin\/products$/],
      ['Categories', /\/admin\/categories$/],
      ['Reviews', /\/admin\/reviews$/],
      ['Administrators', /\/admin\/administrators$/],
      ['Orders', /\/admin\/orders$/],
      ['Customers', /\/admin\/customers$/],
      ['Messages', /\/admin\/messages$/],
      ['Analytics', /\/admin\/analytics$/],
      ['Pages', /\/admin\/pages$/],
      ['Settings', /\/admin\/settings$/],
      ['Emergency', /\/admin\/emergency$/],
      ['Audit Log', /\/admin\/audit$/],
      ['Dashboard', /\/admin\/dashboard$/],
    ];
    for (const [name, url] of sections) {
      await sidebar.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      if (['Orders', 'Customers', 'Messages', 'Analytics', 'Settings', 'Audit Log'].includes(name)) {
        await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
        await expect(page.getByText('Coming Soon', { exact: true })).toHaveCount(0);
      }
    }
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await sidebar.getByRole('link', { name: 'View Site' }).click();
    await expect(page).toHaveURL(`${SHOP_URL}/`);
  });

  test('signs out with a toast', async ({ page }) => {
    await signInAsAdmin(page);
    await page
      .getByRole('complementary', { name: 'Administrator' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('collapses the navigation on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAsAdmin(page);
    const toggle = page.getByRole('button', { name: 'Open navigation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeHidden();
    await toggle.click();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeHidden();
  });
});

test.describe('password reset', () => {
  test('through the local mailbox, then sign in with the new password', async ({ page }) => {
    const email = `reset.admin.${Date.now()}@example.com`;
    const service = serviceClient();
    const { data: created, error } = await service.auth.admin.createUser({
      email,
      password: 'first-password',
      email_confirm: true,
      user_metadata: { first_name: 'Reset', last_name: 'Tester' },
    });
    expect(error).toBeNull();
    const { error: grantError } = await service
      .from('admin_users')
      .insert({ user_id: created.user!.id, role: 'admin', permissions: ['products'], active: 1 });
    expect(grantError).toBeNull();

    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your email address');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Password reset email sent!' });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText('spam');

    const { url, serviceRoleKey } = stackInfo();
    let link = '';
    await expect
      .poll(async () => {
        const response = await fetch(`${url}/mailbox/messages?to=${encodeURIComponent(email)}`, {
          headers: { apikey: serviceRoleKey },
        });
        const messages = (await response.json()) as { links: string[] }[];
        link = messages[0]?.links.find((candidate) => candidate.includes('/verify')) ?? '';
        return link;
      })
      .toContain('redirect_to=');
    expect(decodeURIComponent(link)).toContain(`${SHOP_URL}/admin/login`);

    // The success text goes away after 8 seconds.
    await expect(sent).toBeHidden({ timeout: 12_000 });

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('second-password');
    await page.getByLabel('Confirm new password').fill('second-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page
      .getByRole('complementary', { name: 'Administrator' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await submitLogin(page, email, 'first-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await submitLogin(page, email, 'second-password');
    await expect(page).toHaveURL(/\/admin$/);
  });
  test('shows the fixed messages for what the reset service answers', async ({ page }) => {
    const answers = [
      { status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
      { status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' },
      { status: 404, code: 'user_not_found', message: 'User not found' },
      { status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' },
    ];
    const expected = [
      'Email rate limit exceeded. Please wait before requesting another reset.',
      'Too many reset attempts. Please wait a few minutes before trying again.',
      'No account found with this email address',
      'Reset failed: Unable to validate email address: invalid format',
    ];
    let next = 0;
    await page.route('**/auth/v1/recover*', (route) => {
      const answer = answers[next++]!;
      return route.fulfill({
        status: answer.status,
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({
          code: answer.code,
          error_code: answer.code,
          msg: answer.message,
          message: answer.message,
        }),
      });
    });
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email address').fill('someone@example.com');
    for (const message of expected) {
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('alert')).toHaveText(message);
    }
  });
});

test('storefront pages load no admin code', async ({ page }) => {
  const adminRequests: string[] = [];
  const rechartsScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(remoteOrigin('admin'))) adminRequests.push(request.url());
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (/recharts/i.test(body)) rechartsScripts.push(response.url());
  });
  for (const path of ['/', '/products']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(adminRequests).toEqual([]);
  expect(rechartsScripts).toEqual([]);
});
