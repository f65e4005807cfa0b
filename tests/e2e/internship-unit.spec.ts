import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Response } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { INTERNSHIP_RULES } from '@contract/internship-rules.ts';
import { CREDIT_CODE_CHARS, CREDIT_CODE_MSG, creditCodeCheckChar } from '@contract/internship-unit.ts';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { isAntdPackage, readChunkModules } from './support/login-bundle.ts';
import { DIST_DIR } from './support/server.ts';

/**
 * 实习单位 as the internship office uses it: a unit is added (a mistyped 统一社会信用代码 refused at the field),
 * a KTV cannot be approved (the 2021 rules' text says why), a software company is approved and shows 合作中, is rated
 * (实习基地评价) and shows its mean;
 * on a phone the list renders without antd.
 */

const UNIT_URL = '#/internship/unit';
const table = (page: Page) => page.locator('.shell-page:not([hidden]) .ant-table');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

function freshCode(): string {
  const body = `914419${Array.from({ length: 11 }, () => CREDIT_CODE_CHARS[randomInt(CREDIT_CODE_CHARS.length)]).join('')}`;
  return body + creditCodeCheckChar(body);
}
/** The code with one character of its body changed: its check character no longer fits. */
const typo = (code: string) => `${code.slice(0, 8)}${code[8] === '8' ? '9' : '8'}${code.slice(9)}`;

async function addUnit(page: Page, name: string, code: string, industry: string) {
  await page.getByRole('button', { name: '新增' }).click();
  const form = dialog(page, '新增实习单位');
  await form.getByLabel('单位名称').fill(name);
  await form.getByLabel('统一社会信用代码').fill(code);
  // The list of industries scrolls: typing finds the one wanted.
  await form.getByLabel('所属行业').fill(industry.slice(0, 2));
  await page.locator('.ant-select-dropdown:visible').getByTitle(industry).click();
  await form.getByLabel('职工总数').fill('120');
  await form.getByRole('button', { name: /确\s?定/ }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('添加成功！')).toBeVisible();
}

async function findRow(page: Page, name: string) {
  const search = page.getByRole('search', { name: '查询实习单位' });
  await search.getByLabel('单位名称').fill(name);
  await search.getByRole('button', { name: /^查\s?询$/ }).click();
  const row = table(page).getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  return row;
}

