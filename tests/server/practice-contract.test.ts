import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, type ApiEnvelope } from '@contract/envelope.ts';
import { addDays, schoolToday } from '@contract/internship.ts';
import type { JobRow, JobRunResult } from '@contract/job.ts';
import { CONTRACT_MSG, type ContractFileMeta, type ContractRow } from '@contract/practice-contract.ts';
import type { PageResult } from '@contract/resource.ts';
import type { AnnouncementLists } from '@contract/session.ts';
import { internshipAttachment, internshipUnit, practiceContract } from '../../server/db/schema.ts';
import { warnExpiringContracts } from '../../server/modules/practice-contract/job.ts';
import { PDF, PNG } from './attachment-support.ts';
import { readExport, workbook } from './basic-support.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

/** 校企合作协议: the form's rules, the 即将到期 filter, the expiry job's one bell message per end date, and the files. */

const BASE = '/api/practice/contract';
let t: TestApp;
const tokens: Record<'office' | 'admin' | 'teacher', string> = { office: '', admin: '', teacher: '' };
let unitId = '';
const today = schoolToday();

beforeAll(async () => {
  t = await startTestApp();
  tokens.office = await t.login('office01');
  tokens.admin = await t.login('admin');
  tokens.teacher = await t.login('teacher01');
  const [unit] = await t.db.select({ id: internshipUnit.id }).from(internshipUnit).where(eq(internshipUnit.name, '星辰软件科技有限公司'));
  unitId = unit!.id;
});
afterAll(() => t.close());

const body = (over: object = {}) => ({ contractNo: uniqueName('HT-'), name: uniqueName('测试协议'), unitId, type: '2', startDate: addDays(today, -100), endDate: addDays(today, 300), status: 'active', remark: null, ...over });
const add = (over: object = {}, token = tokens.office) => t.post<ContractRow>(`${BASE}/add`, body(over), token);
const list = async (query: Record<string, string> = {}) => expectOk(await t.get<PageResult<ContractRow>>(`${BASE}/list`, tokens.office, { pageSize: '100', ...query }));

describe('adding and editing', () => {
  it('keeps a contract with its unit, and refuses an end before the start, a taken number and an unknown type', async () => {
    const saved = expectOk(await add({ contractNo: 'HT-T-001' }), '添加成功！');
    expect(saved).toMatchObject({ contractNo: 'HT-T-001', unitId, unitId_dictText: '星辰软件科技有限公司', status: 'active', expiry: null, remainingDays: 300 });
    expect((await t.db.select().from(practiceContract).where(eq(practiceContract.id, saved.id)))[0]).toMatchObject({ type: '2', endDate: addDays(today, 300) });

    expectError(await add({ startDate: '2026-03-01', endDate: '2026-02-28' }), 400, CONTRACT_MSG.dateOrder);
    expectError(await add({ contractNo: 'HT-T-001' }), 400, CONTRACT_MSG.noTaken);
    expectError(await add({ type: '9' }), 400, CONTRACT_MSG.typeUnknown);
    expectError(await add({ unitId: '' }), 400, CONTRACT_MSG.unitRequired);

    expectError(await t.put(`${BASE}/edit`, { ...body({ contractNo: 'HT-T-001' }), id: saved.id, endDate: addDays(today, -101) }, tokens.office), 400, CONTRACT_MSG.dateOrder);
    const edited = expectOk(await t.put<ContractRow>(`${BASE}/edit`, { ...body({ contractNo: 'HT-T-001' }), id: saved.id, status: 'terminated' }, tokens.office), '编辑成功！');
    expect(edited).toMatchObject({ status: 'terminated', expiry: null, remainingDays: null });
  });

  it('is the office’s and the administrator’s: a teacher is refused', async () => {
    expectError(await add({}, tokens.teacher), 403, '没有权限执行此操作');
    expectError(await t.get(`${BASE}/list`, tokens.teacher), 403, '没有权限执行此操作');
    expectOk(await add({}, tokens.admin));
  });
});

describe('the 即将到期 filter', () => {
  it('lists the active contracts ending within 60 days, and 已到期 those past their end', async () => {
    const soon = expectOk(await add({ endDate: addDays(today, 60) }));
    const later = expectOk(await add({ endDate: addDays(today, 61) }));
    const ended = expectOk(await add({ endDate: addDays(today, 10), status: 'terminated' }));
    expect(soon).toMatchObject({ expiry: 'soon', remainingDays: 60 });

    const soonNos = (await list({ expiry: 'soon' })).records.map((r) => r.contractNo);
    expect(soonNos).toEqual(expect.arrayContaining([soon.contractNo, 'XQHZ-2025-002']));
    expect(soonNos).not.toContain(later.contractNo);
    expect(soonNos).not.toContain(ended.contractNo);
    expect(soonNos).not.toContain('XQHZ-2024-004');

    const expired = await list({ expiry: 'expired' });
    expect(expired.records.map((r) => r.contractNo)).toEqual(['XQHZ-2024-004']);
    expect(expired.records[0]).toMatchObject({ expiry: 'expired', remainingDays: -12 });
    // With the other searches: 类型 and 单位.
    expect((await list({ expiry: 'soon', type: '2', unitId })).records.map((r) => r.contractNo)).toEqual([soon.contractNo]);
    expect((await list({ expiry: 'nonsense' })).total).toBe(0);
  });
});

