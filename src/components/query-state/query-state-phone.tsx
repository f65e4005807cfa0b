import type { ReactNode } from 'react';
import { Button, ErrorBlock } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { PhoneLoading } from '@/components/phone-list/phone-list-state.tsx';

/**
 * A detail read from the server (antd-mobile only): 正在加载… while it loads, the failure with its reason
 * and 重试, else the detail drawn from what came.
 */
export function QueryStatePhone<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <PhoneLoading text={`正在加载${what}`} />;
  if (query.isError) {
    return (
      <ErrorBlock status="default" title={`${what}加载失败`} description={query.error.message}>
        <Button color="primary" onClick={() => void query.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    );
  }
  return children(query.data);
}
