import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, type LiveChecklist, type UserExchange } from '@arbitra/contracts';
import { createQueueFactory, createRateBudget, type QueueFactory, type RateBudget } from '@arbitra/transport';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { startEngineProcess, type EngineProcess } from '../../scripts/test-support/engine-fleet.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { availableRedisUrl } from '../../scripts/test-support/redis.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { client, register } from '../../api/test/support/http.js';
import {
  BTC_AND_ETH_USDT,
  startLocalExchange,
  type AccountSpec,
  type LocalExchange,
  type LoggedRequest,
} from '../src/testing/local-exchanges/index.js';

const ENGINE_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** Requests that actually start at the times the budget gives: each waits its turn, then notes the time. */
async function spend(budget: RateBudget, key: string, cost: number, intervalMs: number): Promise<number> {
  const wait = await budget.reserve(key, cost, intervalMs);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return Date.now();
}

/** The most cost started in any window of `windowMs` (each window opening at a request). */
function peak(events: { at: number; cost: number }[], windowMs: number): number {
  const sorted = [...events].sort((a, b) => a.at - b.at);
  let best = 0;
  for (let i = 0, j = 0, sum = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]!.at < sorted[i]!.at + windowMs) sum += sorted[j++]!.cost;
    best = Math.max(best, sum);
    sum -= sorted[i]!.cost;
  }
  return best;
}

describe.each([
  ['postgres', async () => undefined as string | undefined],
  ['redis', availableRedisUrl],
])('the rate budget shared through the %s transport', (kind, redisOf) => {
  let db: TestDatabase;
  let redisUrl: string | undefined;
  const budgets: RateBudget[] = [];
  const budget = () => {
    const b = createRateBudget({
      databaseUrl: db.url,
      redisUrl,
      namespace: `t${randomBytes(4).toString('hex')}`,
    });
    budgets.push(b);
    return b;
  };

  beforeAll(async () => {
    redisUrl = await redisOf();
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const b of budgets) await b.close();
    await db?.drop();
  });

  it('two stores (as two engines) spending one key start at most 1 unit per interval together; other keys are free', async (ctx) => {
    if (kind === 'redis' && !redisUrl) ctx.skip();
    const ns = `t${randomBytes(4).toString('hex')}`;
    const config = { databaseUrl: db.url, redisUrl, namespace: ns };
    const a = createRateBudget(config);
    const b = createRateBudget(config);
    budgets.push(a, b);
    expect([a.kind, b.kind]).toEqual([kind, kind]);
    const INTERVAL = 20;
    const first = Date.now();
    const starts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => spend(i % 2 ? a : b, 'binance:k1', 1, INTERVAL)),
    );
    // 40 units at 20 ms each: at least ~780 ms from the first to the last (late timers only lengthen it): two
    // budgets that were not shared would start all 40 in ~400 ms. In any 400 ms, 20 at most, plus what timers
    // firing late on a loaded machine bunch together: +3 on a quiet one, 28 seen at load 10 (clean run, 2026-11-29)
    // — still far from the 40 of two budgets that were not shared.
    expect(Math.max(...starts) - first).toBeGreaterThanOrEqual(39 * INTERVAL - 30);
    expect(
      peak(
        starts.map((at) => ({ at, cost: 1 })),
        400,
      ),
    ).toBeLessThanOrEqual(400 / INTERVAL + 12);
    // Another key (another user's, or another exchange) has its own budget: no wait.
    expect(await a.reserve('binance:k2', 1, INTERVAL)).toBe(0);
    // A costly request books cost × interval: the next one on that key waits for what is left of it.
    const booked = Date.now();
    await b.reserve('gateio:k3', 50, INTERVAL);
    const wait = await a.reserve('gateio:k3', 1, INTERVAL);
    expect(wait).toBeGreaterThanOrEqual(50 * INTERVAL - (Date.now() - booked) - 5);
    expect(wait).toBeLessThanOrEqual(50 * INTERVAL + 5);
    // A bad reservation is refused, not booked.
    await expect(budget().reserve('x', 1, 0)).rejects.toThrow(/reserva inválida/);
  });
});

/** ccxt's cost of one request Binance received (its API table, the same ccxt uses to throttle). */
function binanceCost(r: LoggedRequest): number {
  const ex = new ccxt.binance() as unknown as {
    urls: { api: Record<string, string> };
    api: Record<string, Record<string, Record<string, Record<string, number>>>>;
    calculateRateLimiterCost(
      api: string,
      method: string,
      path: string,
      params: object,
      config: object,
    ): number;
  };
  const params = r.params;
  for (const [family, url] of Object.entries(ex.urls.api)) {
    if (typeof url !== 'string') continue;
    const base = new URL(url).pathname;
    if (!r.path.startsWith(`${base}/`)) continue;
    const config = ex.api[family]?.[r.method.toLowerCase()]?.[r.path.slice(base.length + 1)];
    if (config)
      return ex.calculateRateLimiterCost(family, r.method, r.path.slice(base.length + 1), params, config);
  }
  throw new Error(`no ccxt cost for ${r.method} ${r.path}`);
}

