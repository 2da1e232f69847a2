#!/usr/bin/env node
/**
 * What an open page costs while the user just looks at it: Chromium's CPU (every one of its processes: renderer,
 * GPU, browser) over 10 s after 4 s of settling, per page, as a share of one core, on a platform of its own with the
 * 'Agitado' market (live prices, opportunities and trades every second). A signed-in page that redraws what did
 * not change shows here (the home redrew its equity chart at every market tick: 35–41 % of a core, 12 % after).
 *
 *   npm run build && node bench/page-idle-cpu.mjs [/dashboard,/admin/system,...]
 *
 * /admin… pages are opened as the seeded admin, the others as the seeded demo user.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { launchPlatform } from '../scripts/lib/launch.mjs';
import { appContext } from './app-context.mjs';

const ROUTES = (
  process.argv[2] ??
  '/,/demo,/dashboard,/dashboard?tab=opportunities,/dashboard?tab=trades,/bots,/backtests,/admin,/admin/system,/admin/revenue'
).split(',');
const SETTLE_MS = 4_000;
const MEASURE_MS = 10_000;

const platform = await launchPlatform({ env: { MARKET_VOLATILITY: 'agitated' } });
const base = `http://localhost:${platform.port}`;
const signIn = async (email, password) => {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return r.json();
};
const demo = await signIn('demo@arbitra.local', 'demo12345');
const admin = await signIn('admin@arbitra.local', 'admin12345');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });

/** CPU ticks (user + system) of every Chromium process now. */
const chromiumTicks = () => {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom')) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
};
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

console.log(`page${' '.repeat(28)}Chromium CPU, % of one core (${MEASURE_MS / 1000} s)`);
try {
  for (const route of ROUTES) {
    const who = route.startsWith('/admin') ? admin : demo;
    const context = await appContext(browser, { token: who.access_token, user: who.user });
    const page = await context.newPage();
    await page.goto(base + route);
    await wait(SETTLE_MS);
    const before = chromiumTicks();
    const started = Date.now();
    await wait(MEASURE_MS);
    const share = ((chromiumTicks() - before) * 1000) / (Date.now() - started); // ticks are 1/100 s
    console.log(`${route.padEnd(32)}${share.toFixed(1).padStart(6)} %`);
    await context.close();
  }
} finally {
  await browser.close();
  await platform.stop();
}
process.exit(0);
