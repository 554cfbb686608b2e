// The emergency waitlist's hold time on the store settings page: under "Emergency mode", hours with at
// most two decimals from 0.25 to 48; a value out of range is refused with the field's own message and
// what was typed stays; the saved value is what the database holds.
import { expect, serviceClient, signInAsAdmin, test } from './fixtures.ts';

async function waitlistHoldHours(): Promise<number> {
  const { data, error } = await serviceClient().from('store_settings').select('waitlist_hold_hours').single();
  if (error) throw error;
  return Number((data as { waitlist_hold_hours: number }).waitlist_hold_hours);
}

test.describe('the waitlist hold setting', () => {
  let waitlistBefore = 2;

  test.beforeAll(async () => {
    waitlistBefore = await waitlistHoldHours();
  });

  test.afterAll(async () => {
    await serviceClient()
      .from('store_settings')
      .update({ waitlist_hold_hours: waitlistBefore })
      .eq('id', true);
  });

  test("the emergency waitlist's hold time: hours with two decimals, refused out of range", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Emergency mode' })).toBeVisible();
    const hold = page.getByLabel('Waitlist hold (hours)');
    await expect(hold).toHaveValue(String(waitlistBefore));

    await hold.fill('0.1');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(
      page.getByText('Waitlist hold must be a number from 0.25 to 48 with at most two decimals'),
    ).toBeVisible();
    await expect(hold).toHaveValue('0.1');
    await expect(hold).toBeFocused();
    expect(await waitlistHoldHours()).toBe(waitlistBefore);

    const next = waitlistBefore === 1.5 ? 0.75 : 1.5;
    await hold.fill(String(next));
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    await expect.poll(waitlistHoldHours).toBe(next);
    await page.reload();
    await expect(page.getByLabel('Waitlist hold (hours)')).toHaveValue(String(next));
  });
});
