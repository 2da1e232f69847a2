import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, type AdminSystemOverview, type Bot } from '@arbitra/contracts';
import { client, login, register, tradeEverythingBot, type Client } from '../../api/test/support/http.js';
import { stopBots } from '../../scripts/test-support/stop-bots.js';
import { launchPlatform, type LaunchedPlatform } from '../../scripts/lib/launch.mjs';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { ledgerMismatches } from '../../scripts/test-support/ledger.js';
import { availableRedisUrl } from '../../scripts/test-support/redis.js';
import { waitFor } from '../../scripts/test-support/wait.js';

const BOTS = 6;
const LEASE_TTL_MS = 5_000;
const LEASE_TICK_MS = 1_000;
const redisUrl = await availableRedisUrl();
const transports: [string, string | undefined][] = [
  ['Postgres', undefined],
  ...(redisUrl ? [['Redis', redisUrl] as [string, string]] : []),
];

/**
 * Issue 31, as a user runs it: `ENGINES=3 npm start` (the launcher itself, scripts/start.mjs, built processes),
 * paper bots trading, then `kill -9` of the engine that publishes the scanner. The platform stays up, the launcher
 * brings the engine back, the dead engine's bots trade again on a survivor, the publisher role moves, and in the end
 * no trade is doubled or lost and every bot's balances reconcile with its trades.
 */
