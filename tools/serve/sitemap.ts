/**
 * /robots.txt and /sitemap.xml, built from the database through its REST API (the anon key: the public
 * catalogue only) and streamed: the products are read a batch at a time and written as they come, so a
 * sitemap of 100,000 products never sits in memory whole. Up to MAX_URLS_PER_FILE addresses it is one
 * <urlset>; beyond, /sitemap.xml is a <sitemapindex> of /sitemaps/pages.xml (home, /products, the kit builder, categories,
 * subcategories, content pages, the blog and reviews) and /sitemaps/products-<n>.xml files of at most MAX_URLS_PER_FILE products each, as the
 * sitemaps protocol requires (50,000 URLs per file).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routes } from '@prepper/shared';
import { escapeHtml } from './page-head.ts';

/** The protocol's limit of URLs in one sitemap file. */
export const MAX_URLS_PER_FILE = 50_000;
/** Products read per request to the database. */
const BATCH = 5_000;
const READ_TIMEOUT_MS = 5_000;

interface Connection {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

interface ProductRow {
  id: string;
  name: string;
  updated_at: string;
}

interface CategoryRow {
  slug: string;
  created_at: string;
  subcategories: { slug: string; created_at: string }[];
}

async function rest<T>(
  connection: Connection,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ rows: T; total: number | null }> {
  const url = `${connection.supabaseUrl.replace(/\/$/, '')}/rest/v1/${path}`;
  const response = await fetch(url, {
    headers: { apikey: connection.supabaseAnonKey, Accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
  return { rows: (await response.json()) as T, total: total === undefined ? null : Number(total) };
}

function urlEntry(origin: string, path: string, lastmod: string | undefined): string {
  const loc = escapeHtml(new URL(path, origin).href);
  return `<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>\n`;
}

async function productCount(connection: Connection): Promise<number> {
  const { total } = await rest<unknown[]>(connection, 'products?select=id&limit=1', {
    Prefer: 'count=exact',
  });
  return total ?? 0;
}

/** Content pages served at their own address (the policies: /privacy-policy), not /pages/<slug>. */
const OWN_ADDRESS_PAGES = new Set(['privacy-policy', 'terms-of-service', 'cookie-policy']);

interface ContentPageRow {
  slug: string;
  kind: string;
  updated_at: string;
  published_at: string | null;
}

/**
 * The non-product pages: home, /products, the kit builder, every category and subcategory, the published content pages
 * and posts, the blog and the reviews page.
 */
async function pageEntries(connection: Connection, origin: string): Promise<string[]> {
  const [{ rows: latest }, { rows: categories }, { rows: pages }, { rows: reviews }] = await Promise.all([
    rest<ProductRow[]>(connection, 'products?select=updated_at&order=updated_at.desc&limit=1'),
    rest<CategoryRow[]>(
      connection,
      'categories?select=slug,created_at,subcategories(slug,created_at)&order=created_at.asc',
    ),
    rest<ContentPageRow[]>(
      connection,
      'content_pages?select=slug,kind,updated_at,published_at&published=is.true&order=slug.asc',
    ),
    rest<{ created_at: string }[]>(
      connection,
      'reviews?select=created_at&status=eq.approved&order=created_at.desc&limit=1',
    ),
  ]);
  const newest = latest[0]?.updated_at;
  const newestPost = pages
    .filter((page) => page.kind === 'post')
    .map((page) => page.published_at ?? page.updated_at)
    .sort()
    .at(-1);
  return [
    urlEntry(origin, routes.home, newest),
    urlEntry(origin, routes.products, newest),
    urlEntry(origin, routes.kitBuilder, newest),
    ...categories.flatMap((category) => [
      urlEntry(origin, routes.category(category.slug), category.created_at),
      ...category.subcategories.map((sub) =>
        urlEntry(origin, routes.subcategory(category.slug, sub.slug), sub.created_at),
      ),
    ]),
    ...pages.map((page) =>
      urlEntry(
        origin,
        OWN_ADDRESS_PAGES.has(page.slug) ? `/${page.slug}` : routes.contentPage(page.slug),
        page.updated_at,
      ),
    ),
    urlEntry(
      origin,
      routes.blog,
      newestPost ??
        pages
          .map((page) => page.updated_at)
          .sort()
          .at(-1),
    ),
    urlEntry(origin, routes.reviews, reviews[0]?.created_at ?? newest),
  ];
}

/**
 * Writes products [from, from + count) in id order, a batch at a time, as they are read. The first batch
 * starts at its offset; the next ones after the last id written (keyset paging: a late file's batches do
 * not each skip tens of thousands of rows again).
 */
async function writeProducts(
  res: ServerResponse,
  connection: Connection,
  origin: string,
  from: number,
  count: number,
): Promise<void> {
  let after: string | null = null;
  for (let written = 0; written < count;) {
    const limit = Math.min(BATCH, count - written);
    const position: string = after === null ? `offset=${from}` : `id=gt.${after}`;
    const { rows } = await rest<ProductRow[]>(
      connection,
      `products?select=id,name,updated_at&order=id.asc&${position}&limit=${limit}`,
    );
    if (rows.length === 0) return;
    const text = rows
      .map((row) => urlEntry(origin, routes.product(row.name, row.id), row.updated_at))
      .join('');
    if (!res.write(text)) await new Promise((resolve) => res.once('drain', resolve));
    written += rows.length;
    after = rows[rows.length - 1]!.id;
    if (rows.length < limit) return;
  }
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

function startXml(res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
  });
  res.write(XML_HEAD);
}

/**
 * Answers /robots.txt, /sitemap.xml and /sitemaps/*.xml; false for any other path. `perFile` is the
 * protocol's 50,000 (a test passes less to see the index split at seed size).
 */
export async function answerSitemap(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  config: () => unknown,
  perFile = MAX_URLS_PER_FILE,
): Promise<boolean> {
  const isSitemap = pathname === '/sitemap.xml' || /^\/sitemaps\/[\w-]+\.xml$/.test(pathname);
  if (pathname !== '/robots.txt' && !isSitemap) return false;
  const host = req.headers.host ?? 'localhost';
  const origin = `${req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${host}`;

  if (pathname === '/robots.txt') {
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    });
    res.end(
      [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /checkout',
        'Disallow: /account',
        'Disallow: /order-status',
        'Allow: /',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
    );
    return true;
  }

  try {
    const connection = config() as Connection;
    const pages = await pageEntries(connection, origin);
    const products = await productCount(connection);
    const productFiles = Math.ceil(products / perFile);
    const split = pages.length + products > perFile;

    if (pathname === '/sitemap.xml' && !split) {
      startXml(res);
      res.write(URLSET_OPEN);
      res.write(pages.join(''));
      await writeProducts(res, connection, origin, 0, products);
      res.end('</urlset>\n');
      return true;
    }
    if (pathname === '/sitemap.xml') {
      startXml(res);
      res.write('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
      const files = ['pages', ...Array.from({ length: productFiles }, (_, index) => `products-${index + 1}`)];
      for (const file of files) {
        res.write(`<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${file}.xml`)}</loc></sitemap>\n`);
      }
      res.end('</sitemapindex>\n');
      return true;
    }
    if (pathname === '/sitemaps/pages.xml' && split) {
      startXml(res);
      res.end(`${URLSET_OPEN}${pages.join('')}</urlset>\n`);
      return true;
    }
    const file = /^\/sitemaps\/products-(\d+)\.xml$/.exec(pathname);
    const index = file ? Number(file[1]) : 0;
    if (!split || index < 1 || index > productFiles) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return true;
    }
    startXml(res);
    res.write(URLSET_OPEN);
    await writeProducts(res, connection, origin, (index - 1) * perFile, perFile);
    res.end('</urlset>\n');
    return true;
  } catch (error) {
    console.error(`[serve] ${pathname}: ${error instanceof Error ? error.message : String(error)}`);
    // A database that is down gives a clear, bounded answer; a sitemap cut short is ended as it is.
    if (!res.headersSent) {
      res
        .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' })
        .end('The sitemap is unavailable right now.');
    } else res.destroy(error instanceof Error ? error : new Error(String(error)));
    return true;
  }
}
