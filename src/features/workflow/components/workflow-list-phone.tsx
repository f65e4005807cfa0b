import type { ReactNode } from 'react';
import { InfiniteScroll, List, PullToRefresh } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { PageResult } from '@contract/resource.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { InstanceDetailPhone } from './instance-detail-phone.tsx';
import type { DetailMode, WorkflowListState } from './workflow-parts.tsx';

/** How a row reads in the phone's list. */
export interface PhoneRowView {
  title: string;
  description: ReactNode;
  extra?: ReactNode;
}

interface WorkflowListPhoneProps<Row> {
  title: string;
  emptyTitle: string;
  state: WorkflowListState;
  list: UseInfiniteQueryResult<InfiniteData<PageResult<Row>>>;
  row: (row: Row) => PhoneRowView;
  instanceOf: (row: Row) => string;
  mode: DetailMode;
}

/** One of the workflow's lists on the phone (antd-mobile only): pull to refresh, page after page as one scrolls, the application full screen. */
export function WorkflowListPhone<Row extends { id: string }>({ title, emptyTitle, state, list, row, instanceOf, mode }: WorkflowListPhoneProps<Row>) {
  const rows = list.data?.pages.flatMap((page) => page.records) ?? [];
  const loadMore = async () => {
    const result = await list.fetchNextPage();
    if (result.isError) throw result.error;
  };
  return (
    <section className="workflow-phone" aria-label={title}>
      <PullToRefresh
        onRefresh={async () => {
          await list.refetch();
        }}
      >
        <div className="workflow-phone__list">
          <PhoneListState pending={list.isPending} failed={list.isError} empty={rows.length === 0} emptyTitle={emptyTitle} emptyDescription="下拉可刷新">
            <List mode="card">
              {rows.map((item) => {
                const view = row(item);
                return (
                  <List.Item key={item.id} description={view.description} extra={view.extra} onClick={() => state.open(instanceOf(item))}>
                    <span className="workflow-phone__item-title">{view.title}</span>
                  </List.Item>
                );
              })}
            </List>
          </PhoneListState>
          {rows.length > 0 && <InfiniteScroll loadMore={loadMore} hasMore={Boolean(list.hasNextPage)} />}
        </div>
      </PullToRefresh>
      <Popup visible={state.detailOpen} position="right" onClose={state.close} destroyOnClose bodyClassName="workflow-phone__sheet">
        <PhoneNavBar onBack={state.close}>申请详情</PhoneNavBar>
        <div className="workflow-phone__body">{state.openId && <InstanceDetailPhone id={state.openId} mode={mode} onDone={state.close} />}</div>
      </Popup>
    </section>
  );
}
