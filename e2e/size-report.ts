// The size report: what `/`, `/products` and a product page download, in gzip bytes of JavaScript and
// CSS, by origin, with a budget per page (all origins together) and one per origin.
// `pnpm --filter @prepper/e2e size` measures the shop at SIZE_REPORT_URL (default
// http://localhost:3000) and exits 1 over budget (`--no-fail` only prints);
// the e2e run prints it at the end and fails over budget.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Request } from '@playwright/test';
import { productSlug } from '../shared/src/domain/slug.ts';
import { APP_NAMES, appPort } from '../shared/src/apps.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SHOP_PORT } from './harness.ts';

/**
 * Gzip kB of JS + CSS one storefront page may download in all: at most 170, so a phone on a slow network
 * gets its first page quickly (react-dom and the federation runtime once, supabase-js not before it is
 * needed). The pages weigh 166.7-169.7 (docs/performance.md), so there is little room left: a change that
 * takes a page over 170 fails the run.
 */
export const PAGE_BUDGET_KB = 170;

/**
 * Gzip kB of JS + CSS one page may download from each part's origin (matched by port), a little above
 * what each weighs (shell 134.6, catalogue 26.8-30.2 before the data layer, which adds its 2.6 kB
 * lib-query chunk: @nanostores/query and the query context), so that growth in one part shows up here first.
 */
export const BUDGETS_KB: Record<string, number> = {
  // 139: the entry starts the route's remote from the page's hints (shell/src/lib/route-preload.ts, 0.7 kB);
  // the store's settings and emergency for the frame and the cart (shared/src/bus/store-info.ts) took it
  // from 138.0 to 138.1, and the catalogue's product texts moving out of its shared texts chunk gave it 0.6
  // back, so the catalogue's budget went from 34 to 33.
  shell: 139,
  catalog: 33,
  cart: 0,
  search: 0,
  account: 0,
  admin: 0,
  other: 0,
};

/** The shop's own port when SIZE_REPORT_URL names one (npm start with SHOP_PORT_BASE). */
const reportPort = Number(new URL(process.env.SIZE_REPORT_URL ?? 'http://localhost:3000').port) || undefined;

/** Which part an origin's port belongs to: npm start's ports (3000-3005), the harness's and the measured shop's. */
const PART_BY_PORT: Record<string, string> = Object.fromEntries(
  APP_NAMES.flatMap((name) => [
    [String(appPort(name)), name],
    [String(appPort(name, SHOP_PORT)), name],
    ...(reportPort ? [[String(appPort(name, reportPort)), name]] : []),
  ]),
);

export interface PageSizes {
  page: string;
  /** Gzip bytes of JS + CSS by part (shell, catalog, ...). */
  bytes: Record<string, number>;
  files: number;
}

export interface SizeReport {
  baseUrl: string;
  pages: PageSizes[];
}

function partOf(url: URL): string {
  return PART_BY_PORT[url.port] ?? 'other';
}

/** A product page address from the shop's own configuration and catalogue (no hard-coded product). */
export async function findProductPath(baseUrl: string): Promise<string | null> {
  const config = (await (await fetch(new URL('/config.json', baseUrl))).json()) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  const response = await fetch(
    `${config.supabaseUrl}/rest/v1/products?select=id,name&order=name.asc&limit=1`,
    {
      headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
    },
  );
  const rows: unknown = await response.json();
  const product = Array.isArray(rows) ? (rows[0] as { id: string; name: string } | undefined) : undefined;
  if (!product) {
    console.warn('The catalogue has no product: the report leaves the product page out.');
    return null;
  }
  return `/product/${productSlug(product.name, product.id)}`;
}

