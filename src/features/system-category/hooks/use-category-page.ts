import { CATEGORY_RESOURCE } from '@contract/category.ts';
import { useTreeScreen } from '@/components/resource/use-tree-screen.ts';

/** 分类字典's state, queries and actions, which both renderings take: all from its declaration. */
export const useCategoryPage = () => useTreeScreen(CATEGORY_RESOURCE);
