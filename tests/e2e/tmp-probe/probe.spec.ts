import { test } from '@playwright/test';
import { revokeSession } from '../support/api.ts';
import { loginAs, readAccessToken } from '../support/auth.ts';

test('probe', async ({ page, request }) => {
  await loginAs(page, 'admin');
  const token = await readAccessToken(page);
  await revokeSession(request, token!);
  const events: string[] = [];
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) events.push(`nav ${f.url()} ${Date.now() % 100000}`); });
  page.on('response', (r) => { if (r.url().includes('/api/')) events.push(`resp ${r.status()} ${r.url()} ${Date.now() % 100000}`); });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const t = document.querySelector('.isps-notices')?.textContent;
      if (t) sessionStorage.setItem('seen', (sessionStorage.getItem('seen') ?? '') + '|' + t);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.reload();
  await page.waitForTimeout(3000);
  events.push('seen=' + (await page.evaluate(() => sessionStorage.getItem('seen'))));
  events.push('url=' + page.url());
  test.info().annotations.push({ type: 'events', description: events.join('\n') });
  (await import('node:fs')).writeFileSync('/tmp/probe.txt', events.join('\n'));
});
