import type { App } from '../../types.ts';

export default async function jobRoutes(app: App) {
  void app;
}
