import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerRenderContext, type ServerRender } from '../ssr';
import { DEFAULT_STORE_INFO, type StoreInfo } from '../domain/store-info';
import { $cartTotals, addToCart, clearCart } from './cart';
import { openEmergencyFromRow, storeSettingsFromRow } from './store-info-read';
import { $storeInfo, STORE_INFO_KEY, STORE_INFO_REMOTE, useStoreInfo } from './store-info';

/** The column defaults of public.store_settings, read from its schema file. */
function seededDefaults(): Record<string, string> {
  const sql = readFileSync(resolve(import.meta.dirname, '../../../supabase/schemas/settings.sql'), 'utf8');
  const defaults: Record<string, string> = {};
  for (const match of sql.matchAll(
    /^ {2}(\w+) (?:text|numeric|integer) not null default (E?'(?:[^']|'')*'|[\d.]+)/gm,
  )) {
    const [, column, value] = match as unknown as [string, string, string];
    defaults[column] = value.startsWith("E'")
      ? value.slice(2, -1).replace(/\\n/g, '\n')
      : value.startsWith("'")
        ? value.slice(1, -1).replace(/''/g, "'")
        : value;
  }
  return defaults;
}

describe('store settings as the storefront shows them', () => {
  afterEach(() => {
    $storeInfo.set(DEFAULT_STORE_INFO);
    clearCart();
  });

  it('starts with exactly the values the database seeds', () => {
    const seeded = seededDefaults();
    expect(Object.keys(seeded)).toContain('free_shipping_threshold');
    expect(storeSettingsFromRow(seeded)).toEqual(DEFAULT_STORE_INFO.settings);
  });

  it('reads a row, keeping the default of anything missing or odd', () => {
    const settings = storeSettingsFromRow({
      free_shipping_threshold: 150,
      shipping_rate: '4.5',
      tax_rate_percent: -3,
      store_name: 'Prepared Co',
      store_tagline: '',
      hotline_phone: '',
      support_phone: '(555) 111-2222',
      support_phone_2: '',
      store_address: 'One Road\nTown',
      low_stock_threshold: 25,
    });
    expect(settings).toMatchObject({
      pricing: { freeShippingThreshold: 150, shippingRate: 4.5, taxRatePercent: 8 },
      name: 'Prepared Co',
      tagline: '',
      hotlinePhone: '1-800-555-0199',
      supportPhones: ['(555) 111-2222'],
      supportEmail: 'support@readystock.example',
      address: ['One Road', 'Town'],
      lowStockBelow: 25,
    });
    expect(storeSettingsFromRow(null)).toEqual(DEFAULT_STORE_INFO.settings);
  });

  it('knows an emergency only while it is open', () => {
    expect(openEmergencyFromRow({ name: 'Winter Storm', regions: 'Colorado', ended_at: null })).toEqual({
      name: 'Winter Storm',
      regions: 'Colorado',
    });
    expect(
      openEmergencyFromRow({ name: 'Winter Storm', regions: '', ended_at: '2026-11-28T10:00:00Z' }),
    ).toBeNull();
    expect(openEmergencyFromRow(undefined)).toBeNull();
  });

  it("prices the cart with the store's current rules", () => {
    addToCart(
      {
        id: 'a',
        slug: 'a',
        name: 'A',
        price: 100,
        originalPrice: null,
        image: '',
        category: 'Water',
        inStock: true,
      },
      1,
    );
    expect($cartTotals.get()).toMatchObject({ shipping: 0, tax: 8, total: 108, freeShipping: true });
    $storeInfo.set({
      ...DEFAULT_STORE_INFO,
      settings: {
        ...DEFAULT_STORE_INFO.settings,
        pricing: { freeShippingThreshold: 150, shippingRate: 5, taxRatePercent: 10 },
      },
    });
    expect($cartTotals.get()).toMatchObject({
      shipping: 5,
      tax: 10,
      total: 115,
      freeShipping: false,
      remainingForFreeShipping: 50,
    });
  });

  it("renders the request's values on the server and the store's in the browser", () => {
    function Name() {
      return createElement('span', null, useStoreInfo().settings.name);
    }
    const ofRequest: StoreInfo = {
      ...DEFAULT_STORE_INFO,
      settings: { ...DEFAULT_STORE_INFO.settings, name: 'Server Shop' },
    };
    const render = {
      origin: 'http://shop.test',
      reads: new Map([
        [
          STORE_INFO_REMOTE,
          new Map([[STORE_INFO_KEY, { status: 'done', value: ofRequest, promise: Promise.resolve() }]]),
        ],
      ]),
      setMeta: () => undefined,
      setStatus: () => undefined,
      setRedirect: () => undefined,
    } as ServerRender;
    $storeInfo.set({
      ...DEFAULT_STORE_INFO,
      settings: { ...DEFAULT_STORE_INFO.settings, name: 'Browser Shop' },
    });
    expect(
      renderToString(createElement(ServerRenderContext.Provider, { value: render }, createElement(Name))),
    ).toBe('<span>Server Shop</span>');
    expect(renderToString(createElement(Name))).toBe('<span>Browser Shop</span>');
  });
});
