import { TODO_URL } from '@contract/dashboard.ts';
import { ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { requestViewer } from '../relation/model.ts';
import { myDashboard } from './queries.ts';
import { myDashboardAnswer, myTodoAnswer } from './schemas.ts';
import { myTodo } from './todo.ts';

/** The role dashboards and the homes' 待办: each caller's own placements and work, by the relation model. */
export default async function dashboardRoutes(app: App) {
  const { db } = app;
  const placement = { access: { permission: null, scope: 'placement' } } as const;
  app.get('/dashboard/mine', { config: placement, schema: { response: { 200: myDashboardAnswer } } }, async (request) => ok(await myDashboard(db, await requestViewer(request))));
  app.get(TODO_URL, { config: placement, schema: { response: { 200: myTodoAnswer } } }, async (request) => ok(await myTodo(db, await requestViewer(request), requireAuth(request.auth))));
}
