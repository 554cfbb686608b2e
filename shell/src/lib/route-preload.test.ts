import { preloadRouteRemotes } from './route-preload';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  preloadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

function page(head: string): Document {
  const doc = document.implementation.createHTMLDocument('shop');
  doc.head.innerHTML = head;
  return doc;
}

describe('preloadRouteRemotes', () => {
  beforeEach(() => {
    runtime.registerRemotes.mockReset();
    runtime.preloadRemote.mockReset();
    runtime.preloadRemote.mockResolvedValue(undefined);
  });

  it('registers each remote the HTML names at its manifest and preloads exactly the exposes named', () => {
    preloadRouteRemotes(
      page(
        '<link rel="preload" href="/config.json" as="fetch" crossorigin>' +
          '<link rel="preload" href="https://cart.test/mf-manifest.json" as="fetch" crossorigin data-remote="cart" data-exposes="CheckoutPage">' +
          '<link rel="preload" href="https://catalog.test/v2/mf-manifest.json" as="fetch" crossorigin data-remote="catalog" data-exposes="CategoryNav">',
      ),
    );
    expect(runtime.registerRemotes.mock.calls).toEqual([
      [[{ name: 'cart', entry: 'https://cart.test/mf-manifest.json' }]],
      [[{ name: 'catalog', entry: 'https://catalog.test/v2/mf-manifest.json' }]],
    ]);
    expect(runtime.preloadRemote.mock.calls).toEqual([
      [[{ nameOrAlias: 'cart', exposes: ['CheckoutPage'] }]],
      [[{ nameOrAlias: 'catalog', exposes: ['CategoryNav'] }]],
    ]);
  });

  it('does nothing on a page without hints, and a remote that cannot be preloaded stops nothing', async () => {
    preloadRouteRemotes(page('<link rel="icon" href="/favicon.svg">'));
    expect(runtime.registerRemotes).not.toHaveBeenCalled();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    runtime.registerRemotes.mockImplementationOnce(() => {
      throw new Error('bad entry');
    });
    runtime.preloadRemote.mockRejectedValueOnce(new Error('manifest 503'));
    expect(() =>
      preloadRouteRemotes(
        page(
          '<link rel="preload" href="https://a.test/mf-manifest.json" as="fetch" data-remote="cart" data-exposes="CheckoutPage">' +
            '<link rel="preload" href="https://b.test/mf-manifest.json" as="fetch" data-remote="catalog" data-exposes="HomePage CategoryNav">',
        ),
      ),
    ).not.toThrow();
    expect(runtime.preloadRemote).toHaveBeenCalledWith([
      { nameOrAlias: 'catalog', exposes: ['HomePage', 'CategoryNav'] },
    ]);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    warn.mockRestore();
  });
});
