import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { fileWeekly } from './support/records.ts';

/**
 * 撤回 (issue 35): a student of 孙怡琪 (T2005013) takes back on the phone a 周记 nobody has opened yet, fixes it and
 * submits it again; the adviser finds the version taken back with the record.
 */

const ADVISER = 'T2005013';
const STUDENT = '2023020153';
const FIRST = [
  '本周在总装车间跟随师傅学习了装配工艺卡的识读方法，参与了两台减速机的装配，记录了轴承游隙调整的步骤。',
  '周二参加了班组的质量例会，了解了近期返修的主要原因，师傅让我整理了返修记录并统计了各类缺陷的数量。',
  '周四学习了力矩扳手的使用和校验，按照作业指导书完成了十二个螺栓的紧固，并由质检员复核合格。',
  '周五参加了车间的安全培训，学习了起重作业的注意事项，下周计划独立完成一台减速机的部件预装。',
  '这一周我体会到装配工作要严格按照工艺要求执行，每一个步骤都要自检并做好记录，遇到不确定的地方及时向师傅请教，不能凭经验想当然。',
].join('\n');
const FIXED = FIRST.replace('两台减速机', '三台减速机') + '\n另外补充：本周共参与装配三台，上次提交时写错了数量。';

test.describe.configure({ mode: 'serial' });

test.describe('撤回周记', () => {
  const title = `撤回后重交的周记 ${Date.now()}`;

  test.describe('学生 手机 390×844', () => {
    test.use(PHONE);

    test('takes back a submitted 周记 nobody opened, fixes it and submits it again', async ({ page, request }) => {
      await fileWeekly(request, STUDENT, title, FIRST);
      await signInAs(page, STUDENT, '#/internship/weekly');
      const item = page.locator('.adm-list-item').filter({ hasText: title });
      await item.click();
      const editor = page.locator('.record-editor');
      await expect(editor.getByText('指导教师查看前，可以撤回修改')).toBeVisible();
      await editor.getByRole('button', { name: '撤回修改' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '撤回' }).click();
      await expect(page.getByText('周记已撤回，可修改后重新提交')).toBeVisible();
      await expect(editor).toBeHidden();

      await item.click();
      const content = editor.getByPlaceholder('本周的工作内容、收获与体会');
      await expect(content).toHaveValue(FIRST);
      await content.fill(FIXED);
      // 提交 is offered once the app is kept on the device.
      await expect(editor.getByRole('button', { name: '提交' })).toBeEnabled({ timeout: 30_000 });
      await editor.getByRole('button', { name: '提交' }).click();
      await expect(editor).toBeHidden();
      await expect(item).toContainText('已提交');
    });
  });

  test.describe('指导教师 桌面 1440×900', () => {
    test.use(DESKTOP);

    test('the adviser reads the resubmitted 周记 with the version taken back', async ({ page }) => {
      await signInAs(page, ADVISER, '#/internship/review');
      const list = page.getByRole('region', { name: '周记批阅' });
      await list.getByRole('row').filter({ hasText: title }).getByRole('button', { name: title }).click();
      const drawer = page.getByRole('dialog', { name: '周记详情' });
      await expect(drawer.locator('.record-review__content').first()).toContainText('上次提交时写错了数量');
      const versions = drawer.getByRole('region', { name: '撤回前的版本（1）' });
      await versions.getByText(/提交，.+撤回：撤回后重交的周记/).click();
      await expect(versions).toContainText('参与了两台减速机的装配');
    });
  });
});
