import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseCondition, parseField, parseLogic, parseOrder, parseSelect } from './parse.ts';

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof RestError ? error.code : 'not a RestError';
  }
}

describe('parseSelect', () => {
  it('reads columns, aliases, casts, JSON paths and star', () => {
    expect(parseSelect('*,cost:price,id::text,lang:meta->>lang')).toEqual([
      { kind: 'star' },
      { kind: 'column', field: { column: 'price', json: [] }, alias: 'cost', cast: null },
      { kind: 'column', field: { column: 'id', json: [] }, alias: null, cast: 'text' },
      {
        kind: 'column',
        field: { column: 'meta', json: [{ arrow: '->>', key: 'lang' }] },
        alias: 'lang',
        cast: null,
      },
    ]);
  });

  it('reads embeds with alias, hint, !inner, nesting and spread', () => {
    const [embed] = parseSelect('author:authors!author_id!inner(name,books(count))');
    expect(embed).toMatchObject({
      kind: 'embed',
      relation: 'authors',
      alias: 'author',
      hint: 'author_id',
      joinType: 'inner',
      spread: false,
    });
    expect(embed?.kind === 'embed' ? embed.select : []).toEqual([
      { kind: 'column', field: { column: 'name', json: [] }, alias: null, cast: null },
      {
        kind: 'embed',
        relation: 'books',
        alias: null,
        hint: null,
        joinType: null,
        spread: false,
        select: [{ kind: 'column', field: { column: 'count', json: [] }, alias: null, cast: null }],
      },
    ]);
    expect(parseSelect('...categories(name)')[0]).toMatchObject({ kind: 'embed', spread: true });
  });

  it('refuses SQL fragments, unbalanced parentheses and too deep nesting with PGRST100', () => {
    expect(codeOf(() => parseSelect('name;drop table x'))).toBe('PGRST100');
    expect(codeOf(() => parseSelect('a,(select 1)'))).toBe('PGRST100');
    expect(codeOf(() => parseSelect('books(name'))).toBe('PGRST100');
    expect(codeOf(() => parseSelect('id::text);drop'))).toBe('PGRST100');
    expect(codeOf(() => parseSelect(`${'a('.repeat(30)}id${')'.repeat(30)}`))).toBe('PGRST100');
    expect(codeOf(() => parseSelect(`${'a('.repeat(4)}id${')'.repeat(4)}`))).toBeNull();
    expect(codeOf(() => parseSelect(`${'a('.repeat(5)}id${')'.repeat(5)}`))).toBe('PGRST100');
    expect(
      codeOf(() => parseSelect(Array.from({ length: 10 }, (_, i) => `e${i}:t(id)`).join(','))),
    ).toBeNull();
    expect(codeOf(() => parseSelect(Array.from({ length: 11 }, (_, i) => `e${i}:t(id)`).join(',')))).toBe(
      'PGRST100',
    );
    expect(codeOf(() => parseSelect('a,,b'))).toBe('PGRST100');
  });
});

describe('filters', () => {
  const field = parseField('price', 'test');

  it('reads operators, negation, lists and modifiers', () => {
    expect(parseCondition(field, 'gte.10')).toMatchObject({ operator: 'gte', negated: false, value: '10' });
    expect(parseCondition(field, 'not.in.(1,"a,b",3)')).toMatchObject({
      operator: 'in',
      negated: true,
      value: ['1', 'a,b', '3'],
    });
    expect(parseCondition(field, 'like(any).{a*,*b}')).toMatchObject({
      quantifier: 'any',
      value: ['a*', '*b'],
    });
    expect(parseCondition(field, 'fts(english).cat')).toMatchObject({ operator: 'fts', language: 'english' });
    expect(parseCondition(field, 'is.null')).toMatchObject({ operator: 'is', value: 'null' });
  });

  it('refuses unknown operators and bad is values', () => {
    expect(codeOf(() => parseCondition(field, 'xx.1'))).toBe('PGRST100');
    expect(codeOf(() => parseCondition(field, 'is.maybe'))).toBe('PGRST100');
    expect(codeOf(() => parseCondition(field, 'in.(1,2'))).toBe('PGRST100');
    expect(codeOf(() => parseCondition(field, 'eq'))).toBe('PGRST100');
  });

  it('reads nested logic trees with quoted values', () => {
    const tree = parseLogic('or', false, '(a.eq.1,and(b.gt.2,c.not.is.null),d.eq."x,y")');
    expect(tree.children).toHaveLength(3);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', children: [{}, { negated: true }] });
    expect(tree.children[2]).toMatchObject({ value: 'x,y' });
    expect(codeOf(() => parseLogic('or', false, 'a.eq.1'))).toBe('PGRST100');
    expect(codeOf(() => parseLogic('or', false, '(drop table x)'))).toBe('PGRST100');
  });
});

describe('parseOrder', () => {
  it('reads directions, nulls placement and related columns', () => {
    expect(parseOrder('a.desc.nullslast,b,categories(name).asc')).toEqual([
      { relation: null, hint: null, field: { column: 'a', json: [] }, direction: 'desc', nulls: 'last' },
      { relation: null, hint: null, field: { column: 'b', json: [] }, direction: null, nulls: null },
      {
        relation: 'categories',
        hint: null,
        field: { column: 'name', json: [] },
        direction: 'asc',
        nulls: null,
      },
    ]);
    expect(codeOf(() => parseOrder('a.sideways'))).toBe('PGRST100');
    expect(codeOf(() => parseOrder('a;drop table x'))).toBe('PGRST100');
  });
});
