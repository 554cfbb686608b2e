import { describe, expect, it } from 'vitest';
import { emergencyTexts as t } from '../texts';
import { validateDeclaration } from './declaration';

describe('validateDeclaration', () => {
  it('trims and accepts a declaration the database accepts', () => {
    expect(validateDeclaration({ name: '  Hurricane Ada ', regions: ' Gulf Coast ', limit: '12.5' })).toEqual(
      {
        ok: true,
        declaration: { name: 'Hurricane Ada', regions: 'Gulf Coast', priceRiseLimitPercent: 12.5 },
      },
    );
    expect(validateDeclaration({ name: 'Flood', regions: '', limit: '0' })).toMatchObject({ ok: true });
  });

  it('gives each bad field its own message', () => {
    expect(validateDeclaration({ name: ' ', regions: 'x'.repeat(501), limit: '100.5' })).toEqual({
      ok: false,
      errors: { name: t.errors.name, regions: t.errors.regions, limit: t.errors.limit },
    });
    for (const limit of ['', '-1', '10.123', 'ten', '101']) {
      expect(validateDeclaration({ name: 'Flood', regions: '', limit })).toEqual({
        ok: false,
        errors: { limit: t.errors.limit },
      });
    }
  });
});
