import * as z from 'zod/mini';
import { ADDRESS_BOOK_PERMISSION, addressBookQuerySchema } from '@contract/addressbook.ts';
import { notFound, ok } from '../../lib/http.ts';
import { selfAndBelow } from '../../lib/resource-tree.ts';
import type { App } from '../../types.ts';
import { DEPART_KEYS, departIdTree, liveDeparts } from '../depart/queries.ts';
import { departIdTreeAnswer } from '../depart/schemas.ts';
import { addressBookPage } from './queries.ts';
import { addressBookPageAnswer } from './schemas.ts';

const access = { permission: ADDRESS_BOOK_PERMISSION, scope: 'all' } as const;

/** 通讯录: its own department tree (the user administration's needs system:user:list) and the contacts. */
export default async function addressBookRoutes(app: App) {
  const { db } = app;

  app.get('/sys/addressbook/departTree', { config: { access }, schema: { querystring: z.object({ _t: z.optional(z.string()) }), response: { 200: departIdTreeAnswer } } }, async () =>
    ok(await departIdTree(db)),
  );

  app.get('/sys/addressbook/list', { config: { access }, schema: { querystring: addressBookQuerySchema, response: { 200: addressBookPageAnswer } } }, async (request) => {
    const { departId, keyword, pageNo, pageSize } = request.query;
    let departIds: string[] | undefined;
    if (departId) {
      const departs = await liveDeparts(db);
      if (!departs.some((d) => d.id === departId)) throw notFound('部门不存在');
      departIds = [...selfAndBelow(departs, DEPART_KEYS, departId)];
    }
    return ok(await addressBookPage(db, { departIds, keyword: keyword?.trim() || undefined, pageNo, pageSize }));
  });
}
