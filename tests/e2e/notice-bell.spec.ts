import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

const NOTICE = '关于做好2026年岗位实习工作的通知';
const SYSTEM_MESSAGE = '平台已升级，支持离线填写实习记录';
const TABLET = { viewport: { width: 900, height: 1000 }, isMobile: false, hasTouch: false } as const;

/**
 * Marking read changes the server's state for later tests, so each screen uses its own account, one that
 * no earlier spec sends messages to (approvals and 互动 tell student01, teacher01, mentor01 and office01):
 * a student of 2024级, a teacher of 机电工程学院 and one of 经济管理 (neither an adviser of the running 岗位实习, whose
 * advisers hear of its warnings; 陈主任 is one). Every account starts with the demo 通知 and 系统消息 unread.
 */
const SCREENS = [
  { name: '手机 390×844', device: PHONE, username: '2024010102', phone: true },
  { name: '平板 900×1000', device: TABLET, username: 'T2009021', phone: false },
  { name: '桌面 1440×900', device: DESKTOP, username: 'T2017041', phone: false },
];

const bell = (page: Page) => page.getByRole('button', { name: /^消息通知/ });

/** The bell's list: the antd popover (desktop, tablet) or the antd-mobile sheet (phone). */
const noticeList = (page: Page, phone: boolean) => (phone ? page.getByRole('dialog', { name: '消息通知' }) : page.locator('.ant-popover').filter({ has: page.getByRole('tablist') }));

for (const { name, device, username, phone } of SCREENS) {
  test.describe(`消息通知（${name}）`, () => {
    test.use(device);

    test(`${username} sees 2 unread, reads the 通知, and finds both in 我的消息`, async ({ page }) => {
      await signInAs(page, username);

      await expect(bell(page)).toHaveAccessibleName('消息通知，2条未读');
      await expect(bell(page)).toHaveText('2');

      await bell(page).click();
      const list = noticeList(page, phone);
      await expect(list.getByRole('tab', { name: '通知(1)' })).toBeVisible();
      await expect(list.getByRole('tab', { name: '系统消息(1)' })).toBeVisible();
      const item = list.getByRole('button', { name: new RegExp(NOTICE) });
      await expect(item).toContainText('重要');
      await item.click();

      const detail = page.getByRole('dialog', { name: NOTICE });
      await expect(detail).toBeVisible();
      await expect(detail.getByText('发布人：系统管理员')).toBeVisible();
      await expect(detail.getByText('各位同学：请按时在平台提交周记和月报，指导教师将在7天内批阅。')).toBeVisible();
      await detail.getByRole('button', { name: /^(关闭|Close)$/ }).first().click();
      await expect(detail).toBeHidden();

      await expect(bell(page)).toHaveAccessibleName('消息通知，1条未读');
      await expect(bell(page)).toHaveText('1');

      await bell(page).click();
      await expect(list.getByRole('tab', { name: '通知(0)' })).toBeVisible();
      await list.getByRole('button', { name: '查看更多' }).click();

      await expect(page).toHaveURL(/#\/isps\/userAnnouncement$/);
      const messages = page.getByRole('region', { name: '我的消息' });
      await expect(messages.getByText(NOTICE)).toBeVisible();
      await expect(messages.getByText(SYSTEM_MESSAGE)).toBeVisible();
      const entry = (title: string) => (phone ? messages.getByRole('listitem') : messages.getByRole('row')).filter({ hasText: title });
      await expect(entry(NOTICE)).toContainText('已读');
      await expect(entry(SYSTEM_MESSAGE)).toContainText('未读');

      // The unread filter leaves the 系统消息 only; opening it from here marks it read too.
      await (phone ? messages.getByRole('tab', { name: '未读' }) : messages.getByRole('radiogroup', { name: '按已读状态筛选' }).getByText('未读')).click();
      await expect(messages.getByText(NOTICE)).toBeHidden();
      await messages.getByText(SYSTEM_MESSAGE).click();
      const second = page.getByRole('dialog', { name: SYSTEM_MESSAGE });
      await expect(second.getByText('在校园网络不稳定时，记录会先保存在手机上，联网后自动提交。')).toBeVisible();
      await second.getByRole('button', { name: /^(关闭|Close)$/ }).first().click();
      await expect(bell(page)).toHaveAccessibleName('消息通知');
      await expect(messages.getByText(SYSTEM_MESSAGE)).toBeHidden();
      await expect(messages.getByText('暂无消息')).toBeVisible();
    });
  });
}
