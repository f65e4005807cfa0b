import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/lib/read-cache.ts';

function listening(): ReadCache {
  const cache = new ReadCache();
  cache.ready();
  return cache;
}

describe('the read cache', () => {
  it('serves a stored page until one of its tables changes, and keeps pages of other tables', () => {
    const cache = listening();
    cache.store('students', ['basic_student', 'basic_class'], cache.stamp(['basic_student', 'basic_class']), { total: 1 });
    cache.store('rooms', ['basic_classroom'], cache.stamp(['basic_classroom']), { total: 2 });
    expect(cache.get('students')).toEqual({ total: 1 });
    cache.message('table:basic_class');
    expect(cache.get('students')).toBeUndefined();
    expect(cache.get('rooms')).toEqual({ total: 2 });
  });

  it('does not store a page read while one of its tables changed', () => {
    const cache = listening();
    const stamp = cache.stamp(['basic_student']);
    cache.message('table:basic_student');
    cache.store('students', ['basic_student'], stamp, { total: 1 });
    expect(cache.get('students')).toBeUndefined();
  });

  it('leaves pages alone on messages about authentication', () => {
    const cache = listening();
    cache.store('students', ['sys_user'], cache.stamp(['sys_user']), { total: 1 });
    cache.message('auth:sys_user');
    expect(cache.get('students')).toEqual({ total: 1 });
  });

  it('serves nothing before it listens or after the listening connection was lost, and stores nothing read across a loss', () => {
    const cache = new ReadCache();
    cache.store('students', ['basic_student'], cache.stamp(['basic_student']), { total: 1 });
    expect(cache.get('students')).toBeUndefined();
    cache.ready();
    const before = cache.stamp(['basic_student']);
    cache.store('students', ['basic_student'], before, { total: 1 });
    cache.lost();
    expect(cache.get('students')).toBeUndefined();
    cache.ready();
    cache.store('students', ['basic_student'], before, { total: 1 });
    expect(cache.get('students')).toBeUndefined();
  });

  it('reads through once and answers from memory after', async () => {
    const cache = listening();
    let reads = 0;
    const read = async () => ({ total: ++reads });
    expect(await cache.through('k', ['basic_student'], read)).toEqual({ total: 1 });
    expect(await cache.through('k', ['basic_student'], read)).toEqual({ total: 1 });
    cache.message('table:basic_student');
    expect(await cache.through('k', ['basic_student'], read)).toEqual({ total: 2 });
  });
});
