import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Builder, type WebDriver } from 'selenium-webdriver';

/**
 * WebKit, the engine of every iPhone browser, as Debian ships it: WebKitGTK's MiniBrowser driven by
 * WebKit's own WebDriver (webkit2gtk-driver), on an Xvfb screen the size of a phone, in the school's
 * language and time zone. The browser is full screen, so the page is the phone's 390 × 844 (a window
 * would keep MiniBrowser's toolbar and be at least 447 px wide). The school's locale must exist
 * (localedef -i zh_CN -f UTF-8 zh_CN.UTF-8), or WebKit says en-US.
 */
export const PHONE_SIZE = { width: 390, height: 844 };
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const SCHOOL_LOCALE = 'zh_CN.UTF-8';

export interface WebKitPhone {
  driver: WebDriver;
  close(): Promise<void>;
}

function missingParts(): string[] {
  const onPath = (name: string) => (process.env.PATH ?? '').split(':').some((dir) => existsSync(`${dir}/${name}`));
  const missing: string[] = [];
  if (!onPath('WebKitWebDriver') || !existsSync(MINIBROWSER)) missing.push('webkit2gtk-driver');
  if (!onPath('Xvfb')) missing.push('xvfb');
  return missing;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Xvfb on a display number it chooses itself (-displayfd), so parallel runs never collide. */
function startXvfb(): Promise<{ display: string; xvfb: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', `${PHONE_SIZE.width}x${PHONE_SIZE.height}x24`, '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, xvfb });
    });
    xvfb.on('exit', (code) => reject(new Error(`Xvfb 启动失败（退出码 ${code}）`)));
  });
}

async function waitForDriver(url: string, driver: ChildProcess) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver 启动失败（退出码 ${driver.exitCode}）`);
    const ready = await fetch(`${url}/status`).then((r) => r.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver 15 秒内没有就绪');
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** A phone-sized WebKit session; close() ends the browser, the driver and the screen. */
export async function openWebKitPhone(): Promise<WebKitPhone> {
  const missing = missingParts();
  if (missing.length > 0) throw new Error(`找不到 WebKit 测试所需的程序，请先安装：apt-get install -y ${missing.join(' ')}`);
  const { display, xvfb } = await startXvfb();
  const port = await freePort();
  const webDriver = spawn('WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display, LANG: SCHOOL_LOCALE, LC_ALL: SCHOOL_LOCALE, TZ: 'Asia/Shanghai' },
    stdio: 'ignore',
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForDriver(url, webDriver);
    const driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        // The warning before leaving a page with records still to send is accepted, as a student would.
        unhandledPromptBehavior: 'accept',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', '--full-screen'] },
      })
      .build();
    // Full screen takes the screen's size once the window has a size of its own.
    await driver.manage().window().setRect({ x: 0, y: 0, ...PHONE_SIZE });
    return {
      driver,
      async close() {
        await driver.quit().catch(() => undefined);
        await stopped(webDriver);
        await stopped(xvfb);
      },
    };
  } catch (error) {
    await stopped(webDriver);
    await stopped(xvfb);
    throw error;
  }
}
