import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate.ts';

describe('splitStatements', () => {
  it('splits on semicolons outside quotes, dollar quotes and comments', () => {
    const sql = `
      -- a comment; with a semicolon
      create table a (id int); /* block; comment */
      insert into a values (1), (';');
      create function f() returns int language plpgsql as $body$
      begin
        return 1; -- inside
      end
      $body$;
      select "odd;name" from a;
    `;
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(4);
    expect(statements[0]).toContain('create table a');
    expect(statements[1]).toContain("values (1), (';')");
    expect(statements[2]).toContain('return 1; -- inside');
    expect(statements[3]).toBe('select "odd;name" from a');
  });

  it('handles long comment-led statements quickly (no regex backtracking)', () => {
    const comment = '-- line of explanation\n'.repeat(200);
    const started = Date.now();
    const statements = splitStatements(`${comment}\n\ncreate table b (id int);\n-- trailing\n`);
    expect(Date.now() - started).toBeLessThan(500);
    expect(statements).toHaveLength(1);
  });
});
