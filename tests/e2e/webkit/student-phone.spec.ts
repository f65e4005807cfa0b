import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { By, type WebDriver, type WebElement } from 'selenium-webdriver';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/internship.ts';
import { recordToday, schoolDateOf, type MyPlacementRecords, type RecordDetail } from '../../../contract/records.ts';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { apiCall } from '../support/api.ts';
import { quietStudent } from '../support/quiet-student.ts';
import { API_URL, SERVER_ORIGIN } from '../support/server.ts';
import { cuttableNetwork } from './support/cuttable-proxy.ts';
import { PHONE_SIZE, openWebKitPhone } from './support/webkit-phone.ts';

/**
 * A student's whole day on an iPhone's engine (issue 39), in WebKit through its WebDriver: log in, the
 * 工作台, 签到, a 周记 with a camera photo filed while the network is gone, a reload offline, the sync once
 * the network is back (one record, one photo, the device's time), the adviser's return and its comment
 * on the phone, and a 请假 refused on the device for overlapping one still queued.
 *
 * The student is one of teacher01's the Chromium specs never use, so what this flow files meets nothing
 * else on the server. Where WebKitGTK is not what an iPhone runs, the step says so.
 */
const SOME_SECONDS = 15_000;

/** Waits until the page (or the first element matching `css`) shows `text`. */
async function sees(driver: WebDriver, text: string, css = 'body', timeout = SOME_SECONDS): Promise<void> {
  await driver.wait(
    async () => {
      const shown = (await driver.executeScript<string | null>((selector: string) => (document.querySelector(selector) as HTMLElement | null)?.innerText ?? null, css)) ?? '';
      return shown.includes(text);
    },
    timeout,
    `页面上没有出现“${text}”（${css}）`,
  );
}

/** Waits until the list item that includes `item` (a week, a leave) shows `state` too. */
async function itemShows(driver: WebDriver, item: string, state: RegExp, timeout = SOME_SECONDS): Promise<void> {
  await driver.wait(
    async () => {
      const text = await driver.executeScript<string>(
        (wanted: string) => [...document.querySelectorAll<HTMLElement>('.my-records .adm-list-item')].find((element) => element.innerText.includes(wanted))?.innerText ?? '',
        item,
      );
      return state.test(text);
    },
    timeout,
    `“${item}”没有显示 ${state}`,
  );
}

/**
 * The first shown element matching `css` whose text includes `text`, once there is one: looked up in the
 * page, so a re-render between steps leaves no stale one, and never in the first paint (index.html's
 * login form and the kept home, shown before the app's scripts run and replaced by the app).
 */
async function find(driver: WebDriver, css: string, text = '', timeout = SOME_SECONDS): Promise<WebElement> {
  const found = await driver.wait(
    () =>
      driver.executeScript<WebElement | null>(
        (selector: string, wanted: string) =>
          [...document.querySelectorAll<HTMLElement>(selector)].find(
            (element) => !element.closest('#first-paint, #first-paint-home') && element.getClientRects().length > 0 && (element.innerText || element.textContent || '').includes(wanted),
          ) ?? null,
        css,
        text,
      ),
    timeout,
    `找不到“${text}”（${css}）`,
  );
  return found!;
}

/** Taps what `find` finds; a re-render that replaced it just before the tap gets it looked up again. */
async function tap(driver: WebDriver, css: string, text = '') {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await (await find(driver, css, text)).click();
    } catch (error) {
      if (attempt >= 2 || !(error instanceof Error) || error.name !== 'StaleElementReferenceError') throw error;
    }
  }
}

/**
 * Fills a field (found by its placeholder, or for a datetime-local by its label) as typing would end: its
 * value through the element's own setter, then the input event React listens to. WebKitGTK's WebDriver
 * under Xvfb types no shifted characters (D → d, @ → 2), and its datetime-local field loses a value set
 * while it has the focus (an iPhone shows its own keyboard and date wheel there).
 */
async function fill(driver: WebDriver, css: string, text: string) {
  const field = await find(driver, css);
  await driver.executeScript(
    (element: HTMLInputElement | HTMLTextAreaElement, next: string) => {
      const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, next);
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
    },
    field,
    text,
  );
}

const byPlaceholder = (placeholder: string) => `[placeholder="${placeholder}"]`;

const weekItem = (weekNo: number) => `第${weekNo}周（`;
/** A record on the device, not yet on the server: 待同步 before its first try, 等待重试 after one without the network. */
const WAITING = /待同步|等待重试/;

