import type { BrowserContext, Page } from '@playwright/test';

/**
 * A route handler still waiting on route.fetch when its test ends fails that test (or the next one in
 * the worker) with "Test ended"; the app may fetch at any moment, so each file that routes unroutes
 * quietly after each test: `test.afterEach(unrouteQuietly)`.
 */
export async function unrouteQuietly({ page, context }: { page: Page; context: BrowserContext }) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
}
