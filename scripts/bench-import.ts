/**
 * npm run bench:import — 5,000 students with their login accounts imported from one Excel file through the
 * real HTTP route (POST <api>/basic/student/importExcel), on PGlite.
 *
 * The real server starts with the demo school on a fresh data directory of its own (.tmp/bench-import-data,
 * port 8894, no app needed). The administrator logs in, adds a major and a class, and uploads a .xlsx of
 * STUDENTS rows (学号, 姓名, 性别, 出生日期, 手机号码, 班级 by its code, 年级, 学籍状态, one 初始密码), as a
 * school's file would be, written with exceljs. Prints the seconds of the import (upload to answer), then
 * imports the same file again, which must change nothing. Exits 1 when an answer is not the one expected,
 * the list does not hold the students, or the first import takes over TARGET_SECONDS.
 */
import { createCipheriv } from 'node:crypto';
import ExcelJS from 'exceljs';
import { CLASS_RESOURCE, MAJOR_RESOURCE, STUDENT_RESOURCE } from '../contract/basic-data.ts';
import { resourceUrl } from '../contract/resource.ts';
import { DEMO_PASSWORD } from '../server/db/seed.ts';
import { exitCodeOf, runBench, startServer, stopServer, waitUntilServing } from './bench-support.ts';

const PORT = 8894;
const API_URL = `http://127.0.0.1:${PORT}/api`;
const DATA_DIR = '.tmp/bench-import-data';
const STUDENTS = 5_000;
const TARGET_SECONDS = 30;
const INITIAL_PASSWORD = 'Start@2026';
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = ['子涵', '浩然', '欣怡', '梓轩', '雨桐', '宇航', '思远', '佳琪', '俊杰', '诗雨', '明轩', '若曦'];

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

async function call<T>(url: string, init: RequestInit = {}, token?: string): Promise<Envelope<T>> {
  const response = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), ...(token ? { 'X-Access-Token': token } : {}) } });
  return (await response.json()) as Envelope<T>;
}

async function login(): Promise<string> {
  const { key, iv } = (await call<{ key: string; iv: string }>(`${API_URL}/sys/getEncryptedString`)).result;
  const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  const password = Buffer.concat([cipher.update(DEMO_PASSWORD, 'utf8'), cipher.final()]).toString('base64');
  const answer = await call<{ token: string }>(`${API_URL}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
  if (!answer.success) throw new Error(`管理员登录失败：${answer.message}`);
  return answer.result.token;
}

const post = <T>(url: string, body: object, token: string) => call<T>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, token);

/** A class of its own, in a major of the demo school's first 院系. */
async function makeClass(token: string): Promise<string> {
  const major = await post<{ id: string }>(`${API_URL}${resourceUrl(MAJOR_RESOURCE, 'add')}`, { code: 'BENCHM01', name: '导入测试专业', departId: 'dep-info', level: '2', years: 3 }, token);
  if (!major.success) throw new Error(`添加专业失败：${major.message}`);
  const klass = await post<{ code: string }>(`${API_URL}${resourceUrl(CLASS_RESOURCE, 'add')}`, { code: 'BENCHK01', name: '导入测试班', majorId: major.result.id, grade: 2026 }, token);
  if (!klass.success) throw new Error(`添加班级失败：${klass.message}`);
  return klass.result.code;
}

/** STUDENTS rows as a school's sheet has them: a title row, then the template's headers. */
async function studentFile(classCode: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学生');
  sheet.addRow(['2026级学生名单']);
  sheet.addRow(['学号', '姓名', '性别', '出生日期', '手机号码', '班级', '年级', '学籍状态', '初始密码']);
  for (let i = 0; i < STUDENTS; i += 1) {
    const name = `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}`;
    const birthday = `2008-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    sheet.addRow([`B2026${String(i).padStart(5, '0')}`, name, i % 2 === 0 ? '男' : '女', birthday, `1970000${String(i).padStart(4, '0')}`, classCode, 2026, '在读', INITIAL_PASSWORD]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The import dialog's upload: multipart, the file as files[]; the answer and its seconds. */
async function upload(content: Buffer, token: string): Promise<{ answer: Envelope<null>; seconds: number }> {
  const form = new FormData();
  form.append('files[]', new Blob([new Uint8Array(content)]), '学生名单.xlsx');
  const started = performance.now();
  const answer = await call<null>(`${API_URL}${resourceUrl(STUDENT_RESOURCE, 'importExcel')}`, { method: 'POST', body: form }, token);
  return { answer, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<number> {
  const server = startServer({ port: PORT, dataDir: DATA_DIR });
  try {
    await waitUntilServing(server, `${API_URL}/sys/ping`);
    const token = await login();
    const file = await studentFile(await makeClass(token));
    console.log(`文件：${STUDENTS} 名学生，${(file.length / 1024).toFixed(0)} KB`);

    const first = await upload(file, token);
    console.log(`导入 ${STUDENTS} 名学生（含账号）：${first.seconds.toFixed(1)} 秒 — ${first.answer.message}`);
    const again = await upload(file, token);
    console.log(`同一文件再导入：${again.seconds.toFixed(1)} 秒 — ${again.answer.message}`);

    const listed = await call<{ total: number }>(`${API_URL}${resourceUrl(STUDENT_RESOURCE, 'list')}?studentNo=B2026&pageSize=1`, {}, token);
    return exitCodeOf([
      first.answer.message === `导入成功，共${STUDENTS}条` ? null : '第一次导入没有全部成功',
      again.answer.message === `导入成功，新增0条，${STUDENTS}条已存在（按学号匹配，未修改）` ? null : '再次导入不应改变任何数据',
      listed.result.total === STUDENTS ? null : `列表中有 ${listed.result.total} 名导入的学生，应为 ${STUDENTS}`,
      first.seconds <= TARGET_SECONDS ? null : `导入用时超过 ${TARGET_SECONDS} 秒`,
    ]);
  } finally {
    await stopServer(server);
  }
}

runBench(main);
