import {
  FREE_SHIPPING_THRESHOLD,
  SHIPPING_FEE,
  TAX_RATE,
  cartTotals,
  DEFAULT_PRICING,
  formatPrice,
  formatPriceShort,
  lineTotal,
  percentOff,
  roundMoney,
  savings,
} from './pricing';

describe('business constants', () => {
  it('uses a $99 free-shipping threshold, $9.99 shipping and 8 % tax', () => {
    expect(FREE_SHIPPING_THRESHOLD).toBe(99);
    expect(SHIPPING_FEE).toBe(9.99);
    expect(TAX_RATE).toBe(0.08);
  });
});

describe('roundMoney', () => {
  it('rounds to cents without binary drift', () => {
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(19.994)).toBe(19.99);
    expect(roundMoney(19.995)).toBe(20);
    expect(roundMoney(0)).toBe(0);
  });
});

describe('formatPrice', () => {
  it('shows two decimals and a $ sign', () => {
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(5)).toBe('$5.00');
    expect(formatPrice(9.9)).toBe('$9.90');
    expect(formatPrice(9.99)).toBe('$9.99');
    expect(formatPrice(0.1 + 0.2)).toBe('$0.30');
  });

  it('groups thousands and rounds half-cents up', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(1000000)).toBe('$1,000,000.00');
    expect(formatPrice(1.005)).toBe('$1.01');
    expect(formatPrice(2.999)).toBe('$3.00');
  });

  it('writes every amount as Intl does once rounded to cents, and whole thresholds without cents', () => {
    const money = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const amounts = [0, 0.01, 0.1 + 0.2, 999.995, 1000, 99999.99, 123456.785, -5, -1234.5];
    for (let i = 0; i < 400; i += 1)
      amounts.push(Math.round((random() - 0.2) * 10 ** (1 + (i % 7)) * 1000) / 1000);
    for (const amount of amounts) {
      expect(formatPrice(amount), String(amount)).toBe(
        `$${roundMoney(amount).toLocaleString('en-US', money)}`,
      );
      const whole = Math.round(amount);
      expect(formatPriceShort(whole), String(whole)).toBe(`$${whole.toLocaleString('en-US')}`);
    }
  });
});

describe('lineTotal', () => {
  it('is price times quantity, rounded to cents', () => {
    expect(lineTotal(19.99, 3)).toBe(59.97);
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(33.33, 1)).toBe(33.33);
    expect(lineTotal(12.5, 0)).toBe(0);
  });
});

describe('cartTotals', () => {
  it('costs nothing for an empty cart (no shipping on nothing)', () => {
    expect(cartTotals(0)).toEqual({
      subtotal: 0,
      shipping: 0,
      tax: 0,
      total: 0,
      remainingForFreeShipping: 99,
      freeShipping: false,
    });
  });

  it('charges 9.99 shipping below the threshold and says what is missing', () => {
    const totals = cartTotals(50);
    expect(totals.shipping).toBe(9.99);
    expect(totals.tax).toBe(4);
    expect(totals.total).toBe(63.99);
    expect(totals.freeShipping).toBe(false);
    expect(totals.remainingForFreeShipping).toBe(49);
  });

  it('still charges shipping one cent below 99', () => {
    const totals = cartTotals(98.99);
    expect(totals.freeShipping).toBe(false);
    expect(totals.shipping).toBe(9.99);
    expect(totals.remainingForFreeShipping).toBe(0.01);
    expect(totals.tax).toBe(7.92);
    expect(totals.total).toBe(116.9);
  });

  it('ships free at exactly 99', () => {
    const totals = cartTotals(99);
    expect(totals.freeShipping).toBe(true);
    expect(totals.shipping).toBe(0);
    expect(totals.remainingForFreeShipping).toBe(0);
    expect(totals.tax).toBe(7.92);
    expect(totals.total).toBe(106.92);
  });

  it('ships free above 99', () => {
    const totals = cartTotals(250);
    expect(totals.shipping).toBe(0);
    expect(totals.tax).toBe(20);
    expect(totals.total).toBe(270);
  });

  it('decides the threshold on the rounded subtotal, so float drift cannot cost shipping', () => {
    // Three lines of 0.08 + 83.32 + 15.60 sum to 98.99999999999999 in floating point.
    const drifted = 0.08 + 83.32 + 15.6;
    expect(drifted).toBeLessThan(99);
    const totals = cartTotals(drifted);
    expect(totals.subtotal).toBe(99);
    expect(totals.freeShipping).toBe(true);
  });

  it('rounds tax to cents and the total to 2 decimals', () => {
    expect(cartTotals(10.06).tax).toBe(0.8); // 0.8048
    expect(cartTotals(10.07).tax).toBe(0.81); // 0.8056
    const totals = cartTotals(12.34);
    expect(totals.tax).toBe(0.99); // 0.9872
    expect(totals.total).toBe(23.32); // 12.34 + 9.99 + 0.99
    expect(Number.isInteger(Math.round(totals.total * 100))).toBe(true);
    expect(totals.total * 100).toBeCloseTo(Math.round(totals.total * 100), 6);
  });

  it('total is subtotal + shipping + tax', () => {
    for (const subtotal of [0.01, 1, 42.42, 98.98, 99, 99.01, 1999.99]) {
      const { shipping, tax, total } = cartTotals(subtotal);
      expect(total).toBe(roundMoney(subtotal + shipping + tax));
    }
  });
});

