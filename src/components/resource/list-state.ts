import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ResourceDescription } from '@contract/resource.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../list/list-data.ts';
import type { SearchValues } from './resource-api.ts';
import { listFields, searchFields } from './resource-fields.ts';

/** What a list shows: its search, page and sort. */
export interface ListState {
  search: SearchValues;
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: 'asc' | 'desc';
}

export const INITIAL_LIST_STATE: ListState = { search: {}, pageNo: 1, pageSize: DEFAULT_PAGE_SIZE };

const PAGING_KEYS = ['pageNo', 'pageSize', 'column', 'order'] as const;
const sortableNames = (resource: ResourceDescription) => listFields(resource).filter((f) => typeof f.list === 'object' && f.list.sortable).map((f) => f.name);

/**
 * A list's state from the address, as the list's own request names it (`name=张&classId=…&pageNo=2&
 * pageSize=20&column=studentNo&order=desc`). What the list does not know (a field it cannot search,
 * a page size it does not offer, a column it cannot sort by) is left at its default.
 */
export function readListState(resource: ResourceDescription, params: URLSearchParams): ListState {
  const search: SearchValues = {};
  for (const field of searchFields(resource)) {
    const value = params.get(field.name);
    if (value) search[field.name] = value;
  }
  const pageNo = Number(params.get('pageNo'));
  const pageSize = Number(params.get('pageSize'));
  const column = params.get('column');
  const order = params.get('order');
  const sorted = column !== null && sortableNames(resource).includes(column) && (order === 'asc' || order === 'desc');
  return {
    search,
    pageNo: Number.isInteger(pageNo) && pageNo > 0 ? pageNo : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    ...(sorted ? { column, order } : {}),
  };
}

/** The address's search with the list's state in place of the old one; defaults are left out, other parameters kept. */
export function writeListState(resource: ResourceDescription, state: ListState, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...searchFields(resource).map((f) => f.name), ...PAGING_KEYS]) next.delete(key);
  for (const [key, value] of Object.entries(state.search)) if (value !== undefined && value.trim() !== '') next.set(key, value);
  if (state.pageNo !== 1) next.set('pageNo', String(state.pageNo));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(state.pageSize));
  if (state.column && state.order) {
    next.set('column', state.column);
    next.set('order', state.order);
  }
  return next;
}

/**
 * The list's state, kept in the hash route's search: a reload or a shared address opens the same
 * list, and back/forward step through earlier searches and pages. A list under a chosen parent (one
 * with fixed search values, as a dictionary's items) keeps its state in memory instead: the page's
 * main list owns the address.
 */
export function useListState(resource: ResourceDescription, inAddress: boolean): [ListState, (next: ListState) => void] {
  const [params, setParams] = useSearchParams();
  const fromAddress = useMemo(() => readListState(resource, params), [resource, params]);
  const [inMemory, setInMemory] = useState(INITIAL_LIST_STATE);
  const setInAddress = useCallback((next: ListState) => setParams((current) => writeListState(resource, next, current)), [resource, setParams]);
  return inAddress ? [fromAddress, setInAddress] : [inMemory, setInMemory];
}
