import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementAdminDetail, AnnouncementDetail, AnnouncementRow, AnnouncementUserOption, MyAnnouncement } from '@contract/announcement.ts';
import type { PageResult } from '@contract/resource.ts';
import type { AnnouncementLists } from '@contract/session.ts';
import { sysAnnouncement, sysAnnouncementSend, sysUser } from '../../server/db/schema.ts';
import { EDITOR_HTML, EDITOR_HTML_SANITISED } from '../fixtures/editor-html.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp, type TestUser } from './harness.ts';

const BASE = '/api/sys/annountCement';
const NOT_FOUND = '通告不存在';
const NOT_VISIBLE = '通知不存在或已撤销';
const FORBIDDEN = '没有权限执行此操作';

let t: TestApp;
let admin: string;
let student01: string;
let teacher01: string;
/** Fresh users: the chosen recipient, another user, a frozen one. */
let recipient: TestUser & { token: string };
let other: TestUser & { token: string };
let frozen: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  [admin, student01, teacher01] = await Promise.all(['admin', 'student01', 'teacher01'].map((u) => t.login(u)));
  const fresh = async () => {
    const user = await t.createUser({ username: uniqueName('annt'), roles: ['role-student'] });
    return { ...user, token: await t.login(user.username, user.password) };
  };
  recipient = await fresh();
  other = await fresh();
  frozen = await t.createUser({ username: uniqueName('frozen'), roles: ['role-student'], status: 2 });
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const draft = (values: Body = {}): Body => ({
  titile: uniqueName('通告'),
  msgContent: '<p>请各位同学按时提交周记。</p>',
  msgAbstract: '按时提交周记',
  priority: 'M',
  msgCategory: '1',
  msgType: 'ALL',
  ...values,
});

const add = (body: Body, token = admin) => t.post<AnnouncementRow>(`${BASE}/add`, body, token);
const edit = (body: Body, token = admin) => t.put<AnnouncementRow>(`${BASE}/edit`, body, token);
const release = (id: string, token = admin) => t.get(`${BASE}/doReleaseData`, token, { id });
const revoke = (id: string, token = admin) => t.get(`${BASE}/doReovkeData`, token, { id });
const remove = (id: string, token = admin) => t.request('DELETE', `${BASE}/delete`, { token, query: { id } });
const removeBatch = (ids: string, token = admin) => t.request('DELETE', `${BASE}/deleteBatch`, { token, query: { ids } });
const list = async (query: Record<string, string>) => expectOk(await t.get<PageResult<AnnouncementRow>>(`${BASE}/list`, admin, query));
const adminDetail = (id: string, token = admin) => t.get<AnnouncementAdminDetail>(`${BASE}/adminQueryById`, token, { id });
const userDetail = (id: string, token: string) => t.get<AnnouncementDetail>(`${BASE}/queryById`, token, { id });

/** Adds (expecting success) and returns the new id. */
async function created(values: Body = {}): Promise<string> {
  return expectOk(await add(draft(values)), '添加成功！').id;
}

const stored = async (id: string) => (await t.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id)))[0]!;
const announcementCount = async () => (await t.db.select({ n: count() }).from(sysAnnouncement))[0]!.n;

/** The ids in a user's bell (both tabs) and in their 我的消息 list. */
async function seenBy(token: string): Promise<{ bell: string[]; mine: string[] }> {
  const bell = expectOk(await t.get<AnnouncementLists>(`${BASE}/listByUser`, token));
  const mine = expectOk(await t.get<PageResult<MyAnnouncement>>('/api/sys/sysAnnouncementSend/getMyAnnouncementSend', token, { pageSize: '100' }));
  return { bell: [...bell.anntMsgList, ...bell.sysMsgList].map((i) => i.id), mine: mine.records.map((r) => r.id) };
}

async function expectSees(token: string, id: string, sees: boolean) {
  const { bell, mine } = await seenBy(token);
  expect({ bell: bell.includes(id), mine: mine.includes(id) }).toEqual({ bell: sees, mine: sees });
  if (sees) expectOk(await userDetail(id, token));
  else expectError(await userDetail(id, token), 404, NOT_VISIBLE);
}

