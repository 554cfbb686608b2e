// Store settings in the back office: an administrator with the settings permission changes a rule, a
// value out of range is refused with its field's message and what was typed stays, the saved value is
// what the database holds, and the settings' history in the audit log shows the change.
import { expect, serviceClient, signInAsAdmin, SUPER_ADMIN, test } from './fixtures.ts';

async function holdHours(): Promise<number> {
  const { data, error } = await serviceClient()
    .from('store_settings')
    .select('unpaid_order_hold_hours')
    .single();
  if (error) throw error;
  return (data as { unpaid_order_hold_hours: number }).unpaid_order_hold_hours;
}

test.describe('store settings', () => {
  let before = 72;

  test.beforeAll(async () => {
    before = await holdHours();
  });

  test.afterAll(async () => {
    await serviceClient().from('store_settings').update({ unpaid_order_hold_hours: before }).eq('id', true);
  });

  test('an administrator changes the unpaid-order hold; a bad value is refused per field', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByText('Coming Soon')).toHaveCount(0);
    const hold = page.getByLabel('Unpaid order hold (hours)');
    await expect(hold).toHaveValue(String(before));

    await hold.fill('900');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Unpaid order hold must be a whole number from 1 to 720')).toBeVisible();
    await expect(hold).toHaveValue('900');
    await expect(hold).toBeFocused();
    expect(await holdHours()).toBe(before);

    const next = before === 48 ? 96 : 48;
    await hold.fill(String(next));
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    await expect.poll(holdHours).toBe(next);
    await page.reload();
    await expect(page.getByLabel('Unpaid order hold (hours)')).toHaveValue(String(next));

    await page.getByRole('link', { name: 'History of the store settings' }).click();
    await expect(page).toHaveURL(/\/admin\/audit\?record=true$/);
    const entry = page.getByTestId('audit-entry').filter({ visible: true }).first();
    await expect(entry).toContainText(SUPER_ADMIN.email);
    await expect(entry).toContainText('unpaid_order_hold_hours:');
    await expect(entry.locator('ins')).toHaveText(String(next));
  });
});
