import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { ARCHIVE_FILES, type ArchiveManifest } from '@contract/archive.ts';
import { DOCUMENT_MSG } from '@contract/documents.ts';
import { SCORE_MSG, type ScoreRow } from '@contract/internship-score.ts';
import type { ApiEnvelope } from '@contract/envelope.ts';
import type { PageResult } from '@contract/resource.ts';
import { apiLogin } from './support/api.ts';
import { signInAs } from './support/auth.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { API_URL } from './support/server.ts';

/**
 * 实习成绩 (issue 12): mentor01 evaluates student01 on a phone and sees the total (teacher01's 90 and the
 * reviewed 周记's 88 are demo data: 50 % × 85 + 30 % × 90 + 20 % × 88 = 87.1, published as 87 since the program
 * counts whole points, 良好); office01 publishes it
 * on desktop, after which the mentor's change is refused, and reopens it with a reason, which the log shows.
 * Reopened, the score is left as the demo would have it after an evaluation. No 周记 is written or reviewed.
 * Then office01 prints the 实习鉴定表 of 李明's class, a page a student, and its code is verified without logging in;
 * and downloads 李明's archive (一生一档) once its progress is done.
 */

const ITEMS = { 职业素养: '17', 工作态度: '18', 专业技能: '16', 团队协作: '17', 遵章守纪: '17' };

