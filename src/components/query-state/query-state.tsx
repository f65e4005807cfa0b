import type { ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import './query-state.css';

/**
 * A detail read from the server (antd): 正在加载… while it loads, the failure with its reason and 重试,
 * else the detail drawn from what came.
 */
export function QueryState<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <div className="query-state__loading" role="status">
        <Spin /> 正在加载{what}…
      </div>
    );
  }
  if (query.isError) return <Result status="warning" title={`${what}加载失败`} subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>重试</Button>} />;
  return children(query.data);
}
