import { useQuery } from '@tanstack/react-query';
import type { DepartIdNode } from '@contract/depart.ts';
import { http } from '@/lib/api-client.ts';

export const getDepartTree = () => http.get<DepartIdNode[]>('/sys/sysDepart/queryIdTree');

export const useDepartTree = () => useQuery({ queryKey: ['system-user', 'depart-tree'], queryFn: getDepartTree, staleTime: 60_000 });

/** Every department with its path (信息工程学院 / 软件教研室), for flat choosers on the phone. */
export function flattenDeparts(nodes: readonly DepartIdNode[], prefix = ''): { value: string; label: string }[] {
  return nodes.flatMap((node) => {
    const label = prefix ? `${prefix} / ${node.title}` : node.title;
    return [{ value: node.value, label }, ...flattenDeparts(node.children ?? [], label)];
  });
}
