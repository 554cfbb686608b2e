import { describe, expect, it } from 'vitest';
import { addListItem, normaliseList, removeListItem } from './list-items';

describe('addListItem', () => {
  it('trims the text before adding it', () => {
    expect(addListItem(['a'], '  waterproof  ', { unique: false })).toEqual(['a', 'waterproof']);
  });

  it('ignores empty and blank input and returns the same list', () => {
    const list = ['a'];
    expect(addListItem(list, '', { unique: false })).toBe(list);
    expect(addListItem(list, '   ', { unique: true })).toBe(list);
  });

  it('does not add a value twice when unique', () => {
    const list = ['solar', 'radio'];
    expect(addListItem(list, ' solar ', { unique: true })).toBe(list);
    expect(addListItem(list, 'solar', { unique: false })).toEqual(['solar', 'radio', 'solar']);
  });
});

describe('removeListItem and normaliseList', () => {
  it('removes by position', () => {
    expect(removeListItem(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('cleans a stored list', () => {
    expect(normaliseList([' a', '', 'b ', 'a'], { unique: true })).toEqual(['a', 'b']);
    expect(normaliseList([' a', '', 'a'], { unique: false })).toEqual(['a', 'a']);
  });
});
