import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AddressBookRow } from '@contract/addressbook.ts';
import type { PageResult } from '@contract/resource.ts';
import { http } from '@/lib/api-client.ts';

export interface AddressBookFilter {
  /** The department and those under it; blank: everyone. */
  departId?: string;
  keyword?: string;
}

/** One page of contacts (system:addressbook:list). */
export const getAddressBook = (params: AddressBookFilter & { pageNo: number; pageSize: number }) =>
  http.get<PageResult<AddressBookRow>>('/sys/addressbook/list', {
    pageNo: params.pageNo,
    pageSize: params.pageSize,
    ...(params.departId ? { departId: params.departId } : {}),
    ...(params.keyword?.trim() ? { keyword: params.keyword.trim() } : {}),
  });

const ADDRESS_BOOK_KEY = ['system', 'addressbook', 'list'] as const;

/** One page for the desktop table; the previous page stays shown while the next loads. */
export const addressBookQuery = (params: AddressBookFilter & { pageNo: number; pageSize: number }) =>
  queryOptions({ queryKey: [...ADDRESS_BOOK_KEY, 'page', params], queryFn: () => getAddressBook(params), placeholderData: keepPreviousData });

/** Pages one after another for the phone's infinite list. */
export const addressBookInfiniteQuery = (filter: AddressBookFilter, pageSize = 20) =>
  infiniteQueryOptions({
    queryKey: [...ADDRESS_BOOK_KEY, 'infinite', filter, pageSize],
    queryFn: ({ pageParam }) => getAddressBook({ ...filter, pageNo: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current * last.size < last.total ? last.current + 1 : undefined),
  });
