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
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import type { PageMeta, RemoteName, ServerData } from '@prepper/shared';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD, GZIP_LEVEL } from './compression-levels.ts';
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

/** A stylesheet the page links: its address, and for a remote's, the path its manifest names. */
interface Stylesheet {
  href: string;
  /**
   * The manifest's relative path ('static/css/async/6.css'). It goes in `data-href`: a remote's chunk loader
   * looks for its stylesheet by that path before adding a `<link>`, and a second link to the same file would
   * make the browser recompute every style on the page (issue 26: blocking time while hydrating).
   */
  file?: string;
}

/** The stylesheets a remote's exposes need, from its manifest (cached as long as the server's deploy check). */
async function exposeStylesheets(manifestUrl: string, exposes: string[]): Promise<Stylesheet[]> {
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
    for (const file of expose.assets?.css?.sync ?? []) files.add(file);
  }
  return [...files].map((file) => ({ href: new URL(file, base).href, file }));
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

/** A rendered page as it is sent: the same for every anonymous visitor of the address. */
interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body compressed, made when a visitor first accepts the encoding and kept with the page. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  /** When it was rendered (Date.now()). */
  renderedAt: number;
  /** Whether it may be kept for the next visitors (fully rendered, nothing left to the browser). */
  keep: boolean;
}

/**
 * How long the shop's server keeps a rendered page fresh for the next visitors of the same address, by
 * default (`SSR_PAGE_CACHE_MS`; 0: never kept). The pages are the signed-out storefront, the same for
 * everyone, and the answers a CDN may keep a minute anyway (`PAGE_CACHE_CONTROL`); keeping them a few
 * seconds here makes a burst of visitors cost one render.
 */
export const PAGE_CACHE_MS = Number(process.env.SSR_PAGE_CACHE_MS ?? 5_000);
/**
 * A page older than fresh is still sent, while one render replaces it, until it is this many times its
 * fresh time old; after that it is rendered again before it is sent. A change in the database (a price, a
 * setting, a page's text) therefore shows within 4 x 5 s = 20 s, plus one render.
 */
const STALE_FACTOR = 4;
/** At most this many characters of pages are kept (least recently used first out). */
const PAGE_CACHE_MAX_CHARS = 64 * 1024 * 1024;

interface RenderContext {
  renderer: ShellRenderer;
  dir: string;
  url: string;
  origin: string;
  config: unknown;
}

/** Rendered pages kept per address and configuration (one per served shell). */
export interface PageCache {
  pages: LRUCache<string, PageAnswer, RenderContext>;
  freshMs: number;
}

/**
 * A page cache: a page is rendered once per address and configuration while it is fresh, visitors asking
 * while it renders share that render, and a stale page is sent while one render replaces it (lru-cache's
 * fetch). Null when `freshMs` is 0.
 */
export function createPageCache(freshMs = PAGE_CACHE_MS): PageCache | null {
  if (!(freshMs > 0)) return null;
  const pages = new LRUCache<string, PageAnswer, RenderContext>({
    maxSize: PAGE_CACHE_MAX_CHARS,
    sizeCalculation: (answer) => Math.max(1, answer.body.length),
    ttl: freshMs * STALE_FACTOR,
    fetchMethod: async (_key, _stale, { context, options }) => {
      const answer = await renderAnswer(context);
      // A page with parts left to the browser is shared with the visitors waiting for it, then dropped.
      if (answer && !answer.keep) options.ttl = 1;
      return answer;
    },
  });
  return { pages, freshMs };
}

/** The page from the cache: rendered when missing or too old, renewed in the background when stale. */
async function cachedAnswer(cache: PageCache, context: RenderContext): Promise<PageAnswer | undefined> {
  const key = cacheKey(context);
  const answer = await cache.pages.fetch(key, { context });
  if (answer && Date.now() - answer.renderedAt > cache.freshMs) {
    // One render replaces it (a fetch already under way is shared); this visitor gets the stale page.
    void cache.pages.fetch(key, { context, forceRefresh: true, allowStale: true }).catch(() => undefined);
  }
  return answer;
}

function cacheKey({ url, origin, config }: RenderContext): string {
  const configHash = createHash('sha1')
    .update(JSON.stringify(config) ?? '')
    .digest('base64url');
  return `${configHash} ${origin}${url}`;
}

