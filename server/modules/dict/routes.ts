import type { App } from '../../types.ts';

export default async function dictRoutes(app: App) {
  void app;
}
