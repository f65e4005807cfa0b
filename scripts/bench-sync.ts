/**
 * npm run bench:sync — 200 records of several kinds queued offline (150 周记, 40 月报, 10 请假), each with a
 * ~200 KB photo, synced against the local server.
 *
 * The server keeps one 周记 a week and one 月报 a month, and a student's leaves may not overlap, so the
 * database is prepared first, in this process, through the server's own modules: migrations, the demo
 * school, and for student01 one more running placement that began ENTRIES + 4 weeks ago
 * (.tmp/bench-sync-data). Then the real server starts on it (port 8892) with the app from dist/ when it
 * is current, else from a build of our own (.tmp/bench-sync-dist). In Debian's Chromium at 390×844: log
 * in as student01, open 我的周记, go offline, put the entries into IndexedDB exactly as the app stores them
 * (kinds 'record:weekly', 'record:monthly', 'record:leave', a random-noise PNG per entry as a blob), reload
 * offline so the app sees them, go online and poll the outbox every 250 ms until nothing waits. Prints the
 * seconds from the page's 'online' event to the last entry synced, and what the server holds of each kind.
 * Exits 1 unless the server holds all ENTRIES (target: within 10 s on 2 cores).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { addDays, mondayOf, schoolToday } from '../contract/internship.ts';
import { RECORD_KINDS, type MyPlacementRecords } from '../contract/records.ts';
import { openDatabase } from '../server/db/database.ts';
import { internshipEnrolment, internshipProgram, sysUser } from '../server/db/schema.ts';
import { seedDemo } from '../server/db/seed.ts';
import { PHONE, ROOT, appUrl, distToServe, launchChromium, logInThroughForm, runBench, startServer, stopServer, waitUntilServing } from './bench-support.ts';

const PORT = 8892;
const APP_URL = appUrl(PORT);
const API_URL = `http://127.0.0.1:${PORT}/api`;
const DATA_DIR = '.tmp/bench-sync-data';
const OWN_DIST = '.tmp/bench-sync-dist';
/** The mix of kinds: the server must end up holding each of them. */
const MIX = { weekly: 150, monthly: 40, leave: 10 } as const;
type BenchKind = keyof typeof MIX;
const ENTRIES = MIX.weekly + MIX.monthly + MIX.leave;
/** A 256×266 RGB PNG of random noise (incompressible): 204,554 bytes of pixels, ≈ 200 KB as a file. */
const PHOTO_WIDTH = 256;
const PHOTO_HEIGHT = 266;
const POLL_MS = 250;
const SYNC_TIMEOUT_MS = 15 * 60_000;
/** Well over the program minimum (200 characters without white space). */
const CONTENT = '本周在测试组跟岗，执行回归测试用例，记录并跟踪缺陷，参加站会汇报进度，课余时间学习接口测试与数据库知识。'.repeat(7);


/** One record to queue: its kind and its body (the kind's fields; the bench adds the photo). */
interface Item {
  kind: BenchKind;
  payload: Record<string, unknown>;
}
interface Prepared {
  enrolmentId: string;
  items: Item[];
}

const firstOfMonths = (start: string, count: number) => {
  const [year, month] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  return Array.from({ length: count }, (_, i) => {
    const m = month - 1 + i + 1;
    return `${year + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
  });
};
/** A moment of a school day (Beijing time) as an instant. */
const schoolInstant = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`).toISOString();

/**
 * A fresh database with the demo school and, for student01, a running enrolment long enough for
 * ENTRIES weeks (all Mondays in the past, as the PUT requires).
 */
async function prepareDatabase(): Promise<Prepared> {
  rmSync(path.join(ROOT, DATA_DIR), { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: path.join(ROOT, DATA_DIR) });
  try {
    const { db } = handle;
    await seedDemo(db);
    const userId = async (username: string) => (await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0]!.id;
    // Long enough for the weeks and for the months (40 months are about 174 weeks).
    const start = addDays(mondayOf(schoolToday()), -7 * (ENTRIES + 4));
    const end = addDays(schoolToday(), 30);
    const [program] = await db
      .insert(internshipProgram)
      .values({ name: '同步压力测试实习', type: 'post', term: 'bench:sync', startDate: start, endDate: end, minWeeklyLength: 200, minWeeklyCount: 0, status: 'running' })
      .returning({ id: internshipProgram.id });
    const [enrolment] = await db
      .insert(internshipEnrolment)
      .values({ programId: program!.id, studentUserId: await userId('student01'), adviserUserId: await userId('teacher01'), post: '压力测试', startDate: start, endDate: end, status: 'active' })
      .returning({ id: internshipEnrolment.id });
    const enrolmentId = enrolment!.id;
    const title = (label: string, i: number) => `${label}（同步压力测试 ${i + 1}）`;
    const items: Item[] = [
      ...Array.from({ length: MIX.weekly }, (_, i): Item => ({ kind: 'weekly', payload: { enrolmentId, periodStart: addDays(start, 7 * i), title: title('周记', i), content: CONTENT } })),
      // The months after the first (a placement begun mid-month still has its first month, but the bench keeps to whole ones).
      ...firstOfMonths(start, MIX.monthly).map((first, i): Item => ({ kind: 'monthly', payload: { enrolmentId, periodStart: first, title: title('月报', i), content: CONTENT } })),
      // One day each, a week apart, within the placement: no two overlap.
      ...Array.from({ length: MIX.leave }, (_, i): Item => {
        const day = addDays(start, 7 * i + 2);
        return { kind: 'leave', payload: { enrolmentId, leaveType: 'personal', startsAt: schoolInstant(day, '09:00'), endsAt: schoolInstant(day, '17:00'), content: '家中有事，请假一天。联系电话13800000000。' } };
      }),
    ];
    return { enrolmentId, items };
  } finally {
    await handle.close();
  }
}

/** A value the app keeps in localStorage as {value, expire} (src/lib/storage.ts). */
async function stored<T>(page: Page, key: string): Promise<T> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key);
  if (raw === null) throw new Error(`localStorage 中没有 ${key}`);
  return (JSON.parse(raw) as { value: T }).value;
}

