/**
 * Calibration of the backtest against paper trading (issue 24), shared by engine/test/backtest-calibration.test.ts
 * and `npm run bench:backtest -- calibration`: a simulated market recorded in virtual time, replayed fast-forwarded
 * to the platform's engine while a paper bot trades it and the recorder records what the engine reads; then the
 * comparison of the backtest over that recording with the bot's paper trades.
 */
import { Decimal } from 'decimal.js';
import pg from 'pg';
import {
  PAIRS,
  type BacktestBotConfig,
  type BacktestCalibration,
  type BacktestVolatility,
  type Bot,
  type ExecutionLatency,
} from '@arbitra/contracts';
import { measuredLatency } from '../../src/backtest/backtests.processor.js';
import { botMarkets } from '../../src/backtest/market-source.js';
import { BotRunner } from '../../src/bots/bot-runner.service.js';
import { ExecutionsProcessor } from '../../src/execution/executions.processor.js';
import { VirtualScheduler } from '../../src/market-data/clock.js';
import { FeedRecorder } from '../../src/market-data/recorder.js';
import type { ReplayFeed } from '../../src/market-data/replay.feed.js';
import { SimulatedFeed, SIMULATED_REGIMES } from '../../src/market-data/simulated.feed.js';
import { ScannerService } from '../../src/scanner/scanner.service.js';
import type { Client, RegisteredUser } from '../../../api/test/support/http.js';
import type { TestPlatform } from '../../../scripts/test-support/platform.js';
import { waitFor } from '../../../scripts/test-support/wait.js';

/** How many times faster than its own time the market is replayed to the platform. */
export const CALIBRATION_SPEED = 20;

/** A bot of the default settings, as a new user makes one. */
export const calibrationBot: BacktestBotConfig = {
  name: 'Bot calibração',
  strategy: 'arbitrage',
  pairs: [...PAIRS],
  exchanges: ['binance', 'bybit', 'gateio', 'mexc'],
  riskLevel: 'medium',
  maxInvestment: 5_000,
  minProfitPercent: 0.3,
};

/** `durationMs` of the simulated market ('Agitado' unless told: the bot's markets only), recorded in virtual time. */
export async function recordSimulatedMarket(
  file: string,
  bot: BacktestBotConfig,
  durationMs: number,
  volatility: BacktestVolatility = 'agitated',
  seed = 42,
): Promise<number> {
  const scheduler = new VirtualScheduler(Date.now());
  const feed = new SimulatedFeed({
    seed,
    scheduler,
    exchanges: bot.exchanges,
    markets: botMarkets(bot),
    ...SIMULATED_REGIMES[volatility],
  });
  const recorder = new FeedRecorder(feed, { file, scheduler });
  await recorder.start();
  await feed.start();
  for (let t = 0; t < durationMs; t += 1_000) scheduler.advance(1_000);
  await feed.stop();
  return (await recorder.stop()).updates;
}

export interface PaperRun {
  botId: string;
  /** The bot's recorded trades over the recording (completed and failed). */
  trades: number;
  profitUsdt: string;
  successRate: number;
  /** Market time the recording covers (the recorder writes market time). */
  marketMs: number;
  /** What the engine measured from detection to orders. */
  latency: ExecutionLatency;
  updates: number;
}

/**
 * Runs a paper bot of `calibrationBot` on the platform's (replaying) engine from the moment its books are in until
 * the replay ends, recording the books the engine reads to `recordFile` from the moment the engine runs the bot; answers the bot's trades over that
 * recording as the ledger holds them (SQL) and the engine's measured latency.
 */
