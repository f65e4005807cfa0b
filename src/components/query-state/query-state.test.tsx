import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from './query-state.tsx';
import { QueryStatePhone } from './query-state-phone.tsx';

type StateView = ComponentType<{ query: UseQueryResult<string>; what: string; children: (data: string) => ReactNode }>;

/** A detail whose reads fail until `answer` is set. */
function renderDetail(View: StateView) {
  const server = { answer: null as string | null, reads: 0 };
  function Detail() {
    const query = useQuery({
      queryKey: ['detail'],
      queryFn: async () => {
        server.reads += 1;
        if (server.answer === null) throw new Error('网络不可用');
        return server.answer;
      },
      retry: false,
    });
    return (
      <View query={query} what="周记">
        {(title) => <h3>{title}</h3>}
      </View>
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Detail />
    </QueryClientProvider>,
  );
  return server;
}

describe.each([
  ['<QueryState> (antd)', QueryState as StateView, '正在加载周记…'],
  ['<QueryStatePhone> (antd-mobile)', QueryStatePhone as StateView, '正在加载周记'],
])('%s', (_name, View, loading) => {
  it('says what loads, then the failure with its reason, and 重试 reads again into the detail', async () => {
    const server = renderDetail(View);
    expect(screen.getByRole('status').textContent).toContain(loading);
    expect(await screen.findByText('周记加载失败')).toBeTruthy();
    expect(screen.getByText('网络不可用')).toBeTruthy();
    server.answer = '第三周：执行测试';
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('heading', { name: '第三周：执行测试' })).toBeTruthy();
    expect(server.reads).toBe(2);
  });
});
