import pg from 'pg';
import { Decimal } from 'decimal.js';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot, ExecutionJob } from '@arbitra/contracts';
import { ExecutionsProcessor } from '../src/execution/executions.processor.js';
import { ScannerService } from '../src/scanner/scanner.service.js';
import { twoLegOpportunity } from '../src/execution/testing/opportunity.js';
import { floorToStep } from '../src/execution/paper-gateway.js';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { ledgerMismatches } from '../../scripts/test-support/ledger.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register } from '../../api/test/support/http.js';

/** The bot's BTC on gateio: each job's opportunity is 0.006 BTC, so only the first can sell all it asks for. */
const GATEIO_BTC = '0.01';
const SIZE = '0.006';

/**
 * Issue 18: every engine's executor takes jobs from the one 'executions' queue, whoever owns the bot. Two jobs of
 * the same paper bot (two opportunities at once) handed to two engines' executors at the same instant must run
 * one after the other: the second sized on the balances the first left, never both on the same balances.
 */
describe('two engines given two jobs of one bot at once execute them one after the other', () => {
  let db: TestDatabase;
  let platform: TestPlatform;
  let sql: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Paper orders take 600 ms to "reach the exchange": unserialised, the two executions would overlap entirely.
    platform = await startPlatform({
      databaseUrl: db.url,
      engines: 2,
      env: { PAPER_ORDER_LATENCY_MS: '600' },
    });
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await platform?.close();
    await db?.drop();
  });

  it('the second is sized on what the first left; balances match the ledger, none negative', async () => {
    const call = client(platform.baseUrl);
    const owner = await register(call, { name: 'Serial' });
    // Created stopped (no runner matches it), then marked running in SQL: only the test's jobs execute for it.
    const created = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: owner.token,
      body: {
        name: 'Um de cada vez',
        pairs: ['BTC/USDT'],
        exchanges: ['binance', 'gateio'],
        riskLevel: 'high',
        maxInvestment: 100000,
        minProfitPercent: 50,
        active: false,
      },
    });
    expect(created.status).toBe(201);
    const botId = created.body.bot.id;
    await sql.query(`UPDATE bots SET active = true, status = 'running' WHERE id = $1`, [botId]);
    await sql.query(`DELETE FROM bot_balances WHERE bot_id = $1`, [botId]);
    await sql.query(
      `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial) VALUES
         ($1, 'binance', 'USDT', 100000, 100000), ($1, 'binance', 'BTC', 0, 0),
         ($1, 'gateio', 'USDT', 0, 0), ($1, 'gateio', 'BTC', $2, $2)`,
      [botId, GATEIO_BTC],
    );

    // Both engines have the market's books (each fills its paper orders on its own).
    const books = await waitFor(
      () => {
        const slots = platform.engines.flatMap((e) => {
          const store = e.get(ScannerService).scanner.store;
          return [store.get('binance', 'BTC/USDT'), store.get('gateio', 'BTC/USDT')];
        });
        return slots.every((s) => s && s.bids.length > 0 && s.asks.length > 0) ? slots : undefined;
      },
      30_000,
      100,
    );
    expect(books, 'both engines have BTC/USDT books on binance and gateio').toBeDefined();
    const mid = books![0]!.mid;
    const step = Math.max(...books!.map((b) => b!.spec.amountStep));

    // Two opportunities of the bot at once (buy on binance, sell on gateio), limits far through the books so each
    // fills whatever it asks for: only the bot's balances size them.
    const job = (openedAt: number): Job<ExecutionJob> => {
      const opportunity = twoLegOpportunity({
        size: SIZE,
        buy: { exchange: 'binance', price: (mid * 1.5).toFixed(2), feeRate: '0.001' },
        sell: { exchange: 'gateio', price: (mid * 0.5).toFixed(2), feeRate: '0.002' },
        netPercent: '1',
        profitUsdt: '1',
        profitBrl: '5.45',
        openedAt,
        firstSeen: openedAt,
      });
      return {
        data: {
          botId,
          userId: owner.id,
          executionKey: `${botId}:${opportunity.id}:${openedAt}`,
          opportunity,
          budgetUsdt: '100000',
          enqueuedAt: Date.now(),
        },
      } as Job<ExecutionJob>;
    };
    const t = Date.now();
    const [p1, p2] = platform.engines.map((e) => e.get(ExecutionsProcessor));
    const results = await Promise.all([p1!.process(job(t)), p2!.process(job(t + 1))]);
    expect(results).toEqual(['recorded', 'recorded']);

    const trades = await sql.query<{ amount: string; status: string; executed_at: Date }>(
      `SELECT amount::text, status, executed_at FROM trades WHERE bot_id = $1 ORDER BY executed_at`,
      [botId],
    );
    expect(trades.rows.map((r) => r.status)).toEqual(['completed', 'completed']);
    // The first sold the 0.006 it asked for; the second only the 0.004 left (sized after the first's record).
    const first = floorToStep(SIZE, step);
    const second = floorToStep(new Decimal(GATEIO_BTC).minus(first), step);
    expect(second.gt(0)).toBe(true);
    expect(trades.rows.map((r) => new Decimal(r.amount).toFixed())).toEqual([
      first.toFixed(),
      second.toFixed(),
    ]);

    // The balances are what the trades' legs say, and none went below zero.
    const query = <R>(text: string, values?: unknown[]) => sql.query(text, values).then((r) => r.rows as R[]);
    expect(await ledgerMismatches(query, botId)).toEqual([]);
    const balances = await query<{ exchange: string; asset: string; amount: string }>(
      `SELECT exchange, asset, amount::text FROM bot_balances WHERE bot_id = $1 ORDER BY 1, 2`,
      [botId],
    );
    for (const b of balances)
      expect(new Decimal(b.amount).gte(0), `${b.exchange} ${b.asset} = ${b.amount}`).toBe(true);
    const gateioBtc = balances.find((b) => b.exchange === 'gateio' && b.asset === 'BTC')!.amount;
    expect(new Decimal(gateioBtc).toFixed()).toBe(
      new Decimal(GATEIO_BTC).minus(first).minus(second).toFixed(),
    );
  }, 120_000);
});
