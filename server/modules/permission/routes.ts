import { ok } from '../../lib/http.ts';
import { requireAuth, type App } from '../../types.ts';
import { userPermissions } from './queries.ts';

export default async function permissionRoutes(app: App) {
  app.get('/sys/permission/getUserPermissionByToken', { config: { access: { permission: null, scope: 'self' } } }, async (request) => {
    const auth = requireAuth(request.auth);
    return ok(await userPermissions(app.db, auth.activeRoleId));
  });
}
