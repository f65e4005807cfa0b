/**
 * The school of 20,000 students the list and API benchmarks run against, prepared through the server's
 * own modules: migrations, the demo school (2,000 students), then 18,000 more students with their
 * accounts in 225 more classes, inserted in bulk, and VACUUM (ANALYZE) as the seed does. On PGlite it
 * lives in a data directory; on PostgreSQL (DATABASE_URL) in a database of its own on that server.
 * A benchmark may ask for fewer more students (bench:peak: none on PGlite) and add its own rows after.
 */
import { createCipheriv } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/database.ts';
import { DEMO_ACCOUNTS, MAJORS, demoClass, demoSchool, makeStudents, phoneMaker, seededRandom, type DemoClass } from '../server/db/demo-school.ts';
import { basicClass, basicStudent, sysUser } from '../server/db/schema.ts';
import { insertRows } from '../server/lib/bulk-insert.ts';
import { AccountRows, DEMO_PASSWORD, classRow, seedDemo, settleBulkTables, studentRow } from '../server/db/seed.ts';
import { ROOT, runBench } from './bench-support.ts';

const MORE_STUDENTS = 18_000;
const STUDENTS_PER_CLASS = 80;

export interface School {
  /** Class ids, and 学号 and names to search by. */
  classIds: string[];
  studentNos: string[];
  names: string[];
  students: number;
}

/** Classes for that many students more (225 for 18,000): numbers 11 upwards in each grade and major, 80 students each. */
function moreClasses(students: number): DemoClass[] {
  const wanted = Math.ceil(students / STUDENTS_PER_CLASS);
  const classes: DemoClass[] = [];
  for (let classNo = 11; classes.length < wanted; classNo += 1) {
    for (const grade of [2023, 2024, 2025]) for (const major of MAJORS) if (classes.length < wanted) classes.push(demoClass(major, grade, classNo, null));
  }
  return classes;
}

/** The demo school and moreStudents more students with accounts, in bulk, then settled as the seed leaves its tables. */
async function buildSchool(db: Database, moreStudents: number): Promise<School> {
  const started = performance.now();
  await seedDemo(db);
  const [admin] = await db.select({ passwordHash: sysUser.passwordHash }).from(sysUser).where(sql`${sysUser.username} = 'admin'`);
  const demo = demoSchool();
  const random = seededRandom(20_000);
  const newPhone = phoneMaker(random, new Set([...DEMO_ACCOUNTS.map((a) => a.phone), ...demo.students.map((s) => s.phone), ...demo.teachers.map((t) => t.phone)]));
  const classes = moreClasses(moreStudents);
  const students = makeStudents(random, newPhone, classes, moreStudents);
  const accounts = new AccountRows(admin!.passwordHash);
  const rows = students.map((s) => studentRow(s, accounts.addPerson(s, 'student')));
  await db.transaction(async (tx) => {
    if (classes.length > 0) await tx.insert(basicClass).values(classes.map((c) => classRow(c)));
    await accounts.insert(tx);
    await insertRows(tx, basicStudent, rows);
  });
  await settleBulkTables(db);
  const all = [...demo.students, ...students];
  console.log(`  学校：${all.length} 名学生，${demo.classes.length + classes.length} 个班级（${((performance.now() - started) / 1000).toFixed(1)} 秒）`);
  return { classIds: [...demo.classes, ...classes].map((c) => c.id), studentNos: all.map((s) => s.no), names: all.map((s) => s.name), students: all.length };
}

export interface PreparedSchool<T = undefined> {
  label: 'PGlite' | 'PostgreSQL';
  school: School;
  /** What the benchmark's own preparation answered. */
  extra: T;
  /** What the server started on it needs (DATA_DIR, DATABASE_URL). */
  env: NodeJS.ProcessEnv;
  /** Removes a PostgreSQL database again (the PGlite directory stays for a look afterwards). */
  dispose: () => Promise<void>;
}

/** How many students more than the demo school's 2,000 (18,000 unless said), and what the benchmark adds to the school after. */
export interface SchoolOptions<T> {
  moreStudents?: number;
  extend?: (db: Database, school: School) => Promise<T>;
}

async function buildAndExtend<T>(db: Database, options: SchoolOptions<T>): Promise<{ school: School; extra: T }> {
  const school = await buildSchool(db, options.moreStudents ?? MORE_STUDENTS);
  return { school, extra: (await options.extend?.(db, school)) as T };
}

/** The school on PGlite under dataDir, made anew. */
export async function schoolOnPglite<T = undefined>(dataDir: string, options: SchoolOptions<T> = {}): Promise<PreparedSchool<T>> {
  console.log('PGlite：准备数据…');
  rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: path.join(ROOT, dataDir) });
  try {
    return { label: 'PGlite', ...(await buildAndExtend(handle.db, options)), env: { DATA_DIR: dataDir, DATABASE_URL: undefined }, dispose: async () => undefined };
  } finally {
    await handle.close();
  }
}

/** The school in its own database on the PostgreSQL server of adminUrl. */
export async function schoolOnPostgres<T = undefined>(adminUrl: string, database: string, dataDir: string, options: SchoolOptions<T> = {}): Promise<PreparedSchool<T>> {
  console.log(`\nPostgreSQL：准备数据（数据库 ${database}）…`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  const dispose = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      return { label: 'PostgreSQL', ...(await buildAndExtend(handle.db, options)), env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, dispose };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await dispose();
    throw error;
  }
}

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

export async function call<T>(url: string, init: RequestInit = {}): Promise<Envelope<T>> {
  const response = await fetch(url, init);
  return (await response.json()) as Envelope<T>;
}

/** A demo account's token through POST /sys/login, the password encrypted as the login page does. */
export async function loginToken(apiUrl: string, username: string): Promise<string> {
  const { key, iv } = (await call<{ key: string; iv: string }>(`${apiUrl}/sys/getEncryptedString`)).result;
  const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  const password = Buffer.concat([cipher.update(DEMO_PASSWORD, 'utf8'), cipher.final()]).toString('base64');
  const answer = await call<{ token: string }>(`${apiUrl}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!answer.success) throw new Error(`${username} 登录失败：${answer.message}`);
  return answer.result.token;
}

/** The administrator's token. */
export const adminToken = (apiUrl: string): Promise<string> => loginToken(apiUrl, 'admin');

/** A failed query's message carries every parameter (megabytes of rows here): say what the database said. */
export function briefError(error: unknown): unknown {
  return error instanceof Error && error.cause instanceof Error ? new Error(`${error.message.slice(0, 300)}…\n${error.cause.message}`) : error;
}

/**
 * Runs a benchmark's measure on the school on PGlite and, with DATABASE_URL set, on PostgreSQL; exits 0
 * when every measure met its targets.
 */
export function benchOnBothDatabases(dataDir: string, pgDatabase: string, measure: (prepared: PreparedSchool) => Promise<boolean>): void {
  const measureOn = async (prepared: PreparedSchool) => {
    try {
      return await measure(prepared);
    } finally {
      await prepared.dispose();
    }
  };
  runBench(async () => {
    try {
      let met = await measureOn(await schoolOnPglite(dataDir));
      if (process.env.DATABASE_URL) met = (await measureOn(await schoolOnPostgres(process.env.DATABASE_URL, pgDatabase, dataDir))) && met;
      else console.log('\n未设置 DATABASE_URL：跳过 PostgreSQL。');
      return met ? 0 : 1;
    } catch (error) {
      throw briefError(error);
    }
  });
}
