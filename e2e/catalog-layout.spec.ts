// Every catalogue page is usable at 375 px and 1280 px — no sideways scrolling, the page's
// heading in view. Full-page screenshots land in the test output folder for a human look.
import { expect, stackInfo, test } from './fixtures.ts';

const WIDTHS = [375, 1280] as const;

async function pages(): Promise<{ name: string; path: string; heading: RegExp }[]> {
  // The oldest seeded product, read as the shop reads it (anonymous REST).
  const { url, anonKey } = stackInfo();
  const response = await fetch(`${url}/rest/v1/products?select=name,slug&order=created_at.asc&limit=1`, {
    headers: { apikey: anonKey },
  });
  const [product] = (await response.json()) as { name: string; slug: string }[];
  if (!product) throw new Error('The seeded catalogue has no products');
  return [
    { name: 'home', path: '/', heading: /Shop by Category/ },
    { name: 'products', path: '/products', heading: /All Products/ },
    { name: 'category', path: '/category/survival-gear', heading: /Survival Gear/ },
    {
      name: 'subcategory',
      path: '/category/survival-gear/multi-tools-knives',
      heading: /Multi-Tools & Knives/,
    },
    {
      name: 'product',
      path: `/product/${product.slug}`,
      heading: new RegExp(product.name.replace(/[+()]/g, '\\$&')),
    },
  ];
}

for (const width of WIDTHS) {
  test(`catalogue pages fit a ${width} px wide screen`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    for (const { name, path, heading } of await pages()) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    }
  });
}