describe('an announcement to chosen users', () => {
  let id: string;

  it('is saved as a draft, sent by the administrator, seen by nobody yet', async () => {
    // The editor sends the list with a trailing comma and may repeat a user.
    const result = expectOk(await add(draft({ msgType: 'USER', userIds: `${recipient.id},${recipient.id},`, openType: 'component', openPage: '/isps/weekly', busId: 'w-1' })), '添加成功！');
    id = result.id;
    expect(result).toMatchObject({ sendStatus: '0', sendTime: null, sender: '系统管理员', msgType: 'USER', userIds: recipient.id, priority: 'M' });
    expect(await stored(id)).toMatchObject({ sendStatus: '0', userIds: recipient.id, openType: 'component', openPage: '/isps/weekly', busId: 'w-1', delFlag: 0 });
    await expectSees(recipient.token, id, false);
  });

  it('reaches only the chosen user once published', async () => {
    expectOk(await release(id), '该系统通知发布成功');
    const row = await stored(id);
    expect(row.sendStatus).toBe('1');
    expect(row.sendTime).toBeInstanceOf(Date);
    const receipts = await t.db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, id));
    expect(receipts.map((r) => ({ userId: r.userId, readFlag: r.readFlag }))).toEqual([{ userId: recipient.id, readFlag: 0 }]);

    await expectSees(recipient.token, id, true);
    await expectSees(other.token, id, false);
    await expectSees(student01, id, false);
  });

  it('cannot be published twice, edited or deleted while published', async () => {
    expectError(await release(id), 400, '该通告已发布');
    expectError(await edit({ ...draft({ titile: '改过的标题' }), id }), 400, '已发布的通告不能修改，请先撤销');
    expectError(await remove(id), 400, '已发布的通告不能删除，请先撤销');
    const draftId = await created();
    expectError(await removeBatch(`${draftId},${id}`), 400, '已发布的通告不能删除，请先撤销');
    expect({ published: (await stored(id)).delFlag, draft: (await stored(draftId)).delFlag }).toEqual({ published: 0, draft: 0 });
    expect((await stored(id)).titile).not.toBe('改过的标题');
  });

  it('disappears from the bell when revoked', async () => {
    expectOk(await revoke(id), '该系统通知撤销成功');
    expect((await stored(id)).sendStatus).toBe('2');
    await expectSees(recipient.token, id, false);
    expectError(await t.put('/api/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id }, recipient.token), 404, NOT_VISIBLE);
    expectError(await revoke(id), 400, '该通告未发布，不能撤销');
  });

  it('can be edited once revoked, and then reaches only the users chosen now', async () => {
    const result = expectOk(await edit({ ...draft({ titile: '改发给另一位同学', msgType: 'USER', userIds: other.id }), id }), '编辑成功！');
    expect(result).toMatchObject({ titile: '改发给另一位同学', userIds: other.id, sendStatus: '2' });
    expectOk(await release(id), '该系统通知发布成功');
    await expectSees(other.token, id, true);
    await expectSees(recipient.token, id, false);
  });

  it('is not published when every chosen user has been frozen since', async () => {
    const chosen = await t.createUser({ username: uniqueName('annt'), roles: ['role-student'] });
    const later = await created({ msgType: 'USER', userIds: chosen.id });
    await t.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.id, chosen.id));
    expectError(await release(later), 400, '指定的用户不存在');
    expect((await stored(later)).sendStatus).toBe('0');
  });
});

describe('an announcement to everybody', () => {
  it('reaches every user once published and nobody once revoked', async () => {
    const id = await created({ msgCategory: '2', priority: 'H' });
    expectOk(await release(id), '该系统通知发布成功');
    expect(await t.db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, id))).toEqual([]);
    for (const token of [recipient.token, other.token, student01, teacher01]) await expectSees(token, id, true);
    const bell = expectOk(await t.get<AnnouncementLists>(`${BASE}/listByUser`, student01));
    expect(bell.sysMsgList.find((i) => i.id === id)).toMatchObject({ priority: 'H', msgTxt: '按时提交周记' });

    expectOk(await revoke(id), '该系统通知撤销成功');
    for (const token of [recipient.token, other.token, student01, teacher01]) await expectSees(token, id, false);
  });
});

