import { LOG_LIST_PERMISSION, VISIT_STATS_PERMISSION, logListQuerySchema } from '@contract/log.ts';
import { ok } from '../../lib/http.ts';
import type { App } from '../../types.ts';
import { logList, loginInfo, visitInfo } from './queries.ts';
import { timestampQuery } from '../../lib/answers.ts';
import { logListResponse, loginInfoResponse, visitInfoResponse } from './schemas.ts';

/** The login statistics of the dashboards (SPEC.md section 7, Logs) and the log screen (the monitor page's server figures: modules/monitor). */
export default async function logRoutes(app: App) {
  const { db } = app;
  // Counts over everyone's logins: for staff holding the rule (administrators); everyone else's dashboards show their own work.
  const statistics = { permission: VISIT_STATS_PERMISSION, scope: 'all' } as const;

  app.get('/sys/loginfo', { config: { access: statistics }, schema: { querystring: timestampQuery, response: { 200: loginInfoResponse } } }, async () =>
    ok(await loginInfo(db)),
  );

  app.get('/sys/visitInfo', { config: { access: statistics }, schema: { querystring: timestampQuery, response: { 200: visitInfoResponse } } }, async () =>
    ok(await visitInfo(db)),
  );

  app.get(
    '/sys/log/list',
    { config: { access: { permission: LOG_LIST_PERMISSION, scope: 'all' } }, schema: { querystring: logListQuerySchema, response: { 200: logListResponse } } },
    async (request) => ok(await logList(db, request.query)),
  );
}
