// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from './db.ts';
import { drafts, registerDraftFlush } from './drafts.ts';

beforeEach(() => db.drafts.clear());

describe('drafts', () => {
  it('saves, loads and removes a draft per user and form', async () => {
    expect(await drafts.load('u1', 'weekly:e1:2026-03-02')).toBeNull();
    expect(await drafts.save('u1', 'weekly:e1:2026-03-02', { title: '第1周周记', content: '写到一半' })).toBe(true);
    await drafts.save('u2', 'weekly:e1:2026-03-02', { title: '别人的', content: '' });

    expect(await drafts.load('u1', 'weekly:e1:2026-03-02')).toEqual({ title: '第1周周记', content: '写到一半' });
    expect(await drafts.load('u1', 'weekly:e1:2026-03-09')).toBeNull();

    await drafts.save('u1', 'weekly:e1:2026-03-02', { title: '第1周周记', content: '写完了' });
    expect(await drafts.load('u1', 'weekly:e1:2026-03-02')).toEqual({ title: '第1周周记', content: '写完了' });

    expect(await drafts.remove('u1', 'weekly:e1:2026-03-02')).toBe(true);
    expect(await drafts.load('u1', 'weekly:e1:2026-03-02')).toBeNull();
    expect(await drafts.load('u2', 'weekly:e1:2026-03-02')).toEqual({ title: '别人的', content: '' });
  });

  it('survives a reload: a new Dexie instance on the same device reads it back', async () => {
    await drafts.save('u1', 'weekly:e1:2026-03-02', { content: '重新打开后还在', keptAttachmentIds: ['a1'] });
    vi.resetModules();
    const fresh = await import('./drafts.ts');
    const freshDb = (await import('./db.ts')).db;
    expect(freshDb).not.toBe(db);
    expect(await fresh.drafts.load('u1', 'weekly:e1:2026-03-02')).toEqual({ content: '重新打开后还在', keptAttachmentIds: ['a1'] });
    freshDb.close();
  });
});

describe('flushing drafts when the page goes away', () => {
  let visibility: DocumentVisibilityState = 'visible';
  beforeEach(() => {
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'visibilityState');
  });

  const hide = () => {
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('saves the last input when the page is hidden or unloaded, and stops once the form is gone', async () => {
    let typed = '第一句';
    const stop = registerDraftFlush(() => drafts.save('u1', 'weekly:e1:2026-03-02', { content: typed }));

    typed = '第一句，第二句';
    hide();
    await vi.waitFor(async () => expect(await drafts.load('u1', 'weekly:e1:2026-03-02')).toEqual({ content: '第一句，第二句' }));

    typed = '第一句，第二句，第三句';
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(async () => expect(await drafts.load('u1', 'weekly:e1:2026-03-02')).toEqual({ content: '第一句，第二句，第三句' }));

    stop();
    typed = '关闭之后';
    window.dispatchEvent(new Event('pagehide'));
    hide();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await drafts.load('u1', 'weekly:e1:2026-03-02')).toEqual({ content: '第一句，第二句，第三句' });
  });

  it('does not flush when the page becomes visible', () => {
    const flush = vi.fn(() => Promise.resolve());
    const stop = registerDraftFlush(flush);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(flush).not.toHaveBeenCalled();
    hide();
    expect(flush).toHaveBeenCalledTimes(1);
    stop();
  });
});
