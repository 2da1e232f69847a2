/**
 * A dependency (Postgres or Redis) taken away and given back under a running platform: the api in this process,
 * the engine as its own process (engine/dist/main.js), a paper bot trading the simulated market. Used by
 * engine/test/fault-*.test.ts. Every wait is on a condition with a generous deadline (busy 2-core machines).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Bot, StatusReport } from '@arbitra/contracts';
import { client, register, tradeEverythingBot, type Client } from '../../api/test/support/http.js';
import { freePort } from '../lib/ports.mjs';
import { startEngineProcess, type EngineProcess } from './engine-fleet.js';
import { ledgerMismatches } from './ledger.js';
import { startPlatform, type TestPlatform } from './platform.js';
import { waitFor } from './wait.js';

export const ENGINE_MAIN = fileURLToPath(new URL('../../engine/dist/main.js', import.meta.url));

export interface TradingPlatform {
  platform: TestPlatform;
  engine: EngineProcess;
  call: Client;
  token: string;
  botId: string;
  logDir: string;
  /** Runs a statement on the platform's database with a fresh connection (survives a restart of Postgres). */
  query: <R>(text: string, values?: unknown[]) => Promise<R[]>;
  /** Finished trades of the bot created after `since` (ms), or all. */
  finishedTrades(since?: number): Promise<number>;
  /** /api/status, as the status page reads it. */
  status(): Promise<StatusReport>;
  close(): Promise<void>;
}

/** The api, an engine process and one running 'trade everything' paper bot, once it has traded. */
export async function startTradingPlatform(options: {
  databaseUrl: string;
  redisUrl?: string;
  name: string;
}): Promise<TradingPlatform> {
  const platform = await startPlatform({
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    engines: 0,
  });
  const logDir = mkdtempSync(path.join(tmpdir(), `arbitra-${options.name}-`));
  const engine = await startEngineProcess({
    name: 'engine-fault',
    main: ENGINE_MAIN,
    env: {
      ...process.env,
      ...platform.env,
      // The generous regime (as fault-sigkill-executions): on 'Normal' the bot's trades came a minute or more apart
      // (each direction's first trade spends that side's inventory), so three trades before and three after the
      // outage took 140 s of a 160 s test, and at load 14 missed the 120 s deadline; this test is about the outage.
      MARKET_VOLATILITY: 'agitated',
      // A pending trade of an execution cut off by the outage is recovered after 8 s, looked for every second.
      EXECUTION_RECOVERY_AFTER_MS: '8000',
      EXECUTION_RECOVERY_SWEEP_MS: '1000',
    },
    logDir,
  });
  const call = client(platform.baseUrl);
  const user = await register(call, { name: 'Falha' });
  const created = await call<{ bot: Bot }>('POST', '/api/bots', {
    token: user.token,
    body: tradeEverythingBot('Resiliente'),
  });
  if (created.status !== 201) throw new Error(`bot not created: ${JSON.stringify(created.body)}`);
  const query = async <R>(text: string, values?: unknown[]): Promise<R[]> => {
    const c = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5_000 });
    await c.connect();
    try {
      return (await c.query(text, values)).rows as R[];
    } finally {
      await c.end();
    }
  };
  const botId = created.body.bot.id;
  return {
    platform,
    engine,
    call,
    token: user.token,
    botId,
    logDir,
    query,
    async finishedTrades(since = 0) {
      const [r] = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM trades
          WHERE bot_id = $1 AND status <> 'pending' AND created_at >= to_timestamp($2 / 1000.0)`,
        [botId, since],
      );
      return r!.n;
    },
    async status() {
      return (await call<StatusReport>('GET', '/api/status')).body;
    },
    async close() {
      engine.child.kill('SIGKILL');
      await platform.close();
    },
  };
}

/** Resolves `n` or more, or throws with what it saw, within `ms`. */
export async function waitForTrades(p: TradingPlatform, n: number, ms: number, since = 0): Promise<void> {
  const ok = await waitFor(
    async () => ((await p.finishedTrades(since).catch(() => 0)) >= n ? true : undefined),
    ms,
    500,
  );
  if (!ok) throw new Error(`fewer than ${n} trades within ${ms / 1000} s (log: ${p.logDir})`);
}

/** The api says ready (database, queue and engine up) within `ms`, or throws with the components. */
export async function waitReady(p: TradingPlatform, ms: number): Promise<void> {
  let last: unknown;
  const ok = await waitFor(
    async () => {
      const r = await p.call('GET', '/api/status').catch(() => undefined);
      last = r?.body;
      const report = r?.body as unknown as StatusReport | undefined;
      return report?.components?.every((c) => c.status === 'up') ? true : undefined;
    },
    ms,
    500,
  );
  if (!ok) throw new Error(`platform not ready within ${ms / 1000} s: ${JSON.stringify(last)}`);
}

/**
 * After an outage: the bot still running and trading (new trades after `since`), then stopped by its owner and
 * settled (nothing pending), with its books adding up; returns what does not (empty when all is well).
 */
export async function settleAndCheck(p: TradingPlatform, since: number): Promise<string[]> {
  await waitForTrades(p, 3, 120_000, since);
  // A bot the engine stopped itself (a risk stop: 5 failures in a row, the daily loss) would be started again by the
  // toggle below: say why it stopped instead.
  const [bot] = await p.query<{ active: boolean; status: string; status_reason: string | null }>(
    'SELECT active, status, status_reason FROM bots WHERE id = $1',
    [p.botId],
  );
  if (!bot?.active) return [`the engine stopped the bot (${bot?.status}: ${bot?.status_reason})`];
  const stopped = await p.call<{ bot: Bot }>('POST', `/api/bots/${p.botId}/toggle`, { token: p.token });
  if (stopped.body.bot?.status !== 'stopped') return [`bot not stopped: ${JSON.stringify(stopped.body)}`];
  // A trade cut off by the outage is recovered by the sweep (8 s old, every second); the last ones settle.
  const settled = await waitFor(
    async () => {
      const [r] = await p.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM trades WHERE bot_id = $1 AND status = 'pending'`,
        [p.botId],
      );
      return r!.n === 0 ? true : undefined;
    },
    90_000,
    500,
  );
  if (!settled) return ['a trade is still pending 90 s after the bot was stopped'];
  return ledgerMismatches(p.query, p.botId);
}

