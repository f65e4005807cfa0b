#!/usr/bin/env node
/** `npm start`: builds the app when the sources are newer than the build, then starts the server with the demo school. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILT = path.join(ROOT, 'dist', 'index.html');
const SOURCES = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const sourcesTime = Math.max(...SOURCES.map((s) => path.join(ROOT, s)).filter(existsSync).map(newestMtime));
if (!existsSync(BUILT) || statSync(BUILT).mtimeMs < sourcesTime) {
  console.log('构建前端 (vite build)…');
  const build = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { DEMO_DATA: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
