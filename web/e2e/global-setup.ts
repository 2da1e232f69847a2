import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { launchPlatform } from '../../scripts/lib/launch.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailInbox: string;
    /** The stage's one Chromium (support/browser.ts connects to it; every test opens its own context). */
    browserWsEndpoint: string;
  }
}

const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_IP: '1000/15m',
  RATE_LIMIT_LOGIN_ACCOUNT: '200/15m',
  RATE_LIMIT_REGISTER_IP: '1000/1h',
  RATE_LIMIT_FORGOT_IP: '1000/1h',
  RATE_LIMIT_FORGOT_ACCOUNT: '200/1h',
  RATE_LIMIT_TWO_FACTOR_IP: '1000/15m',
  RATE_LIMIT_TWO_FACTOR_ACCOUNT: '200/15m',
  RATE_LIMIT_NEWSLETTER_IP: '1000/1h',
};

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * The whole platform as a user starts it: `scripts/start.mjs` (what `npm start` runs)
 * on a random port with a fresh data directory; and one Chromium for the whole stage, started meanwhile.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // Every browser test registers and signs in from 127.0.0.1: lift the per-IP and per-account limits
  // (docs/api/accounts.md) so the run never meets a 429 it did not ask for.
  const platform = launchPlatform({
    // A shared, busy machine (CI, several checkouts testing at once) can take minutes to build and migrate.
    readyTimeoutMs: 600_000,
    // exchanges.e2e.ts stands for other clients with X-Forwarded-For, as a local proxy would. The market is the
    // generous 'Agitado' regime: bots-trading.e2e.ts and demo.e2e.ts wait for trades of a bot made in the test,
    // which 'Normal' (a few short-lived tenths of a percent, docs/ARCHITECTURE.md) gives only now and then.
    // rebalance.e2e.ts: a paper transfer arrives after 30 s instead of its network's minutes.
    env: {
      ...GENEROUS_RATE_LIMITS,
      TRUST_PROXY: 'loopback',
      MARKET_VOLATILITY: 'agitated',
      PAPER_TRANSFER_SECONDS: '30',
    },
  });
  // One browser process for every file (each file connects; each test has its own context, so its own storage).
  // A launch per file (23 of them) took 16–22 s with the machine at load 30, a connection 3–9 s (README).
  const browser = chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const [ready, server] = await Promise.allSettled([platform, browser]);
  if (ready.status === 'rejected' || server.status === 'rejected') {
    await Promise.allSettled([
      ready.status === 'fulfilled' && ready.value.stop(),
      server.status === 'fulfilled' && server.value.close(),
    ]);
    throw ready.status === 'rejected' ? ready.reason : (server as PromiseRejectedResult).reason;
  }
  console.log(`[e2e] plataforma e Chromium prontos em ${seconds(started)}`);
  project.provide('baseUrl', `http://localhost:${ready.value.port}`);
  project.provide('mailInbox', ready.value.mailInbox);
  project.provide('browserWsEndpoint', server.value.wsEndpoint());

  return async () => {
    const stopping = Date.now();
    await Promise.all([server.value.close(), ready.value.stop()]);
    console.log(`[e2e] plataforma e Chromium encerrados em ${seconds(stopping)}`);
  };
}
