import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictOption } from '@contract/session.ts';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { configureApiClient } from '@/lib/api-client.ts';
import { DictSelectPhone, filterDictItems } from './dict-select-phone.tsx';
import { DictSelect } from './dict-select.tsx';

/** A real HTTP server on a free port answering GET /sys/dict/getDictItems/{code} as the API server does. */
const DICTS: Record<string, DictOption[]> = {
  sex: [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
  ],
  major: [
    { value: 'M01', text: '计算机应用技术' },
    { value: 'M02', text: '软件技术' },
    { value: 'M03', text: '会计' },
  ],
};
let server: Server;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    requested.push(req.url ?? '');
    const code = decodeURIComponent(/\/sys\/dict\/getDictItems\/([^?]+)/.exec(req.url ?? '')?.[1] ?? '');
    const items = DICTS[code];
    res.writeHead(items ? 200 : 500, { 'content-type': 'application/json', ...cors });
    res.end(JSON.stringify(items ? { success: true, message: '', code: 200, result: items, timestamp: 1 } : { success: false, message: `字典不存在：${code}`, code: 500, result: null, timestamp: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
});
afterAll(() => server.close());

beforeEach(() => {
  requested.length = 0;
  act(() => noticeStore.clear());
});

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((el) => el.textContent);

describe('<DictSelect> (desktop)', () => {
  it('says 请选择 until something is chosen, and lists the dictionary', async () => {
    const onChange = vi.fn();
    render(withQueries(<DictSelect dictCode="major" onChange={onChange} />));
    expect(screen.getByText('请选择')).toBeTruthy();
    await waitFor(() => expect(requested).toEqual(['/sys/dict/getDictItems/major']));

    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toEqual(['计算机应用技术', '软件技术', '会计']));

    fireEvent.click(screen.getByTitle('软件技术'));
    expect(onChange).toHaveBeenCalledWith('M02', expect.objectContaining({ value: 'M02', label: '软件技术' }));
  });

  it('filters the options by their text as one types', async () => {
    render(withQueries(<DictSelect dictCode="major" />));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toHaveLength(3));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '技术' } });
    await waitFor(() => expect(optionTexts()).toEqual(['计算机应用技术', '软件技术']));
  });

  it('shows the text of a given value and takes another placeholder', async () => {
    const { unmount } = render(withQueries(<DictSelect dictCode="sex" value="2" />));
    expect(await screen.findByText('女')).toBeTruthy();
    unmount();
    render(withQueries(<DictSelect dictCode="sex" placeholder="请选择性别" />));
    expect(screen.getByText('请选择性别')).toBeTruthy();
  });
});

describe('<DictSelectPhone> (antd-mobile)', () => {
  function Field() {
    const [value, setValue] = useState<string | undefined>();
    return <DictSelectPhone dictCode="major" title="专业" value={value} onChange={setValue} />;
  }

  it('says 请选择, opens a sheet with the items, and shows the one picked', async () => {
    render(withQueries(<Field />));
    const field = screen.getByRole('button', { name: '专业' });
    expect(field.textContent).toContain('请选择');

    fireEvent.click(field);
    expect(await screen.findByRole('dialog', { name: '专业' })).toBeTruthy();
    expect(await screen.findByText('计算机应用技术')).toBeTruthy();
    expect(screen.getByText('软件技术')).toBeTruthy();
    expect(screen.getByText('会计')).toBeTruthy();

    fireEvent.click(screen.getByText('会计'));
    await waitFor(() => expect(screen.getByRole('button', { name: '专业' }).textContent).toContain('会计'));
  });

  it('searches the items by their text', async () => {
    render(withQueries(<Field />));
    fireEvent.click(screen.getByRole('button', { name: '专业' }));
    await screen.findByText('会计');
    fireEvent.change(screen.getByPlaceholderText('搜索'), { target: { value: '技术' } });
    await waitFor(() => expect(screen.queryByText('会计')).toBeNull());
    expect(screen.getByText('软件技术')).toBeTruthy();
  });

  it('filterDictItems keeps items whose text contains the keyword', () => {
    expect(filterDictItems(DICTS.major!, ' 技术 ').map((i) => i.value)).toEqual(['M01', 'M02']);
    expect(filterDictItems(DICTS.major!, '')).toHaveLength(3);
  });
});
