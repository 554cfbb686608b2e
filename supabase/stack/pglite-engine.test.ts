// PGlite's buffer cache is sized to the database it opens: the seed's keeps PGlite's 128 MB, a database at
// the scale size (1.3 GB of table and index files) gets 512 MB, and never more.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseBytes, sharedBuffersMb } from './pglite-engine.ts';

const MB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'pglite-engine-test-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the buffer cache of a PGlite database', () => {
  it('is half the size of its table and index files, between 128 and 512 MB', () => {
    expect(sharedBuffersMb(0)).toBe(128);
    expect(sharedBuffersMb(60 * MB)).toBe(128);
    expect(sharedBuffersMb(300 * MB)).toBe(150);
    expect(sharedBuffersMb(301 * MB)).toBe(151);
    expect(sharedBuffersMb(1300 * MB)).toBe(512);
    expect(sharedBuffersMb(20_000 * MB)).toBe(512);
  });

  it('counts the files under base/ only (not the write-ahead log), in every database folder', () => {
    mkdirSync(join(dir, 'base', '1'), { recursive: true });
    mkdirSync(join(dir, 'base', '5'), { recursive: true });
    mkdirSync(join(dir, 'pg_wal'), { recursive: true });
    writeFileSync(join(dir, 'base', '1', '1259'), Buffer.alloc(8192));
    writeFileSync(join(dir, 'base', '5', '16384'), Buffer.alloc(3 * 8192));
    writeFileSync(join(dir, 'pg_wal', '000000010000000000000001'), Buffer.alloc(16 * 8192));
    expect(databaseBytes(dir)).toBe(4 * 8192);
    expect(databaseBytes(join(dir, 'missing'))).toBe(0);
  });
});
