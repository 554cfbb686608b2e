import { BRAND, routes, type PageMeta, type Product } from '@prepper/shared';

/**
 * What the catalogue's pages tell search engines and link previews (the shop's server writes it into the
 * page's head): descriptions, canonical URLs, Open Graph, and schema.org JSON-LD with the fields Google's
 * rich results require. Built on the server only (`usePageMeta` takes these as builders), so none of it
 * runs in the browser.
 */

export interface Crumb {
  name: string;
  path: string;
}

const DESCRIPTION_LIMIT = 160;

/** A description of at most 160 characters, cut at a word. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LIMIT) return flat;
  const cut = flat.slice(0, DESCRIPTION_LIMIT - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

function absolute(origin: string, path: string): string {
  return new URL(path, origin).href;
}

export function breadcrumbList(origin: string, crumbs: readonly Crumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(origin, crumb.path),
    })),
  };
}

export function itemList(origin: string, products: readonly Product[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absolute(origin, routes.product(product.name, product.id)),
      name: product.name,
    })),
  };
}

/** A product page: Product with its Offer, AggregateRating when it has approved reviews, and the crumbs. */
export function productMeta(origin: string, product: Product, crumbs: readonly Crumb[]): PageMeta {
  const path = routes.product(product.name, product.id);
  const url = absolute(origin, path);
  const availability = product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const price = product.price.toFixed(2);
  const jsonLd: object[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: shortDescription(product.description) || product.name,
      image: product.images.length > 0 ? product.images : [product.image],
      sku: product.id,
      url,
      ...(product.category ? { category: product.category } : {}),
      brand: { '@type': 'Brand', name: BRAND.name },
      offers: {
        '@type': 'Offer',
        price,
        priceCurrency: 'USD',
        availability,
        url,
        itemCondition: 'https://schema.org/NewCondition',
      },
      ...(product.reviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.rating.toFixed(1),
              reviewCount: product.reviewCount,
              bestRating: '5',
              worstRating: '1',
            },
          }
        : {}),
    },
    breadcrumbList(origin, crumbs),
  ];
  return {
    title: product.name,
    description: shortDescription(product.description) || product.name,
    canonical: path,
    type: 'product',
    image: product.image,
    extra: {
      'product:price:amount': price,
      'product:price:currency': 'USD',
      'product:availability': product.inStock ? 'in stock' : 'out of stock',
    },
    jsonLd,
  };
}

/** A category or subcategory page: its crumbs and the products shown. */
export function listingMeta(
  origin: string,
  page: { title: string; description: string; path: string; image?: string | null },
  crumbs: readonly Crumb[],
  products: readonly Product[],
): PageMeta {
  return {
    title: page.title,
    description: shortDescription(page.description) || page.title,
    canonical: page.path,
    image: page.image ?? undefined,
    jsonLd: [breadcrumbList(origin, crumbs), itemList(origin, products)],
  };
}

/** The home page: the shop as an Organization and the WebSite with its product search. */
export function homeMeta(origin: string, description: string): PageMeta {
  const home = absolute(origin, routes.home);
  return {
    description,
    canonical: routes.home,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: BRAND.name,
        url: home,
        logo: absolute(origin, '/favicon.svg'),
        slogan: BRAND.tagline,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: BRAND.name,
        url: home,
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${absolute(origin, routes.products)}?q={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}
