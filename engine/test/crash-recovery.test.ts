import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplicationContext } from '@nestjs/common';
import { QUEUES, type Bot, type ExecutionJob } from '@arbitra/contracts';
import type { QueueFactory } from '@arbitra/transport';
import type { Job } from 'bullmq';
import { createEngine } from '../src/bootstrap.js';
import { parseEngineConfig } from '../src/config/config.js';
import { ExecutionsProcessor } from '../src/execution/executions.processor.js';
import { QUEUE_FACTORY } from '../src/transport/fabric.providers.js';
import { RECOVERY_NOTHING_EXECUTED } from '../src/execution/recovery.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import {
  client,
  register,
  tradeEverythingBot,
  type Client,
  type RegisteredUser,
} from '../../api/test/support/http.js';

const ENGINE_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

interface TradeRow {
  id: string;
  status: string;
  failure_reason: string | null;
  profit: string;
  execution_key: string;
}

/**
 * The executor killed in the middle of a job (SIGKILL of a real engine process while its paper orders are in
 * flight), then another engine started: the execution ends as exactly one trade, the job's retry records
 * nothing more, and the bot's balances and totals agree with its trades.
 */
describe('an executor killed mid-job and restarted leaves exactly one trade (issue 5)', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let sql: pg.Client;
  let owner: RegisteredUser;
  let child: ChildProcess | undefined;
  let engine: INestApplicationContext | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    platform = await startPlatform({ databaseUrl: db.url, engines: 0 });
    call = client(platform.baseUrl);
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    owner = await register(call, { name: 'Rita' });
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await engine?.close();
    await sql?.end();
    await platform?.close();
    await db?.drop();
  });

  it('SIGKILL between the journal entry and the ledger record; the restarted engine recovers it once', async () => {
    // An engine as its own process, with paper orders that take 5 s to "reach the exchange".
    child = fork(ENGINE_MAIN, [], {
      env: {
        ...process.env,
        ...platform.env,
        ENGINE_INSTANCE_ID: 'engine-doomed',
        PAPER_ORDER_LATENCY_MS: '5000',
      },
      stdio: 'ignore',
    });
    await new Promise<void>((resolve, reject) => {
      child!.once('message', () => resolve());
      child!.once('exit', (code) => reject(new Error(`engine exited (${code})`)));
    });

    const created = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: owner.token,
      body: tradeEverythingBot('Interrompido'),
    });
    expect(created.status).toBe(201);
    const botId = created.body.bot.id;

    // Wait for the first execution to be journaled ('pending': its orders are in flight), then kill the engine.
    const inFlight = await waitFor(async () => {
      const r = await sql.query<TradeRow>(`SELECT id, status, execution_key FROM trades WHERE bot_id = $1`, [
        botId,
      ]);
      return r.rows.find((t) => t.status === 'pending');
    }, 90_000);
    expect(inFlight, 'no execution started within 90 s of simulated market').toBeDefined();
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const balancesBefore = await sql.query<{ exchange: string; asset: string; amount: string }>(
      `SELECT exchange, asset, amount::text FROM bot_balances WHERE bot_id = $1 ORDER BY 1, 2`,
      [botId],
    );
    const afterKill = await sql.query<TradeRow>(`SELECT id, status FROM trades WHERE bot_id = $1`, [botId]);
    expect(afterKill.rows.filter((t) => t.status !== 'pending')).toEqual([]); // nothing was recorded by the dead one

    // The user stops the bot meanwhile (the command waits in the queue), so the new engine trades nothing new.
    const stopped = await call<{ bot: Bot }>('POST', `/api/bots/${botId}/toggle`, { token: owner.token });
    expect(stopped.body.bot.status).toBe('stopped');

    // A new engine starts. It takes a pending trade older than 8 s for a dead executor's (looked for every second).
    engine = await createEngine(
      parseEngineConfig({
        ...platform.env,
        ENGINE_INSTANCE_ID: 'engine-restarted',
        EXECUTION_RECOVERY_AFTER_MS: '8000',
        EXECUTION_RECOVERY_SWEEP_MS: '1000',
      }),
    );
    const processor = engine.get(ExecutionsProcessor);
    const executions = engine.get<QueueFactory>(QUEUE_FACTORY).queue(QUEUES.executions);
    const jobs = (await executions.getJobs([
      'active',
      'wait',
      'delayed',
      'completed',
      'failed',
    ])) as Job<ExecutionJob>[];
    const killed = jobs.find((j) => j.data.executionKey === inFlight!.execution_key);
    expect(killed, 'the killed job is still in the queue').toBeDefined();
    // Delivered again while its trade is young: its first run might still be placing orders; nothing is touched.
    expect(await processor.process(killed!)).toBe('in-flight');
    const young = await sql.query<TradeRow>(`SELECT status FROM trades WHERE execution_key = $1`, [
      inFlight!.execution_key,
    ]);
    expect(young.rows).toEqual([{ status: 'pending' }]);

    const recovered = await waitFor(
      async () => {
        const r = await sql.query<TradeRow>(
          `SELECT id, status, failure_reason, profit::text, execution_key FROM trades WHERE execution_key = $1`,
          [inFlight!.execution_key],
        );
        return r.rows[0]?.status === 'pending' ? undefined : r.rows;
      },
      30_000,
      200,
    );
    expect(recovered).toHaveLength(1);
    expect(recovered![0]).toMatchObject({
      id: inFlight!.id,
      status: 'failed',
      failure_reason: RECOVERY_NOTHING_EXECUTED, // paper orders died with their process: nothing was executed
    });
    expect(Number(recovered![0]!.profit)).toBe(0);

    // BullMQ hands the killed job to a worker again (stalled): its retry must not record a second trade.
    expect(await processor.process(killed!)).toBe('duplicate');

    const trades = await sql.query<TradeRow>(`SELECT id, status FROM trades WHERE bot_id = $1`, [botId]);
    expect(trades.rows.filter((t) => t.id === inFlight!.id)).toHaveLength(1);
    expect(trades.rows.filter((t) => t.status === 'pending')).toEqual([]);
    // The balances did not move (nothing executed), and the bot's totals match its trades.
    const balancesAfter = await sql.query(
      `SELECT exchange, asset, amount::text FROM bot_balances WHERE bot_id = $1 ORDER BY 1, 2`,
      [botId],
    );
    expect(balancesAfter.rows).toEqual(balancesBefore.rows);
    const totals = await sql.query<{ ok: boolean; n: number }>(
      `SELECT (SELECT COALESCE(SUM(profit), 0) FROM trades WHERE bot_id = $1) = total_profit AS ok, total_trades AS n
         FROM bots WHERE id = $1`,
      [botId],
    );
    expect(totals.rows[0]).toEqual({ ok: true, n: trades.rows.length });
  }, 150_000);
});
