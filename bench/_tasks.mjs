import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { launchPlatform } from '../scripts/lib/launch.mjs';
import { longTasksWhenQuiet, throttledPhonePage } from './phone-page.mjs';
const platform = await launchPlatform({});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (let r = 0; r < 2; r++)
for (const p of ['/', '/demo', '/login']) {
  const { context, page } = await throttledPhonePage(browser, 4);
  await page.goto(platform.baseUrl + p, { waitUntil: 'load' });
  const tasks = await longTasksWhenQuiet(page, 5000);
  const t = await page.evaluate(() => ({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime, nav: performance.getEntriesByType('navigation')[0]?.toJSON() }));
  console.log(p, 'fcp', Math.round(t.fcp), 'domInteractive', Math.round(t.nav.domInteractive), 'load', Math.round(t.nav.loadEventEnd), 'tasks', tasks.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(' '));
  await context.close();
}
await browser.close(); await platform.stop(); process.exit(0);
