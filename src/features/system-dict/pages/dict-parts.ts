import { isBuiltInDict } from '@contract/dict.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';

/** What both layouts of 数据字典 share (no UI library here). */

/** A new item is enabled unless the form says otherwise (kept as one object: the open form resets when it changes). */
export const NEW_ITEM_VALUES: Readonly<Record<string, unknown>> = { status: '1' };

export const BUILT_IN_HINT = '系统内置字典，编码不能修改';

export const isBuiltInRow = (row: ResourceRow | null) => Boolean(row && isBuiltInDict(String(row.dictCode ?? '')));

/** Built-in dictionaries cannot be deleted (the server refuses too). */
export const removableDict = (row: ResourceRow) => !isBuiltInRow(row);

export const itemsTitle = (row: ResourceRow) => `字典列表 – ${String(row.dictName ?? '')}`;
