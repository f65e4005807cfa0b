import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { fileWeekly } from './support/records.ts';

/**
 * 雷同提示 (issue 35): two students of 孙怡琪 (T2005013, the demo's adviser of 18) file a 周记 each, the second
 * copying the first with a few words changed; the adviser sees the flag with its share and the shared passages
 * marked and the photo it shares named (照片重复), dismisses the flag with a reason on the computer, and finds it
 * dismissed on the phone.
 */

const ADVISER = 'T2005013';
const [FIRST, SECOND] = ['2023010102', '2023020183'];
const ORIGINAL = [
  '本周我在数控车间跟随师傅学习了加工中心的操作规程，完成了三个零件的粗加工。',
  '师傅讲解了刀具的选择和切削参数的设定，我记录了每一步的要点。',
  '周五参加了安全培训，学习了车间的消防知识和急救方法，收获很大。',
  '周三协助质检员测量了二十件成品的尺寸，发现两件超差并登记在不合格品台账中，师傅让我分析了超差的原因，我整理成了一页分析报告。',
  '下周计划继续练习对刀和程序的模拟，争取独立完成一个零件的精加工，并学习使用三坐标测量仪。',
].join('\n');
const COPY = ORIGINAL.replace('三个零件', '两个零件').replace('周五', '周四') + '\n另外这周我还帮助仓库整理了刀具柜。';

test.describe('雷同提示', () => {
  const copyTitle = `照抄的周记 ${Date.now()}`;

  test.describe('桌面 1440×900', () => {
    test.use(DESKTOP);

    test('the adviser sees a copied 周记 flagged with its share and passages, and dismisses it with a reason', async ({ page, request }) => {
      // The copy carries the first one's photo too, byte for byte (照片重复).
      const photo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
      const unique = Buffer.concat([photo, Buffer.from(copyTitle)]);
      await fileWeekly(request, FIRST, `原创的周记 ${Date.now()}`, ORIGINAL, { name: '车间.png', buffer: unique });
      await fileWeekly(request, SECOND, copyTitle, COPY, { name: '我的车间.png', buffer: unique });

      await signInAs(page, ADVISER, '#/internship/review');
      const list = page.getByRole('region', { name: '周记批阅' });
      await list.getByRole('row').filter({ hasText: copyTitle }).getByRole('button', { name: copyTitle }).click();
      const drawer = page.getByRole('dialog', { name: '周记详情' });
      const notes = drawer.getByRole('region', { name: '雷同提示' });
      await expect(notes.getByRole('heading', { name: '雷同提示（1）' })).toBeVisible();
      await expect(notes).toContainText(/与.+的《原创的周记 \d+》雷同 (8\d|9\d)%/);
      await expect(notes.getByLabel('对方记录中相同的段落')).toContainText('师傅讲解了刀具的选择和切削参数的设定');
      await expect(drawer.getByRole('region', { name: '照片重复（1）' })).toContainText(/我的车间\.png 与.+的《原创的周记 \d+》中的附件完全相同/);
      // The shared passages are marked in the record's own text; the sentence the student added is not.
      const content = drawer.locator('.record-review__content');
      await expect(content.locator('mark').filter({ hasText: '学习了车间的消防知识和急救方法' })).toHaveCount(1);
      await expect(content.locator('mark').filter({ hasText: '刀具柜' })).toHaveCount(0);

      await notes.getByRole('button', { name: '忽略' }).click();
      await notes.getByRole('button', { name: '确认忽略' }).click();
      await expect(notes.getByRole('alert')).toHaveText('请填写不算雷同的理由');
      await notes.getByLabel('不算雷同的理由').fill('两人同组完成同一任务，经核实属实');
      await notes.getByRole('button', { name: '确认忽略' }).click();
      await expect(page.getByRole('alert').filter({ hasText: '已忽略该雷同提示' })).toBeVisible();
      await expect(notes.getByRole('heading', { name: '雷同提示（已忽略）' })).toBeVisible();
      await expect(notes).toContainText('已由孙怡琪忽略：两人同组完成同一任务，经核实属实');
      await expect(content.locator('mark')).toHaveCount(0);
    });
  });

  test.describe('手机 390×844', () => {
    test.use(PHONE);

    test('the adviser’s phone shows the dismissed flag with its reason', async ({ page }) => {
      await signInAs(page, ADVISER, '#/internship/review');
      await page.getByText(copyTitle).click();
      const notes = page.getByRole('region', { name: '雷同提示' });
      await expect(notes.getByRole('heading', { name: '雷同提示（已忽略）' })).toBeVisible();
      await expect(notes).toContainText('已由孙怡琪忽略：两人同组完成同一任务，经核实属实');
      await expect(notes.getByRole('button', { name: '忽略' })).toHaveCount(0);
    });
  });
});
