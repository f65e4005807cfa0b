/**
 * Writes the API's OpenAPI 3.1 document to a file (default docs/openapi.json, or the path given), as GET /api/docs
 * serves it: the app is built on an empty embedded database in a temporary directory, so no server needs to run.
 *   npm run api:docs [-- path/to/openapi.json]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { PROJECT_ROOT, loadConfig } from '../server/config.ts';

const target = path.resolve(process.cwd(), process.argv[2] ?? path.join(PROJECT_ROOT, 'docs', 'openapi.json'));
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'isps-api-docs-'));
try {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'false', JOBS_ENABLED: 'false', ADMIN_PASSWORD: 'Docs@2026x' });
  const app = await buildApp({ config, logger: false });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`${Object.keys(document.paths ?? {}).length} paths written to ${path.relative(process.cwd(), target)}\n`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
