import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FillRuleRow } from '@contract/fill-rule.ts';
import { schoolToday } from '@contract/internship.ts';
import { sysFillRule } from '../../server/db/schema.ts';
import { periodOf } from '../../server/modules/fillrule/queries.ts';
import { expectError, expectOk, startTestApp, uniqueName, type TestApp } from './harness.ts';

// The generic list/add/edit/delete routes are covered by position.test.ts: here the rule's fields and its codes.
let t: TestApp;
let admin: string;
let student: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  student = await t.login('student01');
});
afterAll(() => t.close());

const add = (body: object) => t.post<FillRuleRow>('/api/sys/fillRule/add', body, admin);
const ruleOf = async (ruleCode: string) => (await t.db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, ruleCode)))[0];
const execute = (ruleCode: string, token = admin) => t.get<string>(`/api/sys/fillRule/executeRuleByCode/${encodeURIComponent(ruleCode)}`, token);
const nextOf = async (ruleCode: string, token = admin) => expectOk(await execute(ruleCode, token));

async function rule(fields: object = {}) {
  return expectOk(await add({ ruleName: '测试规则', ruleCode: uniqueName('R'), ...fields }), '添加成功！');
}

describe('add and edit', () => {
  it('stores a rule; blank fields are no prefix, no date part and 4 digits', async () => {
    const full = await rule({ prefix: 'SX-', datePattern: 'YYYYMM', seqDigits: 6 });
    expect(await ruleOf(full.ruleCode)).toMatchObject({ prefix: 'SX-', datePattern: 'YYYYMM', seqDigits: 6, seqValue: 0, seqPeriod: '' });
    const blank = await rule({ prefix: null, datePattern: null, seqDigits: null });
    expect(await ruleOf(blank.ruleCode)).toMatchObject({ prefix: '', datePattern: '', seqDigits: 4 });
    const omitted = await rule();
    expect(await ruleOf(omitted.ruleCode)).toMatchObject({ prefix: '', datePattern: 'YYYYMMDD', seqDigits: 4 });
  });

  it('refuses bad fields with their own messages, storing nothing', async () => {
    expectError(await add({ ruleName: '', ruleCode: 'BAD1' }), 400, '请输入规则名称');
    expectError(await add({ ruleName: '甲', ruleCode: ' ' }), 400, '请输入规则编码');
    expectError(await add({ ruleName: '甲', ruleCode: 'BAD1', prefix: 'A B' }), 400, '前缀只能包含字母、数字、短横线和下划线');
    expectError(await add({ ruleName: '甲', ruleCode: 'BAD1', prefix: 'A'.repeat(21) }), 400, '前缀不能超过20个字符');
    expectError(await add({ ruleName: '甲', ruleCode: 'BAD1', datePattern: 'YYYY-MM' }), 400, '请选择正确的日期格式');
    expectError(await add({ ruleName: '甲', ruleCode: 'BAD1', seqDigits: 0 }), 400, '流水号位数不能小于1');
    expectError(await add({ ruleName: '甲', ruleCode: 'BAD1', seqDigits: 11 }), 400, '流水号位数不能大于10');
    expect(await ruleOf('BAD1')).toBeUndefined();
  });

  it('refuses a rule code that is taken, on add and on edit', async () => {
    const first = await rule();
    const second = await rule();
    expectError(await add({ ruleName: '重复', ruleCode: first.ruleCode }), 400, '规则编码已存在');
    expectError(await t.put('/api/sys/fillRule/edit', { id: second.id, ruleName: '乙', ruleCode: first.ruleCode }, admin), 400, '规则编码已存在');
    const taken = await t.get('/api/sys/duplicate/check', admin, { tableName: 'sys_fill_rule', fieldName: 'rule_code', fieldVal: first.ruleCode });
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
  });

  it('keeps the administration to holders of the fill rule codes', async () => {
    expectError(await t.post('/api/sys/fillRule/add', { ruleName: '学生', ruleCode: uniqueName('S') }, student), 403, '没有权限执行此操作');
    expectError(await t.get('/api/sys/fillRule/list', student), 403, '没有权限执行此操作');
  });
});

