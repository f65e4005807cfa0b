import { expect, test } from '@playwright/test';
import { restoreDemoPassword } from './support/api.ts';
import { signInAs, systemNotice, submitLogin, LOGIN_URL, WORKPLACE_URL } from './support/auth.ts';
import { DESKTOP } from './support/devices.ts';
import { dialogTitled, openUserMenuItem } from './support/shell.ts';

const TABLET = { viewport: { width: 900, height: 1000 } };
const CHANGED_PASSWORD = 'Dialog@2026x';

const dialog = dialogTitled;

test.describe('账户对话框（桌面 1440×900）', () => {
  test.use(DESKTOP);

  test('修改密码 checks every field, refuses a wrong old password, then changes it', async ({ page, request }) => {
    await signInAs(page, 'teacher01');
    await openUserMenuItem(page, '修改密码');
    const modal = dialog(page, '修改密码');
    // On a busy machine a click landing while the dialog opens can be lost (seen once on the tablet):
    // an empty 确定 changes nothing, so it is pressed again until the form answers.
    await expect(async () => {
      await modal.getByRole('button', { name: '确定' }).click();
      await expect(modal.getByText('请输入旧密码!', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    for (const message of ['请输入旧密码!', '密码由8位数字、大小写字母和特殊符号组成!', '请确认新密码!']) {
      await expect(modal.getByText(message, { exact: true })).toBeVisible();
    }

    await modal.getByPlaceholder('请输入旧密码').fill('Wrong@2026x');
    await modal.getByPlaceholder('请输入新密码').fill(CHANGED_PASSWORD);
    await modal.getByPlaceholder('请确认新密码').fill(`${CHANGED_PASSWORD}1`);
    await modal.getByRole('button', { name: '确定' }).click();
    await expect(modal.getByText('两次输入的密码不一致！')).toBeVisible();

    await modal.getByPlaceholder('请确认新密码').fill(CHANGED_PASSWORD);
    await modal.getByRole('button', { name: '确定' }).click();
    await expect(systemNotice(page, '旧密码输入错误')).toBeVisible();
    await expect(modal).toBeVisible();

    try {
      await modal.getByPlaceholder('请输入旧密码').fill('Demo@2026');
      await modal.getByRole('button', { name: '确定' }).click();
      await expect(page.getByRole('alert').filter({ hasText: '密码修改成功！' })).toBeVisible();
      await expect(modal).toBeHidden();
    } finally {
      await restoreDemoPassword(request, 'teacher01', CHANGED_PASSWORD);
    }
  });

  test('个人信息 shows the school record, checks phone and e-mail, and saves', async ({ page }) => {
    await signInAs(page, 'student01');
    await openUserMenuItem(page, '个人信息');
    const modal = dialog(page, '个人信息');
    await expect(modal.getByText('李明')).toBeVisible();
    await expect(modal.getByText('信息工程学院')).toBeVisible();

    const phone = modal.getByPlaceholder('请输入手机号码');
    await phone.fill('1380000');
    await phone.blur();
    await expect(modal.getByText('请输入正确格式的手机号码!')).toBeVisible();
    // A student's form does not ask the server about other users' phones as the field is left: the save says it, at the field.
    await phone.fill('13800000002');
    await modal.getByRole('button', { name: '保存' }).click();
    await expect(modal.getByText('手机号已存在!')).toBeVisible();
    await phone.fill('13800000003');

    const email = modal.getByPlaceholder('请输入邮箱');
    await email.fill('liming@');
    await email.blur();
    await expect(modal.getByText('请输入正确格式的邮箱!')).toBeVisible();
    const address = `liming.${Date.now()}@school.edu.cn`;
    await email.fill(address);
    await modal.getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '修改成功!' })).toBeVisible();

    await openUserMenuItem(page, '个人信息');
    await expect(dialog(page, '个人信息').getByPlaceholder('请输入邮箱')).toHaveValue(address);
  });

  test('切换部门 warns a user without departments and switches for one with two', async ({ page }) => {
    // The page's clock runs as usual, and can be moved on past a notice's time without waiting it out.
    await page.clock.install();
    await signInAs(page, 'mentor01');
    await openUserMenuItem(page, '切换部门');
    const warning = page.getByRole('alert').filter({ hasText: '您尚未设置部门信息!' });
    await expect(warning).toBeVisible();
    await expect(dialog(page, '切换部门')).toHaveCount(0);
    // The notice sits over the header's user menu until it goes (4 s).
    await page.clock.fastForward(4_000);
    await expect(warning).toBeHidden();
    await expect(page.getByRole('menuitem', { name: '注销' })).toBeHidden();

    await openUserMenuItem(page, '注销');
    await page.getByRole('dialog').filter({ hasText: '真的要注销登录吗 ?' }).getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(LOGIN_URL);

    await submitLogin(page, 'multi01', 'Demo@2026');
    await expect(page).toHaveURL(WORKPLACE_URL);
    await openUserMenuItem(page, '切换部门');
    const modal = dialog(page, '切换部门');
    const select = modal.getByRole('combobox');
    const before = await modal.locator('.ant-select').innerText();
    // The other of multi01's two departments, whichever is current (runs share one server).
    await select.click();
    await select.press('ArrowDown');
    await select.press('Enter');
    await expect(modal.locator('.ant-select')).not.toHaveText(before);
    await modal.getByRole('button', { name: '确定' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '部门切换成功' })).toBeVisible();
  });

  test('用户身份选择 lists both roles of multi01 and a change reloads with the chosen role', async ({ page }) => {
    await signInAs(page, 'multi01');
    await openUserMenuItem(page, '切换身份');
    const modal = dialog(page, '用户身份选择');
    await expect(modal.getByRole('radio', { name: '系统管理员' })).toBeVisible();
    await modal.getByRole('radio', { name: '指导教师' }).check();
    await modal.getByRole('button', { name: '确定' }).click();

    await expect(page).toHaveURL(WORKPLACE_URL);
    await openUserMenuItem(page, '切换身份');
    await expect(dialog(page, '用户身份选择').getByRole('radio', { name: '指导教师' })).toBeChecked();
  });
});

// The dialogs are the same components on a tablet: there they are opened once each, to see that they fit.
test.describe('账户对话框（平板 900×1000）', () => {
  test.use(TABLET);
  test('修改密码, 个人信息, 切换部门 and 用户身份选择 open within the tablet’s width and close', async ({ page }) => {
    await signInAs(page, 'multi01');
    for (const [item, title] of [
      ['修改密码', '修改密码'],
      ['个人信息', '个人信息'],
      ['切换部门', '切换部门'],
      ['切换身份', '用户身份选择'],
    ] as const) {
      await openUserMenuItem(page, item);
      const modal = dialog(page, title);
      await expect(modal).toBeVisible();
      const box = (await modal.boundingBox())!;
      expect(box.x, `${title} starts inside the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${title} ends inside the screen`).toBeLessThanOrEqual(900);
      await modal.getByRole('button', { name: /取\s*消|关闭|Close/ }).first().click();
      await expect(modal).toBeHidden();
    }
  });
});

test.describe('只有一个身份', () => {
  test.use(DESKTOP);
  test('a user with one role has no 切换身份', async ({ page }) => {
    await signInAs(page, 'student01');
    await page.getByRole('button', { name: '用户菜单' }).click();
    await expect(page.getByRole('menuitem', { name: '个人信息' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '切换身份' })).toHaveCount(0);
  });
});
