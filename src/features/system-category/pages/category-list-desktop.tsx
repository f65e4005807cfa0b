import { ResourceTreeTable } from '@/components/resource/resource-tree-table.tsx';
import type { TreeScreen } from '@/components/resource/use-tree-screen.ts';

/** 分类字典 on desktop and tablet: the category tree as an expandable table, with 添加下级 per row. */
export default function CategoryListDesktop(screen: TreeScreen) {
  return <ResourceTreeTable screen={screen} />;
}
