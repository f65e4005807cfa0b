import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiLogin } from './support/api.ts';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL, PROJECT_ROOT } from './support/server.ts';

/**
 * 周记批阅 (issue 4): teacher01 approves the demo summary of 李明 (student01) on the desktop and returns
 * one with a photo and a PDF on the phone; a student may not open the review list.
 */

const SHOTS = path.join(PROJECT_ROOT, process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screens');
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

const DEMO_TITLE = '第三周：执行测试并提交缺陷';
const SCORE_REQUIRED = '批阅通过时请给出0到100的分数';
const COMMENT_REQUIRED = '退回时请填写批阅意见';
const SCORE_RANGE = '分数应在0到100之间';

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}
interface MyPlacements {
  id: string;
  slots: { periodStart: string; record: { id: string } | null }[];
}

/** A small PNG drawn here (a colour gradient), so the thumbnail has something to show. */
function gradientPng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set([63 + Math.round((x / size) * 150), 122, 219 - Math.round((y / size) * 150)], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/**
 * student01 writes and submits a summary with a photo and a PDF through the API, in the oldest week of
 * the running enrolment that has none yet (the demo data fills the first three).
 */
async function submitSummaryAsStudent(request: APIRequestContext, title: string) {
  const token = await apiLogin(request, 'student01', DEMO_PASSWORD);
  expect(token, 'student01 登录失败').toBeTruthy();
  const headers = { 'X-Access-Token': token! };
  const mine = (await (await request.get(`${API_URL}/internship/weekly/mine`, { headers })).json()) as Envelope<MyPlacements[]>;
  const enrolment = mine.result[0]!;
  const week = enrolment.slots.filter((w) => w.record === null).at(-1);
  expect(week, '没有空着的周次').toBeTruthy();

  const id = randomUUID();
  const files = [
    { name: '缺陷截图.png', mimeType: 'image/png', buffer: gradientPng() },
    { name: '测试报告.pdf', mimeType: 'application/pdf', buffer: PDF },
  ];
  const attachmentIds = [];
  for (const file of files) {
    const attachmentId = randomUUID();
    const upload = await request.post(`${API_URL}/internship/weekly/${id}/attachments`, { headers: { ...headers, 'X-Attachment-Id': attachmentId }, multipart: { file } });
    expect(upload.ok(), `上传附件失败：${await upload.text()}`).toBe(true);
    attachmentIds.push(attachmentId);
  }
  const content = [
    '本周我参与了支付模块的回归测试，按照测试计划执行了全部用例，重点验证了退款流程和对账功能。',
    '测试中发现三个缺陷，已按团队规范提交并跟踪修复情况，其中一个与并发扣款有关，我和开发同事一起复现并确认了原因。',
    '我还学习了使用性能测试工具，对下单接口做了简单的压力测试，整理了响应时间和错误率的数据，写成了测试报告附在后面。',
    '下周计划继续完善自动化测试脚本，提高回归测试的效率，并向导师请教性能测试结果的分析方法。',
  ].join('\n');
  const saved = await request.put(`${API_URL}/internship/weekly/${id}`, {
    headers,
    data: { enrolmentId: enrolment.id, periodStart: week!.periodStart, title, content, submit: true, attachmentIds },
  });
  expect(saved.ok(), `提交周记失败：${await saved.text()}`).toBe(true);
  return id;
}

/** The success or error notification carrying a message. */
const notice = (page: Page, message: string) => page.getByRole('alert').filter({ hasText: message });

/** The thumbnail's picture has really been drawn from the blob. */
async function expectImageDrawn(image: Locator) {
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
}

/** Whether an object URL still gives a picture in the page (a revoked one fails; the CSP lets images load blobs, not fetch). */
const blobAlive = (page: Page, url: string) =>
  page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(true);
        img.onerror = () => resolve(false);
        img.src = src;
      }),
    url,
  );

/** Drags down with one finger from the top of an element, as pulling to refresh (touch events through CDP). */
async function pullDown(page: Page, from: Locator) {
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 10;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dy: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: y + dy }] });
  await touch('touchStart', 0);
  // antd-mobile's list lets go at 60 px of its damped pull, reached at about 172 px of finger travel; the
  // release reads the last state React drew, so the finger goes well past it (a busy machine draws late).
  for (let dy = 15; dy <= 300; dy += 15) await touch('touchMove', dy);
  await touch('touchEnd', 180);
  await cdp.detach();
}

