import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PhoneInfiniteList, type InfiniteListQuery } from './phone-infinite-list.tsx';

/** A list whose next page fails once, then comes. */
function failingOnce(): InfiniteListQuery {
  let failed = false;
  return {
    isPending: false,
    isError: false,
    hasNextPage: true,
    refetch: () => Promise.resolve(),
    fetchNextPage: vi.fn(() => {
      const first = !failed;
      failed = true;
      return Promise.resolve(first ? { isError: true, error: new Error('网络不可用') } : { isError: false, error: null });
    }),
  };
}

// jsdom lays nothing out: the list's end counts as in view once it is in the document.
const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!;
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body }));
afterAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent));

describe('<PhoneInfiniteList> (antd-mobile)', () => {
  it('offers 重新加载 when the next page fails, rather than asking again and again', async () => {
    const query = failingOnce();
    render(
      <PhoneInfiniteList query={query} empty={false} emptyTitle="暂无记录" emptyDescription="">
        <p>第一页</p>
      </PhoneInfiniteList>,
    );
    const retry = await screen.findByText('重新加载');
    expect(query.fetchNextPage).toHaveBeenCalledTimes(1);
    fireEvent.click(retry);
    await waitFor(() => expect(query.fetchNextPage).toHaveBeenCalledTimes(2));
  });

  it('says so when there is nothing', () => {
    render(
      <PhoneInfiniteList query={failingOnce()} empty emptyTitle="暂无记录" emptyDescription="下拉可刷新">
        <p>第一页</p>
      </PhoneInfiniteList>,
    );
    expect(screen.getByText('暂无记录')).toBeTruthy();
    expect(screen.queryByText('第一页')).toBeNull();
  });
});