describe('the expiry job', () => {
  const runJob = async () => expectOk(await t.post<JobRunResult>('/api/sys/quartzJob/execute', { id: 'practice-contract-expiry' }, tokens.admin));
  const bellTitles = async (token: string) =>
    expectOk(await t.get<AnnouncementLists>('/api/sys/annountCement/listByUser', token)).sysMsgList.map((m) => m.titile).filter((title) => title.startsWith('合作协议即将到期'));

  it('tells the office once per contract and end date, and again when the end date moves', async () => {
    // The admin's 定时任务 lists it, running on its default schedule.
    const jobs = expectOk(await t.get<JobRow[]>('/api/sys/quartzJob/list', tokens.admin));
    expect(jobs.find((j) => j.jobKey === 'practice-contract-expiry')).toMatchObject({ jobName: '合作协议到期提醒', cron: '0 30 7 * * ?', status: '0' });
    const extended = expectOk(await add({ name: '延期测试协议', endDate: addDays(today, 20) }));
    const first = await runJob();
    expect(first).toMatchObject({ status: 'ok', message: expect.stringMatching(/^\d+ 份协议即将到期，已通知 \d+ 位用户$/) });
    const titles = await bellTitles(tokens.office);
    expect(titles).toEqual(expect.arrayContaining(['合作协议即将到期：精密制造订单班培养协议', '合作协议即将到期：延期测试协议']));
    expect(titles.filter((title) => title === '合作协议即将到期：延期测试协议')).toHaveLength(1);
    // The administrator holds the list too; a teacher does not.
    expect(await bellTitles(tokens.admin)).toEqual(expect.arrayContaining(['合作协议即将到期：延期测试协议']));
    expect(await bellTitles(tokens.teacher)).toEqual([]);

    expect((await runJob()).message).toBe('没有新的即将到期协议');
    expect(await bellTitles(tokens.office)).toEqual(titles);

    expectOk(await t.put(`${BASE}/edit`, { ...body({ contractNo: extended.contractNo, name: '延期测试协议' }), id: extended.id, endDate: addDays(today, 50) }, tokens.office));
    expect((await runJob()).message).toMatch(/^1 份协议即将到期/);
    expect((await bellTitles(tokens.office)).filter((title) => title === '合作协议即将到期：延期测试协议')).toHaveLength(2);
  });

  it('warns once when two runs meet (on PostgreSQL, two connections)', async () => {
    expectOk(await add({ name: '并发测试协议', endDate: addDays(today, 5) }));
    const runs = await Promise.all([warnExpiringContracts(t.db), warnExpiringContracts(t.db)]);
    expect(runs.map((r) => r.contracts).sort()).toEqual([0, 1]);
    expect((await bellTitles(tokens.office)).filter((title) => title === '合作协议即将到期：并发测试协议')).toHaveLength(1);
  });
});