export async function paperRunOnPlatform(
  platform: TestPlatform,
  call: Client,
  owner: RegisteredUser,
  recordFile: string,
  bot: BacktestBotConfig = calibrationBot,
): Promise<PaperRun> {
  const engine = platform.engines[0]!;
  const scanner = engine.get(ScannerService);
  const feed = scanner.feed as ReplayFeed;
  const store = scanner.scanner.store;
  const booked = () =>
    bot.exchanges.every((ex) => bot.pairs.every((p) => (store.get(ex, p)?.updates ?? 0) > 0)) || undefined;
  if (!(await waitFor(booked, 60_000, 10))) throw new Error('the engine never had the bot markets');
  const created = await call<{ bot: Bot }>('POST', '/api/bots', {
    token: owner.token,
    body: { ...bot, active: true },
  });
  if (created.status !== 201) throw new Error(`bot not created: ${JSON.stringify(created.body)}`);
  const botId = created.body.bot.id;
  const runner = engine.get(BotRunner);
  if (!(await waitFor(() => runner.get(botId), 30_000, 5))) throw new Error('the engine never ran the bot');
  // from the moment the bot runs (its paper balances seeded): the recording covers what it could trade
  const recorder = new FeedRecorder(feed, { file: recordFile });
  await recorder.start();
  await feed.finished;
  const { updates } = await recorder.stop();
  await call('POST', `/api/bots/${botId}/toggle`, { token: owner.token });
  // the bot stopped, its last jobs run (or refused): the executor measures nothing more for it
  if (!(await waitFor(() => (runner.get(botId) ? undefined : true), 30_000, 10)))
    throw new Error('the engine never stopped the bot');
  const executor = engine.get(ExecutionsProcessor);
  let count = -1;
  await waitFor(async () => {
    const now = executor.latency.count + executor.hold.count;
    const stable = now === count;
    count = now;
    await new Promise((r) => setTimeout(r, 500));
    return stable || undefined;
  }, 30_000);
  const sql = new pg.Client({ connectionString: platform.env.DATABASE_URL });
  await sql.connect();
  try {
    // every execution of the bot recorded (none pending)
    await waitFor(
      async () =>
        (
          await sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM trades WHERE bot_id = $1 AND status = 'pending'`,
            [botId],
          )
        ).rows[0]!.n === 0 || undefined,
      30_000,
    );
    const span = await recordingSpan(recordFile);
    const rows = await sql.query<{ profit: string; status: string }>(
      `SELECT profit::text AS profit, status FROM trades
        WHERE bot_id = $1 AND mode = 'paper' AND status IN ('completed', 'failed')
          AND executed_at >= $2 AND executed_at <= $3`,
      [botId, new Date(span.first), new Date(span.last)],
    );
    const completed = rows.rows.filter((r) => r.status === 'completed').length;

    return {
      botId,
      trades: rows.rows.length,
      profitUsdt: rows.rows.reduce((a, r) => a.plus(r.profit), new Decimal(0)).toFixed(),
      successRate: rows.rows.length > 0 ? (completed * 100) / rows.rows.length : 0,
      marketMs: span.last - span.first,
      latency: measuredLatency(engine.get(ExecutionsProcessor)),
      updates,
    };
  } finally {
    await sql.end();
  }
}

async function recordingSpan(file: string): Promise<{ first: number; last: number }> {
  const { readFile } = await import('node:fs/promises');
  let first = Infinity;
  let last = -Infinity;
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    const m = /"receivedTs":([0-9.]+)/.exec(line);
    if (!m) continue;
    const t = Number(m[1]);
    first = Math.min(first, t);
    last = Math.max(last, t);
  }
  return { first, last };
}

export interface CalibrationComparison {
  tradesDiffPercent: number;
  profitDiffPercent: number;
  successDiffPoints: number;
  text: string;
}

/** The paper × backtest differences the issue bounds (±10 % trades and profit, ±3 points of success), printed. */
export function compareCalibration(c: BacktestCalibration): CalibrationComparison {
  const rel = (a: Decimal.Value, b: Decimal.Value) => {
    const base = new Decimal(a).abs();
    return base.isZero()
      ? new Decimal(b).isZero()
        ? 0
        : Infinity
      : new Decimal(b).minus(a).abs().div(base).mul(100).toNumber();
  };
  const tradesDiffPercent = rel(c.paper.trades, c.backtest.trades);
  const profitDiffPercent = rel(c.paper.profitUsdt, c.backtest.profitUsdt);
  const successDiffPoints = Math.abs(c.paper.successRate - c.backtest.successRate);
  const f = (n: number, d = 1) => n.toFixed(d);
  const text = [
    `                 paper      simulação   diferença`,
    `trades       ${String(c.paper.trades).padStart(8)}   ${String(c.backtest.trades).padStart(9)}   ${f(tradesDiffPercent)} %`,
    `lucro USDT   ${new Decimal(c.paper.profitUsdt).toFixed(4).padStart(8)}   ${new Decimal(c.backtest.profitUsdt).toFixed(4).padStart(9)}   ${f(profitDiffPercent)} %`,
    `sucesso %    ${f(c.paper.successRate).padStart(8)}   ${f(c.backtest.successRate).padStart(9)}   ${f(successDiffPoints)} pontos`,
    `pareados por rota e horário (±${c.windowMs / 1000} s): ${c.matched}`,
  ].join('\n');
  return { tradesDiffPercent, profitDiffPercent, successDiffPoints, text };
}
