import { describe, expect, it } from 'vitest';
import { MAX_OFFLINE_MS, resolveDeviceTime, submitTimeNote } from './device-time.ts';

const received = new Date('2026-11-24T08:00:00Z');
const at = (iso: string) => new Date(iso).toISOString();

describe('resolveDeviceTime', () => {
  it('keeps the time the student acted offline, before the receipt', () => {
    const time = resolveDeviceTime({ actedAt: '2026-11-24T07:49:48Z', deviceClock: '2026-11-24T08:00:01Z' }, received);
    expect({ acted: time.actedAt.toISOString(), flag: time.flag }).toEqual({ acted: at('2026-11-24T07:49:48Z'), flag: null });
  });

  it('corrects a device clock that runs fast or slow by its reading at sending', () => {
    const fast = resolveDeviceTime({ actedAt: '2026-11-24T10:49:48Z', deviceClock: '2026-11-24T11:00:00Z' }, received);
    expect({ acted: fast.actedAt.toISOString(), flag: fast.flag }).toEqual({ acted: at('2026-11-24T07:49:48Z'), flag: 'clock-corrected' });
    const slow = resolveDeviceTime({ actedAt: '2026-11-23T07:49:48Z', deviceClock: '2026-11-23T08:00:00Z' }, received);
    expect(slow.actedAt.toISOString()).toBe(at('2026-11-24T07:49:48Z'));
  });

  it('clamps a time in the future to the receipt and flags it', () => {
    const time = resolveDeviceTime({ actedAt: '2026-11-24T09:00:00Z' }, received);
    expect({ acted: time.actedAt.toISOString(), flag: time.flag }).toEqual({ acted: received.toISOString(), flag: 'future' });
  });

  it('takes a few seconds of network time as the receipt, unflagged', () => {
    const time = resolveDeviceTime({ actedAt: '2026-11-24T08:00:03Z', deviceClock: '2026-11-24T08:00:03Z' }, received);
    expect({ acted: time.actedAt.toISOString(), flag: time.flag }).toEqual({ acted: received.toISOString(), flag: null });
  });

  it('clamps a time further back than an outbox holds, or before the record allows, and flags it', () => {
    const old = resolveDeviceTime({ actedAt: '2020-01-01T00:00:00Z', deviceClock: '2026-11-24T08:00:00Z' }, received);
    expect({ acted: old.actedAt.getTime(), flag: old.flag }).toEqual({ acted: received.getTime() - MAX_OFFLINE_MS, flag: 'too-old' });
    const weekStart = new Date('2026-11-23T00:00:00+08:00');
    const early = resolveDeviceTime({ actedAt: '2026-11-22T10:00:00Z' }, received, weekStart);
    expect({ acted: early.actedAt.toISOString(), flag: early.flag }).toEqual({ acted: weekStart.toISOString(), flag: 'too-old' });
  });

  it('without a readable device time the receipt stands', () => {
    for (const actedAt of [undefined, null, '', 'yesterday', 'x'.repeat(100)]) {
      expect(resolveDeviceTime({ actedAt }, received)).toMatchObject({ actedAt: received, flag: null });
    }
  });
});

describe('submitTimeNote', () => {
  const format = (iso: string) => iso.slice(11, 16);
  it('says nothing when device and receipt agree', () => {
    expect(submitTimeNote('2026-11-24T07:58:00Z', '2026-11-24T08:00:00Z', null, format)).toBeNull();
  });
  it('says when a record was sent late from the device', () => {
    expect(submitTimeNote('2026-11-24T07:49:48Z', '2026-11-24T08:52:00Z', null, format)).toBe('离线提交，1小时2分钟后同步；服务器于 08:52 收到');
  });
  it('says when the device clock was not trusted', () => {
    expect(submitTimeNote('2026-11-24T08:00:00Z', '2026-11-24T08:00:00Z', 'future', format)).toBe('手机时间晚于服务器，按服务器收到时间记录');
    expect(submitTimeNote('2026-11-24T07:50:00Z', '2026-11-24T08:00:00Z', 'clock-corrected', format)).toBe('离线提交，10分钟后同步；服务器于 08:00 收到；手机时钟不准，已按服务器时间校正');
  });
});
