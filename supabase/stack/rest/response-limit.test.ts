import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { checkResponseSize, limitStatement, maxResponseBytes } from './response-limit.ts';

describe('response limit', () => {
  it('wraps a statement so the database reports the size and drops an oversized body', () => {
    const limited = limitStatement({ sql: 'SELECT 1 AS total, 1 AS page_total, $1 AS body', params: ['[]'] });
    expect(limited.params).toEqual(['[]']);
    expect(limited.sql).toContain(`octet_length(pgrst_limited.body) > ${maxResponseBytes} THEN NULL`);
    expect(limited.sql).toContain('AS body_bytes FROM (SELECT 1 AS total, 1 AS page_total, $1 AS body)');
  });

  it('refuses above 10 MiB with 400 54000, by measured size or by the body itself', () => {
    expect(() =>
      checkResponseSize({ total: null, page_total: 1, body: null, body_bytes: maxResponseBytes }),
    ).not.toThrow();
    expect(() => checkResponseSize({ total: null, page_total: 1, body: '[1]' })).not.toThrow();
    expect(() => checkResponseSize(undefined)).not.toThrow();
    for (const row of [
      { total: null, page_total: 9, body: null, body_bytes: String(maxResponseBytes + 1) },
      { total: null, page_total: 9, body: `"${'é'.repeat(maxResponseBytes / 2)}"` },
    ]) {
      try {
        checkResponseSize(row);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(RestError);
        expect((error as RestError).status).toBe(400);
        expect((error as RestError).code).toBe('54000');
      }
    }
  });
});