async function measurePage(browser: Browser, baseUrl: string, path: string): Promise<PageSizes> {
  // A fresh context per page: an empty cache, as a first visit.
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const bytes: Record<string, number> = {};
  let files = 0;
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => {
          const part = partOf(new URL(response.url()));
          bytes[part] = (bytes[part] ?? 0) + gzipSync(body, { level: 9 }).length;
          files += 1;
        },
        () => undefined,
      ),
    );
  });
  const failures: string[] = [];
  page.on('requestfailed', (request) =>
    failures.push(`${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('pageerror', (error) => failures.push(error.message));
  // Requests still open if the page never goes quiet: the error names them.
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  try {
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
  } catch (error) {
    const waiting = [...open].map((request) => request.url()).join(', ') || 'none';
    throw new Error(
      `${path} did not go quiet: ${String(error)}; requests still open: ${waiting}; failures: ${failures.join('; ') || 'none'}`,
    );
  }
  await page.waitForTimeout(500);
  await Promise.all(pending);
  await context.close();
  // A report of nothing would pass every budget: a page that loaded no script is an error.
  if (files === 0)
    throw new Error(`${path} loaded no JavaScript (${failures.join('; ') || 'no failures seen'})`);
  return { page: path, bytes, files };
}

export async function measurePageSizes({
  baseUrl,
  paths,
}: {
  baseUrl: string;
  paths?: string[];
}): Promise<SizeReport> {
  const productPath = paths ? null : await findProductPath(baseUrl);
  const pagePaths = paths ?? ['/', '/products', ...(productPath ? [productPath] : [])];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages: PageSizes[] = [];
    for (const path of pagePaths) pages.push(await measurePage(browser, baseUrl, path));
    return { baseUrl, pages };
  } finally {
    await browser.close();
  }
}

const kb = (value: number) => (value / 1024).toFixed(1);

const pageTotal = (page: PageSizes) => Object.values(page.bytes).reduce((sum, value) => sum + value, 0);

export function overBudget(report: SizeReport): string[] {
  const failures: string[] = [];
  for (const page of report.pages) {
    if (pageTotal(page) > PAGE_BUDGET_KB * 1024) {
      failures.push(
        `${page.page}: downloads ${kb(pageTotal(page))} kB gzip in all, budget ${PAGE_BUDGET_KB} kB`,
      );
    }
    for (const [part, value] of Object.entries(page.bytes)) {
      const budget = (BUDGETS_KB[part] ?? 0) * 1024;
      if (value > budget) {
        failures.push(`${page.page}: ${part} downloads ${kb(value)} kB gzip, budget ${kb(budget)} kB`);
      }
    }
  }
  return failures;
}

export function formatSizeTable(report: SizeReport): string {
  const parts = Object.keys(BUDGETS_KB).filter((part) => report.pages.some((page) => page.bytes[part]));
  const shortName = (path: string) => (path.length > 28 ? `${path.slice(0, 25)}...` : path);
  const header = ['origin', ...report.pages.map((page) => shortName(page.page)), 'budget'];
  const rows = parts.map((part) => [
    part,
    ...report.pages.map((page) => (page.bytes[part] ? kb(page.bytes[part]) : '-')),
    kb((BUDGETS_KB[part] ?? 0) * 1024),
  ]);
  const totals = ['total', ...report.pages.map((page) => kb(pageTotal(page))), kb(PAGE_BUDGET_KB * 1024)];
  const table = [header, ...rows, totals];
  const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [
    `Size report: gzip kB of JS + CSS per page load, by origin (${report.baseUrl})`,
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    line(totals),
  ].join('\n');
}

async function main(): Promise<void> {
  const baseUrl = process.env.SIZE_REPORT_URL ?? 'http://localhost:3000';
  const report = await measurePageSizes({ baseUrl });
  console.log(formatSizeTable(report));
  const failures = overBudget(report);
  if (failures.length === 0) {
    console.log('Every page and origin is within its budget.');
    return;
  }
  console.error(`Size budget exceeded:\n${failures.join('\n')}`);
  if (!process.argv.includes('--no-fail')) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
