import { describe, expect, it } from 'vitest';
import { parseRefundAmount } from './refund-form';

describe('parseRefundAmount', () => {
  it('takes empty as all that is left and dollars as cents', () => {
    expect(parseRefundAmount('', 2500)).toEqual({ ok: true, cents: null });
    expect(parseRefundAmount(' 12.5 ', 2500)).toEqual({ ok: true, cents: 1250 });
    expect(parseRefundAmount('25', 2500)).toEqual({ ok: true, cents: 2500 });
  });

  it('refuses more than is left, nothing, and malformed amounts', () => {
    expect(parseRefundAmount('25.01', 2500)).toEqual({
      ok: false,
      message: 'Enter an amount between $0.01 and $25.00',
    });
    expect(parseRefundAmount('0', 2500)).toMatchObject({ ok: false });
    expect(parseRefundAmount('1.234', 2500)).toEqual({ ok: false, message: 'Enter an amount like 12.50' });
    expect(parseRefundAmount('-3', 2500)).toMatchObject({ ok: false });
  });
});