describe.each(transports)(
  'ENGINES=3 npm start survives kill -9 of one engine, on %s (issue 31)',
  (_, redis) => {
    let db: TestDatabase;
    let platform: LaunchedPlatform;
    let call: Client;
    let sql: pg.Client;
    let token: string;
    let adminToken: string;
    const botIds: string[] = [];

    const system = async () => {
      const r = await call<AdminSystemOverview>('GET', '/api/admin/system', { token: adminToken });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    const trades = async (where: string, values: unknown[] = []) =>
      (
        await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM trades WHERE bot_id = ANY($1) AND ${where}`,
          [botIds, ...values],
        )
      ).rows[0]!.n;

    beforeAll(async () => {
      db = await createTestDatabase();
      platform = await launchPlatform({
        env: {
          DATABASE_URL: db.url,
          REDIS_URL: redis ?? '',
          TRANSPORT_NAMESPACE: `t${randomBytes(4).toString('hex')}`,
          ENGINES: '3',
          TRUST_PROXY: 'loopback',
          LEASE_TTL_MS: String(LEASE_TTL_MS),
          LEASE_TICK_MS: String(LEASE_TICK_MS),
          PAPER_ORDER_LATENCY_MS: '200',
          // A pending trade of the killed engine is recovered once 8 s old, looked for every second.
          EXECUTION_RECOVERY_AFTER_MS: '8000',
          EXECUTION_RECOVERY_SWEEP_MS: '1000',
        },
      });
      call = client(platform.baseUrl);
      sql = new pg.Client({ connectionString: db.url });
      await sql.connect();
      token = (await register(call, { name: 'Escala' })).token;
      const admin = await login(call, 'admin@arbitra.local', 'admin12345');
      expect(admin.status, JSON.stringify(admin.body)).toBe(200);
      adminToken = (admin.body as { access_token: string }).access_token;
    }, 300_000);

    afterAll(async () => {
      await sql?.end();
      await platform?.stop();
      await db?.drop();
    }, 60_000);

    it('the platform stays up, the engine comes back, its bots trade on a survivor; 0 doubled, 0 lost', async () => {
      for (let i = 0; i < BOTS; i++) {
        const r = await call<{ bot: Bot }>('POST', '/api/bots', {
          token,
          body: tradeEverythingBot(`Escala ${i + 1}`),
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        botIds.push(r.body.bot.id);
      }
      // Every bot has traded, and the admin sees which engine runs each one.
      const traded = await waitFor(
        async () => {
          const rows = await sql.query<{ bot_id: string }>(
            `SELECT DISTINCT bot_id FROM trades WHERE bot_id = ANY($1) AND status <> 'pending'`,
            [botIds],
          );
          return rows.rowCount === BOTS ? true : undefined;
        },
        180_000,
        500,
      );
      expect(traded, 'every bot trades before the kill').toBe(true);
      const before = await waitFor(async () => {
        const s = await system();
        const listed = s.engines.flatMap((e) => e.bots.map((b) => b.id));
        return s.engines.length === 3 && botIds.every((id) => listed.includes(id)) ? s : undefined;
      }, 30_000);
      expect(before, 'three engines listing all the bots').toBeDefined();
      for (const e of before!.engines) for (const b of e.bots) expect(b.userName).toBe('Escala');

      // The victim: the scanner's publisher (so the role must move) unless it runs no bot; then the busiest engine.
      const busiest = [...before!.engines].sort((a, b) => b.bots.length - a.bots.length)[0]!;
      const publisher = before!.engines.find((e) => e.publisher);
      const victim = publisher && publisher.bots.length > 0 ? publisher : busiest;
      const orphans = victim.bots.map((b) => b.id);
      expect(orphans.length).toBeGreaterThan(0);
      const pid = platform.pids[victim.instanceId]!;
      expect(pid, `pid of ${victim.instanceId}`).toBeGreaterThan(0);
      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');

      // The platform stays up while the dead engine's bots and the publisher role move.
      const movedAt = new Map<string, number>();
      let publisherAt: number | undefined;
      const survivors = before!.engines.filter((e) => e !== victim).map((e) => e.instanceId);
      const settled = await waitFor(
        async () => {
          expect(platform.exited(), platform.output()).toBe(false);
          const health = await call('GET', '/api/health');
          expect(health.status).toBe(200);
          const s = await system();
          for (const e of s.engines) {
            if (e.instanceId === victim.instanceId) continue;
            for (const b of e.bots)
              if (orphans.includes(b.id) && !movedAt.has(b.id)) movedAt.set(b.id, Date.now());
            if (e.publisher && publisherAt === undefined && victim.publisher) publisherAt = Date.now();
          }
          return movedAt.size === orphans.length && (publisherAt !== undefined || !victim.publisher)
            ? true
            : undefined;
        },
        60_000,
        200,
      );
      expect(settled, `bots moved ${movedAt.size}/${orphans.length}, publisher ${publisherAt}`).toBe(true);
      // Leases (freed with the dead session on Postgres, expired after the TTL on Redis) are taken within a lease
      // round; the admin sees it with the next heartbeat (+ 1 s for this poll and its request on a busy machine).
      const bound = LEASE_TTL_MS + LEASE_TICK_MS + HEARTBEAT_INTERVAL_MS + 1_000;
      for (const [bot, at] of movedAt)
        expect(at - killedAt, `bot ${bot} taken over`).toBeLessThanOrEqual(bound);
      if (victim.publisher)
        expect(publisherAt! - killedAt, 'publisher role moved').toBeLessThanOrEqual(bound);
      console.log(
        `${redis ? 'Redis' : 'Postgres'}: kill -9 ${victim.instanceId} (${orphans.length} bots${victim.publisher ? ', publisher' : ''}): bots on a ` +
          `survivor after ${[...movedAt.values()].map((at) => at - killedAt).join('/')} ms` +
          (publisherAt ? `, publisher after ${publisherAt - killedAt} ms` : ''),
      );

      // The launcher restarted it within 10 s, as a new member of the fleet.
      const restart = await waitFor(
        () => platform.restarts.find((r) => r.name === victim.instanceId),
        10_000,
      );
      expect(restart, platform.output()).toBeDefined();
      expect(restart!.at - killedAt).toBeLessThanOrEqual(10_000);
      const back = await waitFor(async () => {
        const s = await system();
        return s.engines.some((e) => e.instanceId === `${victim.instanceId}.r1`) ? Date.now() : undefined;
      }, 120_000);
      expect(back, 'the restarted engine sends heartbeats').toBeDefined();
      console.log(`restarted after ${restart!.at - killedAt} ms, heartbeat after ${back! - killedAt} ms`);

      // Every orphan trades again after the kill (on a survivor or on the restarted engine).
      const again = await waitFor(
        async () => {
          const rows = await sql.query<{ bot_id: string }>(
            `SELECT DISTINCT bot_id FROM trades WHERE bot_id = ANY($1) AND created_at > to_timestamp($2 / 1000.0)`,
            [orphans, killedAt],
          );
          return rows.rowCount === orphans.length ? true : undefined;
        },
        120_000,
        500,
      );
      expect(again, 'every orphaned bot trades again').toBe(true);
      expect(survivors.length).toBe(2);

      // Stop, let what is in flight settle (and what the dead engine left pending be recovered), then count.
      await stopBots(call, token, botIds);
      const drained = await waitFor(
        async () => ((await trades(`status = 'pending'`)) === 0 ? true : undefined),
        90_000,
        500,
      );
      expect(drained, '0 lost: no execution left pending').toBe(true);
      // 0 doubled: no bot traded one opportunity twice (the same id opened at the same instant, or a few ms apart as
      // two engines on two markets would see it).
      const keys = (
        await sql.query<{ bot_id: string; execution_key: string }>(
          `SELECT bot_id, execution_key FROM trades WHERE bot_id = ANY($1)`,
          [botIds],
        )
      ).rows;
      const byOpportunity = new Map<string, number[]>();
      for (const { bot_id, execution_key } of keys) {
        const rest = execution_key.slice(bot_id.length + 1);
        const cut = rest.lastIndexOf(':');
        const k = `${bot_id}|${rest.slice(0, cut)}`;
        byOpportunity.set(k, [...(byOpportunity.get(k) ?? []), Number(rest.slice(cut + 1))]);
      }
      const doubled = [...byOpportunity].filter(([, at]) =>
        at.sort((a, b) => a - b).some((t, i) => i > 0 && t - at[i - 1]! < 1_000),
      );
      expect(doubled).toEqual([]);
      const query = async <R>(text: string, values?: unknown[]) =>
        (await sql.query(text, values)).rows as R[];
      for (const id of botIds) expect(await ledgerMismatches(query, id), `bot ${id}`).toEqual([]);
    }, 900_000);
  },
);
