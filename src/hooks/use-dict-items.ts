import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DictOption } from '@contract/session.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { ApiError, http } from '@/lib/api-client.ts';
import { cachedDict } from '@/offline/dicts.ts';

/** GET /sys/dict/getDictItems/{dictCode} (no _t, SPEC.md section 7). */
export function fetchDictItems(dictCode: string): Promise<DictOption[]> {
  return http.get<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(dictCode)}`, undefined, { silent: true });
}

/** A failed load shows the server's message as a warning (SPEC.md section 8), once per failed fetch. */
function warnDictFailure(error: unknown): never {
  if (!(error instanceof ApiError && error.notified)) notify.warning(error instanceof Error && error.message ? error.message : '字典加载失败');
  throw error;
}

export const DICT_STALE_MS = 5 * 60_000;

export const dictItemsQuery = (dictCode: string) =>
  queryOptions({
    queryKey: ['dict-items', dictCode],
    // Served from the device first (works offline), refreshed from the server behind it.
    queryFn: ({ client, queryKey }) => cachedDict(dictCode, () => fetchDictItems(dictCode), (items) => client.setQueryData(queryKey, items)).catch(warnDictFailure),
    networkMode: 'offlineFirst',
    enabled: Boolean(dictCode),
    staleTime: DICT_STALE_MS,
  });

/** A dictionary's items ({value, text}); data is undefined until loaded (and after a failure). */
export function useDictItems(dictCode: string) {
  return useQuery(dictItemsQuery(dictCode));
}

/**
 * The label of one value as a person should read it: while the dictionary is still on its way the
 * label is not known yet (`pending`), never the raw code; a dictionary that failed to load (warned
 * already) or that lacks the value leaves the code itself.
 */
export function useDictLabel(dictCode: string, value: unknown): { text: string; pending: boolean } {
  const { data, isPending, isError } = useDictItems(dictCode);
  const code = value === null || value === undefined ? '' : String(value);
  if (!code) return { text: '', pending: false };
  if (data) return { text: dictText(data, code), pending: false };
  return isPending && !isError && dictCode ? { text: '', pending: true } : { text: code, pending: false };
}

/** The text of a value, or the value itself when the dictionary does not know it. */
export function dictText(items: readonly DictOption[] | undefined, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return items?.find((item) => item.value === value)?.text ?? value;
}
