import { existsSync } from 'node:fs';
import path from 'node:path';
import { BUILD_DIR } from './support/server.ts';

/** The browser tests need Debian's Chromium and a built app; say plainly what is missing. */
export default function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`找不到 Chromium（${chromium}）。请先安装：apt-get install -y chromium fonts-noto-cjk`);
  }
  if (!existsSync(path.join(BUILD_DIR, 'index.html'))) throw new Error('没有构建好的前端：请先运行 npm run build');
}
