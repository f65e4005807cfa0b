#!/usr/bin/env node
/** `npm start`: builds the app and the server when their sources are newer than their builds, then starts the server with the demo school. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILT = path.join(ROOT, 'dist', 'index.html');
const SOURCES = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const SERVER_BUILT = path.join(ROOT, 'dist-server', 'server.mjs');

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const stale = (built, sources) => {
  const sourcesTime = Math.max(...sources.map((s) => path.join(ROOT, s)).filter(existsSync).map(newestMtime));
  return !existsSync(built) || statSync(built).mtimeMs < sourcesTime;
};
const buildWith = (title, command, args) => {
  if (title) console.log(title);
  const build = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
};
if (stale(BUILT, SOURCES)) buildWith('构建前端 (vite build)…', path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn']);
// The server's build knows its own sources (scripts/build-server.ts).
buildWith(null, path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/build-server.ts', '--if-stale']);

const server = spawn(process.execPath, [SERVER_BUILT], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { DEMO_DATA: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
