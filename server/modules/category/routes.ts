import { asc } from 'drizzle-orm';
import { CATEGORY_RESOURCE, type CategoryChoice, type CategoryRow, type CategoryTreeNode } from '@contract/category.ts';
import { sysCategory } from '../../db/schema.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { App } from '../../types.ts';

type CategoryRecord = typeof sysCategory.$inferSelect;

const toRow = (row: CategoryRecord): CategoryRow => ({
  id: row.id,
  pid: row.pid,
  name: row.name,
  code: row.code,
  sortNo: row.sortNo,
  createTime: row.createdAt.toISOString(),
});

/** 分类字典: the generic list/add/edit/delete, the whole tree, and one level of it (by the parent's code) for choosers. */
export default async function categoryRoutes(app: App) {
  await registerResourceRoutes(app, {
    resource: CATEGORY_RESOURCE,
    table: sysCategory,
    idColumn: sysCategory.id,
    toRow: (row) => toRow(row as CategoryRecord),
    tree: {
      order: [asc(sysCategory.sortNo), asc(sysCategory.code)],
      node: (row, children): CategoryTreeNode => ({ ...toRow(row as CategoryRecord), key: String(row.id), value: String(row.id), title: String(row.name), children: children as CategoryTreeNode[] }),
      levelNode: (row, isLeaf): CategoryChoice => {
        const { id, name, code, pid } = row as CategoryRecord;
        return { id, key: id, value: id, title: name, code, pid, isLeaf };
      },
      // Forms everywhere offer categories as choices: any logged-in user may read them.
      levelForEveryone: true,
    },
  });
}