describe('the content', () => {
  const DIRTY = [
    '<p onclick="steal()">请按时提交<script>alert(document.cookie)</script>周记。</p>',
    '<img src="https://school.example.cn/a.png" onerror="alert(1)" />',
    '<a href="javascript:alert(1)">点我</a>',
    '<a href="https://school.example.cn/guide" target="_blank">指南</a>',
    '<iframe src="https://evil.example.com"></iframe><form action="https://evil.example.com"><input name="pwd" /></form>',
  ].join('');
  const CLEAN =
    '<p>请按时提交周记。</p><img src="https://school.example.cn/a.png" /><a>点我</a><a href="https://school.example.cn/guide" target="_blank" rel="noopener noreferrer">指南</a>';

  it('is sanitised when saved, and users read the clean version', async () => {
    const id = await created({ msgContent: DIRTY });
    expect((await stored(id)).msgContent).toBe(CLEAN);
    expect(expectOk(await adminDetail(id)).msgContent).toBe(CLEAN);
    expectOk(await release(id));
    const shown = expectOk(await userDetail(id, student01)).msgContent;
    expect(shown).toBe(CLEAN);
    expect(shown).not.toMatch(/script|onerror|onclick|javascript:|iframe|<form|<input/i);
  });

  it('keeps what the rich-text editor writes, without a script or handler put beside it', async () => {
    const id = await created({ msgContent: `${EDITOR_HTML}<script>alert(1)</script><img src="https://school.example.cn/b.png" onerror="alert(2)">` });
    const expected = `${EDITOR_HTML_SANITISED}<img src="https://school.example.cn/b.png" />`;
    expect((await stored(id)).msgContent).toBe(expected);
    expectOk(await release(id));
    expect(expectOk(await userDetail(id, student01)).msgContent).toBe(expected);
  });

  it('is sanitised on edit too', async () => {
    const id = await created();
    expectOk(await edit({ ...draft({ msgContent: DIRTY }), id }));
    expect((await stored(id)).msgContent).toBe(CLEAN);
  });
});

describe('validation', () => {
  it.each<{ name: string; values: Body; message: string }>([
    { name: 'no title', values: { titile: undefined }, message: '请输入标题' },
    { name: 'a blank title', values: { titile: '   ' }, message: '请输入标题' },
    { name: 'a long title', values: { titile: '标'.repeat(101) }, message: '标题不能超过100个字符' },
    { name: 'no content', values: { msgContent: undefined }, message: '请输入内容' },
    { name: 'empty content', values: { msgContent: '' }, message: '请输入内容' },
    { name: 'content that is only a script', values: { msgContent: '<script>alert(1)</script><p><br></p>' }, message: '请输入内容' },
    { name: 'an empty editor', values: { msgContent: '<p></p>' }, message: '请输入内容' },
    { name: 'an editor holding empty blocks', values: { msgContent: '<h2></h2><ul><li><p> &nbsp;</p></li></ul>' }, message: '请输入内容' },
    { name: 'a long abstract', values: { msgAbstract: '摘'.repeat(201) }, message: '摘要不能超过200个字符' },
    { name: 'no priority', values: { priority: undefined }, message: '请选择优先级' },
    { name: 'an unknown priority', values: { priority: 'X' }, message: '请选择优先级' },
    { name: 'an unknown category', values: { msgCategory: '3' }, message: '请选择通告类型' },
    { name: 'no audience', values: { msgType: undefined }, message: '请选择通告对象' },
    { name: 'an unknown audience', values: { msgType: 'DEPART' }, message: '请选择通告对象' },
    { name: 'USER without users', values: { msgType: 'USER' }, message: '请选择指定用户' },
    { name: 'USER with an empty list', values: { msgType: 'USER', userIds: ' , ,' }, message: '请选择指定用户' },
    { name: 'USER with an unknown user', values: { msgType: 'USER', userIds: 'no-such-user' }, message: '指定的用户不存在' },
    { name: 'an unknown open type', values: { openType: 'window', openPage: '/x' }, message: '打开方式应为component或url' },
    { name: 'an open type without a page', values: { openType: 'url' }, message: '请输入打开页面' },
    { name: 'a javascript: page', values: { openType: 'url', openPage: 'javascript:alert(1)' }, message: '链接地址须以http://或https://开头' },
    { name: 'a component page without a slash', values: { openType: 'component', openPage: 'isps/weekly' }, message: '组件页面路径须以/开头' },
    { name: 'a long business id', values: { busId: 'b'.repeat(65) }, message: '业务ID不能超过64个字符' },
  ])('refuses $name with 400 and saves nothing', async ({ values, message }) => {
    const before = await announcementCount();
    expectError(await add(draft(values)), 400, message);
    expect(await announcementCount()).toBe(before);
  });

  it('refuses a frozen recipient', async () => {
    expectError(await add(draft({ msgType: 'USER', userIds: `${recipient.id},${frozen.id}` })), 400, '指定的用户不存在');
  });

  it('refuses a bad edit and changes nothing', async () => {
    const id = await created();
    const before = await stored(id);
    expectError(await edit({ ...draft({ titile: '' }), id }), 400, '请输入标题');
    expectError(await edit({ ...draft({ msgType: 'USER', userIds: 'no-such-user' }), id }), 400, '指定的用户不存在');
    expectError(await edit(draft()), 400, '缺少参数 id');
    expectError(await edit({ ...draft(), id: 'no-such-id' }), 404, NOT_FOUND);
    expect(await stored(id)).toEqual(before);
  });

  it('keeps no page without an open type, and stores blanks as empty', async () => {
    const id = await created({ openType: '', openPage: '/ignored', busId: '  ', msgAbstract: '' });
    expect(await stored(id)).toMatchObject({ openType: null, openPage: null, busId: null, msgAbstract: null, userIds: null });
  });

  it('answers 404 for an unknown or deleted announcement', async () => {
    const id = await created();
    expectOk(await remove(id), '删除成功!');
    for (const unknown of [id, 'no-such-id']) {
      expectError(await release(unknown), 404, NOT_FOUND);
      expectError(await revoke(unknown), 404, NOT_FOUND);
      expectError(await remove(unknown), 404, NOT_FOUND);
      expectError(await adminDetail(unknown), 404, NOT_FOUND);
      expectError(await edit({ ...draft(), id: unknown }), 404, NOT_FOUND);
    }
  });
});

