import { describe, expect, it } from 'vitest';
import { statementTimeoutMs } from './schema.ts';

describe("a function's own statement_timeout (PostgREST hoists it to the call)", () => {
  it('reads the units PostgreSQL writes into proconfig', () => {
    expect(statementTimeoutMs(['search_path=""', 'statement_timeout=120s'])).toBe(120_000);
    expect(statementTimeoutMs(['statement_timeout=2min'])).toBe(120_000);
    expect(statementTimeoutMs(['statement_timeout=2500ms'])).toBe(2_500);
    expect(statementTimeoutMs(['statement_timeout=3000'])).toBe(3_000);
    expect(statementTimeoutMs(['statement_timeout=1h'])).toBe(3_600_000);
  });

  it('is absent without the setting', () => {
    expect(statementTimeoutMs(null)).toBeUndefined();
    expect(statementTimeoutMs(['search_path=""'])).toBeUndefined();
    expect(statementTimeoutMs(['statement_timeout=soon'])).toBeUndefined();
  });
});