describe('executeRuleByCode', () => {
  it('gives prefix + today on the school clock + the next number, to any logged-in user', async () => {
    const { ruleCode } = await rule({ prefix: 'JS', datePattern: 'YYYYMMDD', seqDigits: 4 });
    const today = schoolToday().replaceAll('-', '');
    expect(await nextOf(ruleCode)).toBe(`JS${today}0001`);
    expect(await nextOf(ruleCode, student)).toBe(`JS${today}0002`);
    expect(await ruleOf(ruleCode)).toMatchObject({ seqValue: 2, seqPeriod: today });
  });

  it('formats each date pattern, and none at all', async () => {
    const year = schoolToday().slice(0, 4);
    expect(await nextOf((await rule({ prefix: 'Y', datePattern: 'YYYY', seqDigits: 3 })).ruleCode)).toBe(`Y${year}001`);
    expect(await nextOf((await rule({ prefix: 'M', datePattern: 'YYYYMM', seqDigits: 2 })).ruleCode)).toBe(`M${schoolToday().slice(0, 7).replace('-', '')}01`);
    expect(await nextOf((await rule({ prefix: 'N', datePattern: '', seqDigits: 5 })).ruleCode)).toBe('N00001');
    expect(await nextOf((await rule({ datePattern: '', seqDigits: 1 })).ruleCode)).toBe('1');
    const seconds = await nextOf((await rule({ prefix: 'S', datePattern: 'YYYYMMDDHHmmss', seqDigits: 2 })).ruleCode);
    expect(seconds).toMatch(new RegExp(`^S${schoolToday().replaceAll('-', '')}\\d{6}01$`));
  });

  it('takes the date on the school’s clock, whatever the server’s zone', () => {
    // 2026-03-01 20:30 UTC is already 2 March in Beijing.
    expect(periodOf('YYYYMMDDHHmmss', new Date('2026-03-01T20:30:00Z'))).toBe('20260302043000');
    expect(periodOf('', new Date('2026-03-01T20:30:00Z'))).toBe('');
  });

  it('restarts the sequence at 1 when the date part changes, and keeps counting without a date part', async () => {
    const dated = await rule({ prefix: 'P', datePattern: 'YYYYMMDD', seqDigits: 3 });
    await t.db.update(sysFillRule).set({ seqValue: 57, seqPeriod: '20000101' }).where(eq(sysFillRule.id, dated.id));
    const today = schoolToday().replaceAll('-', '');
    expect(await nextOf(dated.ruleCode)).toBe(`P${today}001`);
    expect(await ruleOf(dated.ruleCode)).toMatchObject({ seqValue: 1, seqPeriod: today });

    const undated = await rule({ prefix: 'Q', datePattern: '', seqDigits: 3 });
    await t.db.update(sysFillRule).set({ seqValue: 57, seqPeriod: '' }).where(eq(sysFillRule.id, undated.id));
    expect(await nextOf(undated.ruleCode)).toBe('Q058');
  });

  it('never gives two concurrent calls the same code', async () => {
    const { ruleCode } = await rule({ prefix: 'C', datePattern: '', seqDigits: 4 });
    const codes = await Promise.all(Array.from({ length: 20 }, () => nextOf(ruleCode)));
    expect([...codes].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `C${String(i + 1).padStart(4, '0')}`));
    expect((await ruleOf(ruleCode))?.seqValue).toBe(20);
  });

  it('refuses a number that needs more digits than the rule has, changing nothing', async () => {
    const { ruleCode } = await rule({ prefix: 'O', datePattern: '', seqDigits: 1 });
    for (let i = 1; i <= 9; i += 1) expect(await nextOf(ruleCode)).toBe(`O${i}`);
    expectError(await execute(ruleCode), 400, '流水号已用完，请增加流水号位数');
    expect((await ruleOf(ruleCode))?.seqValue).toBe(9);
    // More digits let it go on.
    await t.db.update(sysFillRule).set({ seqDigits: 2 }).where(eq(sysFillRule.ruleCode, ruleCode));
    expect(await nextOf(ruleCode)).toBe('O10');
  });

  it('answers 404 for a rule that does not exist', async () => {
    expectError(await execute('no-such-rule'), 404, '编码规则不存在');
  });
});
