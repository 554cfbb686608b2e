import { describe, expect, it } from 'vitest';
import { lotsChanged, lotsTotal, toLotsPayload, validateLots, type LotDraft } from './lots';

const TODAY = '2026-06-15';

function lot(overrides: Partial<LotDraft> = {}): LotDraft {
  return {
    key: overrides.key ?? 'k1',
    id: null,
    lot_code: 'A-1',
    quantity: '5',
    best_before: '2031-03-31',
    received_on: '2026-06-01',
    expected_quantity: null,
    ...overrides,
  };
}

describe('validateLots', () => {
  it('accepts whole quantities from 0, an empty best-before and an empty received date', () => {
    const lots = [
      lot(),
      lot({ key: 'k2', lot_code: 'RADIO', quantity: '0', best_before: '', received_on: '' }),
    ];
    expect(validateLots(lots, TODAY)).toEqual({ errors: {}, first: null });
  });

  it('requires a lot code, unique without regard to case, at most 64 characters', () => {
    const { errors, first } = validateLots(
      [
        lot({ key: 'a', lot_code: '   ' }),
        lot({ key: 'b', lot_code: 'Lot-7' }),
        lot({ key: 'c', lot_code: ' lot-7 ' }),
        lot({ key: 'd', lot_code: 'x'.repeat(65) }),
      ],
      TODAY,
    );
    expect(errors).toEqual({
      a: { lot_code: 'Lot code is required' },
      c: { lot_code: 'Each lot code may appear only once' },
      d: { lot_code: 'Lot code can be at most 64 characters' },
    });
    expect(first).toBe('Lot code is required');
  });

  it.each(['', '-1', '2.5', '1e3', 'ten', '1000001'])('refuses the quantity %j', (quantity) => {
    expect(validateLots([lot({ quantity })], TODAY).errors).toEqual({
      k1: { quantity: 'Quantity must be a whole number of 0 or more' },
    });
  });

  it('refuses impossible dates, a received date in the future and a best-before before it', () => {
    expect(validateLots([lot({ best_before: '2031-02-30' })], TODAY).errors).toEqual({
      k1: { best_before: 'Enter a valid date' },
    });
    expect(validateLots([lot({ received_on: '2026-13-01' })], TODAY).errors).toEqual({
      k1: { received_on: 'Enter a valid date' },
    });
    expect(validateLots([lot({ received_on: '2026-06-16' })], TODAY).errors).toEqual({
      k1: { received_on: 'The received date cannot be in the future' },
    });
    expect(validateLots([lot({ best_before: '2026-05-31' })], TODAY).errors).toEqual({
      k1: { best_before: 'Best before cannot be before the received date' },
    });
  });
});

describe('lots payload', () => {
  it('trims, converts and sends the loaded quantity of saved lots', () => {
    expect(
      toLotsPayload([
        lot({ key: 'id-1', id: 'id-1', lot_code: ' A ', quantity: ' 7 ', expected_quantity: 5 }),
        lot({ key: 'new', lot_code: 'B', best_before: ' ', received_on: '' }),
      ]),
    ).toEqual([
      {
        id: 'id-1',
        expected_quantity: 5,
        lot_code: 'A',
        quantity: 7,
        best_before: '2031-03-31',
        received_on: '2026-06-01',
      },
      { lot_code: 'B', quantity: 5, best_before: null, received_on: null },
    ]);
  });

  it('adds up the quantities and tells whether anything changed', () => {
    const loaded = [lot({ key: 'x', id: 'x', quantity: '3' }), lot({ key: 'y', id: 'y', lot_code: 'B' })];
    expect(lotsTotal(loaded)).toBe(8);
    expect(lotsTotal([...loaded, lot({ key: 'z', quantity: 'bad' })])).toBe(8);
    expect(
      lotsChanged(
        loaded.map((entry) => ({ ...entry })),
        loaded,
      ),
    ).toBe(false);
    expect(lotsChanged([loaded[0]!], loaded)).toBe(true);
    expect(lotsChanged([{ ...loaded[0]!, quantity: '4' }, loaded[1]!], loaded)).toBe(true);
  });
});