describe('files', () => {
  function upload(contractId: string, file: { name: string; type: string; content: Buffer }, token = tokens.office): InjectOptions {
    const boundary = `----isps${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { method: 'POST', url: `${BASE}/file/upload`, query: { contractId }, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [ACCESS_TOKEN_HEADER]: token } };
  }
  const send = async <T>(options: InjectOptions) => {
    const response = await t.app.inject(options);
    return { status: response.statusCode, body: response.json<ApiEnvelope<T>>(), headers: response.headers };
  };

  it('uploads a PDF and a Word file, lists and downloads them, deletes one; refuses other types and callers without the codes', async () => {
    const contract = expectOk(await add());
    const pdf = expectOk(await send<ContractFileMeta>(upload(contract.id, { name: '协议正本.pdf', type: 'application/pdf', content: PDF })), CONTRACT_MSG.fileUploaded);
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml....')]);
    const word = expectOk(await send<ContractFileMeta>(upload(contract.id, { name: '协议草稿.docx', type: 'application/octet-stream', content: docx })));
    expect(word.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expectError(await send(upload(contract.id, { name: '说明.txt', type: 'text/plain', content: Buffer.from('hello') })), 400, CONTRACT_MSG.fileType);
    expectError(await send(upload(contract.id, { name: '假的.docx', type: 'application/octet-stream', content: Buffer.from('not a zip at all') })), 400, CONTRACT_MSG.fileType);
    expectError(await send(upload(randomUUID(), { name: 'a.pdf', type: 'application/pdf', content: PDF })), 404, CONTRACT_MSG.notFound);

    const files = expectOk(await t.get<ContractFileMeta[]>(`${BASE}/file/list`, tokens.office, { contractId: contract.id }));
    expect(files.map((f) => [f.fileName, f.size])).toEqual([
      ['协议正本.pdf', PDF.length],
      ['协议草稿.docx', docx.length],
    ]);
    const download = await t.app.inject({ method: 'GET', url: `${BASE}/file/download`, query: { id: pdf.id }, headers: { [ACCESS_TOKEN_HEADER]: tokens.admin } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // A teacher holds neither code: no upload, list, download or delete.
    expectError(await send(upload(contract.id, { name: 'b.png', type: 'image/png', content: PNG }, tokens.teacher)), 403, '没有权限执行此操作');
    expectError(await t.get(`${BASE}/file/list`, tokens.teacher, { contractId: contract.id }), 403, '没有权限执行此操作');
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/file/download`, query: { id: pdf.id }, headers: { [ACCESS_TOKEN_HEADER]: tokens.teacher } })).statusCode).toBe(403);
    expectError(await t.request('DELETE', `${BASE}/file/delete`, { token: tokens.teacher, query: { id: pdf.id } }), 403, '没有权限执行此操作');

    // Another kind of attachment is no contract's file, whatever id is asked for.
    const [other] = await t.db.select({ id: internshipAttachment.id }).from(internshipAttachment).where(eq(internshipAttachment.recordId, 'placement')).limit(1);
    if (other) expect((await t.app.inject({ method: 'GET', url: `${BASE}/file/download`, query: { id: other.id }, headers: { [ACCESS_TOKEN_HEADER]: tokens.office } })).statusCode).toBe(404);

    expectOk(await t.request('DELETE', `${BASE}/file/delete`, { token: tokens.office, query: { id: pdf.id } }), CONTRACT_MSG.fileDeleted);
    expect((await t.db.select().from(internshipAttachment).where(eq(internshipAttachment.recordId, contract.id))).map((a) => a.id)).toEqual([word.id]);

    // Deleting the contract deletes its files.
    expectOk(await t.request('DELETE', `${BASE}/delete`, { token: tokens.office, query: { id: contract.id } }));
    expect(await t.db.select().from(internshipAttachment).where(eq(internshipAttachment.recordId, contract.id))).toEqual([]);
  });

  it('keeps a unit with contracts from being deleted', async () => {
    const [unit] = await t.db.insert(internshipUnit).values({ name: uniqueName('协议单位'), status: 'active' }).returning({ id: internshipUnit.id });
    expectOk(await add({ unitId: unit!.id }));
    expectError(await t.request('DELETE', '/api/internshipunit/ti04/delete', { token: tokens.admin, query: { id: unit!.id } }), 400, '该实习单位已有 1 份校企合作协议，不能删除');
  });
});

describe('Excel', () => {
  const importFile = async (content: Buffer) => {
    const boundary = `----isps${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="contracts.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({ method: 'POST', url: `${BASE}/importExcel`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [ACCESS_TOKEN_HEADER]: tokens.office } });
    return { status: response.statusCode, body: response.json<ApiEnvelope<null>>(), headers: response.headers };
  };
  const HEADER = ['协议编号', '协议名称', '合作单位', '协议类型', '开始日期', '结束日期', '状态', '备注'];

  it('exports what the filter shows with labels, imports units and types by name, refuses a bad row, and keeps re-imported rows', async () => {
    const exported = await t.app.inject({ method: 'GET', url: `${BASE}/exportXls`, query: { expiry: 'expired' }, headers: { [ACCESS_TOKEN_HEADER]: tokens.office } });
    expect(exported.statusCode).toBe(200);
    const rows = await readExport(exported.rawPayload);
    // The list's columns, 到期提醒 among them, and the import's.
    const exportHeader = [...HEADER.slice(0, 7), '到期提醒', '备注'];
    expect(rows).toEqual([exportHeader, ['XQHZ-2024-004', '现代物流现代学徒制合作协议', '广州市粤联物流有限公司', '现代学徒制协议', addDays(today, -760), addDays(today, -12), '生效中', '已到期', '已到期，待续签']]);

    const bad = await importFile(await workbook([HEADER, ['HT-X-1', '导入协议', '深圳市云启信息技术有限公司', '订单培养协议', '2026-05-01', '2026-04-01', '生效中', '']]));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(CONTRACT_MSG.dateOrder);
    expect(await t.db.select().from(practiceContract).where(eq(practiceContract.contractNo, 'HT-X-1'))).toEqual([]);

    expectOk(await importFile(await workbook([HEADER, ['HT-X-1', '导入协议', '深圳市云启信息技术有限公司', '订单培养协议', '2026-05-01', '2027-04-30', '生效中', '']])), '导入成功，共1条');
    expect((await t.db.select().from(practiceContract).where(eq(practiceContract.contractNo, 'HT-X-1')))[0]).toMatchObject({ type: '2', status: 'active', endDate: '2027-04-30' });
    expectOk(await importFile(exported.rawPayload), '导入成功，新增0条，1条已存在（按协议编号匹配，未修改）');
  });
});
