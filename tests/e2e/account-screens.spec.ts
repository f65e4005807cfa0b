import { expect, test, type Page } from '@playwright/test';
import { CHANGED_PASSWORD, DEMO_PASSWORD, demoAccount } from './support/accounts.ts';
import { restoreDemoPassword } from './support/api.ts';
import { WORKPLACE_URL, loginForm, submitLogin, systemNotice } from './support/auth.ts';
import { PHONE } from './support/devices.ts';
import { smsCodesFor, waitForNewSmsCode, waitForSms } from './support/sms.ts';

const STRENGTH = '密码由8位数字、大小写字母和特殊符号组成!';

test.use(PHONE);

/** An account nobody has registered yet in this run: name, work number, phone and e-mail are all unique. */
let registrations = 0;
function freshRegistration() {
  const digits = `${Date.now() % 1_000_000}`.padStart(6, '0') + `${registrations++ % 100}`.padStart(2, '0');
  return { username: `e2e${digits}`, workNo: `E2E${digits}`, realname: '测试学生', phone: `139${digits}`, email: `e2e${digits}@example.com`, password: 'Regist@2026' };
}
type Registration = ReturnType<typeof freshRegistration>;

function registerForm(page: Page) {
  return {
    card: page.getByRole('region', { name: '注册账户' }),
    // antd-mobile hides the native radio (display: none), so the type is chosen by its visible label.
    student: page.getByText('学生', { exact: true }),
    username: page.getByPlaceholder('请输入用户账号'),
    workNo: page.getByPlaceholder('请输入工号'),
    realname: page.getByPlaceholder('请输入真实姓名'),
    phone: page.getByPlaceholder('请输入手机号码'),
    email: page.getByPlaceholder('请输入邮箱'),
    password: page.getByPlaceholder('请输入密码'),
    confirm: page.getByPlaceholder('请再次输入密码'),
    submit: page.getByRole('button', { name: '注 册' }),
  };
}

async function fillRegistration(page: Page, account: Registration) {
  const form = registerForm(page);
  await form.student.click();
  await form.username.fill(account.username);
  await form.workNo.fill(account.workNo);
  await form.realname.fill(account.realname);
  await form.phone.fill(account.phone);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.confirm.fill(account.password);
}

async function registerThroughForm(page: Page, account: Registration) {
  await page.goto('#/user/register');
  await fillRegistration(page, account);
  await registerForm(page).submit.click();
}

const visibleText = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();

