import { describe, expect, it } from 'vitest';
import { RestError, statusForSqlState, toRestError } from './errors.ts';

describe('PostgREST error mapping', () => {
  it('maps SQLSTATEs to PostgREST statuses', () => {
    expect(statusForSqlState('42501', 'anon')).toBe(401);
    expect(statusForSqlState('42501', 'authenticated')).toBe(403);
    expect(statusForSqlState('23505', 'anon')).toBe(409);
    expect(statusForSqlState('23503', 'anon')).toBe(409);
    expect(statusForSqlState('23514', 'anon')).toBe(400);
    expect(statusForSqlState('22P02', 'anon')).toBe(400);
    expect(statusForSqlState('P0001', 'anon')).toBe(400);
    expect(statusForSqlState('42883', 'anon')).toBe(404);
    expect(statusForSqlState('PT402', 'anon')).toBe(402);
    expect(statusForSqlState('53300', 'anon')).toBe(503);
    expect(statusForSqlState('XX000', 'anon')).toBe(500);
    expect(statusForSqlState('25006', 'anon')).toBe(405);
  });

  it('answers a statement stopped by its time limit (57014) with 500, as PostgREST maps class 57', () => {
    expect(statusForSqlState('57014', 'anon')).toBe(500);
    expect(statusForSqlState('57014', 'service_role')).toBe(500);
    const error = toRestError(
      { code: '57014', message: 'canceling statement due to statement timeout', hint: 'at most 5 s' },
      'anon',
    );
    expect(error.status).toBe(500);
    expect(error.toBody()).toEqual({
      code: '57014',
      message: 'canceling statement due to statement timeout',
      details: null,
      hint: 'at most 5 s',
    });
  });

  it('keeps the database error fields in PostgREST shape', () => {
    const error = toRestError(
      { code: '23505', message: 'duplicate key', detail: 'Key (name)=(a) exists.', hint: '' },
      'anon',
    );
    expect(error).toBeInstanceOf(RestError);
    expect(error.status).toBe(409);
    expect(error.toBody()).toEqual({
      code: '23505',
      message: 'duplicate key',
      details: 'Key (name)=(a) exists.',
      hint: null,
    });
  });
});