describe('GET /sys/annountCement/list', () => {
  const prefix = uniqueName('列表');
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids.percent = await created({ titile: `${prefix}50%折扣`, priority: 'L', msgCategory: '1' });
    ids.plain = await created({ titile: `${prefix}500折扣`, priority: 'H', msgCategory: '2' });
    ids.underscore = await created({ titile: `${prefix}a_b`, priority: 'M', msgCategory: '1', msgType: 'USER', userIds: recipient.id });
    ids.published = await created({ titile: `${prefix}已发布`, priority: 'M', msgCategory: '2' });
    expectOk(await release(ids.published));
    ids.deleted = await created({ titile: `${prefix}已删除` });
    expectOk(await remove(ids.deleted));
  });

  it('lists live announcements newest first, without their content', async () => {
    const page = await list({ titile: prefix });
    expect(page.records.map((r) => r.id)).toEqual([ids.published, ids.underscore, ids.plain, ids.percent]);
    expect({ total: page.total, current: page.current, size: page.size }).toEqual({ total: 4, current: 1, size: 10 });
    expect(page.records[1]).toEqual({
      id: ids.underscore,
      titile: `${prefix}a_b`,
      msgAbstract: '按时提交周记',
      sender: '系统管理员',
      priority: 'M',
      msgCategory: '1',
      msgType: 'USER',
      sendStatus: '0',
      sendTime: null,
      openType: null,
      openPage: null,
      busId: null,
      userIds: recipient.id,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(page.records[0]).toMatchObject({ sendStatus: '1', sendTime: expect.stringMatching(/^\d{4}-/) });
  });

  it('pages', async () => {
    const pages = await Promise.all(['1', '2', '3'].map((pageNo) => list({ titile: prefix, pageNo, pageSize: '3' })));
    expect(pages.map((p) => p.records.length)).toEqual([3, 1, 0]);
    expect(pages.map((p) => p.total)).toEqual([4, 4, 4]);
  });

  it('searches the title as plain text: % and _ are no wildcards', async () => {
    expect((await list({ titile: `${prefix}50%` })).records.map((r) => r.id)).toEqual([ids.percent]);
    expect((await list({ titile: `${prefix}a_` })).records.map((r) => r.id)).toEqual([ids.underscore]);
    expect((await list({ titile: `${prefix}_` })).records).toEqual([]);
  });

  it('filters by status, category and priority', async () => {
    const idsOf = async (query: Record<string, string>) => (await list({ titile: prefix, ...query })).records.map((r) => r.id);
    expect(await idsOf({ sendStatus: '1' })).toEqual([ids.published]);
    expect(await idsOf({ sendStatus: '0' })).toEqual([ids.underscore, ids.plain, ids.percent]);
    expect(await idsOf({ msgCategory: '2' })).toEqual([ids.published, ids.plain]);
    expect(await idsOf({ priority: 'M' })).toEqual([ids.published, ids.underscore]);
    expect(await idsOf({ priority: 'M', msgCategory: '1', sendStatus: '0' })).toEqual([ids.underscore]);
    expect(await idsOf({ priority: '', msgCategory: '', sendStatus: '' })).toHaveLength(4);
  });

  it('sorts by a known column on request', async () => {
    const page = await list({ titile: prefix, column: 'titile', order: 'asc' });
    expect(page.records.map((r) => r.titile)).toEqual([...page.records.map((r) => r.titile)].sort());
  });

  it.each<{ query: Record<string, string>; message: string }>([
    { query: { sendStatus: '3' }, message: '发布状态应为0、1或2' },
    { query: { msgCategory: '9' }, message: '通告类型应为1或2' },
    { query: { priority: 'X' }, message: '优先级应为L、M或H' },
    { query: { titile: 'x'.repeat(101) }, message: '标题不能超过100个字符' },
  ])('refuses $query with 400', async ({ query, message }) => {
    expectError(await t.get(`${BASE}/list`, admin, query), 400, message);
  });
});

