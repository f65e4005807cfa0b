import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../scripts/vite-precompress.ts';
import { startTestApp, type TestApp } from './harness.ts';

/** A built app in small: a page, a hashed bundle, the service worker, and what is not worth compressing. */
const BUNDLE = `export const greeting = ${JSON.stringify('你好，同学！'.repeat(200))};\n`;
const PAGE = `<!doctype html><html lang="zh-CN"><body>${'<p>实习实训</p>'.repeat(100)}</body></html>`;
const WORKER = `self.addEventListener('fetch', () => {});\n${'// precache\n'.repeat(200)}`;
const TINY = 'export const a = 1;\n';
/** A file of a kind the build does not compress (scripts/vite-precompress.ts), large enough to compress. */
const NOTES = `实习实训管理服务平台\n`.repeat(200);

let t: TestApp;
let distDir: string;
let compressed: number;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'isps-web-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), PAGE);
  await writeFile(path.join(distDir, 'sw.js'), WORKER);
  await writeFile(path.join(distDir, 'assets', 'app-Abc123.js'), BUNDLE);
  await writeFile(path.join(distDir, 'assets', 'tiny-Def456.js'), TINY);
  await writeFile(path.join(distDir, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
  await writeFile(path.join(distDir, 'notes.txt'), NOTES);
  compressed = await precompressFiles(distDir);
  t = await startTestApp({ distDir });
});
afterAll(async () => {
  await t?.close();
  await rm(distDir, { recursive: true, force: true });
});

const builtCopy = (file: string) => readFile(path.join(distDir, file));
const fetchAsset = (url: string, acceptEncoding?: string) => t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built app, compressed at build time', () => {
  it('writes .br and .gz beside each text file worth compressing, and nothing beside images or tiny files', async () => {
    const files = (await readdir(distDir, { recursive: true })).map((file) => file.split(path.sep).join('/')).sort();
    expect(files).toEqual(
      ['assets', 'assets/app-Abc123.js', 'assets/app-Abc123.js.br', 'assets/app-Abc123.js.gz', 'assets/logo.png', 'assets/tiny-Def456.js', 'index.html', 'index.html.br', 'index.html.gz', 'notes.txt', 'sw.js', 'sw.js.br', 'sw.js.gz'].sort(),
    );
    expect(compressed).toBe(3);
  });

  it('sends the brotli copy as built to a browser that takes it, which decodes to the bundle, cached for good', async () => {
    const response = await fetchAsset('/teacher/assets/app-Abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(await builtCopy('assets/app-Abc123.js.br'))).toBe(true);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends the gzip copy to a client without brotli, and the file itself to one that takes neither', async () => {
    const gzipped = await fetchAsset('/teacher/assets/app-Abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(await builtCopy('assets/app-Abc123.js.gz'))).toBe(true);
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(BUNDLE);
    const plain = await fetchAsset('/teacher/assets/app-Abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('keeps the page and the service worker revalidated every time, compressed or not', async () => {
    for (const url of ['/teacher/', '/teacher/index.html', '/teacher/sw.js']) {
      const response = await fetchAsset(url, 'br');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const page = await fetchAsset('/teacher/', 'br');
    expect(page.rawPayload.equals(await builtCopy('index.html.br'))).toBe(true);
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
  });

  it('still sends a file without a compressed copy, compressed on the way, and a bundle too small to compress as it is', async () => {
    const response = await fetchAsset('/teacher/notes.txt', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(NOTES);
    const tiny = await fetchAsset('/teacher/assets/tiny-Def456.js', 'gzip, deflate, br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['content-type']).toMatch(/javascript/);
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(tiny.body).toBe(TINY);
  });

  it('refuses a coding the browser gives a q of 0, and answers an image as it is', async () => {
    const gzipped = await fetchAsset('/teacher/assets/app-Abc123.js', 'br;q=0, gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(BUNDLE);
    const image = await fetchAsset('/teacher/assets/logo.png', 'gzip, br');
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(await builtCopy('assets/logo.png'))).toBe(true);
  });

  it('keeps sending a bundle it has sent once after a new build replaced the folder (a page of the old build still asks for it)', async () => {
    const file = path.join(distDir, 'assets', 'old-Ghi012.js');
    await writeFile(file, BUNDLE);
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(file, minuteAgo, minuteAgo);
    expect((await fetchAsset('/teacher/assets/old-Ghi012.js')).body).toBe(BUNDLE);
    await rm(file);
    const again = await fetchAsset('/teacher/assets/old-Ghi012.js');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(BUNDLE);
  });

  it('reads a bundle written moments ago at each request until it has settled (a build still being copied in)', async () => {
    const file = path.join(distDir, 'assets', 'new-Jkl345.js');
    await writeFile(file, BUNDLE.slice(0, 100));
    expect((await fetchAsset('/teacher/assets/new-Jkl345.js')).body).toBe(BUNDLE.slice(0, 100));
    await writeFile(file, BUNDLE);
    expect((await fetchAsset('/teacher/assets/new-Jkl345.js')).body).toBe(BUNDLE);
  });

  it('serves nothing outside the bundles folder by way of it, and answers 404 for a bundle it does not have', async () => {
    for (const url of ['/teacher/assets/..%2Findex.html', '/teacher/assets/..%2F..%2Fpackage.json', '/teacher/assets/..%5Cindex.html']) {
      const response = await fetchAsset(url);
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('实习实训');
    }
    expect((await fetchAsset('/teacher/assets/gone-Xyz789.js')).statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it('puts the same content security policy and hardening headers on the page, a bundle and an API answer', async () => {
    const answers = [await fetchAsset('/teacher/'), await fetchAsset('/teacher/assets/app-Abc123.js', 'br'), await t.app.inject({ method: 'GET', url: '/api/sys/ping' })];
    for (const { headers, statusCode } of answers) {
      expect(statusCode).toBe(200);
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("frame-ancestors 'self'");
      // The intranet is often plain HTTP: nothing may send the browser to https.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    }
    expect(new Set(answers.map((answer) => answer.headers['content-security-policy'])).size).toBe(1);
  });

  describe('Strict-Transport-Security', () => {
    const HSTS = 'max-age=31536000; includeSubDomains';
    const ping = (app: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) =>
      app.app.inject({ method: 'GET', url: '/api/sys/ping', headers, ...(remoteAddress ? { remoteAddress } : {}) });
    let behindProxy: TestApp;
    beforeAll(async () => {
      behindProxy = await startTestApp({ trustProxy: 'loopback' }, { database: t.database });
    });
    afterAll(() => behindProxy.close());

    it('is absent over plain HTTP, and when a proxy that is not trusted says https', async () => {
      expect((await ping(t)).headers['strict-transport-security']).toBeUndefined();
      expect((await ping(t, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
      expect((await ping(behindProxy, { 'x-forwarded-proto': 'https' }, '198.51.100.9')).headers['strict-transport-security']).toBeUndefined();
      expect((await ping(behindProxy, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
    });

    it('is sent when the trusted proxy forwarded an HTTPS request, with the other headers as ever', async () => {
      const { headers } = await ping(behindProxy, { 'x-forwarded-proto': 'https' });
      expect(headers['strict-transport-security']).toBe(HSTS);
      expect(headers['x-content-type-options']).toBe('nosniff');
    });
  });
});
