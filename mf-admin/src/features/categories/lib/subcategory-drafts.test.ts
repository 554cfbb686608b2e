import { describe, expect, it } from 'vitest';
import {
  addDraft,
  draftsFromRows,
  removeDraft,
  restoreDraft,
  subcategoryChanges,
  subcategoryStatus,
  updateDraft,
} from './subcategory-drafts';

const stored = draftsFromRows([
  { id: 'a', name: 'Radios', slug: 'radios', description: 'Two-way' },
  { id: 'b', name: 'Beacons', slug: 'beacons', description: '' },
]);

describe('subcategory drafts', () => {
  it('starts stored rows as existing', () => {
    expect(stored.map(subcategoryStatus)).toEqual(['existing', 'existing']);
  });

  it('adds new ones whose slug follows the name', () => {
    let drafts = addDraft(stored, 'n1');
    drafts = updateDraft(drafts, 'n1', 'name', 'Satellite Phones');
    expect(drafts[2]).toMatchObject({ id: null, name: 'Satellite Phones', slug: 'satellite-phones' });
    expect(subcategoryStatus(drafts[2]!)).toBe('new');
  });

  it('renaming an existing one moves its automatic slug, not a hand-made one', () => {
    expect(updateDraft(stored, 'a', 'name', 'Ham Radios')[0]).toMatchObject({ slug: 'ham-radios' });
    const custom = updateDraft(stored, 'a', 'slug', 'walkie');
    expect(updateDraft(custom, 'a', 'name', 'Ham Radios')[0]).toMatchObject({
      name: 'Ham Radios',
      slug: 'walkie',
    });
  });

  it('drops a removed new one and marks a removed existing one, which can be restored', () => {
    const withNew = addDraft(stored, 'n1');
    expect(removeDraft(withNew, 'n1')).toEqual(stored);
    const marked = removeDraft(stored, 'b');
    expect(marked.map(subcategoryStatus)).toEqual(['existing', 'deleted']);
    expect(restoreDraft(marked, 'b')).toEqual(stored);
  });

  it('turns the drafts into deletions, updates and inserts', () => {
    let drafts = removeDraft(stored, 'b');
    drafts = updateDraft(drafts, 'a', 'description', ' Handheld ');
    drafts = addDraft(drafts, 'n1');
    drafts = updateDraft(drafts, 'n1', 'name', ' Flares ');
    expect(subcategoryChanges(drafts)).toEqual([
      { id: 'a', name: 'Radios', slug: 'radios', description: 'Handheld' },
      { id: 'b', name: 'Beacons', slug: 'beacons', description: '', _delete: true },
      { name: 'Flares', slug: 'flares', description: '' },
    ]);
  });
});