/** A 2400 × 1800 photo as a phone camera takes it, encoded by WebKit itself (JPEG, base64). */
async function cameraPhoto(driver: WebDriver): Promise<Buffer> {
  const base64 = await driver.executeAsyncScript<string>((done: (result: string) => void) => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 2400, 1800);
    gradient.addColorStop(0, '#3f7adb');
    gradient.addColorStop(1, '#f5a623');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 2400, 1800);
    for (let i = 0; i < 4000; i += 1) {
      context.fillStyle = `hsl(${i % 360} 60% 50%)`;
      context.fillRect((i * 7919) % 2400, (i * 104729) % 1800, 12, 12);
    }
    canvas.toBlob(
      (blob) => {
        const reader = new FileReader();
        reader.onload = () => done(String(reader.result).split(',')[1] ?? '');
        reader.readAsDataURL(blob!);
      },
      'image/jpeg',
      0.95,
    );
  });
  return Buffer.from(base64, 'base64');
}

/** A JPEG's width and height, from its first start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('not a JPEG');
}

test('a student on WebKit at 390 × 844: logs in, checks in, files a 周记 with a camera photo offline that syncs once, reads the return, and is refused an overlapping 请假', async ({ request }) => {
  test.setTimeout(240_000);
  const { adviser, student, token, weekNo, weekStart } = await quietStudent(request, 'webkitPhone');
  const network = await cuttableNetwork(SERVER_ORIGIN);
  const phone = await openWebKitPhone();
  const { driver } = phone;
  const photoDir = await mkdtemp(path.join(tmpdir(), 'webkit-photo-'));
  const app = `${network.origin}/teacher/`;
  try {
    await test.step('logs in through the form and lands on the 工作台 at the phone’s width', async () => {
      await driver.get(`${app}#/user/login`);
      await fill(driver, byPlaceholder('请输入用户账号'), student.studentNo);
      await fill(driver, byPlaceholder('请输入密码'), DEMO_PASSWORD);
      await tap(driver, 'button', '登 录');
      await driver.wait(async () => (await driver.getCurrentUrl()).endsWith('#/dashboard/workplace'), SOME_SECONDS, '登录后没有到工作台');
      await sees(driver, `${student.studentName}，`);
      for (const tile of ['签到', '周记', '请假']) await sees(driver, tile);
      expect(await driver.executeScript('return [innerWidth, navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone]')).toEqual([PHONE_SIZE.width, 'zh-CN', 'Asia/Shanghai']);
    });

    await test.step('the service worker controls the app from the first visit', async () => {
      await driver.wait(async () => driver.executeScript<boolean>('return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)'), 30_000, 'Service Worker 没有接管页面');
    });

    await test.step('签到 with one tap, after the note on Safari’s storage rule; WebKitGTK here gives no location, which the check-in says', async () => {
      await driver.get(`${app}#/internship/checkin`);
      // WebKit outside the home screen clears what a site keeps after 7 days unvisited: said once, on the
      // first record page the student opens.
      await sees(driver, '苹果手机上的浏览器会在 7 天没有打开本网站后清除它存在手机上的内容，包括还没提交的签到。', '.storage-note');
      await tap(driver, '.storage-note button', '知道了');
      await tap(driver, 'button', '签到');
      // No answer to the location prompt here: the check-in goes on without it after 15 s, and says so.
      await sees(driver, '今日已签到', 'body', 30_000);
      await sees(driver, '这次签到没有位置');
      const [placement] = await apiCall<MyPlacementRecords[]>(request, token, 'get', '/internship/checkin/mine');
      const today = placement!.slots.filter((s) => s.record && schoolDateOf(String(s.record.values.checkedAt)) === recordToday());
      expect(today.map((s) => s.record!.values.location)).toEqual(['unavailable']);
    });

    let submittedBy = 0;
    await test.step('writes the week’s 周记 with a camera photo while the network is gone: kept on the device, and said so', async () => {
      await driver.get(`${app}#/internship/weekly`);
      await sees(driver, weekItem(weekNo));
      await tap(driver, '.adm-list-item', weekItem(weekNo));
      await fill(driver, byPlaceholder('本周的工作内容、收获与体会'), '本周在测试组跟岗，学习了接口测试与缺陷记录的方法，整理了用例并跟踪修复情况。'.repeat(6));
      await find(driver, '.record-editor button', '提交', 30_000);

      const photoPath = path.join(photoDir, '工位照片.jpg');
      await writeFile(photoPath, await cameraPhoto(driver));
      network.cut();
      await driver.findElement(By.css('.record-editor input[type="file"][capture]')).sendKeys(photoPath);
      await driver.wait(async () => (await driver.findElements(By.css('.record-editor .adm-image-uploader-cell-image'))).length === 1, SOME_SECONDS, '照片没有加入周记');
      submittedBy = Date.now();
      await tap(driver, '.record-editor button', '提交');
      await sees(driver, '已保存在本机，联网后自动提交', 'body', 20_000);
      await itemShows(driver, weekItem(weekNo), WAITING);
      await sees(driver, '待同步 1', '.adm-nav-bar');
    });

    await test.step('a reload without the network still shows it waiting on the device', async () => {
      await driver.navigate().refresh();
      await itemShows(driver, weekItem(weekNo), WAITING, 30_000);
    });

    await test.step('the network is back: it syncs by itself, once, with its photo made small and the device’s submit time', async () => {
      const back = Date.now();
      network.restore();
      // The queue asks every 10 s whether the server answers, and sends at once when it does.
      await itemShows(driver, weekItem(weekNo), /已提交/, 20_000);
      const [placement] = await apiCall<MyPlacementRecords[]>(request, token, 'get', '/internship/weekly/mine');
      const slot = placement!.slots.find((s) => s.periodStart === weekStart)!;
      expect(slot.record?.status).toBe('submitted');
      const detail = await apiCall<RecordDetail>(request, token, 'get', `/internship/weekly/${slot.record!.id}`);
      expect(detail.attachments).toHaveLength(1);
      expect(detail.attachments[0]).toMatchObject({ mimeType: 'image/jpeg', fileName: '工位照片.jpg' });
      const submitted = Date.parse(detail.submittedAt!);
      expect(submitted).toBeGreaterThanOrEqual(submittedBy - 2_000);
      expect(submitted).toBeLessThan(back);
      const photo = await request.get(`${API_URL}/internship/attachments/${detail.attachments[0]!.id}`, { headers: { 'X-Access-Token': token } });
      expect(jpegSize(Buffer.from(await photo.body()))).toEqual({ width: 1600, height: 1200 });
    });

    await test.step('the adviser returns it; the student reads the comment on the phone', async () => {
      const [placement] = await apiCall<MyPlacementRecords[]>(request, token, 'get', '/internship/weekly/mine');
      const id = placement!.slots.find((s) => s.periodStart === weekStart)!.record!.id;
      const answer = await request.post(`${API_URL}/internship/weekly/${id}/review`, {
        headers: { 'X-Access-Token': adviser, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        data: { action: 'return', comment: '请补充本周遇到的问题和解决办法。' },
      });
      expect(((await answer.json()) as { success: boolean }).success).toBe(true);
      await driver.navigate().refresh();
      await itemShows(driver, weekItem(weekNo), /已退回/, 30_000);
      await tap(driver, '.adm-list-item', weekItem(weekNo));
      await sees(driver, '请补充本周遇到的问题和解决办法。', '.record-editor');
    });

    await test.step('a 请假 overlapping one still queued on the device is refused there, before it is sent', async () => {
      await driver.get(`${app}#/internship/leave`);
      await find(driver, 'button', '新建请假');
      network.cut();
      const day = new Date(Date.now() + 8 * 3_600_000 + 6 * 86_400_000).toISOString().slice(0, 10);
      const fileLeave = async (from: string, to: string) => {
        await tap(driver, 'button', '新建请假');
        await tap(driver, '.record-editor .adm-selector-item', '事假');
        await fill(driver, 'input[aria-label="开始时间"]', `${day}T${from}`);
        await fill(driver, 'input[aria-label="结束时间"]', `${day}T${to}`);
        await fill(driver, byPlaceholder('请说明请假原因与联系方式'), '家中有事，需请假半天。');
        await tap(driver, '.record-editor button', '提交');
      };
      await fileLeave('08:00', '12:00');
      await sees(driver, '已保存在本机，联网后自动提交', 'body', 20_000);
      await itemShows(driver, `${day.slice(5)} 08:00`, WAITING);
      await fileLeave('10:00', '11:00');
      await sees(driver, '与已有请假“事假', '.record-editor');
      await sees(driver, '”的时间重叠', '.record-editor');
      network.restore();
    });
  } catch (error) {
    // What the phone showed when it failed, kept beside the test's other output as Playwright keeps its own.
    const screen = test.info().outputPath('webkit-screen.png');
    const page = test.info().outputPath('webkit-page.txt');
    await writeFile(screen, Buffer.from(await driver.takeScreenshot(), 'base64')).catch(() => undefined);
    await writeFile(page, await driver.executeScript<string>('return location.href + "\\n\\n" + document.body.innerText').catch(() => ''));
    await test.info().attach('webkit-screen', { path: screen, contentType: 'image/png' }).catch(() => undefined);
    await test.info().attach('webkit-page', { path: page, contentType: 'text/plain' });
    throw error;
  } finally {
    await phone.close();
    await network.close();
    await rm(photoDir, { recursive: true, force: true });
  }
});
