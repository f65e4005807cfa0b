/**
 * `npm run build:server`: the API server as plain JavaScript in dist-server/ (server.mjs, the Excel
 * worker and the archive's document worker), so production starts with node alone instead of compiling
 * TypeScript through tsx at every start (on the demo school 2.5 → 1.7 s to the first answer). Our code (server/ and contract/) is
 * bundled; packages stay in node_modules and load as usual. It must sit one level under the project
 * (server/config.ts finds the migrations and the app's build from there).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(ROOT, 'dist-server', 'server.mjs');
const SOURCES = ['server', 'contract', 'package-lock.json'].map((source) => path.join(ROOT, source));

const newestMtime = (target: string): number => {
  const stat = statSync(target);
  return stat.isDirectory() ? readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs) : stat.mtimeMs;
};

export async function buildServer(): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: { server: 'server/server.ts', 'excel-worker': 'server/lib/excel-worker.ts', 'archive-worker': 'server/modules/archive/render-worker.ts' },
    outdir: 'dist-server',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

/** Builds the server unless dist-server/ is newer than its sources (the tests that start the server process). */
export async function ensureServerBuilt(): Promise<string> {
  if (!existsSync(SERVER_ENTRY) || statSync(SERVER_ENTRY).mtimeMs < Math.max(...SOURCES.filter(existsSync).map(newestMtime))) await buildServer();
  return SERVER_ENTRY;
}

// `--if-stale` (npm start) builds only when the sources are newer than dist-server/.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await (process.argv.includes('--if-stale') ? ensureServerBuilt() : buildServer());