interface QueueArgs {
  userId: string;
  items: Item[];
  width: number;
  height: number;
}

/*
 * Page-side code is passed as strings: tsx wraps a function's inner names in a helper (__name) the
 * page does not have.
 */

/**
 * Puts one outbox entry per week into the app's IndexedDB (Dexie 'isps-offline', table outbox) in
 * the shape src/offline/outbox.ts stores and src/features/internship/api/submit-weekly.ts replays,
 * each with its own PNG of random noise (zlib by CompressionStream, CRC-32 by hand). Answers the
 * number of entries and the bytes of their photos.
 */
const QUEUE_SCRIPT = `async (args) => {
  const crcTable = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crcTable[n] = c >>> 0;
  }
  const crc32 = (bytes) => {
    let c = 0xffffffff;
    for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const png = async () => {
    const rowBytes = 1 + args.width * 3;
    const raw = new Uint8Array(rowBytes * args.height);
    for (let offset = 0; offset < raw.length; offset += 65536) crypto.getRandomValues(raw.subarray(offset, Math.min(raw.length, offset + 65536)));
    for (let row = 0; row < args.height; row++) raw[row * rowBytes] = 0; // filter type None
    const zlib = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer());
    const header = new Uint8Array(13);
    const hv = new DataView(header.buffer);
    hv.setUint32(0, args.width);
    hv.setUint32(4, args.height);
    header[8] = 8; // bit depth
    header[9] = 2; // colour type RGB
    const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return new Blob([signature, chunk('IHDR', header), chunk('IDAT', zlib), chunk('IEND', new Uint8Array(0))], { type: 'image/png' });
  };

  const now = Date.now();
  const entries = [];
  let bytes = 0;
  for (const [i, item] of args.items.entries()) {
    const blob = await png();
    bytes += blob.size;
    const fileId = crypto.randomUUID();
    const no = String(i + 1).padStart(3, '0');
    entries.push({
      id: crypto.randomUUID(),
      kind: 'record:' + item.kind,
      userId: args.userId,
      payload: { ...item.payload, submit: true, attachmentIds: [fileId], version: now + i },
      files: [{ id: fileId, name: '照片-' + no + '.png', type: 'image/png', blob }],
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      error: null,
      createdAt: now + i,
      updatedAt: now + i,
    });
  }
  await new Promise((resolve, reject) => {
    const open = indexedDB.open('isps-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const idb = open.result;
      const tx = idb.transaction('outbox', 'readwrite');
      for (const entry of entries) tx.objectStore('outbox').put(entry);
      tx.oncomplete = () => { idb.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  });
  return { count: entries.length, bytes };
}`;

interface OutboxCounts {
  pending: number;
  syncing: number;
  retrying: number;
  synced: number;
  'needs-fix': number;
  /** Latest updatedAt of a synced entry (ms since epoch), 0 when none. */
  lastSyncedAt: number;
  /** The first needs-fix or retrying message, to show what went wrong. */
  error: string | null;
}

