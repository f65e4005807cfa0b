import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProcessModel } from '@contract/workflow.ts';
import { useModelEditorPage } from '../components/use-model-editor.ts';
import ModelEditorDesktop from './model-editor-desktop.tsx';

const MODELS: ProcessModel[] = [
  {
    key: 'leave',
    name: '请假',
    steps: [
      { name: '指导教师审批', assignee: { type: 'relation', relation: 'adviser' } },
      { name: '实习办审批', assignee: { type: 'role', roleId: 'r1' } },
    ],
    updatedAt: '2026-03-01T08:00:00.000Z',
    updatedByName: null,
  },
];

vi.mock('@/lib/api-client.ts', () => ({
  http: { get: (url: string) => Promise.resolve(url.includes('/sys/role/') ? { records: [{ id: 'r1', roleName: '实习办' }], total: 1 } : MODELS) },
}));

function Page() {
  return <ModelEditorDesktop state={useModelEditorPage('desktop').state} />;
}

describe('流程模型 on the desktop (the declared list)', () => {
  it('lists each process with its steps in words and who changed it, and 编辑 opens its steps in a drawer', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Page />
      </QueryClientProvider>,
    );
    const region = screen.getByRole('region', { name: '流程模型' });
    const row = (await within(region).findByText('请假')).closest('tr')!;
    expect(await within(row).findByText('1. 指导教师审批（学生的指导教师） → 2. 实习办审批（实习办）')).toBeTruthy();
    expect(within(row).getByText('系统初始')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    expect(await screen.findByRole('form', { name: '编辑流程：请假' })).toBeTruthy();
    // The drawer and the form load antd's heavier parts: slow under jsdom on busy cores.
  }, 40_000);
});
