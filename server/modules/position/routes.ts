import { POSITION_RESOURCE, type PositionRow } from '@contract/position.ts';
import { sysPosition } from '../../db/schema.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { App } from '../../types.ts';

type PositionRecord = typeof sysPosition.$inferSelect;

const toRow = (row: PositionRecord): PositionRow => ({
  id: row.id,
  code: row.code,
  name: row.name,
  postRank: row.postRank,
  sortNo: row.sortNo,
  createTime: row.createdAt.toISOString(),
});

export default async function positionRoutes(app: App) {
  await registerResourceRoutes(app, {
    resource: POSITION_RESOURCE,
    table: sysPosition,
    idColumn: sysPosition.id,
    toRow: (row) => toRow(row as PositionRecord),
  });
}
