// Parses PostgREST's query language (select, filters, logic trees, order) into a small AST.
// Nothing here touches SQL; names are checked against the schema cache when SQL is built.
import { parseError } from './errors.ts';
import { checkRegex } from './regex-limits.ts';

/** `col->a->>b`: the JSON path steps after a column. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  column: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; alias: string | null; cast: string | null }
  | { kind: 'count'; alias: string | null }
  /** `col.sum()`, `alias:col.max()::text`: an aggregate over a column (the other columns group). */
  | {
      kind: 'aggregate';
      fn: AggregateFunction;
      field: FieldRef;
      alias: string | null;
      cast: string | null;
    }
  | {
      kind: 'embed';
      relation: string;
      alias: string | null;
      hint: string | null;
      joinType: 'inner' | 'left' | null;
      spread: boolean;
      select: SelectItem[];
    };

export const aggregateFunctions = ['count', 'sum', 'avg', 'max', 'min'] as const;
export type AggregateFunction = (typeof aggregateFunctions)[number];
const aggregatePattern =
  /^(?:([^:()]*):(?!:))?([^()]+)\.(count|sum|avg|max|min)\(\)(?:::([a-z_][a-z0-9_ ]*(?:\[\])?))?$/i;

export const operators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof operators)[number];

export interface Condition {
  kind: 'condition';
  field: FieldRef;
  negated: boolean;
  operator: Operator;
  /** `eq(any)` / `like(all)` modifiers, with a list value `{a,b}`. */
  quantifier: 'any' | 'all' | null;
  /** For fts operators: the text search configuration in `fts(english)`. */
  language: string | null;
  /** Raw value; for `in` the list items. */
  value: string | string[];
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negated: boolean;
  children: Filter[];
}

export type Filter = Condition | LogicTree;

