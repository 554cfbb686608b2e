// Layout shift: the storefront holds still while its parts arrive. Each of `/`, `/products` and a
// product page, on a phone (375 px) and a desktop (1280 px) screen, loaded with an empty cache: the
// browser's layout-shift entries, taken after the page's content has loaded, add up (as Cumulative Layout
// Shift does: the worst session window) to at most 0.05.
import type { Page } from '@playwright/test';
import { expect, SHOP_URL, test } from './fixtures';
import { findProductPath } from './size-report';

const MAX_CLS = 0.05;
const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

interface Shift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  sources: string[];
}

/** Collects every layout-shift entry of the page from its very start (buffered). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: unknown[] = [];
    (window as unknown as { __layoutShifts: unknown[] }).__layoutShifts = shifts;
    interface LayoutShiftEntry extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        shifts.push({
          value: entry.value,
          startTime: entry.startTime,
          hadRecentInput: entry.hadRecentInput,
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node;
            const name =
              node instanceof Element
                ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').slice(0, 3).join('.')}` : ''}`
                : (node?.nodeName ?? 'unknown');
            return `${name} y ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)}, height ${Math.round(source.previousRect.height)}→${Math.round(source.currentRect.height)}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Cumulative Layout Shift: the largest session window (gaps under 1 s, at most 5 s) of shifts without input. */
function cumulativeLayoutShift(shifts: Shift[]): number {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const shift of shifts.filter((entry) => !entry.hadRecentInput)) {
    if (shift.startTime - previous > 1000 || shift.startTime - windowStart > 5000) {
      current = 0;
      windowStart = shift.startTime;
    }
    current += shift.value;
    previous = shift.startTime;
    worst = Math.max(worst, current);
  }
  return worst;
}

/** Waits until the page shows its real content (not a loading state) and the network is quiet. */
const contentLoaded: Record<string, (page: Page) => Promise<void>> = {
  home: async (page) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /^Explore / })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('main').locator('a[href^="/product/"]').first()).toBeAttached();
  },
  products: async (page) => {
    await expect(page.getByText(/^Showing 1–\d+ of \d+ products$/)).toBeVisible();
    await expect(page.getByRole('main').locator('a[href^="/product/"]').first()).toBeVisible();
  },
  product: async (page) => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Product information' })).toBeVisible();
  },
};

for (const viewport of VIEWPORTS) {
  test.describe(`layout shift on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const kind of ['home', 'products', 'product'] as const) {
      test(`${kind} page: CLS at most ${MAX_CLS} once its content has loaded`, async ({ page }) => {
        const path =
          kind === 'home' ? '/' : kind === 'products' ? '/products' : await findProductPath(SHOP_URL);
        expect(path, 'the seeded catalogue has a product').toBeTruthy();
        await recordLayoutShifts(page);
        await page.goto(path!);
        await contentLoaded[kind]!(page);
        await page.waitForLoadState('networkidle');
        // Late shifts (images, fonts, a slow remote) still count: give them a moment to land.
        await page.waitForTimeout(500);

        const shifts = await page.evaluate(
          () => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts,
        );
        const cls = cumulativeLayoutShift(shifts);
        const detail = shifts
          .filter((shift) => shift.value >= 0.001)
          .map(
            (shift) =>
              `${shift.value.toFixed(3)} at ${Math.round(shift.startTime)} ms: ${shift.sources.join('; ')}`,
          )
          .join('\n');
        expect(cls, `layout shifts of ${path} at ${viewport.width} px:\n${detail}`).toBeLessThanOrEqual(
          MAX_CLS,
        );
      });
    }
  });
}
