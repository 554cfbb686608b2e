// Reviews, in the composed production build: a customer who bought a product
// (order placed through place_order and shipped in the setup) writes a review with markup in it, sees it
// waiting for moderation; an administrator finds it through the dashboard and the queue and approves it;
// the product's stars and count change on its card and its page, and the review shows with 'Verified
// Purchase': once to its author (as their review, with its status, left out of the list below), in the
// list to everybody else. The markup is shown literally and runs nothing.
import type { Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import {
  expect,
  injectSession,
  NODE_CLIENT_OPTIONS,
  SHOP_URL,
  serviceClient,
  signInAsAdmin,
  stackInfo,
  test,
} from './fixtures.ts';

const MARKUP = '<img src=x onerror=alert(1)>';
const main = (page: Page) => page.getByRole('main');

interface Setup {
  productId: string;
  productName: string;
  slug: string;
  email: string;
  password: string;
}

/** A product of its own in Lighting, and a new customer whose order holding it has shipped. */
async function setup(): Promise<Setup> {
  const service = serviceClient();
  const stamp = Date.now();
  const { data: category } = await service.from('categories').select('id').eq('slug', 'lighting').single();
  const { url } = stackInfo();
  const productName = `E2E Review Lantern ${stamp}`;
  const { data: product, error } = await service
    .from('products')
    .insert({
      name: productName,
      price: 24.5,
      description: 'Created by the reviews browser test.',
      category_id: (category as { id: string }).id,
      image_url: `${url}/storage/v1/object/public/catalog/lantern.svg`,
      in_stock: true,
      stock_count: 40,
    })
    .select('id, slug')
    .single();
  if (error) throw error;
  const email = `reviewer.${stamp}@example.com`;
  const password = 'reviewer123';
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Robin', last_name: 'Vale' },
  });
  if (created.error) throw created.error;

  const customer = createClient(url, stackInfo().anonKey, NODE_CLIENT_OPTIONS);
  await customer.auth.signInWithPassword({ email, password });
  const placed = await customer.rpc('place_order', {
    p_lines: [{ product_id: (product as { id: string }).id, quantity: 1 }],
    p_shipping_address: {
      full_name: 'Robin Vale',
      line1: '12 Harbor Road',
      line2: '',
      city: 'Portland',
      region: 'OR',
      postal_code: '97201',
      country: 'United States',
      phone: '+1 503 555 0199',
    },
  });
  if (placed.error) throw placed.error;
  const orderId = (placed.data as { id: string }).id;
  // Only a paid order ships (or a cash-on-delivery one), and only a shipped paid order is a verified purchase.
  const paid = await service.from('orders').update({ payment_status: 'paid' }).eq('id', orderId);
  if (paid.error) throw paid.error;
  for (const status of ['processing', 'shipped']) {
    const moved = await service.from('orders').update({ status }).eq('id', orderId);
    if (moved.error) throw moved.error;
  }
  const { id, slug } = product as { id: string; slug: string };
  return { productId: id, productName, slug, email, password };
}

async function openReviews(page: Page) {
  await main(page)
    .getByRole('tab', { name: /^Reviews/ })
    .click();
}

