import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementDetail, MyAnnouncement } from '@contract/announcement.ts';
import type { PageResult } from '@contract/resource.ts';
import type { UserPermissions } from '@contract/permissions.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../../server/db/schema.ts';
import { expectError, expectOk, startTestApp, userRow, type TestApp, type TestUser } from './harness.ts';

const NOTICE = '关于做好2026年岗位实习工作的通知';
const SYSTEM_MESSAGE = '平台已升级，支持离线填写实习记录';
const NOT_FOUND = '通知不存在或已撤销';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const username of ['admin', 'teacher01', 'student01', 'mentor01']) tokens[username] = await t.login(username);
});
afterAll(() => t.close());

type NewAnnouncement = typeof sysAnnouncement.$inferInsert;

/** A published announcement; with `to`, a USER announcement addressed to those users only. */
async function publish(values: Partial<NewAnnouncement> & { titile: string }, to: string[] = []): Promise<string> {
  const [row] = await t.db
    .insert(sysAnnouncement)
    .values({ sendStatus: '1', sendTime: new Date(), msgType: to.length ? 'USER' : 'ALL', msgContent: '<p>内容</p>', ...values })
    .returning({ id: sysAnnouncement.id });
  for (const userId of to) await t.db.insert(sysAnnouncementSend).values({ anntId: row!.id, userId, readFlag: 0 });
  return row!.id;
}

const myAnnouncements = async (token: string, query: Record<string, string> = {}) =>
  expectOk(await t.get<PageResult<MyAnnouncement>>('/api/sys/sysAnnouncementSend/getMyAnnouncementSend', token, query));