test.describe('实习成绩', () => {
  test.describe('企业导师（手机 390×844）', () => {
    test.use(PHONE);

    test('mentor01 evaluates student01 item by item and sees the total', async ({ page }) => {
      await signInAs(page, 'mentor01', '#/internship/score');
      await page.getByText('李明', { exact: true }).click();
      const sheet = page.locator('.score-phone__sheet');
      await expect(sheet.getByText('李明的实习成绩')).toBeVisible();
      await sheet.getByRole('spinbutton', { name: '专业技能' }).fill('21');
      await sheet.getByRole('button', { name: '提交' }).click();
      await expect(sheet.getByText('“专业技能”的得分应在0到20之间')).toBeVisible();
      for (const [label, score] of Object.entries(ITEMS)) await sheet.getByRole('spinbutton', { name: label }).fill(score);
      await expect(sheet.locator('.score-phone__sum')).toHaveText('85');
      await sheet.getByRole('textbox', { name: '专业技能评语' }).fill('测试用例设计规范');
      await sheet.getByRole('textbox', { name: '总体评价' }).fill('工作认真负责，能主动学习。');
      await sheet.getByRole('button', { name: '提交' }).click();
      await expect(page.getByText('评价已提交')).toBeVisible();
      await expect(sheet.locator('.adm-list-item').filter({ hasText: '企业导师评价（50%）' })).toContainText('85');
      await expect(sheet.locator('.adm-list-item').filter({ hasText: '总评' })).toContainText('87（良好）');
      await expect(sheet.getByText('待发布')).toBeVisible();
    });
  });

  test.describe('实习办（桌面 1440×900）', () => {
    test.use(DESKTOP);

    test('office01 publishes the score, a later change is refused, and reopening needs a reason', async ({ page, request }) => {
      await signInAs(page, 'office01', '#/internship/score?studentNo=2023010101');
      const row = page.locator('.ant-table-row').filter({ hasText: '2023010101' });
      await expect(row).toContainText('待发布');
      await expect(row.getByRole('cell', { name: '87', exact: true })).toBeVisible();
      await expect(row).toContainText('良好');
      await row.getByRole('button', { name: '发布' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: '发布' }).click();
      await expect(row).toContainText('已发布');

      // The mentor's change after publication: refused with the reason and what to do.
      const token = await apiLogin(request, 'mentor01', DEMO_PASSWORD);
      const headers = { 'X-Access-Token': token! };
      const list = (await (await request.get(`${API_URL}/internship/score/list`, { headers, params: { studentNo: '2023010101' } })).json()) as ApiEnvelope<PageResult<ScoreRow>>;
      const id = list.result.records[0]!.id;
      const items = Object.fromEntries(['professionalism', 'attitude', 'skill', 'teamwork', 'discipline'].map((key) => [key, { score: 20 }]));
      const change = await request.put(`${API_URL}/internship/score/${id}/mentor`, { headers, data: { items } });
      expect(change.status()).toBe(409);
      expect(((await change.json()) as ApiEnvelope<null>).message).toBe(SCORE_MSG.published);

      // 重新开放 asks for a reason, then the log shows it.
      await row.getByRole('button', { name: '详情' }).click();
      const dialog = page.getByRole('dialog', { name: '实习成绩详情' });
      await expect(dialog.getByText(/已发布：周老师/)).toBeVisible();
      await dialog.getByRole('button', { name: '重新开放' }).click();
      await expect(page.getByText(SCORE_MSG.reasonRequired)).toBeVisible();
      await dialog.getByLabel('重新开放的原因').fill('企业导师申请更正评价');
      await dialog.getByRole('button', { name: '重新开放' }).click();
      await expect(page.getByText('成绩已重新开放')).toBeVisible();
      await expect(dialog.getByText(/周老师：重新开放：企业导师申请更正评价/)).toBeVisible();
      await expect(dialog.getByText(/：企业导师评价 85$/)).toBeVisible();
      await expect(row).toContainText('待发布');
    });

    test('office01 prints the 实习鉴定表 of 李明’s class in one file, whose code anyone can verify', async ({ page, request, browser, baseURL }) => {
      const token = (await apiLogin(request, 'office01', DEMO_PASSWORD))!;
      const classes = (await (await request.get(`${API_URL}/internship/score/classes`, { headers: { 'X-Access-Token': token }, params: { name: '软件技术2023级1班' } })).json()) as ApiEnvelope<PageResult<{ id: string }>>;
      await signInAs(page, 'office01', `#/internship/score?classId=${classes.result.records[0]!.id}`);
      const total = Number((await page.locator('.ant-pagination-total-text').innerText()).match(/共 (\d+) 条/)![1]);
      expect(total).toBeGreaterThan(20);
      await page.locator('.ant-table').getByRole('checkbox', { name: '全选本页' }).check();
      await page.getByRole('button', { name: `选择全部 ${total} 项符合条件的记录` }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `打印鉴定表（${total}人）` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`实习鉴定表-软件技术2023级1班等${total}人.pdf`);
      const bytes = await readFile((await file.path())!);
      const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
      expect(totalPages).toBe(total);
      expect(text.filter((p) => p.includes('学生实习鉴定表') && p.includes('软件技术2023级1班')).length).toBe(total);
      expect(text.join('\n')).toContain('李明');

      // The same class's 成绩登记表: every student once, counted per grade (待评 among them), with the signature lines.
      const registerDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: '打印成绩登记表' }).click();
      const register = await registerDownload;
      expect(register.suggestedFilename()).toBe('软件技术2023级1班2026届岗位实习成绩登记表.pdf');
      const registerText = (await extractText(await getDocumentProxy(new Uint8Array(await readFile((await register.path())!))), { mergePages: true })).text;
      expect(registerText).toMatch(new RegExp(`合计\\s*${total} 人`));
      expect(registerText).toContain('实习办（盖章）');

      // The code on the paper, checked on 文件核验 by someone not logged in (typed in lower case).
      const code = /核验码 ([A-Z0-9]{5}-[A-Z0-9]{5})/.exec(text[0]!)![1]!;
      const guest = await browser.newContext({ ...DESKTOP, baseURL });
      const verifier = await guest.newPage();
      await verifier.goto('#/user/login');
      await verifier.getByRole('link', { name: '文件核验' }).click();
      await verifier.getByPlaceholder('如 K7QW2-M9XTD').fill('AAAAA-AAAAA');
      await verifier.getByRole('button', { name: '核验' }).click();
      await expect(verifier.getByRole('alert')).toHaveText(DOCUMENT_MSG.unknown);
      await verifier.getByPlaceholder('如 K7QW2-M9XTD').fill(code.toLowerCase());
      await verifier.getByRole('button', { name: '核验' }).click();
      await expect(verifier.getByText('核验通过')).toBeVisible();
      const result = verifier.getByRole('region', { name: '核验结果' });
      await expect(result).toContainText(code);
      await expect(result).toContainText('实习鉴定表');
      await expect(result).toContainText(`${total} 页，${total} 名学生`);
      await expect(result).not.toContainText('李明');
      await guest.close();
    });

    test('office01 downloads 李明’s archive once its progress is done, every file as its manifest says', async ({ page }) => {
      await signInAs(page, 'office01', '#/internship/score?studentNo=2023010101');
      const row = page.locator('.ant-table-row').filter({ hasText: '2023010101' });
      await row.getByRole('button', { name: '档案', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '李明的学生档案' });
      const progress = dialog.getByRole('progressbar', { name: '档案生成进度' });
      await expect(progress).toBeVisible();
      await expect(dialog.getByRole('status')).toHaveText(/已完成，可以下载/);
      await expect(progress).toHaveAttribute('aria-valuenow', '100');
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: '下载档案' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('学生档案-李明-2023010101-2026届岗位实习.zip');

      const entries = unzipSync(new Uint8Array(await readFile((await file.path())!)));
      const manifest = JSON.parse(strFromU8(entries[ARCHIVE_FILES.manifest]!)) as ArchiveManifest;
      expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining([ARCHIVE_FILES.index, ARCHIVE_FILES.records, ARCHIVE_FILES.appraisal]));
      for (const f of manifest.files) expect(createHash('sha256').update(entries[f.path]!).digest('hex'), f.path).toBe(f.sha256);
      const index = (await extractText(await getDocumentProxy(entries[ARCHIVE_FILES.index]!), { mergePages: true })).text;
      expect(index).toContain('学生实习档案目录');
      expect(index).toContain('李明');
    });
  });
});
