import type { ReactNode } from 'react';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import './phone-list-state.css';

/** 加载中 (or what is loading) with the dots, as every phone list and detail shows it while it loads. */
export function PhoneLoading({ text = '加载中' }: { text?: string }) {
  return (
    <div className="phone-list-state__loading" role="status">
      {text}
      <DotLoading />
    </div>
  );
}

export interface PhoneListStateProps {
  pending: boolean;
  failed: boolean;
  empty: boolean;
  emptyTitle: string;
  emptyDescription: string;
  /** What a list that could not load says, when not the usual 加载失败. */
  failedTitle?: string;
  failedDescription?: string;
  children: ReactNode;
}

/**
 * What a phone list shows before its rows (antd-mobile): 加载中 while the first page loads, 加载失败
 * when nothing could be loaded, the empty notice when there are no rows, else the rows.
 */
export function PhoneListState({ pending, failed, empty, emptyTitle, emptyDescription, failedTitle = '加载失败', failedDescription = '请下拉刷新重试', children }: PhoneListStateProps) {
  if (pending) return <PhoneLoading />;
  if (failed && empty) return <ErrorBlock status="default" title={failedTitle} description={failedDescription} />;
  if (empty) return <ErrorBlock status="empty" title={emptyTitle} description={emptyDescription} />;
  return children;
}