const detail = (id: string, token: string) => t.get<AnnouncementDetail>('/api/sys/annountCement/queryById', token, { id });
const markRead = (anntId: string, token: string) => t.put('/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }, token);

describe('GET /sys/annountCement/queryById', () => {
  it('gives the detail of an announcement everyone gets', async () => {
    const { records } = await myAnnouncements(tokens.student01!);
    const notice = records.find((r) => r.titile === NOTICE)!;
    const result = expectOk(await detail(notice.id, tokens.student01!));
    expect(result).toEqual({
      id: notice.id,
      titile: NOTICE,
      sender: '系统管理员',
      sendTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      msgContent: '<p>各位同学：请按时在平台提交周记和月报，指导教师将在7天内批阅。</p>',
      priority: 'M',
      openType: null,
      openPage: null,
      busId: null,
    });
  });

  it('gives a USER announcement to its addressee and 404 to anyone else', async () => {
    const teacher = (await userRow(t.db, 'teacher01'))!;
    const id = await publish({ titile: '教师会议通知', sender: '教务处', openType: 'component', openPage: '/isps/meeting', busId: 'm-1' }, [teacher.id]);

    expect(expectOk(await detail(id, tokens.teacher01!))).toMatchObject({ titile: '教师会议通知', sender: '教务处', openType: 'component', openPage: '/isps/meeting', busId: 'm-1' });
    expectError(await detail(id, tokens.student01!), 404, NOT_FOUND);
  });

  it('answers 404 for a draft, a deleted and an unknown announcement', async () => {
    const draft = await publish({ titile: '草稿', sendStatus: '0' });
    const deleted = await publish({ titile: '已删除', delFlag: 1 });
    for (const id of [draft, deleted, 'no-such-id']) expectError(await detail(id, tokens.student01!), 404, NOT_FOUND);
  });
});

describe('GET /sys/sysAnnouncementSend/getMyAnnouncementSend', () => {
  let user: TestUser;
  let token: string;
  /** Addressed to the fresh user only, oldest first. */
  const own: string[] = [];
  const OWN_COUNT = 12;

  beforeAll(async () => {
    user = await t.createUser({ roles: ['role-student'] });
    token = await t.login(user.username, user.password);
    // The demo pair was sent "now"; these go out over the days before, one a day.
    for (let i = 0; i < OWN_COUNT; i++) {
      own.push(await publish({ titile: `个人消息${i + 1}`, sendTime: new Date(Date.now() - (OWN_COUNT - i) * 86_400_000) }, [user.id]));
    }
    await publish({ titile: '未发布给本人', sendStatus: '0' }, [user.id]);
  });

  it('lists only what the caller may see, newest first', async () => {
    const teacher = (await userRow(t.db, 'teacher01'))!;
    await publish({ titile: '只给王老师' }, [teacher.id]);

    const page = await myAnnouncements(token, { pageSize: '100' });
    expect(page.total).toBe(OWN_COUNT + 2);
    expect(page.records.slice(0, 2).map((r) => r.titile).sort()).toEqual([NOTICE, SYSTEM_MESSAGE].sort());
    expect(page.records.slice(2).map((r) => r.id)).toEqual([...own].reverse());
    expect(page.records.every((r) => r.readFlag === '0')).toBe(true);
    expect(page.records.find((r) => r.titile === NOTICE)).toMatchObject({ anntId: page.records.find((r) => r.titile === NOTICE)!.id, priority: 'M', msgCategory: '1', sender: '系统管理员', msgAbstract: '请按时提交周记和月报' });
    expect(page.records.find((r) => r.titile === SYSTEM_MESSAGE)).toMatchObject({ priority: 'L', msgCategory: '2' });

    const student = await myAnnouncements(tokens.student01!);
    expect(student.records.map((r) => r.titile)).not.toContain('只给王老师');
    expect(student.records.map((r) => r.titile)).not.toContain('个人消息1');
  });

  it('pages with pageNo and pageSize, 10 a page by default', async () => {
    const first = await myAnnouncements(token);
    expect({ total: first.total, current: first.current, size: first.size, count: first.records.length }).toEqual({ total: 14, current: 1, size: 10, count: 10 });

    const pages = await Promise.all([1, 2, 3].map((pageNo) => myAnnouncements(token, { pageNo: String(pageNo), pageSize: '5' })));
    expect(pages.map((p) => p.records.length)).toEqual([5, 5, 4]);
    expect(pages.map((p) => p.current)).toEqual([1, 2, 3]);
    expect(new Set(pages.flatMap((p) => p.records.map((r) => r.id))).size).toBe(14);
    expect(pages[2]!.records.at(-1)!.id).toBe(own[0]);

    expect((await myAnnouncements(token, { pageNo: '4', pageSize: '5' })).records).toEqual([]);
  });

  it('gives readFlag per row and filters by it', async () => {
    const [firstRead, secondRead] = [own[3]!, own[7]!];
    expectOk(await markRead(firstRead, token), '已读');
    expectOk(await markRead(secondRead, token), '已读');

    const all = await myAnnouncements(token, { pageSize: '100' });
    expect(all.total).toBe(14);
    expect(all.records.filter((r) => r.readFlag === '1').map((r) => r.id)).toEqual([secondRead, firstRead]);

    const read = await myAnnouncements(token, { readFlag: '1' });
    expect({ total: read.total, ids: read.records.map((r) => r.id) }).toEqual({ total: 2, ids: [secondRead, firstRead] });
    expect(read.records.every((r) => r.readFlag === '1')).toBe(true);

    const unread = await myAnnouncements(token, { readFlag: '0', pageSize: '100' });
    expect(unread.total).toBe(12);
    expect(unread.records.map((r) => r.id)).not.toContain(firstRead);
    expect(unread.records.every((r) => r.readFlag === '0')).toBe(true);

    // An empty readFlag (as the old client sends "all") lists both.
    expect((await myAnnouncements(token, { readFlag: '' })).total).toBe(14);

    // The receipt is this user's only.
    const [receipt] = await t.db
      .select()
      .from(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.anntId, firstRead), eq(sysAnnouncementSend.userId, user.id)));
    expect(receipt).toMatchObject({ readFlag: 1 });
  });

  it('counts a demo announcement read by one user as unread for another', async () => {
    const notice = (await myAnnouncements(token, { pageSize: '100' })).records.find((r) => r.titile === NOTICE)!;
    expectOk(await markRead(notice.id, token), '已读');
    expect((await myAnnouncements(token, { pageSize: '100' })).records.find((r) => r.id === notice.id)!.readFlag).toBe('1');
    expect((await myAnnouncements(tokens.student01!)).records.find((r) => r.id === notice.id)!.readFlag).toBe('0');
  });

  it.each<{ query: Record<string, string>; message: string }>([
    { query: { pageSize: '0' }, message: '每页条数应为1到100' },
    { query: { pageSize: '101' }, message: '每页条数应为1到100' },
    { query: { pageNo: 'x' }, message: '页码有误' },
    { query: { readFlag: '2' }, message: '已读标记应为0或1' },
  ])('refuses $query with 400', async ({ query, message }) => {
    expectError(await t.get('/api/sys/sysAnnouncementSend/getMyAnnouncementSend', token, query), 400, message);
  });
});

describe('the 我的消息 menu', () => {
  it.each(['admin', 'teacher01', 'student01', 'mentor01'])('is a hidden page in the menu of %s', async (username) => {
    const { menu } = expectOk(await t.get<UserPermissions>('/api/sys/permission/getUserPermissionByToken', tokens[username]));
    expect(menu.find((item) => item.path === '/isps/userAnnouncement')).toMatchObject({
      component: 'isps/UserAnnouncement',
      name: 'isps-userAnnouncement',
      hidden: true,
      route: '1',
      meta: { title: '我的消息' },
    });
  });
});
