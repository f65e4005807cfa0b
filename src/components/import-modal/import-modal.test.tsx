import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationHost } from '@/components/notification/notification-host.tsx';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { configureApiClient } from '@/lib/api-client.ts';
import { ImportModalLazy } from './import-modal-lazy.tsx';
import { ImportModal } from './import-modal.tsx';

/**
 * A real HTTP server on a free port standing in for an import endpoint (the API server has none yet):
 * it answers what each path says and records the multipart body it received.
 */
const ERROR_LINES = Array.from({ length: 7 }, (_, i) => `第${i + 2}行：学号不能为空`);
const OLE_BYTES = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]);
const disposition = (name: string) => ({ 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` });
const ANSWERS: Record<string, { status: number; type: string; body: string | Buffer; headers?: Record<string, string> }> = {
  '/import/ok': { status: 200, type: 'application/json', body: JSON.stringify({ success: true, code: 200, message: '成功导入 3 条', result: null, timestamp: 1 }) },
  '/import/plain': { status: 200, type: 'application/json', body: JSON.stringify({ success: true, code: 200, message: '', result: null, timestamp: 1 }) },
  '/import/rows': { status: 200, type: 'application/json', body: JSON.stringify({ success: true, code: '0', message: `${ERROR_LINES.join('@')}@`, result: null, timestamp: 1 }) },
  '/import/silent': { status: 200, type: 'application/json', body: JSON.stringify({ success: true, code: '0', message: '', result: null, timestamp: 1 }) },
  '/import/refused': { status: 400, type: 'application/json', body: JSON.stringify({ success: false, code: 400, message: '文件内容不是Excel', result: null, timestamp: 1 }) },
  '/export/template': { status: 200, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]) },
  '/export/old': { status: 200, type: 'application/vnd.ms-excel', body: OLE_BYTES },
  '/export/named': { status: 200, type: 'application/vnd.ms-excel', body: OLE_BYTES, headers: disposition('学生导入模板.xls') },
  '/export/misnamed': { status: 200, type: 'application/vnd.ms-excel', body: OLE_BYTES, headers: disposition('学生导入模板.xlsx') },
  '/export/page': { status: 200, type: 'text/html', body: '<html>登录</html>' },
  '/export/broken': { status: 200, type: 'application/json', body: JSON.stringify({ success: false, code: 500, message: '模板不存在', result: null, timestamp: 1 }) },
};
let server: Server;
/** jsdom's XMLHttpRequest (what axios uses in a browser) is held to CORS like a browser. */
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST', 'access-control-expose-headers': 'content-disposition' };
const received: { url: string; contentType: string; body: string }[] = [];
const slowAnswers: (() => void)[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        return res.end();
      }
      received.push({ url: req.url ?? '', contentType: String(req.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') });
      if (req.url === '/import/crash') return req.socket.destroy();
      // A server still checking and saving the rows: it answers when the test lets it.
      if (req.url === '/import/slow') return void slowAnswers.push(() => res.writeHead(200, { 'content-type': 'application/json', ...CORS }).end(JSON.stringify({ success: true, code: 200, message: '导入成功，共3000条' })));
      const answer = ANSWERS[new URL(req.url ?? '/', 'http://x').pathname] ?? { status: 404, type: 'application/json', body: '{"success":false,"message":"nope"}' };
      res.writeHead(answer.status, { 'content-type': answer.type, ...answer.headers, ...CORS });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
});
afterAll(() => server.close());

/** What the browser would save: the blob and the file name given to the temporary link. */
const saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  received.length = 0;
  saved.length = 0;
  act(() => noticeStore.clear());
  let lastBlob: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: lastBlob! });
  });
});
afterEach(() => vi.restoreAllMocks());

function Page({ url, onImported = () => undefined, template }: { url: string; onImported?: () => void; template?: { exportUrl: string; fileName: string } }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <NotificationHost />
      <button type="button" onClick={() => setOpen(true)}>
        导入
      </button>
      <ImportModal open={open} title="课程导入" url={url} onClose={() => setOpen(false)} onImported={onImported} template={template} />
    </>
  );
}

/** An .xlsx workbook starts as a zip does; an old .xls as an OLE compound file. */
const ZIP_HEAD = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
const OLE_HEAD = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]);
const excel = (name = '课程.XLSX') => new File([ZIP_HEAD, 'fake excel'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
/** (jsdom never ends antd's motions, so a spent loading icon can linger in the button's name.) */
const submit = () => fireEvent.click(screen.getByRole('button', { name: /开始上传$/ }));
/** The notification with this title (found by its text: role queries over antd's tree are slow in jsdom). */
const notice = (title: string) =>
  screen
    .queryAllByText(title)
    .map((el) => el.closest<HTMLElement>('[role="alert"]'))
    .find((el): el is HTMLElement => el !== null);
const findNotice = (title: string) => waitFor(() => notice(title) ?? Promise.reject(new Error(`no notice ${title}`)), { timeout: 5000 });

describe('<ImportModal> (SPEC.md sections 4, 5, 8)', () => {
  it('is a 400 px dialog with the given title', async () => {
    render(<Page url="/import/ok" />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('课程导入')).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ant-modal')?.style.width).toBe('400px');
  });

  it('submitting without a file says 请先选择文件! and sends nothing', async () => {
    render(<Page url="/import/ok" />);
    submit();
    expect(await screen.findByText('请先选择文件!')).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it('refuses a file that is not .xls or .xlsx with 选择需要导入的Excel文件!', async () => {
    render(<Page url="/import/ok" />);
    choose(new File(['a,b'], '学生名单.csv', { type: 'text/csv' }));
    expect(await screen.findByText('选择需要导入的Excel文件!')).toBeTruthy();
    expect(screen.queryByText('学生名单.csv')).toBeNull();
    submit();
    expect(await screen.findByText('请先选择文件!')).toBeTruthy();
  });

  it('says what it takes: .xls and .xlsx, one file, 5 MB at most', async () => {
    render(<Page url="/import/ok" />);
    expect(await screen.findByText('支持 .xls 和 .xlsx 格式，每次一个文件，不超过5MB')).toBeTruthy();
    expect(fileInput().accept).toBe('.xls,.xlsx');
  });

  it('takes an old binary .xls workbook and posts it', async () => {
    render(<Page url="/import/ok" />);
    choose(new File([OLE_HEAD, 'biff'], '学生名单.XLS', { type: 'application/vnd.ms-excel' }));
    expect(await screen.findByText('学生名单.XLS')).toBeTruthy();
    submit();
    await findNotice('导入提示');
    expect(received[0]!.body).toContain('filename="学生名单.XLS"');
  });

  it('refuses a workbook over 5 MB before uploading', async () => {
    render(<Page url="/import/ok" />);
    choose(new File([OLE_HEAD, new Uint8Array(5 * 1024 * 1024)], '学生名单.xls', { type: 'application/vnd.ms-excel' }));
    expect(await screen.findByText('文件不能超过5MB')).toBeTruthy();
    expect(screen.queryByText('学生名单.xls')).toBeNull();
    submit();
    expect(await screen.findByText('请先选择文件!')).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it('refuses a file named .xlsx that is no workbook', async () => {
    render(<Page url="/import/ok" />);
    choose(new File(['a,b'], '学生名单.xlsx'));
    expect(await screen.findByText('选择需要导入的Excel文件!')).toBeTruthy();
    expect(screen.queryByText('学生名单.xlsx')).toBeNull();
  });

  it('keeps one file: a second choice replaces the first', async () => {
    render(<Page url="/import/ok" />);
    choose(excel('一.xls'));
    expect(await screen.findByText('一.xls')).toBeTruthy();
    choose(excel('二.xlsx'));
    expect(await screen.findByText('二.xlsx')).toBeTruthy();
    expect(screen.queryByText('一.xls')).toBeNull();
  });

  it('a success posts files[] as multipart, shows the message for 3 s, closes and reports', async () => {
    const onImported = vi.fn();
    render(<Page url="/import/ok" onImported={onImported} />);
    choose(excel());
    await screen.findByText('课程.XLSX');
    submit();

    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(received[0]!.url).toBe('/import/ok');
    expect(received[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]!.body).toContain('name="files[]"; filename="课程.XLSX"');
    expect(received[0]!.body).toContain('fake excel');

    const shown = await findNotice('导入提示');
    expect(within(shown).getByText('成功导入 3 条')).toBeTruthy();
    expect(noticeStore.list().at(-1)).toMatchObject({ kind: 'success', title: '导入提示', duration: 3000 });
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? 'display: none').toContain('display: none'));

    // Opened again, it starts over without a file.
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    fireEvent.click(await screen.findByRole('button', { name: /开始上传$/ }));
    expect(await screen.findByText('请先选择文件!')).toBeTruthy();
    expect(received).toHaveLength(1);
  });

  it('shows a progress bar until the server has imported the rows', async () => {
    render(<Page url="/import/slow" />);
    choose(excel());
    await screen.findByText('课程.XLSX');
    submit();
    // (jsdom sends no upload progress events: a browser moves on to 正在导入，请稍候… once all is sent.)
    const status = await screen.findByRole('status');
    expect(status.textContent).toMatch(/^正在上传 \d+%$|^正在导入，请稍候…$/);
    expect(status.querySelector('.ant-progress')).toBeTruthy();
    await waitFor(() => expect(slowAnswers).toHaveLength(1));
    expect(screen.getByRole('status')).toBeTruthy();
    slowAnswers.shift()!();
    await findNotice('导入提示');
    // Opened again, the dialog waits for a file with no progress shown.
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await waitFor(() => expect(screen.queryAllByRole('status').filter((el) => el.closest('.ant-zoom-leave') === null)).toHaveLength(0));
  });

  it('a success without a message says 文件上传成功.', async () => {
    render(<Page url="/import/plain" />);
    choose(excel());
    await screen.findByText('课程.XLSX');
    submit();
    expect(await screen.findByText('文件上传成功.')).toBeTruthy();
  });

  it("code '0' opens 导入提示 until closed: five lines, ..., and 下载错误日志 saves all of them", async () => {
    render(<Page url="/import/rows" />);
    choose(excel());
    await screen.findByText('课程.XLSX');
    submit();

    const shown = await findNotice('导入提示');
    const text = shown.querySelector('.isps-notice__message')!.textContent;
    expect(text).toBe([...ERROR_LINES.slice(0, 5), '...'].join('\n'));
    expect(text).not.toContain(ERROR_LINES[5]);
    // No timer closes it: only its close button does.
    expect(noticeStore.list().at(-1)).toMatchObject({ kind: 'error', title: '导入提示', duration: null });
    // The dialog stays open with the file, for another try.
    expect(screen.getByText('课程.XLSX')).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: '下载错误日志' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('错误日志信息.txt');
    expect((await saved[0]!.blob.text()).replace(/^\ufeff/, '')).toBe(ERROR_LINES.join('\n'));

    fireEvent.click(within(shown).getByRole('button', { name: '关闭' }));
    expect(notice('导入提示')).toBeUndefined();
  });

  it("code '0' without a message says 文件上传失败!", async () => {
    render(<Page url="/import/silent" />);
    choose(excel());
    await screen.findByText('课程.XLSX');
    submit();
    const shown = await findNotice('导入提示');
    expect(within(shown).getByText('文件上传失败!')).toBeTruthy();
    expect(within(shown).queryByRole('button', { name: '下载错误日志' })).toBeNull();
  });

  it('an HTTP error shows its message under 导入提示, not 系统提示', async () => {
    render(<Page url="/import/refused" />);
    choose(excel());
    await screen.findByText('课程.XLSX');
    submit();
    const shown = await findNotice('导入提示');
    expect(within(shown).getByText('文件内容不是Excel')).toBeTruthy();
    expect(notice('系统提示')).toBeUndefined();
  });

  it('no answer at all says 文件上传失败!', async () => {
    render(<Page url="/import/crash" />);
    choose(excel());
    await screen.findByText('课程.XLSX');
    submit();
    const shown = await findNotice('导入提示');
    expect(within(shown).getByText('文件上传失败!')).toBeTruthy();
  });

  it('downloads the empty template with exportType=empty, named .xlsx as its content is', async () => {
    render(<Page url="/import/ok" template={{ exportUrl: '/export/template', fileName: '课程维护导入模板' }} />);
    fireEvent.click(await screen.findByRole('button', { name: '下载导入模板' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('课程维护导入模板.xlsx');
    expect(new URL(received[0]!.url, 'http://x').searchParams.get('exportType')).toBe('empty');
  });

  it('saves the template under the name the server gives', async () => {
    render(<Page url="/import/ok" template={{ exportUrl: '/export/named', fileName: '学生' }} />);
    fireEvent.click(await screen.findByRole('button', { name: '下载导入模板' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('学生导入模板.xls');
  });

  it('names a template by what it holds even when the server calls it .xlsx', async () => {
    render(<Page url="/import/ok" template={{ exportUrl: '/export/misnamed', fileName: '学生' }} />);
    fireEvent.click(await screen.findByRole('button', { name: '下载导入模板' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('学生导入模板.xls');
  });

  it('names a template by what it holds: an old .xls workbook keeps .xls', async () => {
    render(<Page url="/import/ok" template={{ exportUrl: '/export/old', fileName: '课程维护导入模板' }} />);
    fireEvent.click(await screen.findByRole('button', { name: '下载导入模板' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('课程维护导入模板.xls');
  });

  it('a template answer that is no workbook says 文件下载失败 and saves nothing', async () => {
    render(<Page url="/import/ok" template={{ exportUrl: '/export/page', fileName: '课程维护导入模板' }} />);
    fireEvent.click(await screen.findByRole('button', { name: '下载导入模板' }));
    expect(await screen.findByText('文件下载失败')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('a template that does not come says 文件下载失败', async () => {
    render(<Page url="/import/ok" template={{ exportUrl: '/export/broken', fileName: '课程维护导入模板' }} />);
    fireEvent.click(await screen.findByRole('button', { name: '下载导入模板' }));
    expect(await screen.findByText('文件下载失败')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});

describe('<ImportModalLazy>', () => {
  it('renders nothing until first opened, then the dialog', async () => {
    function LazyPage() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            导入
          </button>
          <ImportModalLazy open={open} title="课程导入" url="/import/ok" onClose={() => setOpen(false)} />
        </>
      );
    }
    render(<LazyPage />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
