import { describe, expect, it } from 'vitest';
import { nextSlug, renameWithSlug } from './auto-slug';

describe('nextSlug', () => {
  it('generates the slug while it is empty', () => {
    expect(nextSlug('', 'Water & Filtration!', '')).toBe('water-filtration');
  });

  it('follows the name while the slug is still the automatic one', () => {
    expect(nextSlug('Power', 'Power Solutions', 'power')).toBe('power-solutions');
    expect(nextSlug('  First Aid ', 'First Aid Kits', 'first-aid')).toBe('first-aid-kits');
  });

  it('keeps a slug edited by hand', () => {
    expect(nextSlug('Power', 'Power Solutions', 'energy')).toBe('energy');
  });
});

describe('renameWithSlug', () => {
  it('applies a sequence of keystrokes', () => {
    let item = { name: '', slug: '' };
    for (const name of ['S', 'Su', 'Sur', 'Surv']) item = renameWithSlug(item, name);
    expect(item).toEqual({ name: 'Surv', slug: 'surv' });
    item = { ...item, slug: 'custom' };
    expect(renameWithSlug(item, 'Survival')).toEqual({ name: 'Survival', slug: 'custom' });
  });

  it('starts following again once the slug is cleared', () => {
    expect(renameWithSlug({ name: 'Old', slug: '' }, 'New Name')).toEqual({
      name: 'New Name',
      slug: 'new-name',
    });
  });
});
