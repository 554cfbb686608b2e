import { describe, expect, it } from 'vitest';
import { IDS_PER_REQUEST, readByIds } from './by-ids';

const ids = (count: number) => Array.from({ length: count }, (_, n) => `id-${n}`);

describe('readByIds', () => {
  it('asks at most IDS_PER_REQUEST ids per request and gives every row, in order', async () => {
    const asked: string[][] = [];
    const rows = await readByIds(ids(250), (chunk) => {
      asked.push(chunk);
      return Promise.resolve({ data: chunk.map((id) => ({ id })), error: null });
    });
    expect(asked.map((chunk) => chunk.length)).toEqual([IDS_PER_REQUEST, IDS_PER_REQUEST, 50]);
    expect(rows.map((row) => row.id)).toEqual(ids(250));
  });

  it('asks nothing for no ids', async () => {
    let requests = 0;
    const rows = await readByIds([], () => {
      requests += 1;
      return Promise.resolve({ data: [], error: null });
    });
    expect(rows).toEqual([]);
    expect(requests).toBe(0);
  });

  it('fails with the error of a failed request', async () => {
    const refused = { message: 'permission denied', code: '42501' };
    await expect(
      readByIds(ids(150), (chunk) =>
        Promise.resolve(chunk[0] === 'id-100' ? { data: null, error: refused } : { data: [], error: null }),
      ),
    ).rejects.toBe(refused);
  });
});