/** Entries of the outbox by state, read straight from IndexedDB. */
const COUNT_SCRIPT = `() => new Promise((resolve, reject) => {
  const open = indexedDB.open('isps-offline');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const idb = open.result;
    const all = idb.transaction('outbox').objectStore('outbox').openCursor();
    const counts = { pending: 0, syncing: 0, retrying: 0, synced: 0, 'needs-fix': 0, lastSyncedAt: 0, error: null };
    all.onerror = () => reject(all.error);
    all.onsuccess = () => {
      const cursor = all.result;
      if (!cursor) { idb.close(); return resolve(counts); }
      const e = cursor.value;
      counts[e.state] = (counts[e.state] || 0) + 1;
      if (e.state === 'synced') counts.lastSyncedAt = Math.max(counts.lastSyncedAt, e.updatedAt);
      if (e.error && counts.error === null) counts.error = e.error;
      cursor.continue();
    };
  };
})`;

const countOutbox = (page: Page) => page.evaluate<OutboxCounts>(`(${COUNT_SCRIPT})()`);
const waitingIn = (c: OutboxCounts) => c.pending + c.syncing + c.retrying;

/** What the server holds of the bench's placement, by kind: records submitted (a leave: 审批中), and their photos. */
async function serverCount(token: string, enrolmentId: string): Promise<{ submitted: number; photos: number; byKind: Record<BenchKind, number> }> {
  const byKind = { weekly: 0, monthly: 0, leave: 0 };
  let photos = 0;
  for (const kind of Object.keys(MIX) as BenchKind[]) {
    const base = RECORD_KINDS[kind].base;
    const response = await fetch(`${API_URL}${base}/mine`, { headers: { 'X-Access-Token': token } });
    const body = (await response.json()) as { success: boolean; message: string; result: MyPlacementRecords[] };
    if (!body.success) throw new Error(`GET ${base}/mine: ${body.message}`);
    const held = (body.result.find((e) => e.id === enrolmentId)?.slots ?? []).filter((w) => w.record?.status === 'submitted' || w.record?.status === 'pending');
    byKind[kind] = held.length;
    photos += held.reduce((n, w) => n + (w.record?.attachmentCount ?? 0), 0);
  }
  return { submitted: byKind.weekly + byKind.monthly + byKind.leave, photos, byKind };
}

async function run(page: Page, prepared: Prepared) {
  await logInThroughForm(page, '#/user/login', 'student01');
  await page.goto('#/internship/weekly');
  await page.locator('.my-records .adm-list-item').first().waitFor({ timeout: 30_000 });
  // The offline reload below is answered by the service worker.
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 60_000 });
  const userId = (await stored<{ id: string }>(page, 'Login_Userinfo')).id;
  const token = await stored<string>(page, 'Access-Token');

  const context = page.context();
  await context.setOffline(true);
  const args: QueueArgs = { userId, items: prepared.items, width: PHOTO_WIDTH, height: PHOTO_HEIGHT };
  const queued = await page.evaluate<{ count: number; bytes: number }>(`(${QUEUE_SCRIPT})(${JSON.stringify(args)})`);
  // Leaving while records wait asks first: stay on course.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.locator('.my-records__waiting').filter({ hasText: String(ENTRIES) }).waitFor({ timeout: 60_000 });
  const before = await countOutbox(page);
  if (before.pending !== ENTRIES) throw new Error(`离线重新加载后待同步 ${before.pending} 条，应为 ${ENTRIES} 条`);

  await page.evaluate(`window.addEventListener('online', () => { window.__benchOnlineAt = Date.now(); }, { once: true })`);
  const requests = watchRequests(page);
  const started = Date.now();
  await context.setOffline(false);
  let counts = before;
  while (waitingIn(counts) > 0) {
    if (Date.now() - started > SYNC_TIMEOUT_MS) throw new Error(`${SYNC_TIMEOUT_MS / 60_000} 分钟后仍有 ${waitingIn(counts)} 条未同步：${JSON.stringify(counts)}`);
    await page.waitForTimeout(POLL_MS);
    counts = await countOutbox(page);
  }
  const polledMs = Date.now() - started;
  requests.stop();
  const onlineAt = (await page.evaluate('window.__benchOnlineAt')) as number | undefined;
  const seconds = onlineAt && counts.lastSyncedAt ? (counts.lastSyncedAt - onlineAt) / 1000 : polledMs / 1000;
  const server = await serverCount(token, prepared.enrolmentId);
  return { queued, counts, seconds, polledSeconds: polledMs / 1000, onlineEventSeen: Boolean(onlineAt), server, requests: requests.stats };
}

type RequestKind = 'upload' | 'put' | 'mine' | 'other';
interface RequestStats {
  count: number;
  /** Request start to the end of the answer, as the browser timed it. */
  totalMs: number;
  durations: number[];
}

