import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHECKIN_FLAGS, RECORD_KINDS, type MyPlacementRecords, type RecordBrief } from '../../contract/records.ts';
import { DEMO_PASSWORD } from './support/accounts.ts';
import { apiCall, apiLogin } from './support/api.ts';
import { signInAs } from './support/auth.ts';
import { DESKTOP, PHONE } from './support/devices.ts';
import { quietStudent, type QuietStudent } from './support/quiet-student.ts';

/**
 * 上班 and 下班 with a photo (issue 35): while the running program asks for both, each with a photo, a student checks
 * in for work offline with the camera, about 2.2 km from where the office recorded the workplace, reloads, and goes
 * online: one 上班 reaches the server, flagged with its distance, its photo sealed; 下班 follows at the workplace. The
 * adviser's 今日签到 shows both times, the flag and the sealed photos. The program asks for one check-in a day without
 * a photo again afterwards (the other specs of the lane count on it).
 */

const PROGRAM = '/internshipprogram/ti01';
const WORKPLACE = { latitude: 23.0407, longitude: 113.7518 };
/** 0.02° south of the workplace: about 2.2 km. */
const AWAY = { latitude: 23.0207, longitude: 113.7518, accuracy: 20 };
const OUTSIDE = `${CHECKIN_FLAGS.outside}（距实习单位 2.2 公里）`;

let quiet: QuietStudent;
let programId: string;

const officeToken = async (request: APIRequestContext) => (await apiLogin(request, 'office01', DEMO_PASSWORD))!;
async function askFor(request: APIRequestContext, checkinMode: 'single' | 'pair', checkinPhoto: boolean) {
  const office = await officeToken(request);
  const program = await apiCall<Record<string, unknown>>(request, office, 'get', `${PROGRAM}/queryById`, { id: programId });
  await apiCall(request, office, 'put', `${PROGRAM}/edit`, { ...program, checkinMode, checkinPhoto });
}
/** A photo from the phone's camera: the button opens it, the file chooser gets the picture. */
async function takePhoto(page: Page, button: string, colour: string) {
  const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } }).jpeg().toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: picture });
}
const todays = async (request: APIRequestContext): Promise<RecordBrief[]> => {
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const placements = await apiCall<MyPlacementRecords[]>(request, quiet.token, 'get', `${RECORD_KINDS.checkin.base}/mine`);
  return placements.flatMap((p) => p.slots.filter((s) => s.periodStart === today && s.record).map((s) => s.record!));
};

test.describe.configure({ mode: 'serial' });

test.describe('上班与下班签到', () => {
  test.beforeAll(async ({ request }) => {
    quiet = await quietStudent(request, 'checkinPair');
    const office = await officeToken(request);
    const placement = await apiCall<Record<string, unknown>>(request, office, 'get', '/internship/placement/queryById', { id: quiet.enrolmentId });
    programId = placement.programId as string;
    await apiCall(request, office, 'put', '/internship/placement/edit', { ...placement, workAddress: '东莞市南城区', workLatitude: WORKPLACE.latitude, workLongitude: WORKPLACE.longitude, workRadius: 500 });
    await askFor(request, 'pair', true);
  });
  test.afterAll(async ({ request }) => askFor(request, 'single', false));

  test.describe('学生（手机 390×844，离线）', () => {
    test.use({ ...PHONE, serviceWorkers: 'allow' });

    test('checks in for work offline outside the radius, reloads, goes online: one 上班, flagged with its distance; then 下班', async ({ page, context, request }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation(AWAY);
      await signInAs(page, quiet.student.studentNo, '#/internship/checkin');
      await expect(page.getByRole('button', { name: '拍照上班签到' })).toBeVisible();
      await expect(page.getByText('本计划签到需拍照')).toBeVisible();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });

      await context.setOffline(true);
      await takePhoto(page, '拍照上班签到', '#7a9cc6');
      await expect(page.getByText(/今日已上班签到 \d\d:\d\d · 已定位（精度约 20 米）/)).toBeVisible();
      await expect(page.getByRole('button', { name: '拍照下班签到' })).toBeVisible();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await expect(page.getByText(/今日已上班签到 \d\d:\d\d/)).toBeVisible();
      await context.setOffline(false);
      const entry = page.locator('.my-records .adm-list-item').filter({ hasText: '上班签到' });
      await expect(entry).toContainText('已签到', { timeout: 30_000 });
      const [sent] = await todays(request);
      expect(await todays(request)).toHaveLength(1);
      expect(sent!.values.shift).toBe('in');
      expect(sent!.attachmentCount).toBe(1);
      // Late in the evening the night flag joins it.
      expect(sent!.notes).toContain(OUTSIDE);
      expect(sent!.notes).not.toContain(CHECKIN_FLAGS.noPhoto);

      await context.setGeolocation({ ...WORKPLACE, accuracy: 15 });
      await takePhoto(page, '拍照下班签到', '#c6a07a');
      await expect(page.getByText(/今日已下班签到 \d\d:\d\d · 已定位（精度约 15 米）/)).toBeVisible();
      await expect(page.getByRole('button', { name: /签到$/ })).toHaveCount(0);
      await expect.poll(async () => (await todays(request)).map((r) => r.values.shift).sort()).toEqual(['in', 'out']);
    });
  });

  test.describe('指导教师（桌面 1440×900）', () => {
    test.use(DESKTOP);

    test('sees both times of the day, the distance of 上班 outside the radius and both photos as sealed', async ({ page }) => {
      await signInAs(page, quiet.adviserNo, '#/internship/checkin-daily');
      const row = page.getByRole('row').filter({ hasText: quiet.student.studentNo });
      await expect(row).toContainText(OUTSIDE);
      await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d\d:\d\d$/);
      const photos = row.getByRole('button', { name: /^查看图片/ });
      await expect(photos).toHaveCount(2);
      // What the adviser sees is the sealed image: the photo's colour above, the dark band across its bottom.
      const [above, band] = await photos.first().locator('img').evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0);
        const mean = (y: number) => {
          const { data } = context.getImageData(0, Math.floor(canvas.height * y), canvas.width, 1);
          let sum = 0;
          for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
          return sum / (data.length / 4);
        };
        return [mean(0.5), mean(0.995)];
      });
      expect(above).toBeGreaterThan(140);
      expect(band).toBeLessThan(above - 60);
    });

    test('confirms a workplace that a student’s first check-ins propose', async ({ page }) => {
      await signInAs(page, quiet.adviserNo, '#/internship/checkin-daily');
      const folded = page.locator('.workplace-proposals');
      const summary = folded.locator('summary');
      await expect(summary).toHaveText(/签到位置建议的实习地点（\d+）/);
      const count = Number(/（(\d+)）/.exec((await summary.textContent()) ?? '')![1]);
      await summary.click();
      const first = folded.getByRole('listitem').first();
      const name = (await first.locator('.workplace-proposals__who').textContent())!.split(' ')[0]!;
      await expect(first).toContainText(/\d+\.\d{6}, \d+\.\d{6}（.+ 签到，最远相距 \d+ 米）/);
      await first.getByRole('button', { name: `确认${name}的实习地点` }).click();
      await expect(folded.getByRole('status')).toHaveText(`已确认${name}的实习地点`);
      await expect(summary).toHaveText(`签到位置建议的实习地点（${count - 1}）`);
    });
  });
});