const ACCOUNT: AccountSpec = {
  apiKey: 'ShArEdKeY0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789',
  secret: 'ShArEdSeCrEt0123456789abcdefABCDEF0123456789abcdefABCDEF01234567',
  balances: { BTC: '0.5', ETH: '2', USDT: '1000' },
};

describe('two engine processes using one Binance key stay inside its request-weight limit together', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let binance: LocalExchange;
  let queues: QueueFactory;
  let dir: string;
  const engines: EngineProcess[] = [];

  beforeAll(async () => {
    binance = await startLocalExchange('binance', BTC_AND_ETH_USDT, [ACCOUNT]);
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 0 });
    dir = mkdtempSync(path.join(tmpdir(), 'arbitra-rate-'));
    const env = { ...platform.env, EXCHANGE_API_ORIGINS: JSON.stringify({ binance: binance.url }) };
    engines.push(
      ...(await Promise.all(
        ['engine-1', 'engine-2'].map((name) =>
          startEngineProcess({ name, main: ENGINE_MAIN, env, logDir: dir }),
        ),
      )),
    );
    queues = createQueueFactory({ databaseUrl: db.url, namespace: platform.env.TRANSPORT_NAMESPACE });
  }, 120_000);

  afterAll(async () => {
    await queues?.close();
    for (const e of engines) e.child.kill('SIGKILL');
    await platform?.close();
    await db?.drop();
    await binance?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("eight checklists at once, worked by both engines: Binance never sees more than ccxt's limit for the key", async () => {
    const call = client(platform.baseUrl);
    const u = await register(call, { name: 'Dois motores' });
    const saved = await call<{ exchange: { id: string } }>('POST', '/api/user/exchanges', {
      token: u.token,
      body: { exchange_name: 'binance', api_key: ACCOUNT.apiKey, api_secret: ACCOUNT.secret },
    });
    expect(saved.status).toBe(201);
    const valid = await waitFor(async () => {
      const list = await call<UserExchange[]>('GET', '/api/user/exchanges', { token: u.token });
      return list.body[0]?.validation_status === 'valid' ? true : undefined;
    }, 30_000);
    expect(valid).toBe(true);

    const queue = queues.queue(QUEUES.engineCommands);
    const from = binance.requests.length;
    const started = Date.now();
    const jobs = await Promise.all(
      Array.from({ length: 8 }, () =>
        queue.add('live-checklist', {
          userId: u.id,
          exchanges: ['binance'],
          pairs: ['BTC/USDT', 'ETH/USDT'],
        }),
      ),
    );
    // Each job's own state, read from the queue (a finish notification missed on a loaded machine once left a
    // finished checklist waited for until the deadline); a failed one fails the test with its reason.
    const results: (LiveChecklist & { processedBy: string })[] = [];
    for (const j of jobs) {
      let state = '';
      const result = await waitFor(async () => {
        // the state first, then the job: a job read just before it finished has no return value yet
        state = await queue.getJobState(j.id!);
        if (state !== 'completed' && state !== 'failed') return undefined;
        const job = await queue.getJob(j.id!);
        if (state === 'failed') throw new Error(`checklist ${j.id} failed: ${job?.failedReason}`);
        return (job?.returnvalue ?? undefined) as (LiveChecklist & { processedBy: string }) | undefined;
      }, 150_000);
      expect(result, `checklist ${j.id} finished (last state: ${state})`).toBeDefined();
      results.push(result!);
    }
    const elapsed = Date.now() - started;
    expect(results.every((r) => r.ready)).toBe(true);
    expect(new Set(results.map((r) => r.processedBy))).toEqual(new Set(['engine-1', 'engine-2']));

    const served = binance.requests.slice(from).map((r) => ({ at: r.at, cost: binanceCost(r) }));
    const interval = new ccxt.binance().rateLimit ?? 50; // ms per cost unit (50: 20 units a second)
    const total = served.reduce((s, r) => s + r.cost, 0);
    const maxCost = Math.max(...served.map((r) => r.cost));
    const windowMs = 5_000;
    const top = peak(served, windowMs);
    console.log(
      `[rate-budget] ${served.length} requests, ${total.toFixed(1)} units in ${elapsed} ms ` +
        `(${((total / elapsed) * 1000).toFixed(1)}/s; limit ${1000 / interval}/s); peak ${top.toFixed(1)} units in ${windowMs} ms ` +
        `(limit ${windowMs / interval} + one request of at most ${maxCost})`,
    );
    // The load is worth several seconds of the key's limit (each engine alone would go faster than the limit).
    expect(total).toBeGreaterThan((3 * 1000) / interval);
    // The two engines together: inside the limit in every 5 s window, with one request's cost of slack and two
    // units (100 ms) for the engines' event loops, busy with their markets, sending a request late. (The budget
    // books 90 % of the limit, RATE_BUDGET_SHARE: about 90 units per 5 s.)
    expect(top).toBeLessThanOrEqual(windowMs / interval + maxCost + 2);
    expect(elapsed).toBeGreaterThanOrEqual((total - maxCost) * interval * 0.9);
  }, 240_000);
});
