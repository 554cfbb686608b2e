import { describe, expect, it } from 'vitest';
import {
  describeDiscount,
  emptyPromotionForm,
  promotionFormFromRow,
  promotionStatus,
  toLocalInput,
  validatePromotionForm,
  type PromotionRow,
} from './promotion-form';

const row: PromotionRow = {
  id: 'p1',
  code: 'Summer25',
  kind: 'percent',
  value: 25,
  min_subtotal: 50,
  starts_at: '2026-12-01T09:30:00.000Z',
  ends_at: null,
  usage_limit: 100,
  per_customer_limit: 1,
  category_ids: ['c1'],
  product_ids: ['x1', 'x2'],
  active: true,
  description: 'Winter sale',
  created_at: '2026-11-01T00:00:00Z',
};

describe('validatePromotionForm', () => {
  it('turns the typed text into the row to save, blanks into nulls', () => {
    const result = validatePromotionForm({
      ...emptyPromotionForm,
      code: '  Save10 ',
      value: '10',
      minSubtotal: '',
      usageLimit: '5',
      categoryIds: ['c1'],
      products: [{ id: 'x1', name: 'Lantern' }],
    });
    expect(result).toEqual({
      ok: true,
      row: {
        code: 'Save10',
        kind: 'percent',
        value: 10,
        min_subtotal: null,
        starts_at: null,
        ends_at: null,
        usage_limit: 5,
        per_customer_limit: null,
        category_ids: ['c1'],
        product_ids: ['x1'],
        active: true,
        description: '',
      },
    });
  });

  it('free shipping has no value; an amount takes two decimals at most', () => {
    const free = validatePromotionForm({
      ...emptyPromotionForm,
      code: 'SHIPIT',
      kind: 'free_shipping',
      value: 'x',
    });
    expect(free.ok && free.row.value).toBeNull();
    const amount = validatePromotionForm({
      ...emptyPromotionForm,
      code: 'FIVE',
      kind: 'amount',
      value: '5.255',
    });
    expect(amount).toEqual({ ok: false, errors: { value: expect.stringContaining('two decimals') } });
  });

  it('names every bad field and keeps to the first problem of each', () => {
    const result = validatePromotionForm({
      ...emptyPromotionForm,
      code: 'a b',
      value: '150',
      minSubtotal: '-1',
      usageLimit: '0',
      perCustomerLimit: '2.5',
      startsAt: 'not a date',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      ['code', 'minSubtotal', 'perCustomerLimit', 'startsAt', 'usageLimit', 'value'].sort(),
    );
    expect(result.errors.value).toBe('Enter a percentage from 0.01 to 100');
  });

  it('refuses an end that is not after the start', () => {
    const result = validatePromotionForm({
      ...emptyPromotionForm,
      code: 'DATES',
      value: '5',
      startsAt: '2026-12-02T10:00',
      endsAt: '2026-12-01T10:00',
    });
    expect(result).toEqual({ ok: false, errors: { endsAt: 'The end must be after the start' } });
  });
});

describe('promotionFormFromRow', () => {
  it('fills the form from a saved code, naming its products', () => {
    const values = promotionFormFromRow(row, { x1: 'Lantern' });
    expect(values).toMatchObject({
      code: 'Summer25',
      value: '25',
      minSubtotal: '50',
      usageLimit: '100',
      perCustomerLimit: '1',
      startsAt: toLocalInput(row.starts_at),
      endsAt: '',
      categoryIds: ['c1'],
      products: [
        { id: 'x1', name: 'Lantern' },
        { id: 'x2', name: 'x2' },
      ],
    });
    // What the form shows saves back to the same instant.
    const saved = validatePromotionForm(values);
    expect(saved.ok && saved.row.starts_at).toBe(row.starts_at);
  });
});

describe('describeDiscount and promotionStatus', () => {
  it('says what a code takes off', () => {
    expect(describeDiscount({ kind: 'percent', value: 12.5 })).toBe('12.5% off');
    expect(describeDiscount({ kind: 'amount', value: 5 })).toBe('$5.00 off');
    expect(describeDiscount({ kind: 'free_shipping', value: null })).toBe('Free shipping');
  });

  it('tells deactivated, scheduled, expired, used up and active apart', () => {
    const now = new Date('2026-12-05T00:00:00Z');
    expect(promotionStatus({ ...row, active: false }, 0, now)).toBe('inactive');
    expect(promotionStatus({ ...row, starts_at: '2026-12-06T00:00:00Z' }, 0, now)).toBe('scheduled');
    expect(promotionStatus({ ...row, ends_at: '2026-12-04T00:00:00Z' }, 0, now)).toBe('expired');
    expect(promotionStatus(row, 100, now)).toBe('usedUp');
    expect(promotionStatus(row, 99, now)).toBe('active');
  });
});
