import type { Product } from '@prepper/shared';
import { describe, expect, it } from 'vitest';
import { formatHeldUntil, heldState, withOwnHold } from './held';

const base = { id: 'p1', inStock: true, stockCount: 3, held: 0 } as Product;

describe('heldState', () => {
  it('says nothing when no unit is held', () => {
    expect(heldState(base, null)).toEqual({ kind: 'none' });
    expect(heldState({ ...base, held: undefined }, null)).toEqual({ kind: 'none' });
  });

  it('counts the held units while some stock is free, and says all are held when none is', () => {
    expect(heldState({ ...base, held: 2 }, null)).toEqual({ kind: 'some', held: 2 });
    expect(heldState({ ...base, inStock: false, stockCount: 0, held: 2 }, null)).toEqual({ kind: 'all' });
  });

  it('tells the holder their own hold first, with its end', () => {
    const mine = { quantity: 1, expiresAt: '2026-11-29T05:30:00Z' };
    expect(heldState({ ...base, inStock: false, stockCount: 0, held: 2 }, mine)).toEqual({
      kind: 'yours',
      until: '2026-11-29T05:30:00Z',
    });
    expect(heldState({ ...base, held: 2 }, { ...mine, quantity: 0 })).toEqual({ kind: 'some', held: 2 });
  });
});

describe('formatHeldUntil', () => {
  it('writes the end in UTC as the e-mail does', () => {
    expect(formatHeldUntil('2026-11-29T17:05:00Z')).toBe('Nov 29, 2026, 5:05 PM UTC');
    expect(formatHeldUntil('2026-11-29T17:05:00-05:00')).toBe('Nov 29, 2026, 10:05 PM UTC');
  });
});

describe('withOwnHold', () => {
  it("puts the shopper's own held units back in the stock they may buy", () => {
    const allHeld = { ...base, inStock: false, stockCount: 0, held: 2 };
    expect(withOwnHold(allHeld, 1)).toMatchObject({ inStock: true, stockCount: 1, held: 2 });
    expect(withOwnHold({ ...base, held: 1 }, 1)).toMatchObject({ inStock: true, stockCount: 4 });
  });
});
