// The catalogue's pages on the composed shop with the seeded local backend.
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { expect, stackInfo, test, untilHydrated } from './fixtures.ts';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** Node 20 has no WebSocket and these checks never use realtime: its transport only fails if used. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by the catalogue browser tests');
  }
}

/** A service-role client for setting up and checking data (node side only). */
function supabaseAdmin() {
  const { url, serviceRoleKey } = stackInfo();
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as unknown as RealtimeTransport },
  });
}

const main = (page: Page) => page.getByRole('main');
const cards = (page: Page) => main(page).getByRole('article');
const status = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: /Showing/ });

async function productCount(filter?: { column: string; value: string }): Promise<number> {
  let query = supabaseAdmin().from('products').select('id', { count: 'exact', head: true });
  if (filter) query = query.eq(filter.column, filter.value);
  const { count, error } = await query;
  if (error) throw error;
  return count ?? 0;
}

async function categoryBySlug(slug: string): Promise<{ id: string; name: string }> {
  const { data, error } = await supabaseAdmin()
    .from('categories')
    .select('id, name')
    .eq('slug', slug)
    .single();
  if (error) throw error;
  return data as { id: string; name: string };
}

test('home shows the hero, the seeded categories and six featured products', async ({ page }) => {
  const { data: categories } = await supabaseAdmin().from('categories').select('name').order('created_at');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
  await expect(page.getByText('Trusted by 50,000+ customers')).toBeVisible();

  const grid = page.locator('#categories');
  await expect(grid.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
  const explore = grid.getByRole('link', { name: /^Explore / });
  await expect(explore).toHaveCount(categories!.length);
  await expect(explore.first()).toHaveAccessibleName(`Explore ${categories![0]!.name}`);
  await expect(grid.getByText(/^\+\d+ more categories$/).first()).toBeVisible();

  const featured = page.getByRole('region', { name: 'Featured Products' });
  await expect(featured.getByRole('article')).toHaveCount(6);
  await expect(featured.getByText('Out of Stock')).toHaveCount(0);
  await featured.getByRole('link', { name: 'View All Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

/**
 * Starts recording, in the page, every loading state that appears from now on: a spinner or remote-slot
 * skeleton (role="status" saying "Loading..." or aria-busy="true"), however briefly it is shown.
 */
async function recordLoadingStates(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const isLoading = (element: Element) =>
      element.getAttribute('role') === 'status' &&
      (element.getAttribute('aria-busy') === 'true' || /^\s*Loading/i.test(element.textContent ?? ''));
    const check = (node: Node) => {
      if (!(node instanceof Element)) return;
      for (const element of [node, ...node.querySelectorAll('[role="status"]')]) {
        if (isLoading(element)) seen.push((element.textContent ?? '').trim() || 'aria-busy status');
      }
    };
    check(document.body);
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach(check);
        if (record.type === 'attributes' || record.type === 'characterData') {
          const target = record.target instanceof Element ? record.target : record.target.parentElement;
          const status = target?.closest('[role="status"]');
          if (status) check(status);
        }
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-busy', 'role'],
    });
    (window as unknown as { loadingStatesSeen: string[] }).loadingStatesSeen = seen;
  });
  return () => page.evaluate(() => (window as unknown as { loadingStatesSeen: string[] }).loadingStatesSeen);
}

test('back and forward show pages already seen at once, without a loading state or a request', async ({
  page,
}) => {
  const featured = page.getByRole('region', { name: 'Featured Products' });
  await page.goto('/');
  await expect(featured.getByRole('article')).toHaveCount(6);
  // In-app navigation is what keeps the pages seen: click once the link is React's, not the server's.
  const viewAll = featured.getByRole('link', { name: 'View All Products' });
  await untilHydrated(viewAll);
  await viewAll.click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(status(page)).toHaveText(/^Showing 1–12 of \d+ products$/);
  await expect(cards(page)).toHaveCount(12);

  await page.waitForLoadState('networkidle');
  const loadingStates = await recordLoadingStates(page);
  // From here on, every request to the database's REST API is recorded: going back and forward to data
  // already loaded must make none.
  const rest = new URL('/rest/v1/', stackInfo().url);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.port === rest.port && url.pathname.startsWith(rest.pathname)) asked.push(url.pathname);
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(featured.getByRole('article')).toHaveCount(6);
  await page.goForward();
  await expect(page).toHaveURL(/\/products$/);
  await expect(cards(page)).toHaveCount(12);
  await page.goBack();
  await expect(featured.getByRole('article')).toHaveCount(6);
  expect(await loadingStates()).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);

  // The recorder sees a loading state when there is one: a page not seen before shows its own.
  await page.getByRole('link', { name: 'Shop Now' }).click();
  await expect(page).toHaveURL(/\/products$/);
  const fresh = await recordLoadingStates(page);
  await main(page).getByLabel('Sort by').selectOption('price-high');
  await expect(page).toHaveURL(/sort=price-high/);
  await expect(cards(page)).toHaveCount(12);
  expect(await fresh()).toContain('Loading products');
  // ...and the request recorder sees the request of data not loaded before.
  expect(asked).toContain('/rest/v1/product_listing');
});

