/**
 * A static server for one built app. File lookup, content types, ETags and 304s, the SPA fallback and
 * staying inside the folder are sirv's; compression on the fly (brotli or gzip, as the client accepts)
 * is the `compression` middleware's. What is left here are the shop's own rules, in this order: CORS and
 * reads only (cors.ts), the shell's /config.json (runtime-config.ts), the shell's pages with resource
 * hints from that configuration (page-hints.ts), the cache policy (cache-policy.ts), and the browser
 * security headers (@prepper/shared/security-headers): the shell's built from the same configuration,
 * a remote's those of a server of cross-origin files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import sirv from 'sirv';
import { remoteSecurityHeaders, securityHeaders } from '@prepper/shared/security-headers';
import { cacheControlFor } from './cache-policy.ts';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD, GZIP_LEVEL } from './compression-levels.ts';
import { answerCorsAndMethod } from './cors.ts';
import { pageHints, withPageHints } from './page-hints.ts';
import { answerConfigJson } from './runtime-config.ts';
import { answerSitemap, MAX_URLS_PER_FILE } from './sitemap.ts';
import { answerOneClickUnsubscribe, isOneClickUnsubscribe } from './one-click-unsubscribe.ts';
import { answerServerRendered, createPageCache, isServerRenderedPath, PAGE_CACHE_MS } from './ssr.ts';
import { capBodyAtContentLength } from './content-length.ts';

export interface ServeStaticOptions {
  /** The dist folder. */
  dir: string;
  /** 0 picks a free port. */
  port: number;
  /** Default: loopback only (127.0.0.1 and ::1, both reachable as 'localhost'). */
  host?: string;
  /** Answer unknown paths without a file extension with index.html (the shell). */
  spa?: boolean;
  /** When set, GET /config.json answers this JSON. */
  config?: () => unknown;
  /** Request log. */
  log?: (line: string) => void;
  /** URLs per sitemap file before /sitemap.xml becomes an index (the protocol's 50,000; tests pass fewer). */
  sitemapUrlsPerFile?: number;
  /**
   * How long a server-rendered page is kept for the next visitors of the same address (ssr.ts; default
   * `SSR_PAGE_CACHE_MS` or 5 s, 0: render every request).
   */
  pageCacheMs?: number;
}

export interface ServedApp {
  url: string;
  port: number;
  close: () => Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Text files are UTF-8 (sirv names the charset of HTML only); sirv keeps a Content-Type already set. */
const TEXT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

function textCharset(res: ServerResponse, pathname: string): void {
  const type = TEXT_TYPES[extname(pathname).toLowerCase()];
  if (type) res.setHeader('Content-Type', type);
}

/** A page of the SPA: the index.html sirv would answer for it (a path without a file extension). */
function isPage(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last === 'index.html' || !last.includes('.');
}

/**
 * Answers a page of the shell with its index.html and the resource hints of `config` (page-hints.ts);
 * false when the configuration cannot be built (sirv then answers the plain file and the shell reports
 * the broken /config.json itself).
 */
function answerPage(
  req: IncomingMessage,
  res: ServerResponse,
  dir: string,
  pathname: string,
  config: () => unknown,
): boolean {
  let hints: string;
  try {
    hints = pageHints(pathname, config());
  } catch {
    return false;
  }
  const html = withPageHints(readFileSync(join(dir, 'index.html'), 'utf8'), hints);
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : html);
  return true;
}

/**
 * The shell's headers follow /config.json as it is now (a remote moved to another origin is allowed
 * there at once); a configuration that cannot be built leaves the strict same-origin policy.
 */
