// The storefront rendered on the server, as a search engine, a link preview or a shopper without
// JavaScript gets it: plain HTTP requests to the shop's server (no browser), against the production
// builds and the isolated seeded stack of global-setup.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { serveStatic } from '@prepper/tools/serve';
import { productSlug } from '../shared/src/domain/slug.ts';
import {
  expect,
  remoteOrigin,
  resetRemoteManifest,
  serviceClient,
  setRemoteManifest,
  SHOP_URL,
  stackInfo,
  test,
} from './fixtures.ts';
import { REMOTE_PORTS } from './harness.ts';

const root = resolve(import.meta.dirname, '..');

interface ProductFact {
  id: string;
  name: string;
  price: number;
  in_stock: boolean;
  stock_count: number;
  review_count: number;
  category: { name: string; slug: string };
  subcategory: { name: string; slug: string } | null;
}

async function products(): Promise<ProductFact[]> {
  const { data, error } = await serviceClient()
    .from('products')
    .select(
      'id, name, price, in_stock, stock_count, review_count, category:categories(name, slug), subcategory:subcategories(name, slug)',
    )
    .order('id');
  if (error) throw error;
  return data as unknown as ProductFact[];
}

function path(product: ProductFact): string {
  return `/product/${productSlug(product.name, product.id)}`;
}

