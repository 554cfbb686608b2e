import { describe, expect, it } from 'vitest';
import { pageHints, withPageHints } from './page-hints.ts';

const config = {
  supabaseUrl: 'https://project.supabase.co',
  supabaseAnonKey: 'anon',
  remotes: {
    catalog: 'https://catalog.shop.test/v2/mf-manifest.json',
    cart: 'https://cart.shop.test/mf-manifest.json',
    admin: 'https://admin.shop.test/mf-manifest.json',
  },
};

describe('pageHints', () => {
  it("preloads /config.json, opens Supabase's origin and preloads the catalogue's manifest on the home page", () => {
    expect(pageHints('/', config)).toBe(
      [
        '<link rel="preload" href="/config.json" as="fetch" crossorigin>',
        '<link rel="preconnect" href="https://project.supabase.co" crossorigin>',
        '<link rel="preconnect" href="https://project.supabase.co">',
        '<link rel="preconnect" href="https://catalog.shop.test">',
        '<link rel="preload" href="https://catalog.shop.test/v2/mf-manifest.json" as="fetch" crossorigin data-remote="catalog" data-exposes="HomePage CategoryNav">',
      ].join(''),
    );
  });

  it("hints the page's own remote with the layout's, and never a storefront remote on the back office", () => {
    const checkout = pageHints('/checkout', config);
    expect(checkout).toContain('data-remote="cart" data-exposes="CheckoutPage"');
    expect(checkout).toContain('data-remote="catalog" data-exposes="CategoryNav"');
    const admin = pageHints('/admin/products', config);
    expect(admin).toContain('data-remote="admin" data-exposes="AdminApp"');
    expect(admin).not.toContain('catalog');
    expect(pageHints('/', config)).not.toContain('admin');
  });

  it('leaves out what is not an http(s) URL and escapes what it writes', () => {
    const hints = pageHints('/', {
      supabaseUrl: 'javascript:alert(1)',
      remotes: { catalog: 'https://catalog.test/mf-manifest.json?a="<x>&b' },
    });
    expect(hints).not.toContain('javascript');
    expect(hints).toContain('href="https://catalog.test/mf-manifest.json?a=&quot;&lt;x&gt;&amp;b"');
    expect(pageHints('/', null)).toBe('<link rel="preload" href="/config.json" as="fetch" crossorigin>');
    expect(pageHints('/', { remotes: { catalog: 42 } })).not.toContain('data-remote');
  });
});

describe('withPageHints', () => {
  it('puts the hints at the end of <head>, and leaves a page without one as it is', () => {
    expect(withPageHints('<html><head><title>x</title></head><body></body></html>', '<link>')).toBe(
      '<html><head><title>x</title><link></head><body></body></html>',
    );
    expect(withPageHints('<div id="root"></div>', '<link>')).toBe('<div id="root"></div>');
  });
});
