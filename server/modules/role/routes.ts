import type { App } from '../../types.ts';

export default async function roleRoutes(app: App) {
  void app;
}
