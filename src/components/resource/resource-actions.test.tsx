import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_RESOURCE } from '@contract/user-admin.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { configureApiClient } from '@/lib/api-client.ts';
import { sessionStore } from '@/lib/session-store.ts';
import { ResourceTable } from './resource-table.tsx';

/**
 * A resource's declared row actions (用户管理's 冻结, 解冻 and 重置密码) in the generic desktop table: offered to
 * holders of their codes, on the rows they are for; a form of their own where they ask first; their body sent
 * to their path.
 */

const USERS = [
  { id: 'u-1', username: 'zhang', realname: '张三', workNo: 'T1', yhlx: '0', status: 1, roleNames: '', departNames: '' },
  { id: 'u-2', username: 'li', realname: '李四', workNo: 'T2', yhlx: '0', status: 2, roleNames: '', departNames: '' },
];

let server: Server;
/** The action calls the server saw: path and body. */
const sentActions: { path: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'PUT') sentActions.push({ path, body: JSON.parse(body) as Record<string, unknown> });
      const result = path === '/sys/user/list' ? { records: USERS, total: USERS.length, current: 1, size: 10 } : req.method === 'PUT' ? null : [];
      res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify({ success: true, message: '', code: 200, result, timestamp: 1 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
});
afterAll(() => server.close());

const said = vi.spyOn(notify, 'success');
const holding = (...codes: string[]) => act(() => sessionStore.savePermissions({ menu: [], auth: codes.map((action) => ({ action, describe: action, type: '2', status: '1' })), allAuth: [] }));

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter initialEntries={['/system/user']}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
}

const LONG = { timeout: 30_000 };
const rowOf = async (name: string) => (await screen.findByText(name, undefined, LONG)).closest('tr')!;
// antd puts a space between the two characters of a button's label.
const FREEZE = /^冻\s?结$/;
const UNFREEZE = /^解\s?冻$/;

// antd's first table under jsdom takes seconds on a busy machine.
const SLOW = { timeout: 60_000 };

describe('declared row actions in the desktop table', () => {
  it('offers 冻结 on a normal account and 解冻 on a frozen one, only to holders of their code', SLOW, async () => {
    holding('system:user:list', 'system:user:frozen');
    render(withQueries(<ResourceTable resource={USER_RESOURCE} />));
    const [normal, frozen] = [await rowOf('张三'), await rowOf('李四')];
    expect(within(normal).getByRole('button', { name: FREEZE })).toBeTruthy();
    expect(within(normal).queryByRole('button', { name: UNFREEZE })).toBeNull();
    expect(within(frozen).queryByRole('button', { name: FREEZE })).toBeNull();
    expect(within(normal).queryByRole('button', { name: '重置密码' })).toBeNull();

    // The table lays itself out again once it knows its width: the row is looked up afresh for the click.
    fireEvent.click(within(await rowOf('李四')).getByRole('button', { name: UNFREEZE }));
    await waitFor(() => expect(sentActions.at(-1)).toEqual({ path: '/sys/user/frozenBatch', body: { ids: 'u-2', status: '1' } }), LONG);
    await waitFor(() => expect(said).toHaveBeenCalledWith('解冻成功!'), LONG);
  });

  it('asks first where the action says so: 重置密码 in a form of its own, naming the account', SLOW, async () => {
    holding('system:user:list', 'system:user:resetPassword');
    render(withQueries(<ResourceTable resource={USER_RESOURCE} />));
    fireEvent.click(within(await rowOf('张三')).getByRole('button', { name: '重置密码' }));
    // Under test every antd modal is labelled by the same id: the form is found by its heading.
    const form = (await screen.findByText('重置密码 – 张三', undefined, LONG)).closest<HTMLElement>('[role="dialog"]')!;
    expect((within(form).getByLabelText('用户账号') as HTMLInputElement).value).toBe('zhang');
    expect(within(form).getByLabelText('用户账号').hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByLabelText('新密码'), { target: { value: 'Next@2026y' } });
    fireEvent.change(within(form).getByLabelText('确认密码'), { target: { value: 'Next@2026y' } });
    fireEvent.click(within(form).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(sentActions.at(-1)).toEqual({ path: '/sys/user/changPassword', body: { username: 'zhang', password: 'Next@2026y', confirmpassword: 'Next@2026y' } }), LONG);
    await waitFor(() => expect(said).toHaveBeenCalledWith('密码修改成功!'), LONG);
  });
});