test.describe('周记批阅（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('teacher01 views the attachments, then approves 李明’s submitted summary with a score', async ({ page, request }) => {
    const title = `桌面附件周记 ${Date.now()}`;
    await submitSummaryAsStudent(request, title);
    await signInAs(page, 'teacher01');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('实习管理').click();
    await menu.getByRole('link', { name: '实习记录批阅' }).click();
    await expect(page).toHaveURL(/#\/internship\/review$/);

    const list = page.getByRole('region', { name: '周记批阅' });
    await expect(list.getByRole('radio', { name: '已提交' })).toBeChecked();
    const demoRow = list.getByRole('row').filter({ hasText: DEMO_TITLE });
    await expect(demoRow).toContainText('李明');
    await expect(demoRow).toContainText('已提交');
    await expect(list.getByRole('columnheader', { name: '时段' })).toBeVisible();

    // The attachments come through the API with the token: the photo as a thumbnail, the PDF as a download.
    await list.getByRole('row').filter({ hasText: title }).getByRole('button', { name: title }).click();
    const drawer = page.getByRole('dialog', { name: '周记详情' });
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    const thumb = drawer.getByRole('img', { name: '缺陷截图.png' });
    await expectImageDrawn(thumb);
    const thumbUrl = (await thumb.getAttribute('src'))!;
    await drawer.getByRole('button', { name: '查看图片：缺陷截图.png' }).click();
    const viewer = page.getByRole('dialog', { name: '查看图片：缺陷截图.png' });
    await expect(viewer.getByRole('img', { name: '缺陷截图.png' })).toBeVisible();
    await shoot(page, 'weekly-review-viewer-1440');
    await viewer.getByRole('button', { name: '关闭' }).click();
    await expect(viewer).toHaveCount(0);
    await expect(drawer).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: '下载附件：测试报告.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('测试报告.pdf');
    expect(await blobAlive(page, thumbUrl)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // Closing the drawer gives the picture's memory back.
    await expect.poll(() => blobAlive(page, thumbUrl)).toBe(false);

    await demoRow.click();
    await expect(drawer.getByRole('heading', { name: DEMO_TITLE })).toBeVisible();
    await expect(drawer.getByText('本周我按照上周完善后的测试用例')).toBeVisible();
    await expect(drawer.getByText('无附件')).toBeVisible();
    await drawer.getByRole('button', { name: '通过' }).click();
    await expect(drawer.getByText(SCORE_REQUIRED)).toBeVisible();
    // A wrong score is refused at the field, as typed: never clamped to 100 nor dropped.
    const score = drawer.getByLabel('分数');
    await score.fill('150');
    await drawer.getByRole('button', { name: '通过' }).click();
    await expect(drawer.getByText(SCORE_RANGE)).toBeVisible();
    await expect(score).toHaveValue('150');
    await score.fill('abc');
    await expect(drawer.getByText('分数应为数字，如 85 或 85.5')).toBeVisible();
    await expect(score).toHaveValue('abc');
    await score.fill('90.5');
    await expect(drawer.getByText('分数应为整数，不能有小数')).toBeVisible();
    await score.fill('90');
    await expect(drawer.getByText(SCORE_REQUIRED)).toHaveCount(0);
    await expect(drawer.getByText(SCORE_RANGE)).toHaveCount(0);
    await drawer.getByLabel('批阅意见').fill('缺陷描述清楚，复现步骤完整，继续保持。');
    await shoot(page, 'weekly-review-drawer-1440');
    await drawer.getByRole('button', { name: '通过' }).click();
    await expect(notice(page, '批阅成功')).toBeVisible();
    await expect(drawer).toBeHidden();

    // No longer waiting; under 已批阅 with its score.
    await expect(demoRow).toHaveCount(0);
    await list.getByText('已批阅', { exact: true }).click();
    const reviewedRow = list.getByRole('row').filter({ hasText: DEMO_TITLE });
    await expect(reviewedRow.getByText('已批阅')).toBeVisible();
    await expect(reviewedRow.getByRole('cell', { name: '90', exact: true })).toBeVisible();
    await shoot(page, 'weekly-review-list-1440');

    await reviewedRow.click();
    await expect(drawer.getByRole('button', { name: '通过' })).toHaveCount(0);
    await expect(drawer.getByText('缺陷描述清楚，复现步骤完整，继续保持。')).toBeVisible();
    await expect(drawer.getByText('王老师').first()).toBeVisible();

    // The reviewer corrects the score afterwards, saying why; it is logged and the student is told.
    await drawer.getByRole('button', { name: '更正批阅' }).click();
    const correction = drawer.getByRole('form', { name: '更正批阅' });
    await correction.getByLabel('更正后的分数').fill('101');
    await correction.getByRole('button', { name: '确认更正' }).click();
    await expect(correction.getByText(SCORE_RANGE)).toBeVisible();
    await expect(correction.getByText('请填写更正原因')).toBeVisible();
    await correction.getByLabel('更正后的分数').fill('86');
    await correction.getByLabel('更正原因').fill('复核时发现缺陷统计有误');
    await correction.getByRole('button', { name: '确认更正' }).click();
    await expect(notice(page, '批阅已更正，已通知学生')).toBeVisible();
    const history = drawer.getByRole('list', { name: '批阅记录' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').last()).toContainText('王老师 更正：分数 90 → 86，原因：复核时发现缺陷统计有误');
    await shoot(page, 'weekly-review-corrected-1440');
    await page.keyboard.press('Escape');
    await expect(reviewedRow.getByRole('cell', { name: '86', exact: true })).toBeVisible();

    const token = await apiLogin(request, 'student01', DEMO_PASSWORD);
    const bell = (await (await request.get(`${API_URL}/sys/annountCement/listByUser`, { headers: { 'X-Access-Token': token! } })).json()) as Envelope<{ sysMsgList: { titile: string }[] }>;
    expect(bell.result.sysMsgList.map((m) => m.titile)).toContain('周记批阅已更正');
  });
});

test.describe('周记批阅（手机 390×844）', () => {
  test.use(PHONE);

  test('teacher01 returns a summary with a comment', async ({ page, request }) => {
    const title = `手机退回周记 ${Date.now()}`;
    await submitSummaryAsStudent(request, title);
    await signInAs(page, 'teacher01');
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '实习记录批阅' }).click();
    await expect(page).toHaveURL(/#\/internship\/review$/);

    const screen = page.getByRole('region', { name: '周记批阅' });
    await expect(screen.getByRole('tab', { name: '已提交', selected: true })).toBeVisible();
    const item = screen.getByText(title);
    await expect(item).toBeVisible();
    const row = screen.locator('.adm-list-item').filter({ hasText: title });
    await expect(row).toContainText('李明');
    await expect(row).toContainText('已提交');
    await shoot(page, 'weekly-review-list-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await item.click();
    const sheet = page.locator('.record-review-phone__sheet');
    await expect(sheet.getByRole('heading', { name: title })).toBeVisible();
    await expectImageDrawn(sheet.getByRole('img', { name: '缺陷截图.png' }));
    await shoot(page, 'weekly-review-sheet-top-390');
    await sheet.getByRole('button', { name: '查看图片：缺陷截图.png' }).click();
    const viewer = page.getByRole('dialog', { name: '查看图片：缺陷截图.png' });
    await expect(viewer.getByRole('img')).toBeVisible();
    await shoot(page, 'weekly-review-viewer-390');
    await viewer.getByRole('button', { name: '关闭' }).click();
    await expect(viewer).toHaveCount(0);
    await expect(sheet.getByRole('button', { name: '下载附件：测试报告.pdf' })).toBeVisible();

    await sheet.getByRole('button', { name: '退回' }).click();
    await expect(sheet.getByText(COMMENT_REQUIRED)).toBeVisible();
    await sheet.getByRole('button', { name: '通过' }).click();
    await expect(sheet.getByText(SCORE_REQUIRED)).toBeVisible();
    await expect(sheet.getByText(COMMENT_REQUIRED)).toHaveCount(0);
    // The phone refuses a wrong score too, instead of answering 批阅成功.
    await sheet.getByPlaceholder('通过时必填，0到100的整数').fill('150');
    await sheet.getByRole('button', { name: '通过' }).click();
    await expect(sheet.getByText(SCORE_RANGE)).toBeVisible();
    await expect(notice(page, '批阅成功')).toHaveCount(0);
    await sheet.getByPlaceholder('退回时必填，请写明需要修改的地方').fill('请补充性能测试的具体数据和分析。');
    await shoot(page, 'weekly-review-sheet-390');
    await sheet.getByRole('button', { name: '退回' }).click();
    await expect(notice(page, '已退回')).toBeVisible();
    await expect(sheet).toBeHidden();

    await expect(screen.getByText(title)).toHaveCount(0);
    await screen.getByRole('tab', { name: '已退回' }).click();
    const returned = screen.locator('.adm-list-item').filter({ hasText: title });
    await expect(returned).toContainText('已退回');
    await expect(returned).toContainText('李明');
    await shoot(page, 'weekly-review-returned-390');

    // A summary submitted meanwhile shows after pulling the list down.
    const reviewList = (status: string) => (r: { url: () => string }) => r.url().includes('/internship/weekly/review?') && r.url().includes(`status=${status}`);
    // The list was refreshed when the review went through, so it is fresh and not fetched again here.
    await screen.getByRole('tab', { name: '已提交' }).click();
    await expect(screen.getByText(title)).toHaveCount(0);
    const later = `下拉刷新周记 ${Date.now()}`;
    await submitSummaryAsStudent(request, later);
    await expect(screen.getByText(later)).toHaveCount(0);
    const refreshed = page.waitForResponse(reviewList('submitted'));
    await pullDown(page, screen.locator('.adm-list').first());
    await refreshed;
    await expect(screen.getByText(later)).toBeVisible();
  });
});

test('a student may not open the review list', async ({ request }) => {
  const token = await apiLogin(request, 'student01', DEMO_PASSWORD);
  const response = await request.get(`${API_URL}/internship/weekly/review`, { headers: { 'X-Access-Token': token! } });
  expect(response.status()).toBe(403);
  expect(((await response.json()) as Envelope<null>).success).toBe(false);
});
