import { ResourceTreePhone } from '@/components/resource/resource-tree-phone.tsx';
import type { TreeScreen } from '@/components/resource/use-tree-screen.ts';

/** 分类字典 on the phone (antd-mobile only): the tree a level at a time, searched by name or code. */
export default function CategoryListPhone(screen: TreeScreen) {
  return <ResourceTreePhone screen={screen} />;
}
