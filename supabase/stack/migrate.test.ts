import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stackDir } from './config.ts';
import { openDb } from './db.ts';
import { migrate, splitStatements } from './migrate.ts';

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

describe('migrate (seed bookkeeping)', () => {
  it('applies the seed once, and still applies it when an earlier start stopped before the seed', async () => {
    const projectDir = mkdtempSync(join(tmpdir(), 'migrate-seed-'));
    mkdirSync(join(projectDir, 'migrations'));
    writeFileSync(
      join(projectDir, 'migrations', '20250101000000_notes.sql'),
      'create table public.notes (body text);',
    );
    writeFileSync(join(projectDir, 'seed.sql'), `insert into public.notes values ('seeded');`);
    const db = await openDb({ pgDataDir: 'memory://' });
    try {
      const options = {
        projectDir,
        bootstrapDir: join(stackDir, 'bootstrap'),
        publicUrl: 'http://localhost',
      };
      // An interrupted first start: migrations recorded, seed never reached.
      const first = await migrate(db, { ...options, seed: false });
      expect(first.seeded).toBe(false);
      const second = await migrate(db, options);
      expect(second.seeded).toBe(true);
      const third = await migrate(db, options);
      expect(third.seeded).toBe(false);
      const rows = await db.query<{ count: number }>('select count(*)::int as count from public.notes');
      expect(rows.rows[0]?.count).toBe(1);
    } finally {
      await db.close();
      rmSync(projectDir, { recursive: true, force: true });
    }
  }, 120_000);
});
