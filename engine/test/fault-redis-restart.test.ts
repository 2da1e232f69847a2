import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import {
  ownRedis,
  redisServerMissing,
  settleAndCheck,
  startTradingPlatform,
  waitForTrades,
  waitReady,
  type OwnRedis,
  type TradingPlatform,
} from '../../scripts/test-support/faults.js';
import { waitFor } from '../../scripts/test-support/wait.js';

/**
 * Redis (jobs, socket fabric, leases: the scale-out transport) killed and started again, empty, while the api, an
 * engine process and a running paper bot are up. A redis-server of this file's own on a free port: the machine's
 * shared Redis is never touched.
 */
describe.skipIf(redisServerMissing)('Redis restarted under a trading platform (issue 13)', () => {
  let db: TestDatabase;
  let redis: OwnRedis;
  let p: TradingPlatform;

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = await ownRedis();
    p = await startTradingPlatform({ databaseUrl: db.url, redisUrl: redis.url, name: 'redis-restart' });
  }, 300_000); // initdb, migrations, the api and an engine process: minutes on a saturated machine

  afterAll(async () => {
    await p?.close();
    await redis?.stop();
    await db?.drop();
  });

  it('SIGKILL of Redis (no persistence): both recover, the bot trades on, nothing lost, doubled or pending', async () => {
    await waitForTrades(p, 2, 120_000);
    await waitReady(p, 30_000);

    await redis.stop('SIGKILL');
    const down = await waitFor(
      async () => {
        const s = await p.status().catch(() => undefined);
        return s?.components.find((c) => c.name === 'queue')?.status === 'down' ? true : undefined;
      },
      30_000,
      250,
    );
    expect(down, 'the status page never showed the queue down').toBe(true);

    await redis.start();
    const restartedAt = Date.now();
    await waitReady(p, 90_000);
    expect(p.engine.child.exitCode, `the engine exited (log: ${p.logDir})`).toBeNull();
    const feedsUp = await waitFor(
      async () => {
        const s = await p.status();
        return s.feeds.length > 0 && s.feeds.every((f) => f.status === 'up') ? true : undefined;
      },
      30_000,
      500,
    );
    expect(feedsUp, "the engine's feeds did not reach the api again").toBe(true);

    expect(await settleAndCheck(p, restartedAt)).toEqual([]);
  }, 300_000);
});
