import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type Bot, type ScannerSnapshot, type StatusReport } from '@arbitra/contracts';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { availableRedisUrl } from '../../scripts/test-support/redis.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import {
  firstMids,
  ownedBy as owned,
  owners as ownerAt,
  recordMarket,
  seedRunningBots,
  startEngineProcess,
  type EngineProcess,
} from '../../scripts/test-support/engine-fleet.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register, type Client } from '../../api/test/support/http.js';

const ENGINE_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const BOTS = 300;
/** Minutes of recorded market, replayed SPEED× faster than recorded (the test says so: the market runs fast). */
const MARKET_MINUTES = 4;
const SPEED = 4;
const JITTER_MS = 40;

describe.each([
  ['postgres', async () => undefined as string | undefined],
  ['redis', availableRedisUrl],
])(
  'three engines as processes on the %s transport: one owner per bot, one stream, no doubled trade',
  (kind, redisOf) => {
    let db: TestDatabase;
    let platform: TestPlatform;
    let call: Client;
    let sql: pg.Client;
    let dir: string;
    let redisUrl: string | undefined;
    const engines: EngineProcess[] = [];
    const sockets: Socket[] = [];
    let env: Record<string, string>;
    let ctxPassed = false;

    const start = async (name: string): Promise<EngineProcess> => {
      const proc = await startEngineProcess({
        name,
        main: ENGINE_MAIN,
        env: { ...process.env, ...env },
        logDir: dir,
      });
      engines.push(proc);
      return proc;
    };
    const alive = () => engines.filter((e) => e.killedAt === undefined);
    /** Who listens on the fabric's request channel (Redis): the api and every live engine when all is well. */
    const fabricListeners = async () => {
      if (!redisUrl) return 'Postgres fabric';
      const redis = new Redis(redisUrl);
      try {
        const channel = `${env.TRANSPORT_NAMESPACE}-request#/#`;
        const [, n] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
        return `${n} subscribers on ${channel}`;
      } finally {
        redis.disconnect();
      }
    };
    beforeAll(async () => {
      redisUrl = await redisOf();
      if (kind === 'redis' && !redisUrl) return;
      dir = mkdtempSync(path.join(tmpdir(), 'arbitra-scale-'));
      const file = path.join(dir, 'market.jsonl');
      const updates = await recordMarket(file, MARKET_MINUTES);
      expect(updates).toBeGreaterThan(10_000);
      db = await createTestDatabase();
      platform = await startPlatform({ databaseUrl: db.url, redisUrl, engines: 0 });
      call = client(platform.baseUrl);
      sql = new pg.Client({ connectionString: db.url });
      await sql.connect();
      env = {
        ...platform.env,
        LOG_LEVEL: 'info',
        NO_COLOR: '1',
        MARKET_FEED: 'replay',
        REPLAY_FILE: file,
        REPLAY_SPEED: String(SPEED),
        REPLAY_LOOP: 'true', // the market goes on (every pass on the shared epoch) however slowly the machine runs
        REPLAY_EPOCH_MS: String(Date.now() + 15_000), // every engine replays one market from this instant
        REPLAY_JITTER_MS: String(JITTER_MS),
        EXECUTION_RECOVERY_AFTER_MS: '5000',
      };

      // 300 running paper bots of one user: each on one pair and two exchanges (100 combinations, 3 bots each).
      const owner = await register(call, { name: 'Escala' });
      const first = await call<{ bot: Bot }>('POST', '/api/bots', {
        token: owner.token,
        body: {
          name: 'Escala 0',
          pairs: ['BTC/USDT'],
          exchanges: ['binance', 'gateio'],
          maxInvestment: 10000,
          minProfitPercent: 0.05,
          riskLevel: 'low',
          active: false,
        },
      });
      expect(first.status).toBe(201);
      await seedRunningBots(
        (text, values) => sql.query(text, values).then((r) => r.rows as never),
        first.body.bot.id,
        BOTS,
        firstMids(file),
      );
    }, 120_000);

    afterAll(async () => {
      for (const s of sockets) s.close();
      for (const e of engines) e.child.kill('SIGKILL');
      await sql?.end();
      await platform?.close();
      await db?.drop();
      // The engines' logs stay for a failed run (their folder is printed); a passing run removes them.
      if (dir && ctxPassed) rmSync(dir, { recursive: true, force: true });
      else if (dir) console.log(`[scale-out ${kind}] engine logs in ${dir}`);
    });

    it('shares the bots, survives a SIGKILL, rebalances on a join, and records every opportunity once per bot', async (ctx) => {
      if (kind === 'redis' && !redisUrl) ctx.skip();
      const running = (
        await sql.query<{ id: string }>(`SELECT id FROM bots WHERE active AND status = 'running'`)
      ).rows.map((r) => r.id);
      expect(running).toHaveLength(BOTS);

      await Promise.all(['engine-1', 'engine-2', 'engine-3'].map(start));

      // Every bot owned by exactly one engine, about a third each; /api/status lists them.
      // (A bot the executor stops — 5 failures in a row, the daily loss — leaves the running set and its owner.)
      const runningNow = async () =>
        new Set(
          (
            await sql.query<{ id: string }>(`SELECT id FROM bots WHERE active AND status = 'running'`)
          ).rows.map((r) => r.id),
        );
      const allOwned = async () => {
        const { owner } = ownerAt(engines);
        const live = await runningNow();
        return [...live].every((b) => owner.has(b)) ? owner : undefined;
      };
      const balanced = async () =>
        alive().every((e) => owned(e).size > BOTS / (2 * alive().length)) ? allOwned() : undefined;
      const settled = await waitFor(balanced, 30_000, 200);
      expect(
        settled,
        `every running bot owned, ~1/3 each: ${alive()
          .map((e) => owned(e).size)
          .join(', ')}`,
      ).toBeDefined();
      let seen = '';
      // What reaches a browser over the adapter, to tell a broken server-side path from a broken subscription.
      const watcher = connect(platform.baseUrl, { transports: ['websocket'] });
      sockets.push(watcher);
      const beats = new Map<string, number>();
      watcher.on(EVENTS.engineHeartbeat, (hb: { instanceId: string }) =>
        beats.set(hb.instanceId, Date.now()),
      );
      const status = await waitFor(
        async () => {
          const list = (await call<StatusReport>('GET', '/api/status')).body.engines;
          const live = (await runningNow()).size;
          seen = `${live} running; engines ${JSON.stringify(list?.map((e) => [e.instanceId, e.ownedBots, e.publisher]))}`;
          // Each engine with its bots. Heartbeats come every 2 s and leases move every tick, so on a busy machine
          // the counts are seconds apart: they add up to the running bots within 10 %.
          const sum = list.reduce((n, x) => n + x.ownedBots, 0);
          return list.length === 3 && list.every((e) => e.ownedBots > 0) && Math.abs(sum - live) <= live / 10
            ? list
            : undefined;
        },
        60_000,
        200,
      );
      expect(
        status,
        `GET /api/status lists the 3 engines with their bots (last: ${seen}; a browser heard heartbeats ${JSON.stringify(
          [...beats].map(([id, at]) => [id, Date.now() - at]),
        )} ms ago; ${await fabricListeners()})`,
      ).toBeDefined();
      watcher.close();
      expect(status!.filter((e) => e.publisher)).toHaveLength(1);

      // A browser: one scanner stream whatever the number of engines (a snapshot every 3 s, not one per engine).
      const browser = connect(platform.baseUrl, { transports: ['websocket'] });
      sockets.push(browser);
      const snapshots: ScannerSnapshot[] = [];
      browser.on(EVENTS.scannerSnapshot, (s: ScannerSnapshot) => snapshots.push(s));
      await waitFor(() => snapshots.length >= 4 || undefined, 20_000);
      const gaps = snapshots.slice(1).map((s, i) => s.at - snapshots[i]!.at);
      expect(Math.min(...gaps), `snapshot gaps ${gaps.join(', ')}`).toBeGreaterThan(2_000);

      // The market runs; executions happen.
      const trades = () =>
        sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM trades`).then((r) => r.rows[0]!.n);
      expect(await waitFor(async () => ((await trades()) >= 20 ? true : undefined), 90_000, 500)).toBe(true);

      // SIGKILL one engine: its bots are owned again within 10 s.
      const victim = engines[1]!;
      const itsBots = owned(victim);
      expect(itsBots.size).toBeGreaterThan(0);
      victim.killedAt = Date.now();
      victim.child.kill('SIGKILL');
      const takenBack = await waitFor(
        () => {
          const { owner } = ownerAt(engines);
          return [...itsBots].every((b) => owner.has(b)) ? Date.now() : undefined;
        },
        15_000,
        100,
      );
      expect(takenBack, "the dead engine's bots owned again").toBeDefined();
      const lastGain = Math.max(
        ...[...itsBots].map((b) =>
          Math.min(
            ...alive().flatMap((e) =>
              e.changes.filter((c) => c.at >= victim.killedAt! && c.gained.includes(b)).map((c) => c.at),
            ),
          ),
        ),
      );
      console.log(
        `[scale-out ${kind}] ${itsBots.size} bots of the killed engine owned again after ${lastGain - victim.killedAt} ms`,
      );
      expect(lastGain - victim.killedAt).toBeLessThan(10_000);

      // A fourth engine joins: bots move to it, the old owner letting go first (checked over the whole run below).
      await start('engine-4');
      expect(
        await waitFor(balanced, 30_000, 200),
        `rebalanced after the join: ${alive()
          .map((e) => owned(e).size)
          .join(', ')}`,
      ).toBeDefined();
      await waitFor(async () => ((await trades()) >= 40 ? true : undefined), 60_000, 500);

      // Stop matching (the bots stop), let the executions and recoveries settle.
      await sql.query(`UPDATE bots SET active = false, status = 'stopped'`);
      for (const e of alive()) e.child.kill('SIGTERM');
      await Promise.all(
        alive().map(
          (e) => new Promise((r) => (e.child.exitCode !== null ? r(null) : e.child.once('exit', r))),
        ),
      );
      for (const e of alive()) e.killedAt = Date.now();
      // A last engine (no running bots) recovers whatever the killed one left pending.
      const sweeper = await start('engine-sweeper');
      const pending = await waitFor(
        async () => {
          const r = await sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM trades WHERE status = 'pending'`,
          );
          return r.rows[0]!.n === 0 ? true : undefined;
        },
        60_000,
        500,
      );
      expect(pending, 'no trade left pending').toBe(true);
      sweeper.child.kill('SIGTERM');

      // Never two owners for one bot, at any instant of the run.
      expect(ownerAt(engines).overlaps).toEqual([]);
      // Every execution key once in the ledger.
      const keys = await sql.query<{ n: number; keys: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT execution_key)::int AS keys FROM trades`,
      );
      expect(keys.rows[0]!.keys).toBe(keys.rows[0]!.n);
      // Do the engines agree on the opportunities' identity? Occurrences of one opportunity id whose exchange times
      // are within 250 ms of each other would be one opportunity seen under two keys (by two engines).
      const near = await sql.query<{ n: number; occurrences: number }>(
        `WITH k AS (SELECT DISTINCT substring(execution_key from position(':' in execution_key) + 1) AS s FROM trades),
              o AS (SELECT regexp_replace(s, ':[0-9]+$', '') AS id, (regexp_match(s, ':([0-9]+)$'))[1]::bigint AS t FROM k)
         SELECT (SELECT count(*)::int FROM o a JOIN o b ON a.id = b.id AND a.t < b.t AND b.t - a.t < 250) AS n,
                (SELECT count(*)::int FROM o) AS occurrences`,
      );
      console.log(
        `[scale-out ${kind}] ${near.rows[0]!.occurrences} opportunity occurrences traded, ${near.rows[0]!.n} within 250 ms of another of the same id`,
      );
      const total = await trades();
      console.log(
        `[scale-out ${kind}] ${total} trades, ${BOTS} bots, ${MARKET_MINUTES} min of market at ${SPEED}×`,
      );
      expect(total).toBeGreaterThanOrEqual(40);
      ctxPassed = true;
    }, 420_000);
  },
);
