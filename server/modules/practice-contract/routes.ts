import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import type { App } from '../../types.ts';
import { contractBinding } from './bindings.ts';
import { registerContractFileRoutes } from './files.ts';
import './job.ts';

/**
 * 校企合作协议 (/practice/contract): the resource routes of contract/practice-contract.ts (list with the
 * 到期提醒 filter, add, edit, delete, Excel), the contracts' files, and the expiry job (job.ts).
 */
export default async function practiceContractRoutes(app: App) {
  await registerResourceRoutes(app, contractBinding(app.files));
  await registerContractFileRoutes(app);
}