function setSecurityHeaders(res: ServerResponse, config: (() => unknown) | undefined): void {
  let headers: Record<string, string>;
  if (config) {
    let current: unknown;
    try {
      current = config();
    } catch {
      current = undefined;
    }
    headers = securityHeaders(current);
  } else {
    headers = remoteSecurityHeaders();
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

function notFound(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end('Not Found');
}

/** The request handler of one app: the shop's rules in front of sirv, behind on-the-fly compression. */
export function staticHandler({
  dir,
  spa = false,
  config,
  sitemapUrlsPerFile = MAX_URLS_PER_FILE,
  pageCacheMs = PAGE_CACHE_MS,
}: Pick<ServeStaticOptions, 'dir' | 'spa' | 'config' | 'sitemapUrlsPerFile' | 'pageCacheMs'>): Handler {
  const pageCache = spa ? createPageCache(pageCacheMs) : null;
  // dev: look each file up when asked (a folder rebuilt in place is served as it is now, never a stale
  // listing); the cache headers are the shop's (set below, sirv keeps them).
  const files = sirv(dir, { dev: true, etag: true, single: spa, setHeaders: textCharset });
  const compress = compression({
    threshold: COMPRESS_THRESHOLD,
    level: GZIP_LEVEL,
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  return (req, res) => {
    setSecurityHeaders(res, config);
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    // The one POST the shop answers: a mail client's one-click newsletter unsubscribe (RFC 8058).
    if (config && spa && isOneClickUnsubscribe(req, pathname)) {
      void answerOneClickUnsubscribe(req, res, config);
      return;
    }
    if (answerCorsAndMethod(req, res)) return;
    compress(req as never, res as never, () => {
      capBodyAtContentLength(res);
      if (config && answerConfigJson(req, res, pathname, config)) return;
      if (config && spa && /^\/(robots\.txt|sitemap\.xml|sitemaps\/[\w-]+\.xml)$/.test(pathname)) {
        void answerSitemap(req, res, pathname, config, sitemapUrlsPerFile);
        return;
      }
      if (config && spa && isPage(pathname)) {
        // Storefront pages are rendered on the server; the rest (and any page the server could not
        // render) is the shell's index.html, rendered in the browser.
        const browserPage = () => {
          if (!answerPage(req, res, dir, pathname, config)) files(req, res, () => notFound(req, res));
        };
        if (!isServerRenderedPath(pathname)) return browserPage();
        answerServerRendered(req, res, dir, config, pageCache).then(
          (answered) => {
            if (!answered) browserPage();
          },
          (error: unknown) => {
            console.error(`[serve] ${pathname}: ${error instanceof Error ? error.stack : String(error)}`);
            if (!res.headersSent) browserPage();
            else res.end();
          },
        );
        return;
      }
      // sirv keeps headers already set, so the cache policy applies to 200s and 304s alike.
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      files(req, res, () => notFound(req, res));
    });
  };
}
function listen(server: Server, port: number, address: string): Promise<void> {
  return new Promise((resolveListen, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: stop whatever runs there (or the previous shop) first`)
          : error,
      );
    });
    server.listen(port, address, () => resolveListen());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolveClose) => {
    server.close(() => resolveClose());
    server.closeAllConnections();
  });
}

/** Serves one built app until `close()`. */
export async function serveStatic({
  dir,
  port,
  host,
  spa = false,
  config,
  log,
  sitemapUrlsPerFile,
  pageCacheMs,
}: ServeStaticOptions): Promise<ServedApp> {
  const base = resolve(dir);
  if (!existsSync(join(base, spa ? 'index.html' : ''))) {
    throw new Error(`Nothing to serve in ${base}: build it first (pnpm build:all)`);
  }
  const handler = staticHandler({ dir: base, spa, config, sitemapUrlsPerFile, pageCacheMs });
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now();
    if (log)
      res.once('finish', () => log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`));
    try {
      handler(req, res);
    } catch (error) {
      console.error(`[serve] ${req.url}: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    }
  };

  const servers: Server[] = [];
  const first = createServer(onRequest);
  await listen(first, port, host ?? '127.0.0.1');
  servers.push(first);
  const actualPort = (first.address() as AddressInfo).port;
  if (!host) {
    // 'localhost' may resolve to ::1 first; answer there too when the machine has IPv6 loopback.
    const second = createServer(onRequest);
    try {
      await listen(second, actualPort, '::1');
      servers.push(second);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      if (!/EADDRNOTAVAIL|EAFNOSUPPORT/.test(String(code))) {
        await close(first);
        throw error;
      }
    }
  }
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    close: async () => {
      await Promise.all(servers.map(close));
    },
  };
}
