import { DEFAULT_STORE_INFO, type StoreInfo } from '@prepper/shared';
import { describe, expect, it } from 'vitest';
import { createStoreInfoKeeper, storeInfoFreshMs } from './store-info';

const named = (name: string): StoreInfo => ({
  ...DEFAULT_STORE_INFO,
  settings: { ...DEFAULT_STORE_INFO.settings, name },
});

/** A reader whose answers the test gives, one per read. */
function controlledReader() {
  const pending: { resolve: (info: StoreInfo) => void; reject: (error: Error) => void }[] = [];
  const read = () =>
    new Promise<StoreInfo>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { read, pending };
}

describe('the store details kept for server rendering', () => {
  it('waits for the first read, then serves it while fresh without reading again', async () => {
    const { read, pending } = controlledReader();
    const storeInfo = createStoreInfoKeeper(read, 1000);
    const first = storeInfo(0);
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(named('First'));
    expect((await first).settings.name).toBe('First');
    expect((await storeInfo(900)).settings.name).toBe('First');
    expect(pending).toHaveLength(1);
  });

  it('once stale, renders with the last read while one new read is made for everyone', async () => {
    const { read, pending } = controlledReader();
    const storeInfo = createStoreInfoKeeper(read, 1000);
    const first = storeInfo(0);
    pending[0]!.resolve(named('First'));
    await first;
    expect((await storeInfo(1500)).settings.name).toBe('First');
    expect((await storeInfo(1600)).settings.name).toBe('First');
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(named('Second'));
    await Promise.resolve();
    await Promise.resolve();
    expect((await storeInfo(1700)).settings.name).toBe('Second');
  });

  it('keeps the last read when a new one fails, and tries again later', async () => {
    const { read, pending } = controlledReader();
    const storeInfo = createStoreInfoKeeper(read, 1000);
    const first = storeInfo(0);
    pending[0]!.resolve(named('First'));
    await first;
    expect((await storeInfo(2000)).settings.name).toBe('First');
    pending[1]!.reject(new Error('database down'));
    await Promise.resolve();
    await Promise.resolve();
    expect((await storeInfo(2100)).settings.name).toBe('First');
    expect(pending).toHaveLength(3);
  });

  it('throws when the first read fails, and the next page reads again', async () => {
    const { read, pending } = controlledReader();
    const storeInfo = createStoreInfoKeeper(read, 1000);
    const first = storeInfo(0);
    pending[0]!.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    const second = storeInfo(10);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(named('Later'));
    expect((await second).settings.name).toBe('Later');
  });

  it('keeps them 15 s unless SSR_STORE_INFO_MS names another time', () => {
    expect(storeInfoFreshMs(undefined)).toBe(15_000);
    expect(storeInfoFreshMs('1000')).toBe(1000);
    expect(storeInfoFreshMs('0')).toBe(0);
    for (const bad of ['', ' ', 'soon', '-5', 'Infinity']) expect(storeInfoFreshMs(bad)).toBe(15_000);
  });
});
