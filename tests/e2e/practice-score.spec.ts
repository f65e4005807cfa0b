import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signInAs } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';

/**
 * 成绩录入 (issue 14): teacher01 makes the sheet of 工业机器人编程与操作 for 工业机器人技术2025级2班 (a class
 * no other spec uses), types two scores moving with Tab and Enter, sees a third refused by the rule,
 * pastes the rest of the column from a spreadsheet, finds it all again after a reload, marks the first
 * student 缺考 (counted in the summary), and submits it: locked; its 成绩登记表 downloads as a workbook. The administrator reopens it with a reason. The sheet stays (reopened) for later specs to ignore.
 */

test.use(DESKTOP);

test('teacher01 enters a class’s scores with the keyboard and a paste, submits them, and admin reopens the sheet', async ({ page }) => {
  await signInAs(page, 'teacher01', '#/practice/score');
  await page.getByRole('button', { name: '新建成绩单' }).click();
  const dialog = page.getByRole('dialog', { name: '新建成绩单' });
  // Under load a click on a remote search's option has been lost (the form then said 请选择班级, once 请选择课程):
  // each is chosen again until it holds.
  const choose = async (label: string, typed: string, option: string) =>
    expect(async () => {
      await dialog.getByRole('combobox', { name: label }).fill(typed);
      await page.getByRole('option', { name: new RegExp(option) }).first().click({ timeout: 5_000 });
      await expect(dialog.getByTitle(option, { exact: false }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  await choose('课程', '工业机器人编程', '工业机器人编程与操作');
  await choose('班级', '工业机器人技术2025级2', '工业机器人技术2025级2班');
  await dialog.getByRole('button', { name: '创建' }).click();

  const sheet = page.getByRole('region', { name: '成绩单' });
  await expect(sheet.getByRole('heading', { name: '工业机器人技术2025级2班《工业机器人编程与操作》成绩' })).toBeVisible();
  // Each cell offers the marks (a datalist), so it is a combobox.
  const cells = sheet.getByRole('combobox', { name: /的成绩$/ });
  const count = await cells.count();
  expect(count).toBeGreaterThan(10);

  // Typing: Tab and Enter go to the next student, Shift+Enter back.
  await cells.nth(0).click();
  await page.keyboard.type('85');
  await page.keyboard.press('Tab');
  await expect(cells.nth(1)).toBeFocused();
  await page.keyboard.type('92.5');
  await page.keyboard.press('Enter');
  await expect(cells.nth(2)).toBeFocused();
  await page.keyboard.press('Shift+Enter');
  await expect(cells.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('101');
  await expect(cells.nth(2)).toHaveAttribute('aria-invalid', 'true');
  await expect(cells.nth(2)).toHaveAccessibleDescription('成绩应在0到100之间');

  // A column copied from Excel (CRLF rows, a second column, the trailing empty line) fills the cell and those below.
  const column = Array.from({ length: count - 2 }, (_v, i) => `${60 + (i % 40)}\t备注`);
  await cells.nth(2).evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, `${column.join('\r\n')}\r\n`);
  await expect(cells.nth(2)).toHaveValue('60');
  await expect(cells.nth(count - 1)).toHaveValue(String(60 + ((count - 3) % 40)));
  await expect(cells.nth(2)).not.toHaveAttribute('aria-invalid');
  await expect(sheet.getByRole('status')).toHaveText(/^已保存 \d{2}:\d{2}:\d{2}$/);

  // Saved as typed: a reload finds every value.
  await page.reload();
  await expect(cells.nth(0)).toHaveValue('85');
  await expect(cells.nth(1)).toHaveValue('92.5');
  await expect(cells.nth(count - 1)).toHaveValue(String(60 + ((count - 3) % 40)));

  // A student who sat no exam carries the mark instead of a score, counted apart in the summary.
  await cells.nth(0).fill('缺考');
  await expect(sheet.locator('.practice-score__summary')).toContainText('缺考1人');

  await sheet.getByRole('button', { name: '提交' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
  await expect(sheet.getByText('已提交（已锁定）', { exact: true })).toBeVisible();
  await expect(sheet.getByText('缺考', { exact: true })).toBeVisible();
  await expect(cells).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: '重新开放' })).toHaveCount(0);
  // Its 成绩登记表 as a workbook: the marks as written, the count per grade beneath, 缺考 among them.
  const download = page.waitForEvent('download');
  await sheet.getByRole('button', { name: '成绩登记表Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^工业机器人技术2025级2班《工业机器人编程与操作》成绩登记表\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path())!);
  const rows = book.worksheets[0]!.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v))));
  expect(rows[0]).toEqual(['序号', '学号', '姓名', '成绩']);
  expect(rows[1]![3]).toBe('缺考');
  expect(rows.find((r) => r[1] === '缺考')?.[2]).toBe('1');
  expect(rows.find((r) => r[1] === '合计')?.[2]).toBe(String(count));
  const address = new URL(page.url()).hash;

  // The administrator reopens it: a reason is required, and the log shows it.
  await signInAs(page, 'admin', address);
  await sheet.getByRole('button', { name: '重新开放' }).click();
  const reopen = page.getByRole('dialog', { name: '重新开放成绩单' });
  await reopen.getByRole('button', { name: '重新开放' }).click();
  await expect(reopen.getByText('请填写重新开放的原因')).toBeVisible();
  await reopen.getByRole('textbox', { name: '原因' }).fill('第3名学生成绩录错，需更正');
  await reopen.getByRole('button', { name: '重新开放' }).click();
  await expect(sheet.getByText('草稿', { exact: true })).toBeVisible();
  await expect(sheet.getByText(/系统管理员 重新开放，原因：第3名学生成绩录错，需更正/)).toBeVisible();
});
