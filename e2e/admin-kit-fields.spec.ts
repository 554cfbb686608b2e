// The kit builder's product fields in the back office: a product that states no kind is never proposed;
// once staff give it one in the product form (with its checked fields), a shopper's kit proposes it for
// that need when it is the cheapest, and the saved fields are what the database holds.
import { createTestProduct, expect, reloadUntil, serviceClient, signInAsAdmin, test } from './fixtures.ts';

test.describe('kit fields in the product form', () => {
  const name = `E2E Pocket Radio ${Date.now()}`;
  let productId = '';
  // One person, three days, communication only, the cheapest first: the kit names one device.
  const kitPath = '/kit-builder?adults=1&children=0&pets=0&days=3&cover=communication&by=price';

  test.beforeAll(async () => {
    productId = await createTestProduct({ name, description: 'A tiny crank radio.', price: 1.25 });
  });

  test.afterAll(async () => {
    await serviceClient().from('products').delete().eq('id', productId);
  });

  test("staff state a product's kind and the kit builder proposes it", async ({ page, browser }) => {
    const shop = await browser.newPage();
    await shop.goto(kitPath);
    const communication = shop
      .getByRole('region', { name: 'Your kit' })
      .getByRole('region', { name: /^Communication/ });
    await expect(communication).toContainText('Communication: 1 of 1 device');
    await expect(communication).not.toContainText(name);

    await signInAsAdmin(page);
    await page.goto(`/admin/products/${productId}/edit`);
    await expect(page.getByLabel('Product Name')).toHaveValue(name);
    // A bad value is refused in its field and kept.
    await page.getByLabel('Person-days per unit').fill('0');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(
      page.getByText('Person-days must be empty or a number above 0 with at most 1 decimal'),
    ).toBeVisible();
    await expect(page.getByLabel('Person-days per unit')).toHaveValue('0');
    await page.getByLabel('Person-days per unit').fill('3');
    await page.getByLabel('Kind').selectOption({ label: 'Communication' });
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product updated successfully', { exact: true })).toBeVisible();
    const saved = await serviceClient()
      .from('products')
      .select('supply_kind, person_days_per_unit')
      .eq('id', productId)
      .single();
    expect(saved.data).toEqual({ supply_kind: 'communication', person_days_per_unit: 3 });

    await reloadUntil(shop, kitPath, async (p) =>
      (
        (await p
          .getByRole('region', { name: 'Your kit' })
          .getByRole('region', { name: /^Communication/ })
          .textContent()) ?? ''
      ).includes(name),
    );
    await expect(
      shop.getByRole('region', { name: 'Your kit' }).getByRole('region', { name: /^Communication/ }),
    ).toContainText('$1.25');
    await shop.close();
  });
});
