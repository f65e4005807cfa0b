import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { resourceUrl, type PageResult, type ResourceAction, type ResourceDescription, type ResourceTree } from '@contract/resource.ts';
import { api, http } from '@/lib/api-client.ts';
import { saveFile } from '@/components/import-modal/save-file.ts';
import { rememberRowLabels } from './ref-api.ts';

/** A row as the list gives it: an id and the description's fields. */
export type ResourceRow = { id: string } & Record<string, unknown>;
/** A row of a tree resource as its whole tree gives it: with the rows under it (a leaf has none, or an empty list). */
export type TreeRow = ResourceRow & { children?: TreeRow[] };
export type SearchValues = Record<string, string | undefined>;

export type ListParams = Record<string, string | number | undefined> & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc' };

const keyOf = (key: string) => ['resource', key] as const;
export const resourceKey = (resource: ResourceDescription) => keyOf(resource.key);

/** Reloads the resource's lists, and those of the resources that show its values (ResourceDescription.shownIn). */
const reloadAfterChange = (client: QueryClient, resource: ResourceDescription) =>
  Promise.all([resource.key, ...(resource.shownIn ?? [])].map((key) => client.invalidateQueries({ queryKey: keyOf(key) })));

/** Blank search fields are left out of the request. */
export const cleanSearch = (search: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== ''));

export async function fetchResourcePage(resource: ResourceDescription, params: ListParams) {
  const page = await http.get<PageResult<ResourceRow>>(resourceUrl(resource, 'list'), cleanSearch(params));
  rememberRowLabels(resource, page.records);
  return page;
}

/** One page for the desktop table; the previous page stays shown while the next loads. */
export function useResourcePage(resource: ResourceDescription, params: ListParams) {
  return useQuery({
    queryKey: [...resourceKey(resource), 'page', params],
    queryFn: () => fetchResourcePage(resource, params),
    placeholderData: keepPreviousData,
  });
}

/** Pages one after another for the phone's infinite list. */
export function useResourceInfinite(resource: ResourceDescription, search: SearchValues, pageSize = 20, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...resourceKey(resource), 'infinite', search, pageSize],
    queryFn: ({ pageParam }) => fetchResourcePage(resource, { ...search, pageNo: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current * last.size < last.total ? last.current + 1 : undefined),
  });
}

/** After a save (with the saved row) or a delete: what a page does beyond reloading the resource's lists (other caches, showing the row). */
export type OnChanged = (saved?: ResourceRow) => void;

/** Adds (no id) or edits (with id); the lists of the resource reload after it, and `onChanged` runs (other caches a page keeps). */
export function useSaveResource(resource: ResourceDescription, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: Record<string, unknown> }) =>
      id ? http.put<ResourceRow>(resourceUrl(resource, 'edit'), { ...values, id }) : http.post<ResourceRow>(resourceUrl(resource, 'add'), values),
    onSuccess: async (saved) => {
      onChanged?.(saved);
      await reloadAfterChange(client, resource);
    },
  });
}

export function useDeleteResource(resource: ResourceDescription, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1 ? http.delete<null>(resourceUrl(resource, 'delete'), { id: ids[0] }) : http.delete<null>(resourceUrl(resource, 'deleteBatch'), { ids: ids.join(',') }),
    onSuccess: () => onChanged?.(),
    onSettled: () => reloadAfterChange(client, resource),
  });
}

/** The Excel export of what the search shows, saved as <title>.xlsx. */
export async function exportResource(resource: ResourceDescription, search: SearchValues) {
  const response = await api.get<Blob>(resourceUrl(resource, 'exportXls'), { params: cleanSearch(search), responseType: 'blob' });
  saveFile(response.data, `${resource.title}.xlsx`);
}

/** A tree resource's whole tree (ResourceTree.api.tree), under the resource's key: every save and delete reloads it. */
export const resourceTreeQuery = (resource: ResourceDescription) =>
  queryOptions({ queryKey: [...resourceKey(resource), 'tree'], queryFn: () => http.get<TreeRow[]>(treeOf(resource).api.tree) });

export const useResourceTree = (resource: ResourceDescription) => useQuery(resourceTreeQuery(resource));

/** The tree a resource declares; a tree screen of a plain resource is a programming error. */
export function treeOf(resource: ResourceDescription): ResourceTree {
  if (!resource.tree) throw new Error(`${resource.key} is no tree resource`);
  return resource.tree;
}

/** Runs a declared row action on rows (with what its form asked); the resource's lists reload after it. */
export function useRunAction(resource: ResourceDescription) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, rows, values }: { action: ResourceAction; rows: readonly ResourceRow[]; values?: Record<string, unknown> }) => http.put<null>(action.path, { ...action.body(rows), ...values }),
    onSettled: () => reloadAfterChange(client, resource),
  });
}