/** Renders the page and composes the answer; undefined when the renderer failed or took too long. */
async function renderAnswer({
  renderer,
  dir,
  url,
  origin,
  config,
}: RenderContext): Promise<PageAnswer | undefined> {
  let result: RenderResult;
  try {
    result = await withinLimit(
      renderer.renderPage({
        url,
        origin,
        config,
        remoteBudgetMs: REMOTE_BUDGET_MS,
        renderBudgetMs: RENDER_BUDGET_MS,
      }),
      HARD_LIMIT_MS,
    );
  } catch (error) {
    console.error(
      `[serve] server rendering of ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }

  if (result.redirect) {
    return {
      status: 301,
      headers: { Location: result.redirect, 'Cache-Control': PAGE_CACHE_CONTROL },
      body: '',
      encoded: {},
      renderedAt: Date.now(),
      keep: true,
    };
  }

  const pathname = new URL(url, origin).pathname;
  const remotes = (config as { remotes?: Partial<Record<RemoteName, string>> }).remotes ?? {};
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
  const stylesheets = [...shellStylesheets(dir).map((href): Stylesheet => ({ href })), ...remoteCss]
    .map(({ href, file }) => `<link rel="stylesheet" href="${href}"${file ? ` data-href="${file}"` : ''}>`)
    .join('');

  const { preloads, markup } = splitPreloads(result.html);
  const page = { config, rendered: result.rendered, skeletons: result.skeletons };
  const html = composePage(readFileSync(join(dir, 'index.html'), 'utf8'), {
    title: pageTitleOf(result.meta),
    head: `${headTags(result.meta, origin, url)}${stylesheets}${preloads}${pageHints(pathname, config, { configPreload: false })}`,
    root: markup,
    body:
      `<script type="application/json" id="ssr-data">${scriptJson(result.data)}</script>` +
      `<script type="application/json" id="ssr-page">${scriptJson(page)}</script>`,
  });

  // A page some of whose parts the browser renders (a remote or a read past its budget) is not kept.
  const complete = !result.timedOut && result.skeletons.length === 0;
  return {
    status: result.status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': complete ? PAGE_CACHE_CONTROL : 'no-cache',
      ETag: `W/"${createHash('sha1').update(html).digest('base64url')}"`,
      Vary: 'Accept-Encoding',
    },
    body: html,
    encoded: {},
    renderedAt: Date.now(),
    keep: complete,
  };
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
  cache: PageCache | null = null,
): Promise<boolean> {
  const url = req.url ?? '/';
  if (badRequest(url)) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end('Bad Request');
    return true;
  }
  const renderer = shellRenderer(dir);
  if (!renderer) return false;
  let context: RenderContext;
  try {
    context = { renderer, dir, url, origin: originOf(req), config: config() };
  } catch (error) {
    console.error(
      `[serve] reading the configuration failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
  const answer = cache ? await cachedAnswer(cache, context) : await renderAnswer(context);
  if (!answer) return false;

  const { status, headers } = answer;
  if (status === 200 && req.headers['if-none-match'] === headers.ETag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const { encoding, body } = encodedBody(answer, req);
  res.writeHead(status, encoding ? { ...headers, 'Content-Encoding': encoding } : headers);
  res.end(req.method === 'HEAD' || body.length === 0 ? undefined : body);
  return true;
}

/**
 * The page's body in the encoding the visitor accepts, compressed once per kept page (the compression
 * middleware leaves an answer that already has a Content-Encoding alone).
 */
function encodedBody(
  answer: PageAnswer,
  req: IncomingMessage,
): { encoding?: 'br' | 'gzip'; body: string | Buffer } {
  if (answer.body.length < COMPRESS_THRESHOLD || req.method === 'HEAD') return { body: answer.body };
  // The same choice as the compression middleware's (brotli first when the visitor weighs them equally);
  // negotiator 0.6.4 takes the preferred order as a second argument that its types do not declare yet.
  const negotiate = Negotiator.prototype.encoding as (
    this: Negotiator,
    available: string[],
    preferred: string[],
  ) => string | undefined;
  const encoding = negotiate.call(new Negotiator(req), ['br', 'gzip', 'identity'], ['br', 'gzip']);
  if (encoding !== 'br' && encoding !== 'gzip') return { body: answer.body };
  answer.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(answer.body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(answer.body),
          },
        })
      : gzipSync(answer.body, { level: GZIP_LEVEL });
  return { encoding, body: answer.encoded[encoding] };
}
