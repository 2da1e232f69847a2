import type { TestProject } from 'vitest/node';
import { launchPlatform } from '../../scripts/lib/launch.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailInbox: string;
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
 * on a random port with a fresh data directory.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // Every browser test registers and signs in from 127.0.0.1: lift the per-IP and per-account limits
  // (docs/api/accounts.md) so the run never meets a 429 it did not ask for.
  const ready = await launchPlatform({
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
  // The stage's fixed costs, printed (README, test notes): the start (a build when stale, Postgres, migrations,
  // api and engine) and the stop.
  console.log(`[e2e] plataforma pronta em ${seconds(started)}`);
  project.provide('baseUrl', `http://localhost:${ready.port}`);
  project.provide('mailInbox', ready.mailInbox);

  return async () => {
    const stopping = Date.now();
    await ready.stop();
    console.log(`[e2e] plataforma encerrada em ${seconds(stopping)}`);
  };
}
