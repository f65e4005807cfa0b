import { DEPART_RESOURCE } from '@contract/depart.ts';
import { useTreeScreen } from '@/components/resource/use-tree-screen.ts';

/** A new department is a school at the top level and a 院系 under another. */
export const newDepartValues = (parentId: string | null) => ({ orgType: parentId ? '2' : '1', sortNo: 0 });

/** 部门管理's state, queries and actions, which both renderings take. */
export const useDepartPage = () => useTreeScreen(DEPART_RESOURCE, { newValues: newDepartValues });
