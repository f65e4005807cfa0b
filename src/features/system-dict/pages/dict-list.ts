import { useState } from 'react';
import { isBuiltInDict } from '@contract/dict.ts';
import type { RowAction } from '@/components/list/list-declaration.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import type { ShowFields } from '@/components/resource/resource-fields.ts';

/** What both renderings of 数据字典 share (no UI library here). */

/** A new item is enabled unless the form says otherwise (kept as one object: the open form resets when it changes). */
export const NEW_ITEM_VALUES: Readonly<Record<string, unknown>> = { status: '1' };

export const BUILT_IN_HINT = '系统内置字典，编码不能修改';

export const isBuiltInRow = (row: ResourceRow | null) => Boolean(row && isBuiltInDict(String(row.dictCode ?? '')));

/** Built-in dictionaries cannot be deleted (the server refuses too). */
export const removableDict = (row: ResourceRow) => !isBuiltInRow(row);

export const itemsTitle = (row: ResourceRow) => `字典列表 – ${String(row.dictName ?? '')}`;

/** A built-in dictionary's code says so. */
export const SHOW: ShowFields = { dictCode: (row) => [String(row.dictCode ?? ''), isBuiltInRow(row) && { tag: '内置', tone: 'processing' }] };

/** 数据字典's hook (components/device-page.tsx): 字典配置 opens a dictionary's items; the row stays while their drawer closes. */
export function useDictListPage() {
  const [configuring, setConfiguring] = useState<{ row: ResourceRow | null; open: boolean }>({ row: null, open: false });
  const actions: RowAction<ResourceRow>[] = [{ key: 'items', label: '字典配置', sheet: true, run: (row) => setConfiguring({ row, open: true }) }];
  return {
    actions,
    configuring,
    close: () => setConfiguring((c) => ({ ...c, open: false })),
    closed: () => setConfiguring({ row: null, open: false }),
  };
}

export type DictListPage = ReturnType<typeof useDictListPage>;
