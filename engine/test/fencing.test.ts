import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, type Bot, type ExecutionJob } from '@arbitra/contracts';
import type { QueueFactory } from '@arbitra/transport';
import type { Job } from 'bullmq';
import { ExecutionsProcessor } from '../src/execution/executions.processor.js';
import { OwnershipService } from '../src/ownership/ownership.service.js';
import { QUEUE_FACTORY } from '../src/transport/fabric.providers.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { availableRedisUrl } from '../../scripts/test-support/redis.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register, tradeEverythingBot } from '../../api/test/support/http.js';

/**
 * Fencing at execution time (issue 18): a job carries the lease token of the engine that matched it; a job whose
 * token is no longer the bot's lease (the engine lost the bot: handover, pause, partition) places no order and
 * records nothing, while a job with the current token runs.
 */
describe.each([
  ['postgres', async () => undefined as string | undefined],
  ['redis', availableRedisUrl],
])('an execution job matched under a lost lease is refused (%s)', (kind, redisOf) => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let sql: pg.Client;
  let redisUrl: string | undefined;

  beforeAll(async () => {
    redisUrl = await redisOf();
    if (kind === 'redis' && !redisUrl) return;
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, redisUrl, engines: 1 });
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await platform?.close();
    await db?.drop();
  });

  it('refuses the stale token before any order, runs the current one', async (ctx) => {
    if (kind === 'redis' && !redisUrl) ctx.skip();
    const call = client(platform.baseUrl);
    const owner = await register(call, { name: 'Cerca' });
    const created = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: owner.token,
      body: tradeEverythingBot('Cercado'),
    });
    expect(created.status).toBe(201);
    const botId = created.body.bot.id;
    const engine = platform.engines[0]!;
    const ownership = engine.get(OwnershipService);
    const token = await waitFor(() => ownership.token(botId) || undefined, 30_000, 100);
    expect(token, 'the engine takes the lease of the running bot').toBeDefined();

    // A real job of this bot, as the runner enqueued it (with its lease token).
    const executions = engine.get<QueueFactory>(QUEUE_FACTORY).queue(QUEUES.executions);
    const job = await waitFor(
      async () => {
        const jobs = (await executions.getJobs([
          'completed',
          'active',
          'wait',
          'failed',
        ])) as Job<ExecutionJob>[];
        return jobs.find((j) => j.data.botId === botId);
      },
      90_000,
      250,
    );
    expect(job, 'the bot matched an opportunity within 90 s of simulated market').toBeDefined();
    expect(job!.data.leaseToken).toBe(token);

    const processor = engine.get(ExecutionsProcessor);
    const again = (leaseToken: number, suffix: string) =>
      ({
        data: {
          ...job!.data,
          executionKey: `${job!.data.executionKey}:${suffix}`,
          enqueuedAt: Date.now(),
          leaseToken,
        },
      }) as Job<ExecutionJob>;
    const trades = (key: string) =>
      sql.query(`SELECT id FROM trades WHERE execution_key = $1`, [key]).then((r) => r.rowCount);

    // A token that is not the lease's (Redis: another acquisition's; Postgres: a session that holds no lock).
    const stale = again(kind === 'redis' ? token! + 1 : 1, 'stale');
    expect(await processor.process(stale)).toBe('stale-lease');
    expect(await trades(stale.data.executionKey), 'nothing journaled or recorded for a fenced job').toBe(0);

    const current = again(token!, 'current');
    const outcome = await processor.process(current);
    expect(outcome).not.toBe('stale-lease');
  }, 180_000);
});
