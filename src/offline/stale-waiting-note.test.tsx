import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LoginResult } from '@contract/session.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { db, type OutboxEntry } from './db.ts';
import { writeRow } from './bare-db.ts';
import { STALE_WAITING_MS, StaleWaitingNote } from './stale-waiting-note.tsx';

const note = () => screen.findByRole('complementary', { name: '本机待提交的记录' });
const entry = (id: string, state: OutboxEntry['state'], actedAt: number): OutboxEntry => ({
  id,
  kind: 'record:weekly',
  userId: 'u1',
  payload: {},
  files: [],
  state,
  attempts: 0,
  nextAttemptAt: 0,
  error: null,
  createdAt: actedAt,
  updatedAt: actedAt,
  actedAt,
});

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  sessionStore.saveLogin({ token: 't', userInfo: { id: 'u1', username: 'student01', yhlx: '1' }, sysroles: [], multi_sysrole: false, departs: [], multi_depart: false } as unknown as LoginResult);
});

describe('StaleWaitingNote', () => {
  it('counts the records waiting on the device for more than two days, names the oldest one’s time, and leaves out refused and recent ones', async () => {
    const now = Date.now();
    // 2026-11-28 10:00 at the school (UTC+8).
    const oldest = Date.parse('2026-11-28T02:00:00Z');
    await writeRow('outbox', entry('old-1', 'retrying', Math.min(oldest, now - STALE_WAITING_MS - 3_600_000)));
    await writeRow('outbox', entry('old-2', 'pending', now - STALE_WAITING_MS - 60_000));
    await writeRow('outbox', entry('refused', 'needs-fix', now - 5 * STALE_WAITING_MS));
    await writeRow('outbox', entry('recent', 'pending', now - 60_000));
    render(<StaleWaitingNote />);
    expect((await note()).textContent).toMatch(/^有 2 条记录已在本机等待超过 2 天（最早一条 \d\d-\d\d \d\d:\d\d 提交），老师还没有收到。/);
  });

  it('says nothing while every waiting record is recent', async () => {
    await writeRow('outbox', entry('recent', 'pending', Date.now() - 60_000));
    render(<StaleWaitingNote />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary', { name: '本机待提交的记录' })).toBeNull();
  });
});
