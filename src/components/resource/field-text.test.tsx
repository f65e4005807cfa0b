import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_RESOURCE } from '@contract/announcement.ts';
import type { ResourceField } from '@contract/resource.ts';
import { ROLE_RESOURCE } from '@contract/role.ts';
import { DictSelectPhone } from '@/components/dict-select/dict-select-phone.tsx';
import { DictSelect } from '@/components/dict-select/dict-select.tsx';
import { configureApiClient } from '@/lib/api-client.ts';
import { PhoneFieldText } from './resource-phone.tsx';
import { FieldText } from './resource-table.tsx';

/**
 * What a list cell shows (desktop table and phone list alike): never a raw value. Dates in SPEC's
 * formats on the local clock (the school's, Asia/Shanghai, here), and a dictionary's label, with a
 * placeholder instead of the code while the dictionary is still on its way.
 */

const field = (resource: { fields: readonly ResourceField[] }, name: string) => resource.fields.find((f) => f.name === name)!;
const createTime = field(ROLE_RESOURCE, 'createTime');
const msgType = field(ANNOUNCEMENT_RESOURCE, 'msgType');
const msgCategory = field(ANNOUNCEMENT_RESOURCE, 'msgCategory');

/** Dictionaries held back until the test lets them go, as on a first visit over a slow network. */
let server: Server;
const held: (() => void)[] = [];
const DICTS: Record<string, { value: string; text: string }[]> = {
  msg_type: [
    { value: 'ALL', text: '全体用户' },
    { value: 'USER', text: '指定用户' },
  ],
  msg_category: [
    { value: '1', text: '通知公告' },
    { value: '2', text: '系统消息' },
  ],
};
const releaseDictionaries = () => held.splice(0).forEach((answer) => answer());

const previousZone = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = 'Asia/Shanghai';
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const code = decodeURIComponent(/getDictItems\/([^?]+)/.exec(req.url ?? '')?.[1] ?? '');
    held.push(() => res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify({ success: true, message: '', code: 200, result: DICTS[code] ?? [], timestamp: 1 })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
});
afterAll(() => {
  process.env.TZ = previousZone;
  releaseDictionaries();
  server.close();
});

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('a date in a list', () => {
  it('角色管理 创建时间 is local time in YYYY-MM-DD HH:mm:ss, not ISO UTC, on desktop and phone', () => {
    const { container } = render(
      withQueries(
        <>
          <p data-testid="desktop">
            <FieldText field={createTime} value="2026-11-23T22:49:34.443Z" />
          </p>
          <p data-testid="phone">
            <PhoneFieldText field={createTime} value="2026-11-23T22:49:34.443Z" />
          </p>
        </>,
      ),
    );
    expect(screen.getByTestId('desktop').textContent).toBe('2026-11-24 06:49:34');
    expect(screen.getByTestId('phone').textContent).toBe('2026-11-24 06:49:34');
    expect(container.textContent).not.toMatch(/T\d\d:|Z/);
  });

  it('a calendar date is YYYY-MM-DD; a blank is a dash on desktop and nothing on the phone', () => {
    const birthday: ResourceField = { name: 'birthday', label: '生日', kind: 'date' };
    render(
      withQueries(
        <>
          <p data-testid="date">
            <FieldText field={birthday} value="2005-03-04" />
          </p>
          <p data-testid="blank">
            <FieldText field={createTime} value={null} />
          </p>
          <p data-testid="phone-blank">
            <PhoneFieldText field={createTime} value={null} />
          </p>
        </>,
      ),
    );
    expect(screen.getByTestId('date').textContent).toBe('2005-03-04');
    expect(screen.getByTestId('blank').textContent).toBe('—');
    expect(screen.getByTestId('phone-blank').textContent).toBe('');
  });
});

describe('a dictionary value in a list', () => {
  it('系统通告 shows 加载中 until the dictionaries arrive, then their labels, never the codes "ALL" or "1"', async () => {
    render(
      withQueries(
        <>
          <p data-testid="desktop">
            <FieldText field={msgType} value="ALL" /> <FieldText field={msgCategory} value="1" />
          </p>
          <p data-testid="phone">
            <PhoneFieldText field={msgType} value="ALL" /> <PhoneFieldText field={msgCategory} value="1" />
          </p>
          <DictSelectPhone dictCode="msg_category" value="2" title="消息类型" />
          <div data-testid="select">
            <DictSelect dictCode="msg_type" value="USER" />
          </div>
        </>,
      ),
    );
    await vi.waitFor(() => expect(held.length).toBeGreaterThanOrEqual(2));
    expect(screen.getByTestId('desktop').textContent).toBe('加载中 加载中');
    expect(screen.getByTestId('phone').textContent).toBe('加载中 加载中');
    expect(screen.getByRole('button', { name: '消息类型' }).textContent).not.toContain('2');
    expect(screen.getByTestId('select').textContent).not.toContain('USER');

    releaseDictionaries();
    await vi.waitFor(() => expect(screen.getByTestId('desktop').textContent).toBe('全体用户 通知公告'));
    expect(screen.getByTestId('phone').textContent).toBe('全体用户 通知公告');
    expect(screen.getByRole('button', { name: '消息类型' }).textContent).toContain('系统消息');
    expect(screen.getByTestId('select').textContent).toContain('指定用户');
  });
});