describe('percentOff and savings', () => {
  it('rounds the percent off the original price', () => {
    expect(percentOff(75, 100)).toBe(25);
    expect(percentOff(199.99, 249.99)).toBe(20); // 20.0008
    expect(percentOff(2, 3)).toBe(33); // 33.33
    expect(percentOff(1, 3)).toBe(67); // 66.67
  });

  it('has no badge without a real discount', () => {
    expect(percentOff(100, null)).toBeNull();
    expect(percentOff(100, undefined)).toBeNull();
    expect(percentOff(100, 100)).toBeNull();
    expect(percentOff(100, 80)).toBeNull();
    expect(percentOff(0, 0)).toBeNull();
  });

  it("'Save $' is the difference, rounded to cents", () => {
    expect(savings(199.99, 249.99)).toBe(50);
    expect(savings(0.1, 0.3)).toBe(0.2);
    expect(savings(100, null)).toBeNull();
    expect(savings(100, 100)).toBeNull();
  });
});

describe('cartTotals with the store settings', () => {
  const rules = { freeShippingThreshold: 150, shippingRate: 5.5, taxRatePercent: 8.25 };

  it('uses the threshold, the rate and the tax it is given', () => {
    expect(cartTotals(100, rules)).toEqual({
      subtotal: 100,
      shipping: 5.5,
      tax: 8.25,
      total: 113.75,
      remainingForFreeShipping: 50,
      freeShipping: false,
    });
    expect(cartTotals(150, rules)).toMatchObject({
      shipping: 0,
      tax: 12.38,
      total: 162.38,
      freeShipping: true,
    });
  });

  it('rounds a half cent of tax up, as the database does', () => {
    // 2.00 at 0.25 % is 0.005 exactly.
    expect(cartTotals(2, { ...rules, taxRatePercent: 0.25 }).tax).toBe(0.01);
    expect(cartTotals(1.99, { ...rules, taxRatePercent: 0.25 }).tax).toBe(0);
  });

  it('a threshold of 0 makes every order ship free; no tax at 0 %', () => {
    expect(cartTotals(1, { freeShippingThreshold: 0, shippingRate: 9.99, taxRatePercent: 0 })).toMatchObject({
      shipping: 0,
      tax: 0,
      total: 1,
      freeShipping: true,
    });
  });

  it('the defaults are the seeded settings', () => {
    expect(DEFAULT_PRICING).toEqual({ freeShippingThreshold: 99, shippingRate: 9.99, taxRatePercent: 8 });
    expect(cartTotals(50, DEFAULT_PRICING)).toEqual(cartTotals(50));
  });
});
