import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseCondition } from './parse.ts';
import { checkRegex, maxRegexWeight, regexWeight } from './regex-limits.ts';

const field = { column: 'name', json: [] };

describe('regexWeight', () => {
  it('counts literals, groups and alternatives, and multiplies bounded repetitions', () => {
    expect(regexWeight('abc')).toBe(3);
    expect(regexWeight('(radio|light){1,3}')).toBe(30);
    expect(regexWeight('[a-z]{2,4}x')).toBe(5);
    expect(regexWeight('\\d{3}-\\d{4}')).toBe(8);
    expect(regexWeight('(a{1,255}){1,255}')).toBe(65_025);
    expect(regexWeight('((a{1,40}){1,40}){1,40}')).toBe(64_000);
    expect(regexWeight('(?:x{1,200}){1,200}')).toBe(40_000);
    expect(regexWeight('(?i)ab{5,}')).toBe(7);
    expect(regexWeight('***=a{1,255}')).toBe(8);
    expect(regexWeight('[]a]{10}')).toBe(10);
    expect(regexWeight('[[:alpha:]]{10}')).toBe(10);
  });

  it('refuses what PGlite cannot compile safely with 400 2201B, from plain and list filters', () => {
    expect(() => checkRegex('(a{1,50}){1,50}')).not.toThrow();
    expect(regexWeight('x'.repeat(maxRegexWeight))).toBe(maxRegexWeight);
    for (const raw of [
      'match.(a{1,255}){1,255}',
      'not.imatch.(a{1,120}){1,120}',
      'match(any).{a,"(b{1,99}){1,99}"}',
    ]) {
      try {
        parseCondition(field, raw);
        expect.unreachable(raw);
      } catch (error) {
        expect(error).toBeInstanceOf(RestError);
        expect((error as RestError).status).toBe(400);
        expect((error as RestError).code).toBe('2201B');
      }
    }
    expect(parseCondition(field, 'ilike.(a{1,255}){1,255}').operator).toBe('ilike');
  });
});
