import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STUDENT_RESOURCE } from '@contract/basic-data.ts';
import { configureApiClient } from '@/lib/api-client.ts';
import { readListState, writeListState } from './list-state.ts';
import { ResourcePhoneList } from './resource-phone.tsx';
import { ResourceTable } from './resource-table.tsx';

/**
 * A list's search, page, page size and sort live in the hash route's search: opening the address
 * again (a reload, a shared link) restores the list, and back/forward step through it.
 */

const STUDENTS = Array.from({ length: 45 }, (_, i) => ({
  id: `stu-${i + 1}`,
  studentNo: `202301${String(i + 1).padStart(2, '0')}`,
  name: i % 2 === 0 ? `李同学${i + 1}` : `王同学${i + 1}`,
  classId: 'class-3',
  classId_dictText: '计算机2303班',
  grade: 2023,
  status: '1',
}));

let server: Server;
const asked: URLSearchParams[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const url = new URL(req.url ?? '/', 'http://localhost');
    let result: unknown = [];
    if (url.pathname === '/basic/student/list') {
      asked.push(url.searchParams);
      const q = url.searchParams;
      const pageNo = Number(q.get('pageNo') ?? 1);
      const pageSize = Number(q.get('pageSize') ?? 10);
      const rows = STUDENTS.filter((s) => s.name.includes(q.get('name') ?? '') && (!q.get('classId') || s.classId === q.get('classId')));
      result = { records: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length, current: pageNo, size: pageSize };
    }
    res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify({ success: true, message: '', code: 200, result, timestamp: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
});
afterAll(() => server.close());
beforeEach(() => {
  asked.length = 0;
});

/** The address bar, and the browser's back button. */
function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        后退
      </button>
    </>
  );
}

function atAddress(address: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={client}>
        <Routes>
          <Route
            path="/basic/student"
            element={
              <>
                {page}
                <Address />
              </>
            }
          />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

/** antd under jsdom on two busy cores may take seconds to answer a click. */
const eventually = (check: () => void) => waitFor(check, { timeout: 10_000 });
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
const lastAsked = () => Object.fromEntries(asked.at(-1) ?? []);
const activePage = () => document.querySelector('.ant-pagination-item-active')?.textContent;

describe('list state in the address', () => {
  it('reads what the list knows and leaves the rest at its defaults', () => {
    const state = readListState(STUDENT_RESOURCE, new URLSearchParams('name=李&classId=class-3&pageNo=2&pageSize=20&column=studentNo&order=desc&tab=x'));
    expect(state).toEqual({ search: { name: '李', classId: 'class-3' }, pageNo: 2, pageSize: 20, column: 'studentNo', order: 'desc' });
    // A field that is not searchable, a page size not offered, a column that cannot be sorted, a page of nothing.
    expect(readListState(STUDENT_RESOURCE, new URLSearchParams('phone=138&pageNo=-1&pageSize=7&column=phone&order=desc'))).toEqual({ search: {}, pageNo: 1, pageSize: 10 });
  });

  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const next = writeListState(STUDENT_RESOURCE, { search: { name: '王', status: '' }, pageNo: 1, pageSize: 10 }, new URLSearchParams('name=李&pageNo=3&tab=x'));
    expect(next.toString()).toBe(`tab=x&name=${encodeURIComponent('王')}`);
  });

  it('the desktop table opens on the search, page, page size and sort of the address, and keeps each change there', { timeout: 60_000 }, async () => {
    render(atAddress('/basic/student?name=同学&classId=class-3&pageNo=2&pageSize=20&column=studentNo&order=desc', <ResourceTable resource={STUDENT_RESOURCE} />));
    await eventually(() => expect(lastAsked()).toMatchObject({ name: '同学', classId: 'class-3', pageNo: '2', pageSize: '20', column: 'studentNo', order: 'desc' }));
    const search = screen.getByRole('search', { name: '查询学生' });
    expect(within(search).getByLabelText('姓名')).toHaveProperty('value', '同学');
    // The class searched by is named, from the rows the list brought.
    await eventually(() => expect(search.textContent).toContain('计算机2303班'));
    await eventually(() => expect(activePage()).toBe('2'));
    expect(screen.getByRole('columnheader', { name: /学号/ }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByTitle('3'));
    await eventually(() => expect(address().get('pageNo')).toBe('3'));
    expect(address().get('name')).toBe('同学');
    await eventually(() => expect(lastAsked()).toMatchObject({ pageNo: '3', pageSize: '20' }));

    // Back returns to page 2.
    fireEvent.click(screen.getByRole('button', { name: '后退' }));
    await eventually(() => expect(activePage()).toBe('2'));
    expect(address().get('pageNo')).toBe('2');

    // A new search starts at the first page and is kept in the address.
    fireEvent.change(within(search).getByLabelText('姓名'), { target: { value: '王' } });
    fireEvent.click(within(search).getByRole('button', { name: /查\s?询/ }));
    await eventually(() => expect(address().get('name')).toBe('王'));
    expect(address().has('pageNo')).toBe(false);
    await eventually(() => expect(lastAsked()).toMatchObject({ name: '王', pageNo: '1' }));
    await eventually(() => expect(activePage()).toBe('1'));

    // Back again: the inputs show the earlier search too.
    fireEvent.click(screen.getByRole('button', { name: '后退' }));
    await eventually(() => expect(within(search).getByLabelText('姓名')).toHaveProperty('value', '同学'));
    await eventually(() => expect(activePage()).toBe('2'));
  });

  it('the phone list opens on the keyword of the address, shows the other filters, and keeps a new keyword there', async () => {
    render(atAddress('/basic/student?name=李&classId=class-3', <ResourcePhoneList resource={STUDENT_RESOURCE} />));
    await eventually(() => expect(lastAsked()).toMatchObject({ name: '李', classId: 'class-3' }));
    expect(screen.getByRole('searchbox')).toHaveProperty('value', '李');
    const filters = await screen.findByText(/筛选：/);
    await eventually(() => expect(filters.textContent).toContain('班级 计算机2303班'));

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '王' } });
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await eventually(() => expect(address().get('name')).toBe('王'));
    await eventually(() => expect(lastAsked()).toMatchObject({ name: '王', classId: 'class-3' }));

    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await eventually(() => expect(address().has('classId')).toBe(false));
    expect(address().get('name')).toBe('王');
  });

  it('who may only look opens 详情: every field as the list shows it (班级 by its name), no password', { timeout: 30_000 }, async () => {
    render(atAddress('/basic/student', <ResourceTable resource={STUDENT_RESOURCE} />));
    const row = (await screen.findByText('李同学1')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog');
    await eventually(() => expect(dialog.textContent).toContain('计算机2303班'));
    expect(dialog.textContent).toContain('学生详情');
    expect(dialog.textContent).toContain('20230101');
    expect(dialog.textContent).not.toContain('class-3');
    expect(dialog.textContent).not.toContain('初始密码');
  });
});
