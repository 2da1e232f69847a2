import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import {
  ownRedis,
  redisServerMissing,
  outageAndRecovery,
  startTradingPlatform,
  type OwnRedis,
  type TradingPlatform,
} from '../../scripts/test-support/faults.js';

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
    const problems = await outageAndRecovery(p, {
      component: 'queue',
      tradesBefore: 2,
      stop: () => redis.stop('SIGKILL'),
      start: () => redis.start(),
    });
    expect(problems).toEqual([]);
  }, 300_000);
});
