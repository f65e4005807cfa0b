import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';

/** What a phone may download in JavaScript to show the login page, gzip-compressed. */
export const LOGIN_BUDGET_BYTES = 120 * 1024;

/** A phone as the budget is measured on: 390×844, mobile viewport handling, touch. */
export const BUDGET_PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

export interface LoadedScript {
  /** Path under the app's base, as dist/.vite/chunk-modules.json names it: assets/<file>.js */
  file: string;
  rawBytes: number;
  gzipBytes: number;
  /** npm packages bundled in the file ('app' for our code); null when the report does not know the file. */
  packages: string[] | null;
}

export interface LoginBundle {
  scripts: LoadedScript[];
  totalGzipBytes: number;
  totalRawBytes: number;
  /** Loaded files holding antd or an @ant-design/* package. */
  antdScripts: LoadedScript[];
  /** Loaded files missing from the chunk report: the antd check cannot vouch for them. */
  unknownScripts: LoadedScript[];
}

export const isAntdPackage = (name: string) => name === 'antd' || name.startsWith('@ant-design/');

/** The build's map of emitted chunk → packages (written by scripts/vite-chunk-modules.ts). */
export function readChunkModules(distDir: string): Record<string, string[]> {
  return JSON.parse(readFileSync(path.join(distDir, '.vite/chunk-modules.json'), 'utf8')) as Record<string, string[]>;
}

export const gzipSize = (body: Buffer) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;

/**
 * Opens the login page in a fresh phone context (empty cache), waits for the form, and sizes every
 * script the page loaded. `appUrl` is the app's base, e.g. http://127.0.0.1:8181/teacher/.
 */
export async function measureLoginBundle(browser: Browser, appUrl: string, chunkModules: Record<string, string[]>): Promise<LoginBundle> {
  const context = await browser.newContext({ ...BUDGET_PHONE, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto(new URL('#/user/login', appUrl).href);
    await page.getByPlaceholder('请输入用户账号').waitFor();
    await page.getByPlaceholder('请输入密码').waitFor();
    await page.getByRole('button', { name: '登 录' }).waitFor();
    await page.waitForLoadState('networkidle');

    const basePath = new URL(appUrl).pathname;
    const scripts: LoadedScript[] = [];
    for (const response of responses) {
      const pathname = new URL(response.url()).pathname;
      const file = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
      const body = await response.body();
      scripts.push({ file, rawBytes: body.length, gzipBytes: gzipSize(body), packages: chunkModules[file] ?? null });
    }
    scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      scripts,
      totalGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
      totalRawBytes: scripts.reduce((sum, s) => sum + s.rawBytes, 0),
      antdScripts: scripts.filter((s) => s.packages?.some(isAntdPackage)),
      unknownScripts: scripts.filter((s) => s.packages === null),
    };
  } finally {
    await context.close();
  }
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
