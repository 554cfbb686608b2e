import {
  $cartCount,
  $cartLines,
  $cartSubtotal,
  $cartTotals,
  CART_STORAGE_KEY,
  MAX_LINE_QUANTITY,
  addToCart,
  clearCart,
  decodeCart,
  removeFromCart,
  setCartQuantity,
  updateCartProduct,
  type CartLine,
  type CartProduct,
} from './cart';

function product(id: string, price: number, extra: Partial<CartProduct> = {}): CartProduct {
  return {
    id,
    slug: `item-${id}`,
    name: `Item ${id}`,
    price,
    originalPrice: null,
    image: `https://img.example/${id}.jpg`,
    category: 'Survival Gear',
    inStock: true,
    ...extra,
  };
}

function stored(): unknown {
  return JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
}

beforeEach(() => {
  clearCart();
  localStorage.clear();
});

describe('cart actions', () => {
  it('appends a new product with quantity 1 by default', () => {
    addToCart(product('a', 10));
    expect($cartLines.get()).toEqual([{ product: product('a', 10), quantity: 1 }]);
  });

  it('adds to the quantity of a product already in the cart instead of a second line', () => {
    addToCart(product('a', 10));
    addToCart(product('b', 5));
    addToCart(product('a', 10), 3);
    expect($cartLines.get().map((line) => [line.product.id, line.quantity])).toEqual([
      ['a', 4],
      ['b', 1],
    ]);
  });

  it('ignores adding zero, negative or fractional quantities', () => {
    addToCart(product('a', 10), 0);
    addToCart(product('a', 10), -2);
    addToCart(product('a', 10), 1.5);
    expect($cartLines.get()).toEqual([]);
  });

  it('caps a line at the maximum quantity', () => {
    addToCart(product('a', 1), MAX_LINE_QUANTITY);
    addToCart(product('a', 1), 5);
    expect($cartLines.get()[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('removes a line', () => {
    addToCart(product('a', 10));
    addToCart(product('b', 5));
    removeFromCart('a');
    expect($cartLines.get().map((line) => line.product.id)).toEqual(['b']);
  });

  it('sets a quantity, and 0 or below removes the line', () => {
    addToCart(product('a', 10));
    addToCart(product('b', 5));
    setCartQuantity('a', 7);
    expect($cartLines.get()[0]?.quantity).toBe(7);
    setCartQuantity('a', 0);
    expect($cartLines.get().map((line) => line.product.id)).toEqual(['b']);
    setCartQuantity('b', -3);
    expect($cartLines.get()).toEqual([]);
  });

  it('minus on quantity 1 (set-quantity with quantity minus one) removes the line', () => {
    addToCart(product('a', 10));
    const line = $cartLines.get()[0] as CartLine;
    setCartQuantity('a', line.quantity - 1);
    expect($cartLines.get()).toEqual([]);
  });

  it('ignores a non-finite quantity and floors fractions', () => {
    addToCart(product('a', 10), 2);
    setCartQuantity('a', Number.NaN);
    setCartQuantity('a', Number.POSITIVE_INFINITY);
    expect($cartLines.get()[0]?.quantity).toBe(2);
    setCartQuantity('a', 3.9);
    expect($cartLines.get()[0]?.quantity).toBe(3);
    setCartQuantity('a', 5000);
    expect($cartLines.get()[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it("updates a line's product facts from a fresh quote and keeps its quantity", () => {
    addToCart(product('a', 10), 3);
    addToCart(product('b', 5));
    updateCartProduct('a', { price: 12.5, originalPrice: null, inStock: false });
    expect($cartLines.get()).toEqual([
      { product: { ...product('a', 10), price: 12.5, originalPrice: null, inStock: false }, quantity: 3 },
      { product: product('b', 5), quantity: 1 },
    ]);
    expect($cartSubtotal.get()).toBe(42.5);
  });

  it('ignores an update for a product not in the cart or with an impossible price', () => {
    addToCart(product('a', 10));
    const before = $cartLines.get();
    updateCartProduct('zz', { price: 1 });
    updateCartProduct('a', { price: -1 });
    updateCartProduct('a', { price: Number.NaN });
    expect($cartLines.get()).toEqual(before);
  });

  it('clear empties the cart', () => {
    addToCart(product('a', 10));
    addToCart(product('b', 5));
    clearCart();
    expect($cartLines.get()).toEqual([]);
  });
});

describe('derived values', () => {
  it('item count is the sum of quantities, subtotal the sum of price × quantity', () => {
    addToCart(product('a', 19.99), 3);
    addToCart(product('b', 0.1), 2);
    expect($cartCount.get()).toBe(5);
    expect($cartSubtotal.get()).toBe(60.17);
  });

  it('rounds the subtotal to cents', () => {
    addToCart(product('a', 0.1));
    addToCart(product('b', 0.2));
    expect($cartSubtotal.get()).toBe(0.3);
  });

  it('totals follow the lines across the free-shipping threshold at exactly 99', () => {
    addToCart(product('a', 49.5), 2); // 99.00
    expect($cartTotals.get()).toMatchObject({ subtotal: 99, shipping: 0, tax: 7.92, total: 106.92 });
    setCartQuantity('a', 1); // 49.50
    expect($cartTotals.get()).toMatchObject({
      subtotal: 49.5,
      shipping: 9.99,
      tax: 3.96,
      total: 63.45,
      remainingForFreeShipping: 49.5,
    });
  });

  it('an empty cart counts 0 items and costs nothing', () => {
    expect($cartCount.get()).toBe(0);
    expect($cartTotals.get()).toMatchObject({ subtotal: 0, shipping: 0, tax: 0, total: 0 });
  });
});

describe('persistence', () => {
  it('saves the JSON list on every change', () => {
    addToCart(product('a', 10), 2);
    expect(stored()).toEqual([{ product: product('a', 10), quantity: 2 }]);
    setCartQuantity('a', 5);
    expect(stored()).toEqual([{ product: product('a', 10), quantity: 5 }]);
    clearCart();
    expect(stored()).toEqual([]);
  });

  it('loads the stored cart on start', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ product: product('z', 12.5), quantity: 3 }]));
    vi.resetModules();
    const fresh = await import('./cart');
    expect(fresh.$cartLines.get()).toEqual([{ product: product('z', 12.5), quantity: 3 }]);
    expect(fresh.$cartCount.get()).toBe(3);
  });

  it('starts empty when the stored cart is corrupt', async () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    vi.resetModules();
    const fresh = await import('./cart');
    expect(fresh.$cartLines.get()).toEqual([]);
    fresh.addToCart(product('a', 1));
    expect(fresh.$cartCount.get()).toBe(1);
  });
});

describe('decodeCart with broken or hostile stored data', () => {
  const good = { product: product('ok', 5), quantity: 2 };

  it.each([
    ['not JSON', '{oops'],
    ['empty string', ''],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"cart"'],
    ['an object', '{"product":{"id":"a"},"quantity":1}'],
    ['an empty list', '[]'],
  ])('gives an empty cart for %s', (_label, raw) => {
    expect(decodeCart(raw)).toEqual([]);
  });

  it('drops lines that are not believable and keeps the good ones', () => {
    const raw = JSON.stringify([
      null,
      7,
      'line',
      [],
      { quantity: 1 },
      { product: null, quantity: 1 },
      { product: { ...good.product, id: '' }, quantity: 1 },
      { product: { ...good.product, id: 'x'.repeat(101) }, quantity: 1 },
      { product: { ...good.product, id: 42 }, quantity: 1 },
      { product: { ...good.product, name: '' }, quantity: 1 },
      { product: { ...good.product, price: -1 }, quantity: 1 },
      { product: { ...good.product, price: '5' }, quantity: 1 },
      { product: { ...good.product, id: 'q0' }, quantity: 0 },
      { product: { ...good.product, id: 'q-' }, quantity: -4 },
      { product: { ...good.product, id: 'qf' }, quantity: 1.5 },
      { product: { ...good.product, id: 'qs' }, quantity: '2' },
      good,
    ]);
    expect(decodeCart(raw)).toEqual([good]);
  });

  it('drops non-finite prices written as huge literals', () => {
    expect(decodeCart('[{"product":{"id":"a","name":"A","price":1e400},"quantity":1}]')).toEqual([]);
  });

  it('caps absurd quantities and keeps the first of duplicate ids', () => {
    const raw = JSON.stringify([
      { product: product('a', 1), quantity: 1_000_000 },
      { product: product('a', 2), quantity: 1 },
    ]);
    expect(decodeCart(raw)).toEqual([{ product: product('a', 1), quantity: MAX_LINE_QUANTITY }]);
  });

  it('refuses script and data image addresses', () => {
    const raw = JSON.stringify([
      { product: product('a', 1, { image: 'javascript:alert(1)' }), quantity: 1 },
      { product: product('b', 1, { image: 'data:text/html,<script>alert(1)</script>' }), quantity: 1 },
      { product: product('c', 1, { image: '/local.png' }), quantity: 1 },
    ]);
    expect(decodeCart(raw).map((line) => line.product.image)).toEqual(['', '', '/local.png']);
  });

  it('fills missing optional fields with safe defaults and ignores extra keys', () => {
    const raw =
      '[{"product":{"id":"a","name":"A","price":3,"originalPrice":"x","inStock":"no","evil":"<img onerror>",' +
      '"__proto__":{"polluted":true}},"quantity":1,"__proto__":{"polluted":true}}]';
    const [line] = decodeCart(raw);
    expect(line).toEqual({
      product: {
        id: 'a',
        slug: 'a',
        name: 'A',
        price: 3,
        originalPrice: null,
        image: '',
        category: '',
        inStock: true,
      },
      quantity: 1,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps an explicit out-of-stock flag and a real original price', () => {
    const raw = JSON.stringify([
      { product: product('a', 3, { inStock: false, originalPrice: 4 }), quantity: 1 },
    ]);
    expect(decodeCart(raw)[0]?.product).toMatchObject({ inStock: false, originalPrice: 4 });
  });
});