test('a buyer reviews a product, an administrator approves it, and the stars, count and verified mark follow', async ({
  page,
  browser,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const bought = await setup();
  const card = () => main(page).getByRole('article').filter({ hasText: bought.productName });

  // Before: no reviews on the card.
  await injectSession(page, bought.email, bought.password, '/category/lighting');
  await expect(card().getByRole('img', { name: 'Rated 0.0 out of 5' })).toBeVisible();
  await expect(card().getByText('(0)', { exact: true })).toBeVisible();

  // The customer writes a review with markup in it.
  await page.goto(`/product/${bought.slug}`);
  await openReviews(page);
  await expect(main(page).getByText('No reviews yet. Be the first to share your experience.')).toBeVisible();
  await main(page).getByRole('button', { name: 'Write a review' }).click();
  const form = main(page).getByRole('form', { name: 'Write a review' });
  await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await form.getByLabel('Title').fill(MARKUP);
  await form.getByLabel('Your review').fill(`Bright and sturdy. ${MARKUP} Lasts all night.`);
  await form.getByRole('button', { name: 'Submit review' }).click();
  const mine = main(page).getByRole('region', { name: 'Your review' });
  await expect(mine.getByText('Waiting for moderation')).toBeVisible();
  await expect(mine.getByText(MARKUP, { exact: true })).toBeVisible();
  await expect(mine.getByText(`Bright and sturdy. ${MARKUP} Lasts all night.`)).toBeVisible();
  // Pending reviews do not count yet.
  await expect(main(page).getByText('Based on 0 reviews')).toBeVisible();

  // An administrator sees that reviews wait, opens the queue and approves it.
  const adminContext = await browser.newContext({ baseURL: SHOP_URL });
  const admin = await adminContext.newPage();
  admin.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAsAdmin(admin);
  await admin.goto('/admin/dashboard');
  await admin.getByRole('link', { name: /reviews? waits? for moderation/ }).click();
  await expect(admin).toHaveURL(/\/admin\/reviews\?status=pending/);
  // The product filter is a search: type part of the name, pick the match from the list.
  const productFilter = admin.getByRole('combobox', { name: 'Product' });
  await productFilter.fill(bought.productName.slice('E2E '.length));
  await admin
    .getByRole('listbox', { name: 'Product' })
    .getByRole('option', { name: bought.productName })
    .click();
  await expect(productFilter).toHaveValue(bought.productName);
  await expect(admin).toHaveURL(new RegExp(`[?&]product=${bought.productId}`));
  const row = admin.getByRole('row').filter({ hasText: bought.productName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(MARKUP, { exact: true })).toBeVisible();
  await expect(row.getByText('Verified purchase')).toBeVisible();
  await row.getByRole('button', { name: `Approve review “${MARKUP}”` }).click();
  await expect(admin.getByText('Review approved')).toBeVisible();
  await expect(admin.getByText('No reviews here')).toBeVisible();
  await expect(admin.locator('img[src="x"]')).toHaveCount(0);
  await adminContext.close();

  // The product page: stars, count, the published review with 'Verified Purchase', markup as text.
  await page.reload();
  await expect(main(page).getByText('4.0 · 1 review', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('tab', { name: 'Reviews (1)' })).toBeVisible();
  await openReviews(page);
  await expect(main(page).getByText('Based on 1 review', { exact: true })).toBeVisible();
  // Its author sees it once: as their review, with its status, not again in the list below.
  await expect(mine.getByText('Published')).toBeVisible();
  await expect(mine.getByText('Verified Purchase')).toBeVisible();
  await expect(mine.getByText('Robin V.')).toBeVisible();
  await expect(main(page).getByText('No other reviews yet.')).toBeVisible();
  await expect(main(page).getByText(`Bright and sturdy. ${MARKUP} Lasts all night.`)).toHaveCount(1);
  await expect(main(page).getByText(MARKUP, { exact: true })).toHaveCount(1);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  // Everybody else sees it in the list, with 'Verified Purchase', markup as text.
  const visitorContext = await browser.newContext({ baseURL: SHOP_URL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/product/${bought.slug}`);
  await openReviews(visitor);
  const listed = main(visitor)
    .getByRole('listitem')
    .filter({ hasText: `Bright and sturdy. ${MARKUP} Lasts all night.` });
  await expect(listed.getByText(MARKUP, { exact: true })).toBeVisible();
  await expect(listed.getByText('Verified Purchase')).toBeVisible();
  await expect(listed.getByText('Robin V.')).toBeVisible();
  await expect(main(visitor).getByRole('region', { name: 'Your review' })).toHaveCount(0);
  await expect(visitor.locator('img[src="x"]')).toHaveCount(0);
  await visitorContext.close();

  // The card on the category page.
  await page.goto('/category/lighting');
  await expect(card().getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
  await expect(card().getByText('(1)', { exact: true })).toBeVisible();

  expect(dialogs).toEqual([]);

  await serviceClient().from('products').delete().eq('id', bought.productId);
});

test('visitors are invited to sign in, which opens the account overlay', async ({ page }) => {
  const { data } = await serviceClient()
    .from('products')
    .select('slug, review_count')
    .gt('review_count', 5)
    .limit(1)
    .single();
  const product = data as { slug: string; review_count: number };
  await page.goto(`/product/${product.slug}`);
  await openReviews(page);
  await expect(main(page).getByText(`Based on ${product.review_count} reviews`)).toBeVisible();
  await expect(main(page).getByText(/^Page 1 of \d+$/)).toBeVisible();
  await main(page).getByRole('combobox', { name: 'Sort reviews' }).selectOption({ label: 'Lowest rated' });
  await main(page).getByRole('button', { name: 'Sign in to write a review' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sign In' })).toBeVisible();
});
