import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATEGORY_RESOURCE, type CategoryTreeNode } from '@contract/category.ts';
import { resourceKey } from '@/components/resource/resource-api.ts';
import { http } from '@/lib/api-client.ts';

/** The whole category tree, each level in sort order (system:category:list). */
export const getCategoryTree = () => http.get<CategoryTreeNode[]>('/sys/category/loadTreeRoot');

/** Under the resource's key, so the generic add, edit and delete reload it too. */
export const categoryTreeQuery = () => queryOptions({ queryKey: [...resourceKey(CATEGORY_RESOURCE), 'tree'], queryFn: getCategoryTree });

export const useCategoryTree = () => useQuery(categoryTreeQuery());
