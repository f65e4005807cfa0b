/**
 * npm run db:generate — drizzle-kit's migration for a change to server/db/schema.ts, with the change trigger
 * (sys_track_changes, migration 0020) of each table TRACKED_TABLES names that no migration tracks yet written into
 * it, so a generated migration needs no hand. Arguments go to drizzle-kit (--name x).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName } from 'drizzle-orm';
import { TRACKED_TABLES } from '../server/db/schema.ts';

const DIR = path.resolve(import.meta.dirname, '../server/db/migrations');
const sqlFiles = () => readdirSync(DIR).filter((file) => file.endsWith('.sql')).sort();
const read = (file: string) => readFileSync(path.join(DIR, file), 'utf8');

/** Whether a migration already tracks the table: by a call of its own, or in 0020's list of the first ones. */
const trackedIn = (sql: string, table: string) => sql.includes(`sys_track_changes('${table}')`) || (sql.includes('FOREACH tracked IN ARRAY') && sql.includes(`'${table}'`));

const before = new Set(sqlFiles());
const untracked = TRACKED_TABLES.map((table) => getTableName(table)).filter((table) => ![...before].some((file) => trackedIn(read(file), table)));
const drizzleKit = (args: string[]) => execFileSync('npx', ['drizzle-kit', 'generate', ...args], { stdio: 'inherit', cwd: path.resolve(import.meta.dirname, '..') });
drizzleKit(process.argv.slice(2));
let [created] = sqlFiles().filter((file) => !before.has(file));
if (!created && untracked.length > 0) {
  drizzleKit(['--custom', '--name', 'track_changes']);
  [created] = sqlFiles().filter((file) => !before.has(file));
}
if (created && untracked.length > 0) {
  const generated = read(created).trimEnd();
  const tracking = untracked.map((table) => `SELECT sys_track_changes('${table}');`).join('\n--> statement-breakpoint\n');
  writeFileSync(
    path.join(DIR, created),
    `${generated}${generated ? '\n--> statement-breakpoint\n' : ''}-- Lists read ${untracked.join(', ')}: their cached pages hear of the changes (TRACKED_TABLES).\n${tracking}\n`,
  );
  console.log(`${created}: tracks ${untracked.join(', ')}`);
}