test.describe('实习单位（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('the office adds units: a bad credit code is refused at the field, a KTV cannot be approved, a software company is approved', async ({ page }) => {
    const suffix = String(randomInt(1e6));
    await signInAs(page, 'office01', UNIT_URL);
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    // What the office decides by stays on screen at 1440 px: the less needed columns make room.
    await expect(table(page).getByRole('columnheader', { name: '状态' })).toBeInViewport();

    // The check character is checked as the code is typed.
    await page.getByRole('button', { name: '新增' }).click();
    const form = dialog(page, '新增实习单位');
    const code = freshCode();
    await form.getByLabel('统一社会信用代码').fill(typo(code));
    await expect(form.getByText(CREDIT_CODE_MSG.check)).toBeVisible();
    // Pasted with a space and in lower case it is the same code.
    await form.getByLabel('统一社会信用代码').fill(` ${code.slice(0, 8)} ${code.slice(8).toLowerCase()}`);
    await expect(form.getByText(CREDIT_CODE_MSG.check)).toBeHidden();
    await expect(form.getByText(CREDIT_CODE_MSG.shape)).toBeHidden();
    await form.getByLabel('统一社会信用代码').fill(code);
    await form.getByRole('button', { name: /取\s?消/ }).click();

    // A KTV waits for review, and 通过 is refused with the rule's text.
    const ktv = `夜色KTV娱乐有限公司${suffix}`;
    await addUnit(page, ktv, code, '歌厅（KTV）');
    const ktvRow = await findRow(page, ktv);
    await expect(ktvRow).toContainText('待审核');
    await ktvRow.getByRole('button', { name: '审核' }).click();
    const review = dialog(page, '审核实习单位');
    await expect(review).toContainText(INTERNSHIP_RULES.forbiddenIndustry.text);
    await expect(review).toContainText('“歌厅（KTV）”');
    await expect(review.getByRole('button', { name: '通过', exact: true })).toBeDisabled();
    // Refusing it needs the reason.
    await review.getByRole('button', { name: '不通过' }).click();
    await expect(review.getByRole('alert').filter({ hasText: '请填写不通过或停用的原因' })).toBeVisible();
    await review.getByLabel('审核意见').fill('营业性娱乐场所，不得安排学生实习');
    await review.getByRole('button', { name: '不通过' }).click();
    await expect(review).toBeHidden();
    await expect(ktvRow).toContainText('停用');

    // A software company is approved and shows 合作中.
    const company = `云帆软件有限公司${suffix}`;
    await addUnit(page, company, freshCode(), '信息传输、软件和信息技术服务业');
    const row = await findRow(page, company);
    await row.getByRole('button', { name: '审核' }).click();
    await review.getByLabel('审核意见').fill('资质齐全，同意合作');
    await review.getByRole('button', { name: '通过', exact: true }).click();
    await expect(review).toBeHidden();
    await expect(page.getByText('审核通过，单位状态为合作中')).toBeVisible();
    await expect(row).toContainText('合作中');

    // Its 详情 holds the posts and contacts: a post is added there.
    await row.getByRole('button', { name: '详情' }).click();
    const detail = dialog(page, '实习单位详情');
    await expect(detail).toContainText('资质齐全，同意合作');
    const posts = detail.getByRole('region', { name: '岗位' });
    await posts.getByRole('button', { name: '新增' }).click();
    const postForm = dialog(page, '新增岗位');
    await postForm.getByLabel('岗位名称').fill('软件测试实习生');
    await postForm.getByLabel('在岗人数').fill('20');
    await postForm.getByLabel('试用期工资（元/月）').fill('4500');
    await postForm.getByRole('button', { name: /确\s?定/ }).click();
    await expect(postForm).toBeHidden();
    await expect(posts.getByRole('row').filter({ hasText: '软件测试实习生' })).toContainText('4500');
    await detail.locator('.ant-modal-close').click();
    await expect(detail).toBeHidden();

    // 实习基地评价: the office rates it for the running season; the unit's 详情 shows the mean.
    await page.goto(`${page.url().split('#')[0]}#/internship/rating`);
    await expect(table(page).getByRole('columnheader', { name: '岗位对口' })).toBeVisible();
    await page.getByRole('button', { name: '新增' }).filter({ visible: true }).click();
    const rating = dialog(page, '新增实习基地评价');
    const pick = async (label: string, typed: string, option: string) => {
      await rating.getByLabel(label, { exact: true }).click();
      await rating.getByLabel(label, { exact: true }).fill(typed);
      await page.locator('.ant-select-dropdown:visible .resource-ref__option').filter({ hasText: option }).first().click();
    };
    await pick('实习单位', company.slice(0, 4), company);
    await pick('实习计划', '2026届', '2026届岗位实习');
    for (const [label, mark] of [['安全', '5'], ['岗位对口', '4'], ['指导', '4'], ['待遇', '3']]) await rating.getByLabel(label, { exact: true }).fill(mark!);
    await rating.getByLabel('安全', { exact: true }).fill('6');
    await expect(rating.getByText('安全须为1到5分')).toBeVisible();
    await rating.getByLabel('安全', { exact: true }).fill('5');
    await rating.getByRole('button', { name: /确\s?定/ }).click();
    await expect(rating).toBeHidden();
    await expect(table(page).getByRole('row').filter({ hasText: company })).toContainText('周老师');
    await page.goto(`${page.url().split('#')[0]}${UNIT_URL}`);
    await (await findRow(page, company)).getByRole('button', { name: '详情' }).click();
    await expect(dialog(page, '实习单位详情')).toContainText('4.0');

    // The year's list to publish holds the unit approved above, not yet assessed on site.
    await dialog(page, '实习单位详情').getByRole('button', { name: /关\s?闭|Close/ }).first().click();
    await expect(dialog(page, '实习单位详情')).toBeHidden();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '公布名单' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^\d{4}年度实习单位名单\.pdf$/);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile((await file.path())!))), { mergePages: true });
    expect(text).toMatch(/合作中的实习单位共 \d+ 家/);
    expect(text).toContain(company);
    expect(text).toContain('未考察');

    // The site assessment recorded with its report; the unit's 详情 says so and opens the report.
    await (await findRow(page, company)).getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑实习单位');
    await edit.getByLabel('实地考察日期').click();
    await edit.getByLabel('实地考察日期').fill('2026-09-01');
    await page.keyboard.press('Enter');
    await edit.getByLabel('考察人').fill('周老师');
    await edit.getByLabel('选择考察报告文件').setInputFiles({ name: '实地考察报告.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await expect(edit.getByText('实地考察报告.pdf')).toBeVisible();
    await edit.getByRole('button', { name: /确\s?定/ }).click();
    await expect(edit).toBeHidden();
    await (await findRow(page, company)).getByRole('button', { name: '详情' }).click();
    const visit = dialog(page, '实习单位详情').getByRole('region', { name: '实地考察' });
    await expect(visit).toContainText('2026-09-01，周老师');
    const opened = page.waitForEvent('popup');
    await visit.getByRole('button', { name: '查看考察报告' }).click();
    await (await opened).close();
  });
});

test.describe('实习单位（手机 390×844）', () => {
  test.use(PHONE);

  test('the list renders without antd and shows the units; a unit leads to its posts', async ({ page }) => {
    const chunkModules = readChunkModules(DIST_DIR);
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await signInAs(page, 'office01', UNIT_URL);
    await expect(page.locator('.phone-shell__bar')).toContainText('实习单位');
    const list = page.getByRole('region', { name: '实习单位列表' });
    await expect(list.locator('.adm-list-item').first()).toBeVisible();
    await page.getByRole('searchbox', { name: '搜索单位名称' }).or(page.getByPlaceholder('搜索单位名称')).first().fill('星辰');
    await page.keyboard.press('Enter');
    const star = list.locator('.adm-list-item').filter({ hasText: '星辰软件科技有限公司' });
    await expect(star).toContainText('合作中');
    await star.click();
    await page.getByRole('button', { name: '岗位与联系人' }).click();
    const sheet = page.getByRole('dialog', { name: '星辰软件科技有限公司' });
    await expect(sheet.getByRole('region', { name: '岗位列表' })).toContainText('软件测试实习生');
    await page.waitForLoadState('networkidle');

    const basePath = new URL(page.url()).pathname;
    const files = responses.map((r) => new URL(r.url()).pathname).map((p) => (p.startsWith(basePath) ? p.slice(basePath.length) : p));
    expect(files.filter((f) => f.startsWith('assets/') && !(f in chunkModules))).toEqual([]);
    expect(files.filter((f) => chunkModules[f]?.some(isAntdPackage))).toEqual([]);
  });
});