describe('delete', () => {
  it('marks a draft or a revoked announcement deleted', async () => {
    const id = await created();
    expectOk(await remove(id), '删除成功!');
    expect((await stored(id)).delFlag).toBe(1);
    expect((await list({ titile: (await stored(id)).titile })).records).toEqual([]);
  });

  it('deletes a batch all together', async () => {
    const first = await created();
    const revoked = await created();
    expectOk(await release(revoked));
    expectOk(await revoke(revoked));
    expectOk(await removeBatch(`${first},${revoked},`), '删除成功!');
    const rows = await t.db.select({ delFlag: sysAnnouncement.delFlag }).from(sysAnnouncement).where(inArray(sysAnnouncement.id, [first, revoked]));
    expect(rows.map((r) => r.delFlag)).toEqual([1, 1]);
  });

  it('refuses a batch with an unknown id and deletes none of it', async () => {
    const id = await created();
    expectError(await removeBatch(`${id},no-such-id`), 404, NOT_FOUND);
    expect((await stored(id)).delFlag).toBe(0);
    expectError(await removeBatch(' , '), 400, '请选择要删除的数据');
  });
});

describe('GET /sys/annountCement/adminQueryById', () => {
  it('gives an administrator a draft with its content and recipients', async () => {
    const id = await created({ msgType: 'USER', userIds: `${recipient.id},${other.id}` });
    const result = expectOk(await adminDetail(id));
    expect(result).toMatchObject({ id, sendStatus: '0', msgContent: '<p>请各位同学按时提交周记。</p>', userIds: `${recipient.id},${other.id}` });
    expect(result.users).toEqual(
      [recipient, other]
        .map((u) => ({ id: u.id, username: u.username, realname: `测试${u.username}` }))
        .sort((a, b) => a.username.localeCompare(b.username)),
    );
    // The users' detail call shows only published ones.
    expectError(await userDetail(id, admin), 404, NOT_VISIBLE);
  });
});

describe('GET /sys/annountCement/userOptions', () => {
  const options = async (query: Record<string, string>) => expectOk(await t.get<AnnouncementUserOption[]>(`${BASE}/userOptions`, admin, query));

  it('finds active users by account or name', async () => {
    expect(await options({ keyword: recipient.username })).toEqual([{ id: recipient.id, username: recipient.username, realname: `测试${recipient.username}` }]);
    expect((await options({ keyword: '王老师' })).map((u) => u.username)).toEqual(['teacher01']);
    expect(await options({ keyword: frozen.username })).toEqual([]);
    expect(await options({ keyword: '%' })).toEqual([]);
  });

  it('gives at most pageSize users, 50 at most', async () => {
    expect(await options({ pageSize: '2' })).toHaveLength(2);
    expect((await options({})).length).toBeLessThanOrEqual(50);
    expectError(await t.get(`${BASE}/userOptions`, admin, { pageSize: '51' }), 400, '每页条数应为1到50');
  });
});

describe('access', () => {
  let id: string;
  beforeAll(async () => {
    id = await created();
  });

  it.each(['student01', 'teacher01'])('refuses %s on every administration route with 403 and changes nothing', async (username) => {
    const token = username === 'student01' ? student01 : teacher01;
    const before = await stored(id);
    const answers = [
      await t.get(`${BASE}/list`, token),
      await adminDetail(id, token),
      await t.get(`${BASE}/userOptions`, token),
      await add(draft(), token),
      await edit({ ...draft(), id }, token),
      await remove(id, token),
      await removeBatch(id, token),
      await release(id, token),
      await revoke(id, token),
    ];
    for (const answer of answers) expectError(answer, 403, FORBIDDEN);
    expect(await stored(id)).toEqual(before);
    const receipts = await t.db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, id));
    expect(receipts).toEqual([]);
  });
});
