import { describe, expect, it } from 'vitest';
import { emergencyTexts as t } from '../texts';
import { validateDeclaration } from './declaration';

describe('validateDeclaration', () => {
  it('trims and accepts a declaration the database accepts', () => {
    expect(
      validateDeclaration({ name: '  Hurricane Ada ', regions: ' Gulf Coast ', limit: '12.5', start: '' }),
    ).toEqual({
      ok: true,
      declaration: { name: 'Hurricane Ada', regions: 'Gulf Coast', priceRiseLimitPercent: 12.5 },
    });
    expect(validateDeclaration({ name: 'Flood', regions: '', limit: '0', start: '' })).toMatchObject({
      ok: true,
    });
  });

  it('gives each bad field its own message', () => {
    expect(validateDeclaration({ name: ' ', regions: 'x'.repeat(501), limit: '100.5', start: '' })).toEqual({
      ok: false,
      errors: { name: t.errors.name, regions: t.errors.regions, limit: t.errors.limit },
    });
    for (const limit of ['', '-1', '10.123', 'ten', '101']) {
      expect(validateDeclaration({ name: 'Flood', regions: '', limit, start: '' })).toEqual({
        ok: false,
        errors: { limit: t.errors.limit },
      });
    }
  });

  it('reads the start as UTC, in the last 30 days and not in the future; empty is now', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const at = (start: string) =>
      validateDeclaration({ name: 'Flood', regions: '', limit: '10', start }, now);
    expect(at('2026-11-27T08:30')).toEqual({
      ok: true,
      declaration: {
        name: 'Flood',
        regions: '',
        priceRiseLimitPercent: 10,
        startsAt: '2026-11-27T08:30:00.000Z',
      },
    });
    expect(at('')).toEqual({
      ok: true,
      declaration: { name: 'Flood', regions: '', priceRiseLimitPercent: 10 },
    });
    expect(at('2026-10-30T12:00')).toMatchObject({ ok: true });
    for (const start of ['2026-11-29T12:01', '2026-10-30T11:59', 'yesterday', '2026-13-45T99:99']) {
      expect(at(start)).toEqual({ ok: false, errors: { start: t.errors.start } });
    }
  });
});