test.describe('注册', () => {
  test('an empty submit shows every required message', async ({ page }) => {
    await page.goto('#/user/register');
    await registerForm(page).submit.click();

    for (const message of ['请选择用户类型', '请输入用户账号!', '请输入工号', '请输入用户名称!', '请输入手机号码', '请输入邮箱', STRENGTH, '请重新输入登陆密码!']) {
      await visibleText(page, message);
    }
    await expect(page).toHaveURL(/#\/user\/register$/);
  });

  test('a bad phone, a bad e-mail and a different confirmation are refused', async ({ page }) => {
    await page.goto('#/user/register');
    await fillRegistration(page, { ...freshRegistration(), phone: '12345678901', email: 'not-an-email' });
    await registerForm(page).confirm.fill('Other@2026');
    await registerForm(page).submit.click();

    await visibleText(page, '手机号格式输入有误');
    await visibleText(page, '邮箱格式输入有误');
    await visibleText(page, '两次输入的密码不一致！');
    await expect(page).toHaveURL(/#\/user\/register$/);
  });

  test('a valid registration shows the result, the SMS says it waits for approval, and the account cannot log in yet', async ({ page }) => {
    const account = freshRegistration();
    await registerThroughForm(page, account);

    await expect(page).toHaveURL(/#\/user\/register-result$/);
    await visibleText(page, `账户 ${account.username} 的注册申请已提交`);
    await expect(page.getByText(`发送至 ${account.phone.slice(0, 3)}****${account.phone.slice(7)} 的短信将告知注册结果`)).toBeVisible();
    await waitForSms(account.phone, `【实习实训管理服务平台】您的账号“${account.username}”注册申请已提交，学校管理员审核通过后即可登录。`);

    await page.getByRole('button', { name: '返回登录' }).click();
    await submitLogin(page, account.username, account.password);
    await expect(loginForm(page).error).toHaveText('该账号已冻结或尚未通过审核，请联系管理员');
    await expect(page).toHaveURL(/#\/user\/login$/);
  });

  test('a taken account name is answered as any registration: only the SMS to the phone says it', async ({ page }) => {
    const first = freshRegistration();
    await registerThroughForm(page, first);
    await expect(page).toHaveURL(/#\/user\/register-result$/);

    const second = { ...freshRegistration(), username: first.username };
    await registerThroughForm(page, second);
    await expect(page).toHaveURL(/#\/user\/register-result$/);
    await visibleText(page, `账户 ${second.username} 的注册申请已提交`);
    await waitForSms(second.phone, `【实习实训管理服务平台】注册未成功：用户账号“${second.username}”已被使用，请更换后重新注册。如非本人操作，请忽略。`);
    await expect(systemNotice(page, '用户账号已存在')).toHaveCount(0);
  });
});

test.describe('找回密码', () => {
  const student = demoAccount('student01');
  test.afterEach(({ request }) => restoreDemoPassword(request, student.username, CHANGED_PASSWORD));

  test('student01 resets the password with the SMS code in three steps', async ({ page }) => {
    await page.goto('#/user/retrieve');
    const card = page.getByRole('region', { name: '找回密码' });
    for (const step of ['确认账号', '安全验证', '设置新密码']) await expect(card.getByText(step, { exact: true })).toBeVisible();

    // Step 1: the account and its phone.
    const sentBefore = smsCodesFor(student.phone).length;
    await page.getByPlaceholder('请输入用户账号').fill(student.username);
    await page.getByPlaceholder('请输入手机号码').fill(student.phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await waitForNewSmsCode(student.phone, sentBefore);

    // Step 2: a wrong code, then the right one.
    await expect(card.getByText('验证码已发送至 138****0003')).toBeVisible();
    const codeInput = page.getByPlaceholder('6位验证码');
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(card.getByRole('alert')).toHaveText('验证码错误或已过期，请重新获取');
    await codeInput.fill(code);
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 3: a weak password, then a good one.
    const password = page.getByPlaceholder('请输入新密码');
    const confirm = page.getByPlaceholder('请确认新密码');
    await password.fill('abcdefgh');
    await confirm.fill('abcdefgh');
    await page.getByRole('button', { name: '确认重置' }).click();
    await visibleText(page, STRENGTH);
    await password.fill(CHANGED_PASSWORD);
    await confirm.fill(CHANGED_PASSWORD);
    await page.getByRole('button', { name: '确认重置' }).click();
    await visibleText(page, '密码重置成功');

    await page.getByRole('button', { name: '返回登录' }).click();
    await submitLogin(page, student.username, CHANGED_PASSWORD);
    await expect(page).toHaveURL(WORKPLACE_URL);
    await expect(page.getByRole('heading', { name: /^李明，/ })).toBeVisible();
  });
});

test.describe('修改密码', () => {
  const mentor = demoAccount('mentor01');
  test.afterEach(({ request }) => restoreDemoPassword(request, mentor.username, CHANGED_PASSWORD));

  const alterationForm = (page: Page) => ({
    card: page.getByRole('region', { name: '修改密码' }),
    username: page.getByPlaceholder('请输入用户账号'),
    oldPassword: page.getByPlaceholder('请输入旧密码'),
    password: page.getByPlaceholder('请输入新密码'),
    confirm: page.getByPlaceholder('请确认新密码'),
    submit: page.getByRole('button', { name: '确认修改' }),
  });

  test('an empty submit asks for every field', async ({ page }) => {
    await page.goto('#/user/alteration');
    await alterationForm(page).submit.click();

    for (const message of ['请输入用户账号!', '请输入旧密码!', STRENGTH, '请确认新密码!']) await visibleText(page, message);
  });

  test('mentor01 changes the password knowing the old one', async ({ page }) => {
    await page.goto('#/user/alteration');
    const form = alterationForm(page);
    await form.username.fill(mentor.username);
    await form.oldPassword.fill('Wrong@2026');
    await form.password.fill(CHANGED_PASSWORD);
    await form.confirm.fill(CHANGED_PASSWORD);
    await form.submit.click();
    await expect(form.card.getByRole('alert')).toHaveText('用户名或密码错误');

    await form.oldPassword.fill(DEMO_PASSWORD);
    await form.submit.click();
    await visibleText(page, '密码修改成功');

    await page.getByRole('button', { name: '返回登录' }).click();
    await submitLogin(page, mentor.username, CHANGED_PASSWORD);
    await expect(page).toHaveURL(WORKPLACE_URL);
    await expect(page.getByRole('heading', { name: /^张工，/ })).toBeVisible();
  });
});

test.describe('手机号登录', () => {
  const teacher = demoAccount('teacher01');

  test('teacher01 logs in with the SMS code after a wrong one', async ({ page }) => {
    await page.goto('#/user/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    const card = page.getByRole('region', { name: '手机号登录' });
    await expect(page.getByRole('tab', { name: '手机号登录' })).toHaveAttribute('aria-selected', 'true');

    const sentBefore = smsCodesFor(teacher.phone).length;
    await card.getByPlaceholder('请输入手机号').fill(teacher.phone);
    await card.getByRole('button', { name: '获取验证码' }).click();
    const code = await waitForNewSmsCode(teacher.phone, sentBefore);
    await expect(card.getByRole('button', { name: /^\d+秒后重发$/ })).toBeDisabled();

    const codeInput = card.getByPlaceholder('请输入6位验证码');
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await card.getByRole('button', { name: '登 录' }).click();
    await expect(card.getByRole('alert')).toHaveText('手机号或验证码错误');

    await codeInput.fill(code);
    await card.getByRole('button', { name: '登 录' }).click();
    await expect(page).toHaveURL(WORKPLACE_URL);
    await expect(page.getByRole('heading', { name: /^王老师，/ })).toBeVisible();
  });
});
