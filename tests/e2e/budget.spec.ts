import { expect, test } from '@playwright/test';
import { LOGIN_BUDGET_BYTES, kb, measureLoginBundle, readChunkModules } from './support/login-bundle.ts';
import { DIST_DIR } from './support/server.ts';

test('the phone login page loads at most 150 KB of gzip JavaScript and no antd', async ({ browser, baseURL }) => {
  const bundle = await measureLoginBundle(browser, baseURL!, readChunkModules(DIST_DIR));
  const listing = bundle.scripts.map((s) => `${s.file} ${kb(s.gzipBytes)} KB [${s.packages?.join(', ') ?? '?'}]`).join('\n');

  expect(bundle.scripts.length, 'the login page loaded no JavaScript at all').toBeGreaterThan(0);
  expect(bundle.unknownScripts.map((s) => s.file), 'loaded files missing from dist/.vite/chunk-modules.json (stale build?)').toEqual([]);
  expect(bundle.antdScripts.map((s) => s.file), `antd is loaded on the login page:\n${listing}`).toEqual([]);
  expect(bundle.totalGzipBytes, `login JavaScript is ${kb(bundle.totalGzipBytes)} KB gzip:\n${listing}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});
