import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepartTreeNode } from '@contract/depart.ts';
import { http } from '@/lib/api-client.ts';
import { DEPARTS_KEY } from './get-depart-tree.ts';

/** Departments whose name contains the keyword, as a flat list (system:depart:list). */
export const searchDeparts = (keyWord: string) => http.get<DepartTreeNode[]>('/sys/sysDepart/searchBy', { keyWord });

export const searchDepartsQuery = (keyWord: string) =>
  queryOptions({ queryKey: [...DEPARTS_KEY, 'search', keyWord], queryFn: () => searchDeparts(keyWord), enabled: keyWord.trim().length > 0 });

export const useSearchDeparts = (keyWord: string) => useQuery(searchDepartsQuery(keyWord.trim()));