function usd(value: number): string {
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Text as it stands in the HTML (React escapes &, <, >, ' and "). */
function html(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

function byType(blocks: Record<string, unknown>[], type: string): Record<string, unknown> {
  const block = blocks.find((candidate) => candidate['@type'] === type);
  expect(block, `a ${type} JSON-LD block`).toBeTruthy();
  expect(block!['@context']).toBe('https://schema.org');
  return block!;
}

function meta(page: string, attribute: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key.replace(/:/g, '\\:')}" content="([^"]*)">`).exec(page);
  return match?.[1];
}

function rootMarkup(page: string): string {
  const start = page.indexOf('<div id="root">');
  const end = page.indexOf('<script type="application/json" id="ssr-data">');
  return page.slice(start, end);
}

/** The checks every server-rendered page passes: its own title, description, canonical and previews. */
function expectHead(page: string, title: string, canonicalPath: string) {
  expect(page).toContain(`<title>${html(title)}</title>`);
  expect(meta(page, 'name', 'description')?.length).toBeGreaterThan(20);
  expect(page).toContain(`<link rel="canonical" href="${SHOP_URL}${canonicalPath}">`);
  expect(meta(page, 'property', 'og:title')).toBe(html(title));
  expect(meta(page, 'property', 'og:url')).toBe(`${SHOP_URL}${canonicalPath}`);
  expect(meta(page, 'name', 'twitter:card')).toMatch(/^summary/);
  expect(page).not.toContain('needs JavaScript');
}

function expectBreadcrumbList(blocks: Record<string, unknown>[], names: string[]) {
  const list = byType(blocks, 'BreadcrumbList');
  const items = list.itemListElement as { '@type': string; position: number; name: string; item: string }[];
  expect(items.map((item) => item.name)).toEqual(names);
  items.forEach((item, index) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(index + 1);
    expect(item.item).toMatch(new RegExp(`^${SHOP_URL}/`));
  });
}

async function get(request: APIRequestContext, url: string) {
  return request.get(url, { maxRedirects: 0 });
}

test('the home page arrives with its categories, featured products, head tags and JSON-LD', async ({
  request,
}) => {
  const response = await get(request, '/');
  expect(response.status()).toBe(200);
  const page = await response.text();
  expectHead(page, 'ReadyStock — Be Ready. Stay Safe.', '/');
  const body = rootMarkup(page);
  expect(body).toContain('Shop by Category');
  expect(body).toContain('Communication');
  expect(body).toContain('Featured Products');
  // The header's category navigation is the catalogue's, rendered too.
  expect(body).toMatch(/data-mf="catalog"/);
  const blocks = jsonLd(page);
  const organization = byType(blocks, 'Organization');
  expect(organization.name).toBe('ReadyStock');
  expect(organization.url).toBe(`${SHOP_URL}/`);
  const site = byType(blocks, 'WebSite');
  const action = site.potentialAction as {
    '@type': string;
    target: { urlTemplate: string };
    'query-input': string;
  };
  expect(action['@type']).toBe('SearchAction');
  expect(action.target.urlTemplate).toContain('{search_term_string}');
  expect(action['query-input']).toBe('required name=search_term_string');
});

test('a product page holds the name, price, stock and breadcrumb, and Product, Offer and BreadcrumbList', async ({
  request,
}) => {
  const all = await products();
  const product = all.find((candidate) => candidate.review_count > 0 && candidate.subcategory)!;
  const response = await get(request, path(product));
  expect(response.status()).toBe(200);
  const page = await response.text();
  expectHead(page, `${product.name} | ReadyStock`, path(product));
  const body = rootMarkup(page);
  expect(body).toContain(
    `<h1 class="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">${html(product.name)}</h1>`,
  );
  expect(body).toContain(usd(product.price));
  expect(body).toMatch(
    product.in_stock ? /In Stock \(\d+ available\)|Low Stock: only \d+ left/ : /Out of Stock/,
  );
  expect(body).toContain('aria-label="Breadcrumb"');
  expect(meta(page, 'property', 'og:type')).toBe('product');
  expect(meta(page, 'property', 'og:image')).toMatch(/^http/);
  expect(meta(page, 'property', 'product:price:amount')).toBe(product.price.toFixed(2));

  const blocks = jsonLd(page);
  const item = byType(blocks, 'Product');
  expect(item.name).toBe(product.name);
  expect((item.image as string[]).length).toBeGreaterThan(0);
  expect(typeof item.description).toBe('string');
  const offer = item.offers as Record<string, unknown>;
  expect(offer['@type']).toBe('Offer');
  expect(offer.price).toBe(product.price.toFixed(2));
  expect(offer.priceCurrency).toBe('USD');
  expect(offer.availability).toBe(
    product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
  );
  expect(offer.url).toBe(`${SHOP_URL}${path(product)}`);
  const rating = item.aggregateRating as Record<string, unknown>;
  expect(rating['@type']).toBe('AggregateRating');
  expect(rating.reviewCount).toBe(product.review_count);
  expect(Number(rating.ratingValue)).toBeGreaterThan(0);
  expectBreadcrumbList(blocks, [
    'Home',
    'Products',
    product.category.name,
    product.subcategory!.name,
    product.name,
  ]);
});

test('a product without reviews has no AggregateRating', async ({ request }) => {
  // A product of its own, with no reviews (the seed may review every product).
  const db = serviceClient();
  const seeded = (await products())[0]!;
  const { data: category } = await db
    .from('categories')
    .select('id')
    .eq('slug', seeded.category.slug)
    .single();
  const { data: image } = await db.from('products').select('image_url').eq('id', seeded.id).single();
  const { data: created, error } = await db
    .from('products')
    .insert({
      name: `E2E Unreviewed Lantern ${Date.now()}`,
      description: 'A product nobody has reviewed yet',
      price: 12.5,
      category_id: category!.id,
      image_url: image!.image_url as string,
    })
    .select('id, name')
    .single();
  if (error) throw error;
  try {
    const response = await get(request, `/product/${productSlug(created.name, created.id)}`);
    expect(response.status()).toBe(200);
    const item = byType(jsonLd(await response.text()), 'Product');
    expect(item.name).toBe(created.name);
    expect((item.offers as Record<string, unknown>).price).toBe('12.50');
    expect(item.aggregateRating).toBeUndefined();
  } finally {
    await db.from('products').delete().eq('id', created.id);
  }
});

test('category and subcategory pages list their products, with BreadcrumbList and ItemList', async ({
  request,
}) => {
  const all = await products();
  const product = all.find((candidate) => candidate.subcategory)!;
  const category = product.category;
  const subcategory = product.subcategory!;

  const categoryPage = await get(request, `/category/${category.slug}`);
  expect(categoryPage.status()).toBe(200);
  let page = await categoryPage.text();
  expectHead(page, `${category.name} | ReadyStock`, `/category/${category.slug}`);
  expect(rootMarkup(page)).toContain(html(product.name));
  let blocks = jsonLd(page);
  expectBreadcrumbList(blocks, ['Home', category.name]);
  let list = byType(blocks, 'ItemList');
  const inCategory = all.filter((candidate) => candidate.category.slug === category.slug).length;
  expect(list.numberOfItems).toBe(Math.min(inCategory, 48));
  expect((list.itemListElement as { url: string }[]).map((entry) => entry.url)).toContain(
    `${SHOP_URL}${path(product)}`,
  );

  const subcategoryPath = `/category/${category.slug}/${subcategory.slug}`;
  const subcategoryPage = await get(request, subcategoryPath);
  expect(subcategoryPage.status()).toBe(200);
  page = await subcategoryPage.text();
  expectHead(page, `${subcategory.name} | ReadyStock`, subcategoryPath);
  expect(rootMarkup(page)).toContain(html(product.name));
  blocks = jsonLd(page);
  expectBreadcrumbList(blocks, ['Home', category.name, subcategory.name]);
  list = byType(blocks, 'ItemList');
  expect((list.itemListElement as { url: string }[]).map((entry) => entry.url)).toContain(
    `${SHOP_URL}${path(product)}`,
  );
});

test('/products renders the page its URL names: page 2 by price, lowest first', async ({ request }) => {
  const all = await products();
  const byPrice = [...all].sort((a, b) => a.price - b.price || a.id.localeCompare(b.id));
  const response = await get(request, '/products?page=2&sort=price-low');
  expect(response.status()).toBe(200);
  const page = await response.text();
  expectHead(page, 'All Products | ReadyStock', '/products?page=2');
  const body = rootMarkup(page);
  // Page 2 holds the 13th cheapest product and not the cheapest.
  expect(body).toContain(html(byPrice[12]!.name));
  expect(body).not.toContain(`>${html(byPrice[0]!.name)}<`);
  expectBreadcrumbList(jsonLd(page), ['Home', 'All Products']);
});

test('the policy pages are rendered on the server', async ({ request }) => {
  for (const [url, title] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookie Policy'],
  ] as const) {
    const response = await get(request, url);
    expect(response.status()).toBe(200);
    const page = await response.text();
    expectHead(page, `${title} | ReadyStock`, url);
    expect(rootMarkup(page)).toContain(`>${title}</h1>`);
  }
  // They are content pages: /pages/<slug> answers with a permanent redirect to their own address.
  const moved = await get(request, '/pages/privacy-policy');
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toMatch(/\/privacy-policy$/);
});

test('content pages, the blog and the reviews page are rendered on the server; an unknown page answers 404', async ({
  request,
}) => {
  for (const [url, title] of [
    ['/pages/about-us', 'About Us'],
    ['/pages/faq', 'FAQ'],
    ['/pages/contact-us', 'Contact Us'],
    ['/pages/preparedness', 'Preparedness'],
    ['/blog', 'Blog'],
    ['/reviews', 'Customer Reviews'],
  ] as const) {
    const response = await get(request, url);
    expect(response.status(), url).toBe(200);
    const page = await response.text();
    expectHead(page, `${title} | ReadyStock`, url);
    expect(rootMarkup(page), url).toContain(`>${title}</h1>`);
  }
  // The Markdown arrives rendered, the Contact Us form with it.
  const about = rootMarkup(await (await get(request, '/pages/about-us')).text());
  expect(about).toContain('<h2>What we stand for</h2>');
  expect(about).toContain('<a href="/pages/preparedness">Preparedness guide</a>');
  const contact = rootMarkup(await (await get(request, '/pages/contact-us')).text());
  expect(contact).toContain('>Send Message</button>');
  const missing = await get(request, '/pages/no-such-page');
  expect(missing.status()).toBe(404);
  const page = await missing.text();
  expect(rootMarkup(page)).toContain('>Page Not Found</h1>');
  expect(page).toContain('<meta name="robots" content="noindex">');
});

test('unknown addresses and missing things answer 404 with their not-found state; a wrong slug 301', async ({
  request,
}) => {
  const cases = [
    ['/no-such-page', 'Page Not Found'],
    ['/category/no-such-category', 'Category Not Found'],
    ['/category/communication/no-such-subcategory', 'Page Not Found'],
    ['/product/gone-00000000-0000-4000-8000-000000000000', 'Product Not Found'],
    ['/product/not-a-product', 'Product Not Found'],
  ] as const;
  for (const [url, heading] of cases) {
    const response = await get(request, url);
    expect(response.status(), url).toBe(404);
    const page = await response.text();
    expect(rootMarkup(page), url).toContain(heading);
    expect(page, url).toContain('<meta name="robots" content="noindex">');
  }

  const product = (await products())[0]!;
  const wrong = await get(request, `/product/some-old-name-${product.id}`);
  expect(wrong.status()).toBe(301);
  expect(wrong.headers().location).toBe(path(product));
});

test('bad input gets the page or a 400, never a 500', async ({ request }) => {
  for (const url of ['/products?page=-1', '/products?sort=nonsense', '/products?page=abc&minPrice=-5']) {
    const response = await get(request, url);
    expect(response.status(), url).toBe(200);
    expect(rootMarkup(await response.text())).toContain('All Products');
  }
  expect((await get(request, `/${'a'.repeat(5000)}`)).status()).toBe(400);
  expect((await get(request, '/products?q=%E0%A4%A')).status()).toBe(400);
});

test('anonymous pages carry CDN caching headers and an ETag that answers 304', async ({ request }) => {
  const first = await get(request, '/category/communication');
  const cacheControl = first.headers()['cache-control']!;
  expect(cacheControl).toMatch(/s-maxage=\d+/);
  expect(cacheControl).toMatch(/stale-while-revalidate=\d+/);
  const etag = first.headers().etag!;
  expect(etag).toBeTruthy();
  const again = await request.get('/category/communication', { headers: { 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
});

test('/robots.txt keeps robots out of the private areas and names the sitemap', async ({ request }) => {
  const response = await get(request, '/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  for (const area of ['/admin', '/checkout', '/account']) expect(text).toContain(`Disallow: ${area}\n`);
  expect(text).toContain(`Sitemap: ${SHOP_URL}/sitemap.xml`);
});

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

test('/sitemap.xml lists the home page, /products, the kit builder, every category, subcategory, content page and product with lastmod', async ({
  request,
}) => {
  const response = await get(request, '/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const urls = locs(xml);
  const all = await products();
  const { data: categories } = await serviceClient().from('categories').select('slug, subcategories(slug)');
  const { data: pages } = await serviceClient().from('content_pages').select('slug').eq('published', true);
  const expected = [
    ...(pages ?? []).map((page) =>
      ['privacy-policy', 'terms-of-service', 'cookie-policy'].includes(page.slug)
        ? `${SHOP_URL}/${page.slug}`
        : `${SHOP_URL}/pages/${page.slug}`,
    ),
    `${SHOP_URL}/blog`,
    `${SHOP_URL}/reviews`,
    `${SHOP_URL}/`,
    `${SHOP_URL}/products`,
    `${SHOP_URL}/kit-builder`,
    ...(categories ?? []).flatMap((category) => [
      `${SHOP_URL}/category/${category.slug}`,
      ...category.subcategories.map((sub) => `${SHOP_URL}/category/${category.slug}/${sub.slug}`),
    ]),
    ...all.map((product) => `${SHOP_URL}${path(product)}`),
  ];
  expect(urls.sort()).toEqual(expected.sort());
  expect([...xml.matchAll(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)].length).toBe(urls.length);
});

test('beyond the per-file limit /sitemap.xml is an index of files within it, together listing everything', async ({
  request,
}) => {
  const stack = stackInfo();
  const perFile = 20;
  const shop = await serveStatic({
    dir: join(root, 'shell', 'dist'),
    port: 0,
    spa: true,
    config: () => ({ supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey, remotes: {} }),
    sitemapUrlsPerFile: perFile,
    pageCacheMs: 0,
  });
  try {
    const index = await (await request.get(`${shop.url}/sitemap.xml`)).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index);
    const all = await products();
    expect(files.length).toBe(1 + Math.ceil(all.length / perFile));
    const listed: string[] = [];
    for (const file of files) {
      const response = await request.get(file.replace(/^http:\/\/[^/]+/, shop.url));
      expect(response.status(), file).toBe(200);
      const urls = locs(await response.text());
      expect(urls.length, file).toBeLessThanOrEqual(perFile + 200);
      if (file.includes('/products-')) expect(urls.length, file).toBeLessThanOrEqual(perFile);
      listed.push(...urls);
    }
    const productUrls = listed.filter((url) => url.includes('/product/'));
    expect(new Set(productUrls).size).toBe(all.length);
    expect(listed).toContain(`${shop.url}/`);
  } finally {
    await shop.close();
  }
});

test('two pages rendered at once, many times, each hold only their own data', async ({ request }) => {
  const all = await products();
  // Products of two categories: a product page also lists related products of its own category.
  const a = all[0]!;
  const b = all.findLast((product) => product.category.slug !== a.category.slug)!;
  // Three rounds of eight at once (two cores: more at once only waits longer for the same CPU).
  const answers: { product: ProductFact; page: string }[] = [];
  for (let round = 0; round < 3; round += 1) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 8 }, (_, index) => {
          const product = index % 2 === 0 ? a : b;
          return get(request, path(product)).then(async (response) => ({
            product,
            page: await response.text(),
          }));
        }),
      )),
    );
  }
  expect(answers).toHaveLength(24);
  for (const { product, page } of answers) {
    const other = product === a ? b : a;
    expect(page).toContain(`<title>${html(product.name)} | ReadyStock</title>`);
    expect(byType(jsonLd(page), 'Product').name).toBe(product.name);
    expect(page).not.toContain(html(other.name));
    expect(page).not.toContain(other.id);
  }
});

/** A server that answers nothing for `delayMs`, then proxies to `target` (a slow deploy of a remote). */
async function slowProxy(
  target: string,
  delayMs: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    setTimeout(() => {
      fetch(`${target}${req.url}`).then(
        async (upstream) => {
          const body = Buffer.from(await upstream.arrayBuffer());
          res.writeHead(upstream.status, {
            'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream',
            'Access-Control-Allow-Origin': '*',
          });
          res.end(body);
        },
        () => res.writeHead(502).end(),
      );
    }, delayMs);
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

test('a remote that cannot be loaded or is slow costs only its slot: 200, the rest rendered', async ({
  request,
}) => {
  // Nothing listens here: the catalogue's server build cannot be loaded.
  await setRemoteManifest('catalog', `http://localhost:${REMOTE_PORTS.admin + 20}/mf-manifest.json`);
  try {
    const started = Date.now();
    const response = await get(request, '/no-such-page');
    expect(response.status()).toBe(404);
    expect(Date.now() - started).toBeLessThan(5_000);
    const page = await response.text();
    // The header and the page are the shell's and rendered; the category navigation's slot is a skeleton.
    expect(rootMarkup(page)).toContain('>Page Not Found</h1>');
    expect(page).toMatch(/"skeletons":\["catalog\/CategoryNav"\]/);
    // The navigation's place holds its skeleton, not the catalogue's links.
    expect(rootMarkup(page)).toContain('<nav aria-label="Categories"');
    expect(rootMarkup(page)).not.toContain('aria-label="Product categories"');

    const home = await get(request, '/');
    expect(home.status()).toBe(200);
    expect(rootMarkup(await home.text())).not.toContain('Shop by Category');
  } finally {
    await resetRemoteManifest('catalog');
  }

  const slow = await slowProxy(remoteOrigin('catalog'), 3_000);
  try {
    await setRemoteManifest('catalog', `${slow.url}/mf-manifest.json`);
    const started = Date.now();
    const response = await get(request, '/');
    expect(response.status()).toBe(200);
    // Answered within the budgets, long before the slow remote would have answered.
    expect(Date.now() - started).toBeLessThan(2_500);
    const page = await response.text();
    expect(page).toMatch(/"skeletons":\[[^\]]*"catalog\/HomePage"/);
    expect(rootMarkup(page)).toContain('<header');
  } finally {
    await resetRemoteManifest('catalog');
    await slow.close();
  }
});

test('a database that is down or never answers gives a bounded answer, not a hanging request', async ({
  request,
}) => {
  const silent: Server = createServer(() => {
    // Accepts and never answers.
  });
  await new Promise<void>((resolveListen) => silent.listen(0, '127.0.0.1', resolveListen));
  const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  const remotes = { catalog: `${remoteOrigin('catalog')}/mf-manifest.json` };
  for (const supabaseUrl of ['http://127.0.0.1:9', silentUrl]) {
    const shop = await serveStatic({
      dir: join(root, 'shell', 'dist'),
      port: 0,
      spa: true,
      config: () => ({ supabaseUrl, supabaseAnonKey: 'anon', remotes }),
      pageCacheMs: 0,
    });
    try {
      for (const url of ['/', '/category/communication', '/sitemap.xml']) {
        const started = Date.now();
        const response = await request.get(`${shop.url}${url}`, { timeout: 20_000 });
        const elapsed = Date.now() - started;
        expect(elapsed, `${supabaseUrl}${url}`).toBeLessThan(12_000);
        expect([200, 503], `${supabaseUrl}${url}`).toContain(response.status());
        if (url !== '/sitemap.xml') {
          // The page itself (the shell renders; what needs the database is left to the browser).
          expect(rootMarkup(await response.text())).toContain('<header');
        }
      }
    } finally {
      await shop.close();
    }
  }
  silent.closeAllConnections();
  silent.close();
});

test.afterAll(async () => {
  await resetRemoteManifest('catalog');
});
