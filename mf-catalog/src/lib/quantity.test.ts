import { checkPurchase, clampQuantity, maxQuantity } from './quantity';

describe('product page quantity and stock rules', () => {
  it('never goes below 1 nor above the stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(7, 5)).toBe(5);
    expect(clampQuantity(3.7, 5)).toBe(3);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });

  it('offers at least 1 even with no stock count and caps at the cart line limit', () => {
    expect(maxQuantity(0)).toBe(1);
    expect(maxQuantity(25)).toBe(25);
    expect(maxQuantity(5000)).toBe(999);
  });

  it('refuses an out-of-stock product whatever the quantity', () => {
    expect(checkPurchase(false, 10, 1)).toEqual({ ok: false, reason: 'out-of-stock' });
  });

  it('refuses a quantity that is not a whole number from 1 to the stock', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN, 11]) {
      expect(checkPurchase(true, 10, quantity)).toEqual({ ok: false, reason: 'invalid-quantity' });
    }
  });

  it('accepts a valid quantity', () => {
    expect(checkPurchase(true, 10, 10)).toEqual({ ok: true, quantity: 10 });
    expect(checkPurchase(true, 10, 1)).toEqual({ ok: true, quantity: 1 });
  });
});
