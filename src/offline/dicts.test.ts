import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictOption } from '@contract/session.ts';
import { db } from './db.ts';
import { cachedDict } from './dicts.ts';

const SEX: DictOption[] = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];
const SEX_NEW: DictOption[] = [...SEX, { value: '0', text: '未知' }];

beforeEach(() => db.dicts.clear());

describe('cachedDict', () => {
  it('the first time, fetches the items and keeps them on the device', async () => {
    const onFresh = vi.fn();
    expect(await cachedDict('sex', () => Promise.resolve(SEX), onFresh)).toEqual(SEX);
    expect(onFresh).not.toHaveBeenCalled();
    expect((await db.dicts.get('sex'))?.items).toEqual(SEX);
  });

  it('serves the kept items at once, then hands over and keeps the fresh ones from the background refresh', async () => {
    await db.dicts.put({ code: 'sex', items: SEX, fetchedAt: 1 });
    let answer: (items: DictOption[]) => void = () => undefined;
    const slowServer = new Promise<DictOption[]>((resolve) => (answer = resolve));
    const onFresh = vi.fn();

    // The server has not answered yet, and the items are already there.
    expect(await cachedDict('sex', () => slowServer, onFresh)).toEqual(SEX);
    answer(SEX_NEW);
    await vi.waitFor(() => expect(onFresh).toHaveBeenCalledWith(SEX_NEW));
    await vi.waitFor(async () => expect((await db.dicts.get('sex'))?.items).toEqual(SEX_NEW));
  });

  it('offline, the kept items are enough: a failed refresh changes nothing', async () => {
    await db.dicts.put({ code: 'sex', items: SEX, fetchedAt: 1 });
    const onFresh = vi.fn();
    expect(await cachedDict('sex', () => Promise.reject(new Error('Network Error')), onFresh)).toEqual(SEX);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onFresh).not.toHaveBeenCalled();
    expect(await db.dicts.get('sex')).toMatchObject({ items: SEX, fetchedAt: 1 });
  });

  it('with nothing kept and no network, the caller gets the failure to show', async () => {
    await expect(cachedDict('sex', () => Promise.reject(new Error('Network Error')), vi.fn())).rejects.toThrow('Network Error');
  });
});
