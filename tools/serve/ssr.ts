/**
 * Server rendering of the storefront's pages. The shell's server build (shell/dist/server/index.js,
 * built beside its browser build) renders a page with React's streaming renderer; it loads each remote's
 * server build at run time from the manifest URL /config.json names, as the browser does. This module
 * decides which pages are rendered here, writes the answer (status, redirect, head, the markup, the data
 * the browser's caches start with) and falls back to the browser-rendered page when rendering fails.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { PageMeta, RemoteName, ServerData } from '@prepper/shared';
import { composePage, headTags, pageTitleOf, scriptJson } from './page-head.ts';
import { pageHints } from './page-hints.ts';

/** What the shell's server build answers (shell/src/server/render-page.tsx). */
interface RenderResult {
  status: number;
  redirect?: string;
  html: string;
  meta?: PageMeta;
  data: ServerData;
  rendered: string[];
  skeletons: string[];
  timedOut: boolean;
}

interface ShellRenderer {
  renderPage(options: {
    url: string;
    origin: string;
    config: unknown;
    remoteBudgetMs?: number;
    renderBudgetMs?: number;
  }): Promise<RenderResult>;
}

/** How long a remote's server build may take to load before its slot is left to the browser. */
export const REMOTE_BUDGET_MS = Number(process.env.SSR_REMOTE_BUDGET_MS) || 200;
/** How long a render and its reads may take before what is pending is left to the browser. */
export const RENDER_BUDGET_MS = Number(process.env.SSR_RENDER_BUDGET_MS) || 1_500;
/** Past this, the page is answered rendered by the browser (the renderer itself is stuck). */
const HARD_LIMIT_MS = REMOTE_BUDGET_MS + RENDER_BUDGET_MS + 1_000;

/** Anonymous pages: a CDN may keep them a minute and serve them stale while it asks again. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Longer paths are not an address of the shop (and not worth rendering). */
const MAX_URL_LENGTH = 2_048;

/**
 * The prefixes that belong to one person or to the back office: rendered in the browser only (a guest's
 * /order-status?token= page too: its answer must never sit in a shared cache).
 */
const BROWSER_ONLY = ['/admin', '/checkout', '/account', '/waitlist', '/newsletter', '/order-status'];