/** API requests during the sync by what they are, with their durations: where the time goes. */
function watchRequests(page: Page) {
  const stats: Record<RequestKind, RequestStats> = {
    upload: { count: 0, totalMs: 0, durations: [] },
    put: { count: 0, totalMs: 0, durations: [] },
    mine: { count: 0, totalMs: 0, durations: [] },
    other: { count: 0, totalMs: 0, durations: [] },
  };
  const listener = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    const kind: RequestKind = pathname.endsWith('/attachments') ? 'upload' : request.method() === 'PUT' ? 'put' : pathname.endsWith('/mine') ? 'mine' : 'other';
    const ms = request.timing().responseEnd;
    stats[kind].count += 1;
    if (ms > 0) {
      stats[kind].totalMs += ms;
      stats[kind].durations.push(ms);
    }
  };
  page.on('requestfinished', listener);
  return { stats, stop: () => page.off('requestfinished', listener) };
}

/** Terminal columns of a string: CJK characters take two. */
const width = (text: string) => [...text].reduce((w, ch) => w + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1), 0);
const padEnd = (text: string, columns: number) => text + ' '.repeat(Math.max(0, columns - width(text)));

function report(result: Awaited<ReturnType<typeof run>>, distDir: string) {
  const { queued, counts, seconds, polledSeconds, onlineEventSeen, server, requests } = result;
  const mb = queued.bytes / (1024 * 1024);
  const rows: [string, string][] = [
    ['条目 entries', String(queued.count)],
    ['照片 photo (each, avg)', `${(queued.bytes / queued.count / 1024).toFixed(1)} KB`],
    ['总量 total', `${mb.toFixed(1)} MB`],
    ['用时 seconds (online → all synced)', `${seconds.toFixed(1)} s`],
    ['速率 records/s', (queued.count / seconds).toFixed(2)],
    ['吞吐 throughput', `${(mb / seconds).toFixed(2)} MB/s`],
    ['本机结果 outbox after', `synced ${counts.synced}, needs-fix ${counts['needs-fix']}, waiting ${waitingIn(counts)}`],
    ['服务器 server count (已提交 submitted)', `${server.submitted} / ${ENTRIES}（周记 ${server.byKind.weekly}/${MIX.weekly}，月报 ${server.byKind.monthly}/${MIX.monthly}，请假 ${server.byKind.leave}/${MIX.leave}）`],
    ['服务器照片 server photos', String(server.photos)],
  ];
  const labelWidth = Math.max(...rows.map(([label]) => width(label)));
  console.log(`\n离线队列同步 outbox sync — 手机 390×844, Chromium, ${APP_URL} (${distDir}), 1 KB = 1024 B\n`);
  for (const [label, value] of rows) console.log(`${padEnd(label, labelWidth)}   ${value}`);
  console.log(
    `\n用时从页面的 'online' 事件到最后一条变为 synced（outbox 的 updatedAt）；${onlineEventSeen ? '' : "没有收到 'online' 事件，改用 "}` +
      `轮询 (每 ${POLL_MS} ms) 看到全部完成用了 ${polledSeconds.toFixed(1)} s。`,
  );
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log('\n同步期间的请求 requests during the sync (count, median ms, total s):');
  for (const [kind, label] of [
    ['upload', 'POST …/attachments'],
    ['put', 'PUT {kind}/{id}'],
    ['mine', 'GET {kind}/mine'],
    ['other', 'other /api'],
  ] as const) {
    const r = requests[kind];
    console.log(`  ${label.padEnd(30)} ${String(r.count).padStart(4)}   ${mid(r.durations).toFixed(0).padStart(6)} ms   ${(r.totalMs / 1000).toFixed(1).padStart(6)} s`);
  }
  if (counts.error) console.log(`注意 note: ${counts.error}`);
}

async function main(): Promise<number> {
  const distDir = distToServe(OWN_DIST);
  const prepared = await prepareDatabase();
  const server = startServer({ port: PORT, dataDir: DATA_DIR, distDir, freshData: false });
  try {
    await waitUntilServing(server, APP_URL);
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ ...PHONE, locale: 'zh-CN', baseURL: APP_URL });
      const result = await run(await context.newPage(), prepared);
      report(result, distDir);
      await context.close();
      const ok = result.server.submitted === ENTRIES;
      if (!ok) console.error(`服务器上有 ${result.server.submitted} 条已提交的记录，应为 ${ENTRIES} 条`);
      return ok ? 0 : 1;
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(server);
  }
}

runBench(main);
