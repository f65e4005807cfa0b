import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepartTreeNode } from '@contract/depart.ts';
import { http } from '@/lib/api-client.ts';

/** The whole department tree, in sort order (system:depart:list). */
export const getDepartTree = () => http.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList');

/** Every department query (tree, search, users) lives under this key; every write invalidates it. */
export const DEPARTS_KEY = ['system', 'departs'] as const;

export const departTreeQuery = () => queryOptions({ queryKey: [...DEPARTS_KEY, 'tree'], queryFn: getDepartTree });

export const useDepartTree = () => useQuery(departTreeQuery());
