import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STUDENT_RESOURCE } from '@contract/basic-data.ts';
import type { ResourceField } from '@contract/resource.ts';
import { configureApiClient } from '@/lib/api-client.ts';
import { rememberRowLabels } from './ref-api.ts';
import { RefPickerPhone } from './ref-picker-phone.tsx';
import { RefSelect } from './ref-select.tsx';
import { ResourcePhoneList } from './resource-phone.tsx';
import { ResourceTable } from './resource-table.tsx';

/**
 * A 'ref' field (学生 → 班级): its pickers ask the class list on the server as the user types, 20 at a
 * time, and every view names the chosen class by its label, never by its id.
 */

const classField = STUDENT_RESOURCE.fields.find((f) => f.name === 'classId') as ResourceField & { ref: NonNullable<ResourceField['ref']> };
const target = classField.ref;
const CLASSES = Array.from({ length: 25 }, (_, i) => ({ id: `class-${i + 1}`, code: `JS23${String(i + 1).padStart(2, '0')}`, name: `计算机23${String(i + 1).padStart(2, '0')}班` }));
const STUDENTS = [
  { id: 'stu-1', studentNo: '20230101', name: '李明', classId: 'class-3', classId_dictText: '计算机2303班', grade: 2023, status: '1' },
  { id: 'stu-2', studentNo: '20230102', name: '王芳', classId: 'class-4', classId_dictText: '计算机2304班', grade: 2023, status: '1' },
];

let server: Server;
/** The list requests the server saw: path and query. */
const asked: { path: string; query: URLSearchParams }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const url = new URL(req.url ?? '/', 'http://localhost');
    asked.push({ path: url.pathname, query: url.searchParams });
    const pageNo = Number(url.searchParams.get('pageNo') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
    const rows =
      url.pathname === target.list
        ? CLASSES.filter((c) => c.name.includes(url.searchParams.get('name') ?? ''))
        : url.pathname === '/basic/student/list'
          ? STUDENTS
          : url.pathname.startsWith('/sys/dict/getDictItems')
            ? null
            : [];
    const result = rows === null ? [] : { records: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length, current: pageNo, size: pageSize };
    res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify({ success: true, message: '', code: 200, result, timestamp: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
});
afterAll(() => server.close());
beforeEach(() => {
  asked.length = 0;
});

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter initialEntries={['/basic/student']}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
}

const classSearches = () => asked.filter((a) => a.path === target.list);
const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((el) => el.textContent);

describe('<RefSelect> (desktop)', () => {
  function Field({ initial }: { initial?: string }) {
    const [value, setValue] = useState<string | null | undefined>(initial);
    return (
      <>
        <RefSelect target={target} value={value} onChange={setValue} />
        <output data-testid="value">{value ?? ''}</output>
      </>
    );
  }

  it('asks nothing until opened, then offers the first 20 classes and says to type to narrow them', async () => {
    render(withQueries(<Field />));
    expect(screen.getByText('请选择班级')).toBeTruthy();
    expect(classSearches()).toHaveLength(0);

    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toHaveLength(20));
    expect(optionTexts()[0]).toContain('计算机2301班');
    expect(optionTexts()[0]).toContain('JS2301');
    expect(screen.getByText('继续输入以缩小范围')).toBeTruthy();
    expect(classSearches()[0]?.query.get('pageSize')).toBe('20');
    expect(classSearches()[0]?.query.has('name')).toBe(false);
  });

  it('searches the class list on the server by name as the user types, once typing pauses', async () => {
    render(withQueries(<Field />));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toHaveLength(20));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '23' } });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '2325' } });
    await waitFor(() => expect(optionTexts()).toEqual([expect.stringContaining('计算机2325班')]));
    expect(classSearches().map((a) => a.query.get('name'))).toEqual([null, '2325']);
    expect(screen.queryByText('继续输入以缩小范围')).toBeNull();

    fireEvent.click(screen.getByTitle('计算机2325班'));
    expect(screen.getByTestId('value').textContent).toBe('class-25');
    // The field (not its dropdown, which lives elsewhere in the page) names the class.
    await waitFor(() => expect(document.querySelector('.ant-select')?.textContent).toBe('计算机2325班'));
  });

  it('says so when nothing matches', async () => {
    render(withQueries(<Field />));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '会计' } });
    expect(await screen.findByText('没有找到匹配的班级')).toBeTruthy();
  });

  it('shows a chosen class by the label its row came with, without loading the class list', async () => {
    rememberRowLabels(STUDENT_RESOURCE, [{ id: 'stu-9', classId: 'class-9', classId_dictText: '计算机2309班' }]);
    render(withQueries(<RefSelect target={target} value="class-9" />));
    expect(await screen.findByText('计算机2309班')).toBeTruthy();
    expect(document.body.textContent).not.toContain('class-9');
    expect(classSearches()).toHaveLength(0);
  });
});

describe('<RefPickerPhone> (antd-mobile)', () => {
  function Field() {
    const [value, setValue] = useState<string | null | undefined>();
    return <RefPickerPhone target={target} title="班级" value={value} onChange={setValue} />;
  }

  it('opens a sheet with the first matches, searches the server as the user types, and shows the one picked', async () => {
    render(withQueries(<Field />));
    const field = screen.getByRole('button', { name: '班级' });
    expect(field.textContent).toContain('请选择班级');

    fireEvent.click(field);
    const sheet = await screen.findByRole('dialog', { name: '班级' });
    expect(await within(sheet).findByText('计算机2301班')).toBeTruthy();
    expect(within(sheet).getByText('继续输入以缩小范围')).toBeTruthy();
    expect(within(sheet).queryByText('计算机2321班')).toBeNull();

    fireEvent.change(within(sheet).getByPlaceholderText('搜索班级'), { target: { value: '2321' } });
    expect(await within(sheet).findByText('计算机2321班')).toBeTruthy();
    await waitFor(() => expect(within(sheet).queryByText('计算机2301班')).toBeNull());
    expect(classSearches().at(-1)?.query.get('name')).toBe('2321');

    fireEvent.click(within(sheet).getByText('计算机2321班'));
    await waitFor(() => expect(screen.getByRole('button', { name: '班级' }).textContent).toContain('计算机2321班'));
  });
});

describe('a ref field in the lists', () => {
  it('the desktop table shows the class by its label, never its id', async () => {
    render(withQueries(<ResourceTable resource={STUDENT_RESOURCE} />));
    await waitFor(() => expect(asked.map((a) => a.path)).toContain('/basic/student/list'), { timeout: 10_000 });
    const row = (await screen.findByText('李明')).closest('tr')!;
    expect(within(row).getByText('计算机2303班')).toBeTruthy();
    expect(row.textContent).not.toContain('class-3');
  });

  it('the phone list names the class under each student, never its id', async () => {
    render(withQueries(<ResourcePhoneList resource={STUDENT_RESOURCE} />));
    const list = await screen.findByRole('region', { name: '学生列表' });
    await waitFor(() => expect(list.textContent).toContain('班级：计算机2304班'));
    expect(list.textContent).not.toContain('class-4');
  });
});