export interface OrderTerm {
  /** For `rel(col)` / `rel!hint(col)`: order by a column of a to-one embed. */
  relation: string | null;
  hint: string | null;
  field: FieldRef;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

const maxDepth = 16;
/**
 * Embeds nest at most this deep: PGlite is one connection without statement timeouts, and every
 * to-many level multiplies the rows, so a deeper request could stall the whole stack.
 */
export const maxEmbedDepth = 4;
/** And at most this many embeds per request, for the same reason. */
export const maxEmbeds = 10;

function countEmbeds(items: SelectItem[]): number {
  return items.reduce((sum, item) => (item.kind === 'embed' ? sum + 1 + countEmbeds(item.select) : sum), 0);
}
const identifierPattern = /^[^\s(),.:!"'*]+$/;

/** Splits on `separator` at depth 0, outside double quotes. */
function splitTopLevel(input: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i]!;
    if (ch === '\\' && quoted && i + 1 < input.length) {
      current += ch + input[i + 1]!;
      i += 1;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth += 1;
    else if (!quoted && ch === ')') depth -= 1;
    if (depth < 0) throw parseError(`"failed to parse select parameter (${input})"`, 'unexpected ")"');
    if (!quoted && depth === 0 && ch === separator) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (depth !== 0 || quoted) {
    throw parseError(`"failed to parse (${input})"`, 'unbalanced parentheses or quotes');
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function checkIdentifier(name: string, context: string): string {
  const unquoted = unquote(name.trim());
  if (!unquoted || (!identifierPattern.test(unquoted) && unquoted === name.trim())) {
    throw parseError(`"failed to parse ${context}"`, `unexpected "${name}"`);
  }
  if (unquoted.length > 63) throw parseError(`"failed to parse ${context}"`, 'identifier too long');
  return unquoted;
}

/** `col`, `col->a->>b`, `"quoted col"`. */
export function parseField(input: string, context: string): FieldRef {
  const match = /^(.*?)((?:->>?[^>-][^]*)?)$/.exec(input);
  const column = checkIdentifier(match?.[1] ?? input, context);
  const json: JsonStep[] = [];
  let rest = match?.[2] ?? '';
  while (rest) {
    const step = /^(->>?)((?:(?!->).)+)/.exec(rest);
    if (!step) throw parseError(`"failed to parse ${context}"`, `unexpected "${rest}"`);
    json.push({ arrow: step[1] as '->' | '->>', key: unquote(step[2]!) });
    rest = rest.slice(step[0].length);
  }
  return { column, json };
}

/** PostgREST's `select` parameter. */
export function parseSelect(input: string): SelectItem[] {
  const items = parseSelectLevel(input, 0);
  if (countEmbeds(items) > maxEmbeds) {
    throw parseError(
      '"failed to parse select parameter"',
      `at most ${maxEmbeds} embedded resources per request in this local stack`,
    );
  }
  return items;
}

function parseSelectLevel(input: string, depth: number): SelectItem[] {
  if (depth > maxEmbedDepth) {
    throw parseError(
      '"failed to parse select parameter"',
      `embedded resources may nest at most ${maxEmbedDepth} levels deep in this local stack`,
    );
  }
  const text = input.trim();
  if (text === '') return [{ kind: 'star' }];
  const items: SelectItem[] = [];
  for (const rawPart of splitTopLevel(text, ',')) {
    const part = rawPart.trim();
    if (part === '') throw parseError(`"failed to parse select parameter (${input})"`, 'empty column');
    items.push(parseSelectItem(part, depth));
  }
  return items;
}

function parseSelectItem(part: string, depth: number): SelectItem {
  if (part === '*') return { kind: 'star' };
  const aggregate = aggregatePattern.exec(part);
  if (aggregate) {
    const [, aliasText, fieldText = '', fn = '', cast] = aggregate;
    return {
      kind: 'aggregate',
      fn: fn.toLowerCase() as AggregateFunction,
      field: parseField(fieldText, 'select parameter'),
      alias: aliasText ? checkIdentifier(aliasText, 'select parameter') : null,
      cast: cast ?? null,
    };
  }
  const spread = part.startsWith('...');
  const body = spread ? part.slice(3) : part;
  const open = body.indexOf('(');
  if (open !== -1 && body.endsWith(')') && !/^count\(\)(::\w+)?$/.test(body.replace(/^[^:]*:/, ''))) {
    const head = body.slice(0, open);
    const inner = body.slice(open + 1, -1);
    const [aliasText, targetPart] = head.includes(':') ? splitAlias(head) : [null, head];
    const aliasPart = aliasText === '' ? null : aliasText;
    const [relation = '', ...hints] = targetPart.split('!');
    let hint: string | null = null;
    let joinType: 'inner' | 'left' | null = null;
    for (const h of hints) {
      if (h === 'inner' || h === 'left') joinType = h;
      else if (hint === null) hint = checkIdentifier(h, 'select parameter');
      else throw parseError('"failed to parse select parameter"', `unexpected "!${h}"`);
    }
    return {
      kind: 'embed',
      relation: checkIdentifier(relation, 'select parameter'),
      alias: aliasPart === null ? null : checkIdentifier(aliasPart, 'select parameter'),
      hint,
      joinType,
      spread,
      // `rel()`: no columns; the embed only filters (PostgREST leaves it out of the output).
      select: inner.trim() === '' ? [] : parseSelectLevel(inner, depth + 1),
    };
  }
  if (spread) throw parseError('"failed to parse select parameter"', 'only embedded resources can be spread');
  const [aliasText, rest] = part.includes(':') && !part.startsWith('"') ? splitAlias(part) : [null, part];
  const alias = aliasText === '' ? null : aliasText;
  let fieldText = rest;
  let cast: string | null = null;
  const castIndex = rest.lastIndexOf('::');
  if (castIndex !== -1) {
    fieldText = rest.slice(0, castIndex);
    cast = rest.slice(castIndex + 2);
    if (!/^[a-z_][a-z0-9_ ]*(\[\])?$/i.test(cast)) {
      throw parseError('"failed to parse select parameter"', `unexpected cast "${cast}"`);
    }
  }
  if (fieldText === 'count()')
    return { kind: 'count', alias: alias === null ? null : checkIdentifier(alias, 'select') };
  return {
    kind: 'column',
    field: parseField(fieldText, 'select parameter'),
    alias: alias === null ? null : checkIdentifier(alias, 'select parameter'),
    cast,
  };
}

function splitAlias(text: string): [string, string] {
  const index = text.indexOf(':');
  // `a::text` is a cast, not an alias.
  if (text[index + 1] === ':') return ['', text];
  return [text.slice(0, index), text.slice(index + 1)];
}

/** The value part of `col=op.value` (with `not.` and modifiers). */
export function parseCondition(field: FieldRef, raw: string): Condition {
  let rest = raw;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot === -1) throw parseError(`"failed to parse filter (${raw})"`, 'expected operator.value');
  const opText = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  const opMatch = /^([a-z]+)(?:\((any|all|[a-z_]+)\))?$/.exec(opText);
  const op = opMatch?.[1];
  if (!op || !(operators as readonly string[]).includes(op)) {
    throw parseError(`"failed to parse filter (${raw})"`, `unknown operator "${opText}"`);
  }
  const operator = op as Operator;
  const modifier = opMatch?.[2] ?? null;
  let quantifier: 'any' | 'all' | null = null;
  let language: string | null = null;
  if (modifier === 'any' || modifier === 'all') quantifier = modifier;
  else if (modifier !== null) {
    if (!operator.endsWith('fts'))
      throw parseError(`"failed to parse filter (${raw})"`, `unexpected "(${modifier})"`);
    language = modifier;
  }
  if (operator === 'in' || quantifier) {
    const list = operator === 'in' ? /^\((.*)\)$/s.exec(value) : /^\{(.*)\}$/s.exec(value);
    if (!list) throw parseError(`"failed to parse filter (${raw})"`, 'expected a list');
    const items = list[1] === '' ? [] : splitTopLevel(list[1]!, ',').map((item) => unquote(item.trim()));
    if (operator === 'match' || operator === 'imatch') items.forEach(checkRegex);
    return { kind: 'condition', field, negated, operator, quantifier, language, value: items };
  }
  if (operator === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw parseError(
      `"failed to parse filter (${raw})"`,
      'is accepts null, not_null, true, false or unknown',
    );
  }
  if (operator === 'match' || operator === 'imatch') checkRegex(value);
  return { kind: 'condition', field, negated, operator, quantifier, language, value };
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` (the value of an `or`/`and` parameter, with `op` from its key). */
export function parseLogic(op: 'and' | 'or', negated: boolean, raw: string, depth = 0): LogicTree {
  if (depth > maxDepth) throw parseError('"failed to parse logic tree"', 'nesting too deep');
  const match = /^\((.*)\)$/s.exec(raw.trim());
  if (!match) throw parseError(`"failed to parse logic tree (${raw})"`, 'expected "(" and ")"');
  const children: Filter[] = [];
  for (const rawItem of splitTopLevel(match[1]!, ',')) {
    const item = rawItem.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested) {
      children.push(parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]!, depth + 1));
      continue;
    }
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError(`"failed to parse logic tree (${raw})"`, `unexpected "${item}"`);
    const field = parseField(item.slice(0, dot), 'logic tree');
    const condition = parseCondition(field, item.slice(dot + 1));
    if (typeof condition.value === 'string') condition.value = unquote(condition.value);
    children.push(condition);
  }
  if (children.length === 0) throw parseError(`"failed to parse logic tree (${raw})"`, 'empty logic tree');
  return { kind: 'logic', op, negated, children };
}

/** `order=a.desc.nullslast,b,rel(c).asc`. */
export function parseOrder(raw: string): OrderTerm[] {
  return splitTopLevel(raw, ',').map((rawTerm) => {
    const term = rawTerm.trim();
    let relation: string | null = null;
    let hint: string | null = null;
    let rest = term;
    const rel = /^([^().!]+)(?:!([^().!]+))?\(([^()]+)\)(.*)$/.exec(term);
    if (rel) {
      relation = checkIdentifier(rel[1]!, 'order');
      hint = rel[2] === undefined ? null : checkIdentifier(rel[2], 'order');
      rest = rel[3]! + rel[4]!;
    }
    const parts = rest.split('.');
    const fieldText = parts.shift() ?? '';
    let direction: 'asc' | 'desc' | null = null;
    let nulls: 'first' | 'last' | null = null;
    for (const modifier of parts) {
      if (modifier === 'asc' || modifier === 'desc') direction = modifier;
      else if (modifier === 'nullsfirst') nulls = 'first';
      else if (modifier === 'nullslast') nulls = 'last';
      else throw parseError(`"failed to parse order (${raw})"`, `unexpected "${modifier}"`);
    }
    return { relation, hint, field: parseField(fieldText, 'order'), direction, nulls };
  });
}

/** `limit`/`offset`: non-negative integers. */
export function parseNonNegative(raw: string, name: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw parseError(`"failed to parse ${name} parameter (${raw})"`);
  return Number(raw);
}

/** The `columns` parameter: `a,b` or `"a","b"`. */
export function parseColumns(raw: string): string[] {
  return splitTopLevel(raw, ',').map((column) => checkIdentifier(column, 'columns parameter'));
}