/** Whether the shop's server renders the page at `pathname` (every other storefront path, unknown ones too). */
export function isServerRenderedPath(pathname: string): boolean {
  return !BROWSER_ONLY.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const renderers = new Map<string, ShellRenderer | null>();

/** The shell's server build in `dir` (its dist), loaded once; null when the build has none. */
export function shellRenderer(dir: string): ShellRenderer | null {
  if (renderers.has(dir)) return renderers.get(dir)!;
  const file = join(dir, 'server', 'index.js');
  let renderer: ShellRenderer | null = null;
  if (existsSync(file)) {
    renderer = createRequire(import.meta.url)(file) as ShellRenderer;
  }
  renderers.set(dir, renderer);
  return renderer;
}

/**
 * Loads the remotes' server builds before the first visitor asks (a first load takes longer than a
 * remote's budget, and the first pages would otherwise leave their slots to the browser). Call it once
 * the remotes are served; it settles when the home page has rendered, or after `limitMs`.
 */
export async function warmUp(
  dir: string,
  origin: string,
  config: () => unknown,
  limitMs = 15_000,
): Promise<void> {
  const renderer = shellRenderer(dir);
  if (!renderer) return;
  try {
    await withinLimit(
      renderer.renderPage({ url: '/', origin, config: config(), remoteBudgetMs: limitMs }),
      limitMs + RENDER_BUDGET_MS,
    );
  } catch (error) {
    console.error(
      `[serve] warming up the server renderer failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The shell's stylesheets (its own utilities and components): linked in the head, not fetched by script. */
function shellStylesheets(dir: string): string[] {
  const cssDir = join(dir, 'static', 'css');
  if (!existsSync(cssDir)) return [];
  return (readdirSync(cssDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.css'))
    .sort()
    .map((file) => `/${relative(dir, join(cssDir, file)).split('\\').join('/')}`);
}

interface ManifestExposes {
  exposes?: { name: string; assets?: { css?: { sync?: string[] } } }[];
}

const manifestCache = new Map<string, { at: number; manifest: ManifestExposes }>();
const MANIFEST_CACHE_MS = 10_000;

/** The stylesheets a remote's exposes need, from its manifest (cached as long as the server's deploy check). */
async function exposeStylesheets(manifestUrl: string, exposes: string[]): Promise<string[]> {
  let cached = manifestCache.get(manifestUrl);
  if (!cached || Date.now() - cached.at > MANIFEST_CACHE_MS) {
    try {
      const response = await fetch(manifestUrl, { signal: AbortSignal.timeout(REMOTE_BUDGET_MS) });
      if (!response.ok) return [];
      cached = { at: Date.now(), manifest: (await response.json()) as ManifestExposes };
      manifestCache.set(manifestUrl, cached);
    } catch {
      return [];
    }
  }
  const base = new URL('.', manifestUrl);
  const files = new Set<string>();
  for (const expose of cached.manifest.exposes ?? []) {
    if (!exposes.includes(expose.name)) continue;
    for (const file of expose.assets?.css?.sync ?? []) files.add(new URL(file, base).href);
  }
  return [...files];
}

function originOf(req: IncomingMessage): string {
  const host = req.headers.host ?? 'localhost';
  const forwarded = req.headers['x-forwarded-proto'];
  const protocol = typeof forwarded === 'string' && forwarded === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

function withinLimit<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** React puts the preloads it found (the first images) before the markup: they belong in the head. */
function splitPreloads(html: string): { preloads: string; markup: string } {
  const match = /^(?:<link [^>]*\/?>)+/.exec(html);
  return match ? { preloads: match[0], markup: html.slice(match[0].length) } : { preloads: '', markup: html };
}

/** The bad input answered 400 instead of rendered: an overlong or malformed address. */
function badRequest(url: string): boolean {
  if (url.length > MAX_URL_LENGTH) return true;
  try {
    decodeURIComponent(url);
    return false;
  } catch {
    return true;
  }
}

/**
 * Answers a storefront page rendered on the server. Returns false when it cannot (no server build, or
 * the renderer failed or took too long): the caller then answers the browser-rendered page.
 */
export async function answerServerRendered(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
  config: () => unknown,
): Promise<boolean> {
  const url = req.url ?? '/';
  if (badRequest(url)) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Bad Request');
    return true;
  }
  const renderer = shellRenderer(dir);
  if (!renderer) return false;
  const origin = originOf(req);
  let runtimeConfig: unknown;
  let result: RenderResult;
  try {
    runtimeConfig = config();
    result = await withinLimit(
      renderer.renderPage({
        url,
        origin,
        config: runtimeConfig,
        remoteBudgetMs: REMOTE_BUDGET_MS,
        renderBudgetMs: RENDER_BUDGET_MS,
      }),
      HARD_LIMIT_MS,
    );
  } catch (error) {
    console.error(
      `[serve] server rendering of ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }

  if (result.redirect) {
    res.writeHead(301, { Location: result.redirect, 'Cache-Control': PAGE_CACHE_CONTROL });
    res.end();
    return true;
  }

  const pathname = new URL(url, origin).pathname;
  const remotes = (runtimeConfig as { remotes?: Partial<Record<RemoteName, string>> }).remotes ?? {};
  const byRemote = new Map<string, string[]>();
  for (const slot of result.rendered) {
    const [remote, expose] = slot.split('/') as [string, string];
    byRemote.set(remote, [...(byRemote.get(remote) ?? []), expose]);
  }
  const remoteCss = (
    await Promise.all(
      [...byRemote].map(([remote, exposes]) => {
        const manifest = remotes[remote as RemoteName];
        return manifest ? exposeStylesheets(manifest, exposes) : [];
      }),
    )
  ).flat();
  const stylesheets = [...shellStylesheets(dir), ...remoteCss]
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join('');

  const { preloads, markup } = splitPreloads(result.html);
  const page = { config: runtimeConfig, rendered: result.rendered, skeletons: result.skeletons };
  const html = composePage(readFileSync(join(dir, 'index.html'), 'utf8'), {
    title: pageTitleOf(result.meta),
    head: `${headTags(result.meta, origin, url)}${stylesheets}${preloads}${pageHints(pathname, runtimeConfig, { configPreload: false })}`,
    root: markup,
    body:
      `<script type="application/json" id="ssr-data">${scriptJson(result.data)}</script>` +
      `<script type="application/json" id="ssr-page">${scriptJson(page)}</script>`,
  });

  const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    // A page some of whose parts the browser renders (a remote or a read past its budget) is not kept.
    'Cache-Control': result.timedOut || result.skeletons.length > 0 ? 'no-cache' : PAGE_CACHE_CONTROL,
    ETag: etag,
    Vary: 'Accept-Encoding',
  };
  if (result.status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  res.writeHead(result.status, headers);
  res.end(req.method === 'HEAD' ? undefined : html);
  return true;
}
