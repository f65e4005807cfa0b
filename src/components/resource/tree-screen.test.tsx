import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATEGORY_PERMISSIONS, CATEGORY_RESOURCE } from '@contract/category.ts';
import { configureApiClient } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { ResourceTreePhone } from './resource-tree-phone.tsx';
import { ResourceTreeTable } from './resource-tree-table.tsx';
import { useTreeScreen } from './use-tree-screen.ts';

/**
 * A tree resource's screen (分类字典 here): one hook holds its state for the desktop's tree table and the phone's
 * levels, so a change of device keeps the open form; the phone opens a level at a time, finds rows flat, and a
 * leaf opens its form with its parent chosen in the tree.
 */

const node = (id: string, name: string, pid: string | null, children: unknown[] = []) => ({ id, key: id, value: id, title: name, name, code: id.toUpperCase(), pid, sortNo: 0, children });
const TREE = [node('major', '专业大类', null, [node('soft', '软件技术', 'major', [node('web', 'Web前端', 'soft')]), node('net', '网络技术', 'major')]), node('trade', '商贸大类', null)];

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const result = path === CATEGORY_RESOURCE.tree!.api.tree ? TREE : [];
    res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify({ success: true, message: '', code: 200, result, timestamp: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
  const rule = (action: string) => ({ action, describe: action, type: '2' as const, status: '1' as const });
  act(() => sessionStore.savePermissions({ menu: [], auth: Object.values(CATEGORY_PERMISSIONS).map(rule), allAuth: [] }));
});
afterAll(() => server.close());

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The page as devicePage builds it: the hook above whichever rendering the device asks for. */
function CategoryPage({ phoneFirst }: { phoneFirst: boolean }) {
  const page = useTreeScreen(CATEGORY_RESOURCE);
  const [phone, setPhone] = useState(phoneFirst);
  return (
    <>
      <button type="button" onClick={() => setPhone((p) => !p)}>
        换设备
      </button>
      {phone ? <ResourceTreePhone screen={page} /> : <ResourceTreeTable screen={page} />}
    </>
  );
}

describe('a tree screen on the phone', () => {
  it('opens a level at a time and goes back up', async () => {
    render(withQueries(<CategoryPage phoneFirst />));
    const top = await screen.findByRole('region', { name: '分类列表' });
    expect(within(top).getByText('专业大类')).toBeTruthy();
    expect(within(top).getByText('2 个下级')).toBeTruthy();
    expect(within(top).queryByText('软件技术')).toBeNull();

    fireEvent.click(within(top).getByText('专业大类'));
    const below = await screen.findByRole('region', { name: '下级分类' });
    expect(within(below).getByText('软件技术')).toBeTruthy();
    expect(within(below).getByText('网络技术')).toBeTruthy();
    fireEvent.click(within(below).getByText('软件技术'));
    await waitFor(() => expect(within(screen.getByRole('region', { name: '下级分类' })).getByText('Web前端')).toBeTruthy());
    expect(screen.getByText('专业大类', { selector: '.adm-list-item-content-extra' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /返回/ }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: '下级分类' })).getByText('网络技术')).toBeTruthy());
  });

  it('finds rows flat, and a leaf opens its form with its parent chosen in the tree', async () => {
    render(withQueries(<CategoryPage phoneFirst />));
    await screen.findByRole('region', { name: '分类列表' });
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'web' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const found = await screen.findByRole('region', { name: '搜索结果' });
    expect(found.textContent).toContain('Web前端');
    expect(found.textContent).not.toContain('软件技术');

    fireEvent.click(within(found).getByText('Web前端'));
    const form = await screen.findByRole('dialog', { name: '编辑分类' });
    expect(within(form).getByRole('button', { name: '上级分类' }).textContent).toContain('软件技术');
    expect(within(form).getByRole('button', { name: '删除' })).toBeTruthy();
  });
});

describe('a tree screen across devices', () => {
  it('keeps the open form when the phone turns into the desktop', { timeout: 60_000 }, async () => {
    render(withQueries(<CategoryPage phoneFirst />));
    fireEvent.click(within(await screen.findByRole('region', { name: '分类列表' })).getByText('专业大类'));
    fireEvent.click(await screen.findByRole('button', { name: '新增下级' }));
    expect(await screen.findByRole('dialog', { name: '新增下级分类' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '换设备' }));
    const modal = await screen.findByRole('dialog', { name: '新增分类' }, { timeout: 10_000 });
    // The parent chosen on the phone is the desktop form's parent.
    await waitFor(() => expect(modal.textContent).toContain('专业大类'));
    expect(screen.getByRole('table', { name: '分类树' })).toBeTruthy();
  });
});
