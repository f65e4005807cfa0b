/**
 * The two reference pages bench:lighthouse measures beside the app's (issue 40): a minimal antd-mobile page with a
 * list of 20 rows and a minimal antd page with a Table of 20 rows, each built here by Vite from a few lines and
 * served gzipped from this process. A page's LCP over its anchor's says what the app adds to what the library costs.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ROOT } from './bench-support.ts';

const DIR = path.join(ROOT, '.tmp/bench-anchors');
const ROWS = `Array.from({ length: 20 }, (_, i) => ({ id: String(i + 1), name: '学生' + (i + 1), no: '20230101' + String(i + 1).padStart(2, '0'), unit: '示范实习单位' + (i % 5 + 1), status: i % 3 ? '已提交' : '待批阅' }))`;

const SOURCES = {
  'phone.html': page('手机参照页', 'phone.tsx'),
  'desktop.html': page('桌面参照页', 'desktop.tsx'),
  'phone.tsx': `import { createRoot } from 'react-dom/client';
import { ConfigProvider, List, NavBar } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
const rows = ${ROWS};
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <NavBar back={null}>我的周记</NavBar>
    <main>
      <h1 style={{ fontSize: 18, margin: '12px 16px' }}>本学期周记</h1>
      <List>
        {rows.map((r) => <List.Item key={r.id} description={r.unit + ' · ' + r.no} extra={r.status}>{r.name}</List.Item>)}
      </List>
    </main>
  </ConfigProvider>,
);
`,
  'desktop.tsx': `import { createRoot } from 'react-dom/client';
import { ConfigProvider, Table } from 'antd';
import zhCN from 'antd/locale/zh_CN';
const rows = ${ROWS};
const columns = [
  { key: 'no', title: '学号', dataIndex: 'no' },
  { key: 'name', title: '姓名', dataIndex: 'name' },
  { key: 'unit', title: '实习单位', dataIndex: 'unit' },
  { key: 'status', title: '状态', dataIndex: 'status' },
];
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <main style={{ padding: 24 }}>
      <h1 style={{ fontSize: 20 }}>实习安排</h1>
      <Table rowKey="id" columns={columns} dataSource={rows} pagination={false} />
    </main>
  </ConfigProvider>,
);
`,
};

function page(title: string, entry: string) {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="description" content="${title}" /><title>${title}</title></head>
<body><div id="root"></div><script type="module" src="./${entry}"></script></body></html>
`;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

export interface Anchors {
  phoneUrl: string;
  desktopUrl: string;
  close: () => Promise<void>;
}

/** Builds both anchors (production build, as the app's) and serves them on port, gzipped, cached as the app's assets are. */
export async function serveAnchors(port: number): Promise<Anchors> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  for (const [name, text] of Object.entries(SOURCES)) writeFileSync(path.join(DIR, name), text);
  const outDir = path.join(DIR, 'dist');
  await build({
    root: DIR,
    base: './',
    logLevel: 'warn',
    configFile: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, rollupOptions: { input: { phone: path.join(DIR, 'phone.html'), desktop: path.join(DIR, 'desktop.html') } } },
  });
  const server: Server = createServer((request, response) => {
    const file = path.join(outDir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(outDir)) return void response.writeHead(403).end();
    try {
      const body = gzipSync(readFileSync(file));
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${port}`;
  return { phoneUrl: `${base}/phone.html`, desktopUrl: `${base}/desktop.html`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
