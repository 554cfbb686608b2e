// A size limit for the regular expressions of `match` / `imatch` filters.
//
// Postgres compiles a pattern into an automaton with about one state per pattern element, and a bounded
// repetition `x{m,n}` copies its operand n times: `(a{1,255}){1,255}` is some 65,000 states. The
// compiler walks that automaton recursively. Real PostgreSQL stops at `max_stack_depth` with an error,
// but PGlite's WebAssembly stack is smaller than what that check assumes: beyond roughly 11,000 states
// the recursion runs past it, the SELECT silently returns nothing and the transaction's buffer pins are
// corrupt, so COMMIT fails with `XX000 bad buffer ID: 0` (a 500). Patterns are therefore sized here
// first and anything above `maxRegexWeight` is refused the way Postgres refuses a pattern it finds too
// big (`400 2201B invalid regular expression: regular expression is too complex`).
import { RestError } from './errors.ts';

/** Largest accepted pattern size (see `regexWeight`); about half of what PGlite survives. */
export const maxRegexWeight = 5000;

/** Upper bound of `{m}`, `{m,}` or `{m,n}` at `pattern[start]` (a `{`), and where it ends; null when not a bound. */
function readBound(pattern: string, start: number): { max: number; end: number } | null {
  const match = /^\{(\d{1,5})(,(\d{0,5}))?\}/.exec(pattern.slice(start, start + 16));
  if (!match) return null;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : match[3] === '' ? min + 1 : Number(match[3]);
  return { max: Math.max(1, max, min), end: start + match[0].length };
}

/** Index just past the bracket expression that starts at `pattern[start]` (a `[`). */
function skipBracket(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i += 1;
  if (pattern[i] === ']') i += 1;
  while (i < pattern.length && pattern[i] !== ']') {
    if (pattern[i] === '[' && ':.='.includes(pattern[i + 1] ?? '')) {
      const close = pattern.indexOf(`${pattern[i + 1]}]`, i + 2);
      i = close === -1 ? pattern.length : close + 2;
    } else i += pattern[i] === '\\' ? 2 : 1;
  }
  return i + 1;
}

/**
 * An estimate of the automaton's size: 1 per literal, escape or bracket expression, groups and
 * alternatives add up, and a bounded repetition multiplies its operand by its upper bound.
 */
export function regexWeight(pattern: string): number {
  // Director prefixes: `***=` makes the rest a literal string, `***:` an ARE.
  if (pattern.startsWith('***=')) return pattern.length - 4;
  const stack: { total: number; last: number }[] = [{ total: 0, last: 0 }];
  let frame = stack[0]!;
  let i = pattern.startsWith('***:') ? 4 : 0;
  const atom = (weight: number) => {
    frame.total += frame.last;
    frame.last = weight;
  };
  while (i < pattern.length) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      atom(1);
      i += 2;
    } else if (ch === '[') {
      atom(1);
      i = skipBracket(pattern, i);
    } else if (ch === '(') {
      // `(?i)`-style embedded options are not a group.
      const options = /^\(\?[a-z]*\)/.exec(pattern.slice(i, i + 12));
      if (options) {
        i += options[0].length;
        continue;
      }
      frame.total += frame.last;
      frame.last = 0;
      frame = { total: 0, last: 0 };
      stack.push(frame);
      i += pattern[i + 1] === '?' ? 3 : 1;
    } else if (ch === ')' && stack.length > 1) {
      stack.pop();
      const group = frame.total + frame.last;
      frame = stack[stack.length - 1]!;
      frame.last = group;
      i += 1;
    } else if (ch === '{') {
      const bound = readBound(pattern, i);
      if (bound) {
        frame.last *= bound.max;
        i = bound.end;
      } else {
        atom(1);
        i += 1;
      }
    } else if (ch === '*' || ch === '+' || ch === '?' || ch === '|' || ch === '^' || ch === '$') {
      i += 1;
    } else {
      atom(1);
      i += 1;
    }
  }
  return stack.reduce((sum, open) => sum + open.total + open.last, 0);
}

/** Refuses a `match` / `imatch` pattern that is too big for the database (400 2201B, as Postgres words it). */
export function checkRegex(pattern: string): void {
  if (regexWeight(pattern) > maxRegexWeight) {
    throw new RestError(400, '2201B', 'invalid regular expression: regular expression is too complex');
  }
}
