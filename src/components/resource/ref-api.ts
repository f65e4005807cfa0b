import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { refTextKey, type PageResult, type RefTarget, type ResourceDescription } from '@contract/resource.ts';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { http } from '@/lib/api-client.ts';

/** A picker offers the first matches only: the rest is found by typing more. */
export const REF_PAGE_SIZE = 20;
/** Shown below the matches when the list holds more than the first ones. */
export const NARROW_HINT = '继续输入以缩小范围';
const REF_SEARCH_PAUSE_MS = 300;

type Row = { id: string } & Record<string, unknown>;

/**
 * The labels of referenced rows seen in this page load (a list's `<field>_dictText`, a picker's
 * matches), so a picker shows the name of a chosen id without asking the server for it: after a
 * reload the list restored from the address brings the label of the id it was searched by.
 */
const labels = new Map<string, string>();
const labelKey = (target: RefTarget, id: string) => `${target.key}\u0000${id}`;

export const rememberRefLabel = (target: RefTarget, id: unknown, label: unknown) => {
  if (typeof id === 'string' && id && typeof label === 'string' && label) labels.set(labelKey(target, id), label);
};
export const knownRefLabel = (target: RefTarget, id: string | null | undefined) => (id ? labels.get(labelKey(target, id)) : undefined);

/** Keeps the labels of a list's ref fields. */
export function rememberRowLabels(resource: ResourceDescription, rows: readonly Row[]) {
  for (const field of resource.fields) {
    if (field.kind !== 'ref' || !field.ref) continue;
    for (const row of rows) rememberRefLabel(field.ref, row[field.name], row[refTextKey(field.name)]);
  }
}

export interface RefOption {
  value: string;
  label: string;
  code?: string;
}

/** The first matches of the target's list for a text: GET list?{searchField}=text&pageSize=20. */
export async function fetchRefOptions(target: RefTarget, text: string): Promise<{ options: RefOption[]; total: number }> {
  const word = text.trim();
  const page = await http.get<PageResult<Row>>(target.list, { ...(word ? { [target.searchField]: word } : {}), pageNo: 1, pageSize: REF_PAGE_SIZE });
  const options = page.records.map((row) => ({
    value: row.id,
    label: String(row[target.labelField] ?? ''),
    code: target.codeField && row[target.codeField] != null ? String(row[target.codeField]) : undefined,
  }));
  options.forEach((o) => rememberRefLabel(target, o.value, o.label));
  return { options, total: page.total };
}

/**
 * The matches a picker offers while it is open, asked once typing pauses; the previous matches stay
 * shown while the next arrive. `more` says the list holds more than it shows.
 */
export function useRefOptions(target: RefTarget, text: string, enabled: boolean) {
  const word = useDebouncedValue(text.trim(), REF_SEARCH_PAUSE_MS);
  const query = useQuery({
    queryKey: ['ref', target.key, target.list, word],
    queryFn: () => fetchRefOptions(target, word),
    enabled,
    placeholderData: keepPreviousData,
  });
  const options = query.data?.options ?? [];
  return {
    options,
    more: (query.data?.total ?? 0) > options.length,
    // Typed but not asked yet counts as loading: the matches shown are for the earlier text.
    loading: query.isFetching || word !== text.trim(),
    failed: query.isError,
  };
}