test('category nav: hover panel with subcategories, current category highlighted, All Products last', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('banner').getByRole('list', { name: 'Product categories' });
  const communication = nav.getByRole('link', { name: 'Communication', exact: true });
  // The panel is React's: a pointer that arrived before the page hydrated must move again to open it.
  await untilHydrated(communication);
  await communication.hover();
  const panelLink = nav.getByRole('link', { name: 'Satellite Phones' });
  await expect(panelLink).toBeVisible();
  await expect(
    nav.getByText('Stay connected when the grid and cell networks are down', { exact: false }),
  ).toBeVisible();
  await panelLink.click();
  await expect(page).toHaveURL(/\/category\/communication\/satellite-phones$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Satellite Phones' })).toBeVisible();
  await expect(communication).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link').last()).toHaveText('All Products');

  // Keyboard: focus opens the panel, Escape closes it.
  await page.mouse.move(0, 600);
  await communication.focus();
  await expect(panelLink).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panelLink).toBeHidden();
});

test('/products: pagination, sort, search, category filter and view live in the URL', async ({ page }) => {
  const total = await productCount();
  await page.goto('/products');
  await expect(status(page)).toHaveText(`Showing 1–12 of ${total} products`);
  await expect(cards(page)).toHaveCount(12);

  await main(page).getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(status(page)).toHaveText(`Showing 13–24 of ${total} products`);
  await expect(main(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // A sort change goes back to page 1; the cheapest product comes first.
  const { data: cheapest } = await supabaseAdmin()
    .from('products')
    .select('name')
    .order('price')
    .order('id')
    .limit(1)
    .single();
  await main(page).getByLabel('Sort by').selectOption('price-low');
  await expect(page).toHaveURL(/sort=price-low/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards(page).first()).toHaveAccessibleName((cheapest as { name: string }).name);

  // Category filter, by slug in the URL.
  const survival = await categoryBySlug('survival-gear');
  const survivalCount = await productCount({ column: 'category_id', value: survival.id });
  // Each category option shows its count for the other filters: "Survival Gear (27)".
  await main(page)
    .getByLabel('Category')
    .selectOption({ label: `${survival.name} (${survivalCount})` });
  await expect(page).toHaveURL(/category=survival-gear/);
  await expect(status(page)).toHaveText(`Showing 1–12 of ${survivalCount} products`);

  // View switch and a reload keep everything.
  await main(page).getByRole('button', { name: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  await page.reload();
  await expect(main(page).getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await expect(main(page).getByLabel('Category')).toHaveValue('survival-gear');
  await expect(main(page).getByLabel('Sort by')).toHaveValue('price-low');
  await expect(status(page)).toHaveText(`Showing 1–12 of ${survivalCount} products`);

  // The back button undoes the view switch.
  await page.goBack();
  await expect(page).not.toHaveURL(/view=list/);
  await expect(main(page).getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');

  // Search (the ranked search: name, tags, description) combined with the category filter.
  const { data: facets } = await supabaseAdmin().rpc('product_facets', {
    p_query: 'KNIFE',
    p_category_id: survival.id,
  });
  const knives = (facets as { total: number }).total;
  await main(page).getByLabel('Search products').fill('KNIFE');
  await expect(page).toHaveURL(/q=KNIFE/);
  if (knives) await expect(cards(page)).toHaveCount(Math.min(12, knives));
  else await expect(main(page).getByText('No products found')).toBeVisible();

  await main(page).getByLabel('Search products').fill('zzzz-no-such-thing');
  await expect(main(page).getByText('No products found')).toBeVisible();
});

test('/products: the price range filters in the database', async ({ page }) => {
  const { count } = await supabaseAdmin()
    .from('products')
    .select('id', { count: 'exact', head: true })
    .gte('price', 20)
    .lte('price', 50);
  await page.goto('/products?min=20&max=50&sort=price-high');
  await expect(status(page)).toHaveText(`Showing 1–${Math.min(12, count ?? 0)} of ${count} products`);
  const first = await cards(page).first().locator('p.flex > span').first().textContent();
  expect(Number(first?.replace(/[$,]/g, ''))).toBeLessThanOrEqual(50);
  await expect(main(page).getByText('$20.00 – $50.00')).toBeVisible();
});

/** Products matching a filter set, counted by the database (node side, service role). */
async function countWhere(
  filters: Record<string, string | number | boolean>,
  minRating = 0,
): Promise<number> {
  let query = supabaseAdmin().from('products').select('id', { count: 'exact', head: true });
  for (const [column, value] of Object.entries(filters)) query = query.eq(column, value);
  if (minRating) query = query.gte('rating', minRating);
  const { count, error } = await query;
  if (error) throw error;
  return count ?? 0;
}

test('/products: availability and rating filters show their counts and live in the URL', async ({ page }) => {
  const out = await countWhere({ in_stock: false });
  expect(out).toBeGreaterThan(0);
  let stars = 4;
  while (stars > 1 && (await countWhere({ in_stock: false }, stars)) === 0) stars -= 1;
  const outRated = await countWhere({ in_stock: false }, stars);
  await page.goto('/products');
  await main(page)
    .getByRole('radio', { name: `Out of stock (${out})` })
    .click();
  await expect(page).toHaveURL(/stock=out_of_stock/);
  await expect(status(page)).toHaveText(`Showing 1–${Math.min(12, out)} of ${out} products`);
  await expect(cards(page)).toHaveCount(Math.min(12, out));
  await expect(cards(page).filter({ hasText: 'Out of Stock' })).toHaveCount(Math.min(12, out));

  // The rating options count out-of-stock products only; the availability options keep their counts.
  await main(page)
    .getByRole('radio', { name: `${stars} stars & up (${outRated})` })
    .click();
  await expect(page).toHaveURL(new RegExp(`rating=${stars}`));
  await expect(status(page)).toHaveText(`Showing 1–${Math.min(12, outRated)} of ${outRated} products`);
  await expect(main(page).getByRole('radio', { name: `Out of stock (${outRated})` })).toBeChecked();

  // Rendered on the server from the URL: a reload shows the same.
  await page.reload();
  await expect(main(page).getByRole('radio', { name: `${stars} stars & up (${outRated})` })).toBeChecked();
  await expect(status(page)).toHaveText(`Showing 1–${Math.min(12, outRated)} of ${outRated} products`);
});

test('/products?q= finds a misspelt product and suggests a search when nothing is found', async ({
  page,
}) => {
  await page.goto('/products?q=sattelite%20phone');
  await expect(cards(page).first()).toHaveAccessibleName(/Satellite Phone$/);

  await page.goto('/products?q=lantrnx');
  await expect(main(page).getByText('No products found')).toBeVisible();
  await expect(main(page).getByText('Did you mean:')).toBeVisible();
  await main(page).getByRole('button', { name: 'lantern' }).click();
  await expect(page).toHaveURL(/q=lantern/);
  await expect(cards(page).first()).toHaveAccessibleName(/lantern/i);
});

test('category page shows its header, counts, subcategories and every product', async ({ page }) => {
  const survival = await categoryBySlug('survival-gear');
  const count = await productCount({ column: 'category_id', value: survival.id });
  const { count: subcategories } = await supabaseAdmin()
    .from('subcategories')
    .select('id', { count: 'exact', head: true })
    .eq('category_id', survival.id);
  await page.goto('/category/survival-gear');
  await expect(main(page).getByRole('heading', { level: 1, name: survival.name })).toBeVisible();
  await expect(main(page).getByText(`${count} products`, { exact: true })).toBeVisible();
  await expect(main(page).getByText(`${subcategories} subcategories`, { exact: true })).toBeVisible();
  await expect(main(page).getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
  await expect(cards(page)).toHaveCount(count);
  await expect(page).toHaveTitle(`${survival.name} | ReadyStock`);
  await main(page)
    .getByRole('link', { name: /Multi-Tools & Knives/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/category\/survival-gear\/multi-tools-knives$/);
});

test('subcategory page shows breadcrumb, sort and an inactive Load More from 12 products', async ({
  page,
}) => {
  const { data: sub } = await supabaseAdmin()
    .from('subcategories')
    .select('id, name')
    .eq('slug', 'multi-tools-knives')
    .single();
  const { name, id } = sub as { id: string; name: string };
  const count = await productCount({ column: 'subcategory_id', value: id });
  await page.goto('/category/survival-gear/multi-tools-knives');
  await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(cards(page)).toHaveCount(count);
  await expect(main(page).getByRole('button', { name: 'Load More Products' })).toBeDisabled();
  // A choice made before the page has hydrated is taken back by React's first render: choose once it is React's.
  const sort = main(page).getByLabel('Sort by');
  await untilHydrated(sort);
  await sort.selectOption('price-high');
  await expect(page).toHaveURL(/sort=price-high/);
  const prices = await cards(page).locator('p.flex > span:first-child').allTextContents();
  const values = prices.map((text) => Number(text.replace(/[$,]/g, '')));
  expect(values).toEqual([...values].sort((a, b) => b - a));
});

test('subcategory page: availability and rating filters and the sort apply to the whole subcategory', async ({
  page,
}) => {
  const { data: sub } = await supabaseAdmin()
    .from('subcategories')
    .select('id')
    .eq('slug', 'multi-tools-knives')
    .single();
  const id = (sub as { id: string }).id;
  const inStock = await countWhere({ subcategory_id: id, in_stock: true });
  const all = await countWhere({ subcategory_id: id });
  const rated = await countWhere({ subcategory_id: id, in_stock: true }, 4);
  await page.goto('/category/survival-gear/multi-tools-knives');
  await expect(main(page).getByRole('radio', { name: `In stock (${inStock})` })).toBeEnabled();
  await main(page)
    .getByRole('radio', { name: `In stock (${inStock})` })
    .click();
  await expect(page).toHaveURL(/stock=in_stock/);
  await expect(main(page).getByText(`${inStock} products`, { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(inStock);
  await expect(cards(page).filter({ hasText: 'Out of Stock' })).toHaveCount(0);

  await main(page)
    .getByRole('radio', { name: `4 stars & up (${rated})` })
    .click();
  await expect(page).toHaveURL(/rating=4/);
  await expect(cards(page)).toHaveCount(rated);
  await main(page).getByLabel('Sort by').selectOption('price-low');
  await expect(page).toHaveURL(/sort=price-low/);
  const prices = await cards(page).locator('p.flex > span:first-child').allTextContents();
  const values = prices.map((text) => Number(text.replace(/[$,]/g, '')));
  expect(values).toEqual([...values].sort((a, b) => a - b));

  await main(page).getByRole('radio', { name: 'Any' }).first().click();
  await expect(page).not.toHaveURL(/stock=/);
  await expect(
    main(page).getByText(`${await countWhere({ subcategory_id: id }, 4)} products`, { exact: true }),
  ).toBeVisible();
  expect(all).toBeGreaterThanOrEqual(inStock);
});

test('product page: canonical address, details, tabs and related products', async ({ page }) => {
  const { data } = await supabaseAdmin()
    .from('products')
    .select('id, name, slug, review_count')
    .eq('in_stock', true)
    .gte('stock_count', 10)
    .order('created_at')
    .limit(1)
    .single();
  const product = data as { id: string; name: string; slug: string; review_count: number };
  await page.goto(`/product/some-old-name-${product.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page).toHaveTitle(`${product.name} | ReadyStock`);
  await expect(main(page).getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Products');
  for (const badge of ['Secure Payment', 'Free Shipping', '30-Day Returns', 'Warranty Included']) {
    await expect(main(page).getByText(badge, { exact: true })).toBeVisible();
  }
  await main(page)
    .getByRole('tab', { name: `Reviews (${product.review_count})` })
    .click();
  await expect(main(page).getByRole('tabpanel')).toContainText(`Based on ${product.review_count} reviews`);
  await expect(main(page).getByRole('region', { name: 'Related Products' }).getByRole('article')).toHaveCount(
    4,
  );
});

test('not-found states for a bad category, subcategory and product slug', async ({ page }) => {
  await page.goto('/category/no-such-category');
  await expect(main(page).getByRole('heading', { name: 'Category Not Found' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  await page.goto('/category/survival-gear/no-such-subcategory');
  await expect(main(page).getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  await page.goto('/product/no-such-product');
  await expect(main(page).getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
    'href',
    '/products',
  );

  await page.goto('/product/ghost-00000000-0000-4000-8000-000000000000');
  await expect(main(page).getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
});

test('Add to Cart on the product page updates the header badge and the cart overlay', async ({ page }) => {
  const { data } = await supabaseAdmin()
    .from('products')
    .select('id, name, slug')
    .eq('in_stock', true)
    .gte('stock_count', 10)
    .order('rating', { ascending: false })
    .limit(1)
    .single();
  const product = data as { id: string; name: string; slug: string };
  await page.goto(`/product/${product.slug}`);
  await main(page).getByRole('button', { name: 'Increase quantity' }).click();
  await expect(main(page).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  // The "Adding..." state lasts 300 ms: watched from inside the page, so a busy machine's slower polling
  // cannot miss it.
  const sawAdding = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const seen = () =>
          [...document.querySelectorAll('main button')].some(
            (button) => button.textContent?.trim() === 'Adding...',
          );
        const observer = new MutationObserver(() => {
          if (seen()) {
            observer.disconnect();
            resolve(true);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        setTimeout(() => resolve(seen()), 10_000);
      }),
  );
  await main(page).getByRole('button', { name: 'Add to Cart' }).click();
  expect(await sawAdding).toBe(true);
  const cartButton = page.getByRole('banner').getByRole('button', { name: 'Cart, 2 items' });
  await expect(cartButton).toBeVisible();
  await expect(page.getByText(`Added 2 × ${product.name} to cart`)).toBeVisible();
  await cartButton.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Shopping Cart (2)' })).toBeVisible();
  await expect(dialog.getByText(product.name)).toBeVisible();
});

test('a product created in the database appears on its category page without a rebuild', async ({ page }) => {
  const lighting = await categoryBySlug('lighting');
  const name = `E2E Storm Lantern ${Date.now()}`;
  const admin = supabaseAdmin();
  const { data, error } = await admin
    .from('products')
    .insert({
      name,
      price: 42.5,
      original_price: 50,
      description: 'Created by the catalogue browser test.',
      category_id: lighting.id,
      image_url: 'http://localhost:54331/storage/v1/object/public/catalog/no-such-image.svg',
      in_stock: true,
      stock_count: 5,
      rating: 4,
      review_count: 3,
      features: ['Bright', 'Rechargeable', 'Waterproof', 'Dimmable'],
    })
    .select('id')
    .single();
  if (error) throw error;
  try {
    await page.goto('/category/lighting');
    const card = cards(page).filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText('-15%')).toBeVisible();
    await expect(card.getByText('Low Stock')).toBeVisible();
    await expect(card.getByText('+1 more')).toBeVisible();
    // The broken image falls back to the default picture.
    await expect(card.locator('img').first()).toHaveAttribute('src', /^data:image\/svg\+xml/);
  } finally {
    await admin
      .from('products')
      .delete()
      .eq('id', (data as { id: string }).id);
  }
});
