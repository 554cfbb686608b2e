// The Lighthouse benchmark: `pnpm --filter @prepper/e2e lighthouse` runs Lighthouse (performance,
// accessibility and SEO) with Debian's Chromium against a RUNNING production build (`npm start`, or the browser-test
// harness) for `/`, `/products` and a product page, mobile and desktop, and prints per page and form factor
// the median of the runs: performance score, LCP, TBT, CLS, the accessibility and the SEO score (with
// the audits that keep them below 100). It is a benchmark, not a test: it prints and exits 0 whatever the figures.
//
//   LIGHTHOUSE_URL   the shop (default: SIZE_REPORT_URL, else http://localhost:3000)
//   LIGHTHOUSE_RUNS  runs per page and form factor (default 3; the median is printed)
//   --only=mobile|desktop, --page=/products (repeatable), --json (one JSON line per page and form factor)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness.ts';
import { findProductPath } from './size-report.ts';

type FormFactor = 'mobile' | 'desktop';

interface RunFigures {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Accessibility audits that failed, by id. */
  failedAccessibility: string[];
  /** SEO audits that failed, by id. */
  failedSeo: string[];
}

const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function figuresOf(result: RunnerResult): RunFigures {
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`${lhr.finalDisplayedUrl}: no value for ${id}`);
    return value;
  };
  const failedOf = (category: (typeof lhr.categories)[string] | undefined) =>
    (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
  const accessibility = lhr.categories.accessibility;
  const seo = lhr.categories.seo;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    seo: Math.round((seo?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failedAccessibility: failedOf(accessibility),
    failedSeo: failedOf(seo),
  };
}

/** One Lighthouse run in a fresh Chromium (empty cache and storage, as a first visit). */
async function runOnce(url: string, formFactor: FormFactor): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return figuresOf(result);
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse now and then fails to find the navigation in its own trace (NO_NAVSTART), in a fresh Chromium,
 * whatever the page: such a run is made again, up to twice, instead of ending the whole report.
 */
async function runWithRetry(url: string, formFactor: FormFactor): Promise<RunFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, formFactor);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
      console.warn(`${url} (${formFactor}): ${String(error)}; running it again`);
    }
  }
}

interface Row {
  page: string;
  formFactor: FormFactor;
  runs: RunFigures[];
}

function summarise(row: Row) {
  const pick = (key: 'performance' | 'accessibility' | 'seo' | 'lcpMs' | 'tbtMs' | 'cls') =>
    median(row.runs.map((run) => run[key]));
  const failed = [...new Set(row.runs.flatMap((run) => run.failedAccessibility))];
  const failedSeo = [...new Set(row.runs.flatMap((run) => run.failedSeo))];
  return {
    page: row.page,
    formFactor: row.formFactor,
    runs: row.runs.length,
    performance: pick('performance'),
    performanceRange: [
      Math.min(...row.runs.map((run) => run.performance)),
      Math.max(...row.runs.map((run) => run.performance)),
    ],
    lcpMs: Math.round(pick('lcpMs')),
    tbtMs: Math.round(pick('tbtMs')),
    cls: Number(pick('cls').toFixed(3)),
    accessibility: pick('accessibility'),
    seo: pick('seo'),
    failedAccessibility: failed,
    failedSeo,
  };
}

function formatTable(rows: ReturnType<typeof summarise>[]): string {
  const header = ['page', 'form factor', 'perf (min-max)', 'LCP', 'TBT', 'CLS', 'a11y', 'SEO'];
  const lines = rows.map((row) => [
    row.page.length > 40 ? `${row.page.slice(0, 37)}...` : row.page,
    row.formFactor,
    `${row.performance} (${row.performanceRange[0]}-${row.performanceRange[1]})`,
    `${(row.lcpMs / 1000).toFixed(1)} s`,
    `${row.tbtMs} ms`,
    row.cls.toFixed(3),
    String(row.accessibility),
    String(row.seo),
  ]);
  const table = [header, ...lines];
  const widths = header.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)));
  return [
    format(header).join('  '),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...lines.map((line) => format(line).join('  ')),
  ].join('\n');
}

function argValues(name: string): string[] {
  return process.argv
    .slice(2)
    .filter((arg) => arg.startsWith(`--${name}=`))
    .map((arg) => arg.slice(name.length + 3));
}

async function main(): Promise<void> {
  const baseUrl = process.env.LIGHTHOUSE_URL ?? process.env.SIZE_REPORT_URL ?? 'http://localhost:3000';
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
  const only = argValues('only')[0] as FormFactor | undefined;
  const formFactors: FormFactor[] = only ? [only] : ['mobile', 'desktop'];
  let pages = argValues('page');
  if (pages.length === 0) {
    const productPath = await findProductPath(baseUrl);
    pages = ['/', '/products', ...(productPath ? [productPath] : [])];
  }
  const json = process.argv.includes('--json');
  console.log(
    `Lighthouse ${runs} run(s) per page and form factor against ${baseUrl} (Chromium ${CHROMIUM_PATH}); medians:`,
  );
  const rows: ReturnType<typeof summarise>[] = [];
  for (const page of pages) {
    for (const formFactor of formFactors) {
      const row: Row = { page, formFactor, runs: [] };
      for (let run = 0; run < runs; run += 1) {
        row.runs.push(await runWithRetry(new URL(page, baseUrl).href, formFactor));
      }
      const summary = summarise(row);
      rows.push(summary);
      if (json) console.log(JSON.stringify(summary));
    }
  }
  console.log(formatTable(rows));
  for (const row of rows) {
    if (row.failedAccessibility.length > 0) {
      console.log(`${row.page} (${row.formFactor}) accessibility: ${row.failedAccessibility.join(', ')}`);
    }
    if (row.failedSeo.length > 0) {
      console.log(`${row.page} (${row.formFactor}) SEO: ${row.failedSeo.join(', ')}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
