import type { App } from '../../types.ts';

export default async function departRoutes(app: App) {
  void app;
}
