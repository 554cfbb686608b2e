import { describe, expect, it } from 'vitest';
import { removeSpecification, toSpecifications, upsertSpecification } from './specifications';

describe('upsertSpecification', () => {
  it('adds a trimmed name and value', () => {
    expect(upsertSpecification({}, ' Weight ', ' 1.2 kg ')).toEqual({ Weight: '1.2 kg' });
  });

  it('needs both name and value', () => {
    const specs = { Weight: '1 kg' };
    expect(upsertSpecification(specs, 'Battery', '  ')).toBe(specs);
    expect(upsertSpecification(specs, '', '5 h')).toBe(specs);
  });

  it('overwrites the value of the same name', () => {
    expect(upsertSpecification({ Weight: '1 kg', Range: '5 km' }, 'Weight', '2 kg')).toEqual({
      Weight: '2 kg',
      Range: '5 km',
    });
  });
});

describe('removeSpecification and toSpecifications', () => {
  it('removes by name without touching the input', () => {
    const specs = { A: '1', B: '2' };
    expect(removeSpecification(specs, 'A')).toEqual({ B: '2' });
    expect(specs).toEqual({ A: '1', B: '2' });
  });

  it('reads a jsonb object as texts and anything else as empty', () => {
    expect(toSpecifications({ Watts: 100, Foldable: true, Gone: null })).toEqual({
      Watts: '100',
      Foldable: 'true',
    });
    expect(toSpecifications(['a'])).toEqual({});
    expect(toSpecifications(null)).toEqual({});
  });
});