/** A dependency of the platform (Postgres or Redis) that a fault test takes away and gives back. */
export interface Outage {
  /** The /api/status component that shows it down while it is away. */
  component: 'database' | 'queue';
  /** Finished trades of the bot before the outage begins. */
  tradesBefore: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * The bot trades, the dependency goes away (the status page shows it down, the api still answering), comes back,
 * and then: the api ready again with no manual step, the engine process alive, the feeds back up, the bot trading
 * on and, once stopped, settled with its books adding up. Returns what failed (empty when all is well).
 */
export async function outageAndRecovery(p: TradingPlatform, outage: Outage): Promise<string[]> {
  await waitForTrades(p, outage.tradesBefore, 120_000);
  await waitReady(p, 30_000);

  await outage.stop();
  const down = await waitFor(
    async () => {
      const s = await p.status().catch(() => undefined);
      return s?.components.find((c) => c.name === outage.component)?.status === 'down' ? true : undefined;
    },
    30_000,
    250,
  );
  if (!down) return [`the status page never showed the ${outage.component} down`];

  await outage.start();
  const restartedAt = Date.now();
  await waitReady(p, 90_000);
  if (p.engine.child.exitCode !== null)
    return [`the engine exited (${p.engine.child.exitCode}; log: ${p.logDir})`];
  // The scanner resumed and its feed states reach the api again.
  const feedsUp = await waitFor(
    async () => {
      const s = await p.status().catch(() => undefined);
      return s && s.feeds.length > 0 && s.feeds.every((f) => f.status === 'up') ? true : undefined;
    },
    30_000,
    500,
  );
  if (!feedsUp) return ['the feeds did not come back up'];
  return settleAndCheck(p, restartedAt);
}

/** A redis-server of our own on a free port (so restarting it touches no one else's), or why not. */
export interface OwnRedis {
  url: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
}

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));

export const redisServerMissing = REDIS_SERVER
  ? undefined
  : 'redis-server não está instalado (apt-get install redis-server): teste de reinício do Redis ignorado';

export async function ownRedis(): Promise<OwnRedis> {
  if (!REDIS_SERVER) throw new Error(redisServerMissing);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    // No persistence: a restart loses every queued job and lease, the harshest case for the platform.
    child = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: 'ignore' },
    );
    const up = await waitFor(
      async () => {
        const net = await import('node:net');
        return new Promise<true | undefined>((resolve) => {
          const s = net.connect({ host: '127.0.0.1', port }, () => {
            s.write('PING\r\n');
            s.once('data', (d) => {
              s.destroy();
              resolve(d.toString().startsWith('+PONG') ? true : undefined);
            });
          });
          s.once('error', () => resolve(undefined));
        });
      },
      30_000,
      100,
    );
    if (!up) throw new Error(`redis-server did not answer on ${port}`);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop(signal = 'SIGKILL') {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const gone = new Promise((r) => c.once('exit', r));
      c.kill(signal);
      await gone;
    },
  };
}
