import type { FastifyRequest } from 'fastify';
import type { App } from '../types.ts';
import type { ResourceBinding } from './resource/binding.ts';
import { registerResourceExport, registerResourceImport } from './resource/excel.ts';
import { resourceModel } from './resource/model.ts';
import { registerResourceReads, registerTreeReads } from './resource/reads.ts';
import { registerResourceActions, registerResourceWrites } from './resource/writes.ts';

/**
 * The routes of a resource, JeecgBoot style: list, queryById, add, edit, delete, deleteBatch and, when the
 * resource names their codes, exportXls and importExcel; a tree's reads; the declared actions. Each declares
 * its permission code. What a binding declares (refs, scope, usedBy, live, write hooks) applies to every one.
 */
export async function registerResourceRoutes(app: App, binding: ResourceBinding) {
  const model = await resourceModel(app, binding);
  registerResourceReads(app, model);
  registerTreeReads(app, model);
  const edit = registerResourceWrites(app, model);
  registerResourceActions(app, model);
  registerResourceExport(app, model);
  await registerResourceImport(app, model);
  return {
    matchingIds: model.matchingIds,
    edit,
    /**
     * The list's query schema and a page of it in the caller's reach, for a route that answers the list under
     * another address with some search values (computedSearch names among them) set by the route.
     */
    listQuery: model.listQuery,
    /** A row as the list, queryById, add and edit answer it (the answer schema of a route answering rows of the resource). */
    recordAnswer: model.answers.record,
    /** The answer of a route answering listPage(...): one page of the list (field= may choose its columns), in the envelope. */
    pageAnswer: model.answers.page,
    listPage: async (request: FastifyRequest, query: Parameters<typeof model.listPage>[0]) => model.listPage(query, await model.contextOf(request)),
  };
}
