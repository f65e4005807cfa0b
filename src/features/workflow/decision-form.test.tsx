import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstanceView } from '@contract/workflow.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { noticeStore } from '@/components/notification/notification-store.ts';
import { configureApiClient } from '@/lib/api-client.ts';
import { DecisionForm } from './components/instance-detail-desktop.tsx';

/** A real HTTP stand-in for POST /workflow/task/{id}/decide: it keeps what it was sent and answers the application. */
const answered: InstanceView = {
  id: 'inst-1', processKey: 'leave', processName: '请假', businessId: 'rec-1', title: '李明的请假申请', summary: ['请假类型：事假'], applicantName: '李明',
  status: 'approved', currentStep: null, currentAssignees: [], steps: [{ name: '指导教师审批', assignee: { type: 'relation', relation: 'adviser' } }], stepIndex: 0,
  createdAt: '2026-03-06T08:00:00Z', endedAt: '2026-03-07T08:00:00Z', history: [], canWithdraw: false, myTaskId: null,
};
let received: { method: string; url: string; body: unknown }[] = [];
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body: text ? JSON.parse(text) : null });
      res.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify({ success: true, message: '审批完成', code: 200, result: answered, timestamp: 1 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => server.close());

beforeEach(() => {
  received = [];
  noticeStore.clear();
  configureApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { onSessionEnded: vi.fn(), onLicenceInvalid: vi.fn() });
});

function openForm() {
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntdProvider>
        <DecisionForm taskId="task-1" instanceId="inst-1" onDone={onDone} />
      </AntdProvider>
    </QueryClientProvider>,
  );
  return onDone;
}
const button = (name: string) => screen.getByRole('button', { name });

describe('审批 form on desktop (antd)', () => {
  it('asks for a comment before 驳回 and sends nothing until there is one', async () => {
    const onDone = openForm();
    fireEvent.click(button('驳回'));
    expect(await screen.findByText('驳回时请填写意见')).toBeTruthy();
    // Give a request that should not exist the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();

    // Only whitespace is still no comment.
    fireEvent.change(screen.getByLabelText('审批意见'), { target: { value: '   ' } });
    fireEvent.click(button('退回修改'));
    expect(await screen.findByText('退回修改时请填写意见')).toBeTruthy();
    expect(received).toEqual([]);

    fireEvent.change(screen.getByLabelText('审批意见'), { target: { value: '请补充请假证明' } });
    await waitFor(() => expect(screen.queryByText('退回修改时请填写意见')).toBeNull());
    fireEvent.click(button('驳回'));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({ method: 'POST', url: '/workflow/task/task-1/decide', body: { decision: 'reject', comment: '请补充请假证明' } });
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });

  it('同意 sends the approval without a comment, shows the toast and closes', async () => {
    const onDone = openForm();
    fireEvent.click(button('同意'));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({ method: 'POST', url: '/workflow/task/task-1/decide', body: { decision: 'approve' } });
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(noticeStore.list()).toEqual([expect.objectContaining({ kind: 'success', message: '已同意该申请' })]);
    expect(screen.queryByText('驳回时请填写意见')).toBeNull();
  });
});
