import { ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { myDashboard } from './queries.ts';

/** The role dashboards: each caller's own placements, whatever their role (the query keeps to the caller's). */
export default async function dashboardRoutes(app: App) {
  const { db } = app;
  app.get('/dashboard/mine', { config: { access: { permission: null, scope: 'self' } } }, async (request) => ok(await myDashboard(db, requireAuth(request.auth).userId)));
}
