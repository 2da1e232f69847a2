import { Decimal } from 'decimal.js';
import {
  botRebalanceTransferBrl,
  type BacktestBotConfig,
  type BacktestProgress,
  type BacktestResult,
  type BacktestSource,
  type ExchangeId,
  type ExecutionJob,
  type InventoryBalance,
  type Opportunity,
} from '@arbitra/contracts';
import { ArbitrageScanner } from '../arbitrage/scanner.js';
import { usdtValue } from '../arbitrage/valuation.js';
import { balanceKey, executionKey, type RunningBot } from '../bots/bot-matcher.js';
import { entryJobs, exitJob } from '../bots/dispatch.js';
import { paperSeed } from '../bots/paper-seed.js';
import { StatisticalPositions, type StatPosition } from '../bots/statistical-positions.js';
import { LatencyModel, MAX_JOB_AGE_MS } from '../execution/fill-model.js';
import { PaperGateway, PaperOrders } from '../execution/paper-gateway.js';
import { saoPauloDay } from '../execution/risk-stops.js';
import { runExecution } from '../execution/run-execution.js';
import { QUOTE_ASSET, type ExecutionRecord } from '../execution/trade-ledger.js';
import { VirtualScheduler } from '../market-data/clock.js';
import { BacktestLedger } from './backtest-ledger.js';
import { RebalanceRule } from './rebalance-rule.js';
import { openMarket, type BacktestMarket } from './market-source.js';
import { MARK_EVERY_MS, ResultBuilder } from './results.js';

/** How often the live engine sweeps the scanner (staleness, coalesced updates): the same on market time. */
const SWEEP_EVERY_MS = 250;
/** A replay whose bot markets are not all booked by then seeds the paper balances with what is there. */
const SEED_DEADLINE_MS = 10_000;
/** The bot's id inside a backtest (nothing of it reaches the database). */
const BACKTEST_BOT_ID = 'backtest';
/** No latency: the orders reach the book the opportunity was seen on (runs saved before the setting existed). */
const NO_LATENCY = { p50Ms: 0, p99Ms: 0 };
export const STAT_STOP_REASON = 'Stop da posição estatística: o spread se afastou da média (2× a entrada)';

export interface BacktestOptions {
  /** Where replay files are read from (by bare name). */
  recordingsDir?: string;
  /** Progress, at most every `progressEveryMs` of wall time (and once at the end). */
  onProgress?: (p: BacktestProgress) => void;
  progressEveryMs?: number;
  /** Stops the run at the next step (within milliseconds of wall time). */
  signal?: AbortSignal;
  /** Wall clock for progress and ETA (tests may replace it). */
  wallNow?: () => number;
  /**
   * Where the run lets the process breathe (every ~20 ms of wall time): default a macrotask turn; the engine makes
   * an older run wait longer while newer ones run beside it, so a short run is not held up by a long one.
   */
  pause?: () => Promise<void>;
}

export interface BacktestRun {
  status: 'completed' | 'canceled';
  result: BacktestResult;
}

/**
 * Runs a bot's configuration over a market on a virtual clock, as fast as the CPU allows, through the live
 * engine's own code: the scanner and its detectors, the bot matcher and sizing (entryJobs), the paper exchange
 * (PaperGateway: fills against the books of that moment, fees, partial fills, depth shared by the orders of one
 * book), the executors (runExecution), the statistical positions and their exits and stops, and the ledger's
 * rules and risk stops (BacktestLedger). Deterministic: same configuration and source → same trades and totals.
 * Each execution runs at its detection time plus a delay drawn from the bot's 'Latência de execução' (the live path's
 * p50/p99: LatencyModel), on the books of that moment, as a paper execution does after its queue: what vanished in
 * between is a miss, an IOC remainder or an unwind. Drawdown and return are on the equity marked to market.
 */
export async function runBacktest(
  bot: BacktestBotConfig,
  source: BacktestSource,
  options: BacktestOptions = {},
): Promise<BacktestRun> {
  const market = await openMarket(source, bot, options.recordingsDir ?? '.');
  return runOnMarket(bot, market, options);
}

export async function runOnMarket(
  bot: BacktestBotConfig,
  market: BacktestMarket,
  options: BacktestOptions = {},
): Promise<BacktestRun> {
  const wallNow = options.wallNow ?? (() => performance.now());
  const wallStart = wallNow();
  const clock = new VirtualScheduler(market.start);
  const scanner = new ArbitrageScanner({
    clock,
    strategies: [bot.strategy],
    cross: { symbols: bot.pairs },
    statistical: { symbols: bot.pairs },
    triangular: { exchanges: bot.exchanges },
    specs: market.specs(),
  });
  const store = scanner.store;
  const books = (ex: string, symbol: string) => store.get(ex as ExchangeId, symbol);
  const fee = (ex: string) => scanner.fees.taker(ex as ExchangeId);
  const running: RunningBot = {
    id: BACKTEST_BOT_ID,
    userId: BACKTEST_BOT_ID,
    name: bot.name,
    strategy: bot.strategy,
    pairs: new Set(bot.pairs),
    exchanges: new Set(bot.exchanges),
    riskLevel: bot.riskLevel,
    maxInvestment: String(bot.maxInvestment),
    minProfitPercent: bot.minProfitPercent,
    rebalanceTransferBrl: botRebalanceTransferBrl(bot),
    mode: 'paper',
    balances: new Map(),
  };
  /** What the bot holds, as the runner keeps it in memory (the skip rule reads it): after the seed and each trade. */
  const syncBalances = () => {
    running.balances = new Map(ledger.rows().map((r) => [balanceKey(r.exchange, r.asset), r.amount]));
  };
  /** Opportunities skipped for a side the bot cannot fund (each once), and the balances it started with. */
  const unfunded = new Set<string>();
  let seeded: { exchange: string; asset: string; amount: string }[] = [];
  const ledger = new BacktestLedger(bot);
  const rule = bot.rebalanceSkewPercent !== undefined ? new RebalanceRule(bot.rebalanceSkewPercent) : null;
  const positions = new StatisticalPositions();
  const paperOrders = new PaperOrders();
  const queued = new Set<string>();
  const latency = new LatencyModel(bot.latency ?? NO_LATENCY);
  /** Executions waiting for their orders to reach the exchanges, by arrival time. */
  const pending: { at: number; job: ExecutionJob }[] = [];
  const insert = (at: number, job: ExecutionJob) => {
    let i = pending.length;
    while (i > 0 && pending[i - 1]!.at > at) i--;
    pending.splice(i, 0, { at, job });
  };
  const dispatch = (job: ExecutionJob) => insert(clock.now() + latency.next(), job);
  /** Executions of one bot run one at a time: each holds it `hold` ms after its orders (the ledger's record). */
  const hold = bot.latency?.holdMs ?? 0;
  let botFreeAt = -Infinity;
  let results: ResultBuilder | null = null;
  let pausedDay: number | null = null;
  let rateKnown = true;

  const candidates = () => (results && ledger.active ? [running] : undefined);
  const closePosition = (pos: StatPosition) => {
    const job = exitJob(pos, books, fee, String(scanner.rate.current().rate), clock.now());
    if (!job) return;
    pos.closing = true;
    dispatch(job);
  };
  const onOpportunity = (o: Opportunity) => {
    if (o.statistical) {
      for (const pos of positions.stopped(o.id, o.statistical.spreadBps)) {
        results?.stops.push({ at: clock.now(), kind: 'position', reason: STAT_STOP_REASON });
        closePosition(pos);
      }
    }
    const skip = (b: RunningBot) => unfunded.add(executionKey(b.id, o));
    for (const job of entryJobs(
      candidates(),
      o,
      positions,
      queued,
      clock.now(),
      undefined,
      skip,
      (ex, symbol) => books(ex, symbol)?.spec.minNotional ?? 0,
    )) {
      results!.funnel.seen++;
      dispatch(job);
    }
  };
  scanner.registry.on({ added: onOpportunity, updated: onOpportunity });
  scanner.statistical?.onSignal((sig) => {
    if (sig.kind === 'exit') for (const pos of positions.exiting(sig.id)) closePosition(pos);
  });
  const sweep = () => {
    scanner.sweep();
    clock.schedule(SWEEP_EVERY_MS, sweep);
  };
  clock.schedule(SWEEP_EVERY_MS, sweep);

  /** Paper balances once the bot's books are there (as a live paper bot is seeded when it starts). */
  const trySeed = () => {
    const booked = bot.exchanges.every((ex) =>
      bot.pairs.every((pair) => (store.get(ex, pair)?.updates ?? 0) > 0),
    );
    if (!booked && clock.now() - market.start < SEED_DEADLINE_MS) return;
    const seed = paperSeed(
      { ...bot, maxInvestment: String(bot.maxInvestment) },
      scanner.rate.current().rate,
      (ex, pair) => store.get(ex, pair)?.mid ?? NaN,
    );
    ledger.seed(seed.balances);
    seeded = ledger.rows();
    rule?.start(seed.balances);
    syncBalances();
    results = new ResultBuilder(seed.capital, clock.now(), equity());
    lastMark = clock.now();
  };

  /** Every asset the bot holds on every exchange at its book's mid (the last known one when a book is stale), USDT. */
  const lastPrice = new Map<string, number>();
  let lastMark = 0;
  const equity = (): Decimal => {
    let total = new Decimal(0);
    for (const row of [...ledger.rows(), ...ledger.inTransit()]) {
      const key = `${row.exchange}|${row.asset}`;
      const price =
        usdtValue(store, row.exchange as ExchangeId, row.asset, clock.now()) ?? lastPrice.get(key);
      if (price === undefined) continue;
      lastPrice.set(key, price);
      total = total.plus(new Decimal(row.amount).mul(String(price)));
    }
    return total;
  };

  /** An asset's USDT price now on the first of the bot's exchanges that books it (the rebalancing fees). */
  const priceUsdt = (asset: string): number | null => {
    for (const ex of bot.exchanges) {
      const p = usdtValue(store, ex, asset, clock.now());
      if (p !== null) return p;
    }
    return null;
  };

  /** Runs one execution; true when it placed orders. */
  const execute = async (job: ExecutionJob): Promise<boolean> => {
    if (ledger.settle(clock.now())) syncBalances(); // transfers that arrived by now can be traded
    try {
      const gateway = new PaperGateway(books, fee, ledger.rows(), paperOrders, 0);
      const outcome = await runExecution(job, {
        bot: {
          id: running.id,
          userId: running.userId,
          name: bot.name,
          strategy: bot.strategy,
          mode: 'paper',
        },
        gateway,
        amountStep: (ex, s) => store.get(ex as ExchangeId, s)?.spec.amountStep ?? 1e-8,
        minAmount: (ex, s) => store.get(ex as ExchangeId, s)?.spec.minAmount ?? 0,
        now: () => new Date(clock.now()),
      });
      const funnel = results!.funnel;
      if (outcome.kind === 'skipped') {
        if (!job.exitOf) funnel.skipped++;
        return false;
      }
      if (!job.exitOf) {
        const r = outcome.record;
        funnel.attempted++;
        if (r.status !== 'failed') funnel.filled++;
        else if (r.legs.some((l) => l.kind === 'unwind')) funnel.unwound++;
        else funnel.missed++;
      }
      record(outcome.record, job);
      return true;
    } finally {
      if (job.exitOf) {
        const pos = positions.get(running.id, job.exitOf);
        if (pos) pos.closing = false;
      }
    }
  };

  const record = (r: ExecutionRecord, job: ExecutionJob) => {
    const now = clock.now();
    const stopped = ledger.record(r, now);
    positions.apply(r, true);
    const rate = scanner.rate.current();
    rule?.check(ledger, now, priceUsdt, rate.source === 'fallback' ? null : String(rate.rate));
    syncBalances();
    if (rate.source === 'fallback') rateKnown = false;
    results!.add(
      {
        at: now,
        pair: r.pair,
        buyExchange: r.buyExchange,
        sellExchange: r.sellExchange,
        buyPrice: r.buyPrice,
        sellPrice: r.sellPrice,
        amount: r.amount,
        profit: r.profit,
        profitPercent: r.profitPercent,
        expectedProfit: r.expectedProfit,
        expectedProfitPercent: r.expectedProfitPercent,
        fees: feesUsdt(r, (ex, asset) => usdtValue(store, ex as ExchangeId, asset, now)),
        status: r.status === 'failed' ? 'failed' : 'completed',
        failureReason: r.failureReason,
        exit: job.exitOf !== undefined,
        legs: r.legs.map((l) => ({
          kind: l.kind,
          exchange: l.exchange,
          symbol: l.symbol,
          side: l.side,
          filledAmount: l.filledAmount,
          avgPrice: l.avgPrice,
          quoteAmount: l.quoteAmount,
          fee: l.fee,
          feeAsset: l.feeAsset,
        })),
      },
      rate.source === 'fallback' ? null : String(rate.rate),
    );
    results!.mark(now, equity());
    lastMark = now;
    if (stopped) {
      results!.stops.push({ at: now, kind: 'bot', reason: stopped });
      pausedDay = saoPauloDay(now);
    }
  };

  const span = Math.max(1, market.end - market.start);
  const progressEvery = options.progressEveryMs ?? 500;
  let lastProgress = wallStart;
  let lastYield = wallStart;
  const progress = (): BacktestProgress => {
    const done = Math.min(1, (clock.now() - market.start) / span);
    const elapsed = wallNow() - wallStart;
    return {
      percent: Math.round(done * 1000) / 10,
      trades: results?.tradeCount ?? 0,
      marketMs: clock.now() - market.start,
      etaMs: done > 0.005 ? Math.round((elapsed * (1 - done)) / done) : null,
    };
  };
  let canceled = false;

  /** Before the market moves to `next`: the executions whose orders arrive earlier, each on the books of its time. */
  const between = async (next: number): Promise<boolean> => {
    if (!results) trySeed();
    if (ledger.settle(clock.now())) syncBalances();
    if (pausedDay !== null && saoPauloDay(clock.now()) !== pausedDay) {
      pausedDay = null;
      ledger.resume();
    }
    while (pending.length > 0 && pending[0]!.at < next) {
      const { at, job } = pending.shift()!;
      if (at < botFreeAt) {
        // the bot's previous execution still holds it: this one places its orders once it is done
        insert(botFreeAt, job);
        continue;
      }
      clock.advanceTo(at);
      if (at - job.enqueuedAt > MAX_JOB_AGE_MS) {
        if (!job.exitOf) results!.funnel.skipped++; // expired, as the executor drops it
        continue;
      }
      if (await execute(job)) botFreeAt = at + hold;
    }
    if (results && clock.now() - lastMark >= MARK_EVERY_MS) {
      results.mark(clock.now(), equity());
      lastMark = clock.now();
    }
    const wall = wallNow();
    if (wall - lastYield >= 20) {
      // let the process breathe: a cancel, a progress write, the heartbeat
      lastYield = wall;
      await (options.pause ? options.pause() : new Promise<void>((r) => setImmediate(r)));
      if (wall - lastProgress >= progressEvery) {
        lastProgress = wall;
        options.onProgress?.(progress());
      }
    }
    if (options.signal?.aborted) {
      canceled = true;
      return false;
    }
    return true;
  };

  await market.run(clock, (u) => scanner.handleUpdate(u), between);
  if (!results) trySeed();
  const end = clock.now();
  const rate = scanner.rate.current();
  if (results && lastMark < end) (results as ResultBuilder).mark(end, equity());
  const result = (results as ResultBuilder | null)!.build(
    {
      label: market.label,
      simulated: market.simulated,
      exchanges: market.exchanges,
      from: market.start,
      to: end,
      usdtBrl: rateKnown && rate.source !== 'fallback' ? String(rate.rate) : null,
    },
    end,
    Math.round(wallNow() - wallStart),
    rateKnown && rate.source !== 'fallback' ? String(rate.rate) : null,
  );
  result.totals.latency = bot.latency ?? NO_LATENCY;
  if (result.totals.funnel) result.totals.funnel.unfunded = unfunded.size;
  result.inventory = inventoryAtEnd(seeded, ledger.rows());
  if (rule) result.rebalancing = rule.summary(result.totals.profitUsdt, result.totals.profitBrl);
  result.noTradeReason =
    result.totals.trades === 0
      ? noTradeReason(bot, (ex, pair) => (store.get(ex, pair)?.updates ?? 0) > 0)
      : null;
  options.onProgress?.(progress());
  return { status: canceled ? 'canceled' : 'completed', result };
}

/** Each asset on each exchange at the end beside the start (issue 29: inventory runs out in a backtest as in paper). */
export function inventoryAtEnd(
  start: readonly { exchange: string; asset: string; amount: string }[],
  end: readonly { exchange: string; asset: string; amount: string }[],
): InventoryBalance[] {
  const initial = new Map(start.map((r) => [balanceKey(r.exchange, r.asset), r.amount]));
  return end
    .map((r) => ({
      exchange: r.exchange,
      asset: r.asset,
      amount: r.amount,
      initial: initial.get(balanceKey(r.exchange, r.asset)) ?? '0',
    }))
    .sort((a, b) => a.exchange.localeCompare(b.exchange) || a.asset.localeCompare(b.asset));
}

/**
 * Why a backtest made no trade, from the books its source held for the bot: none of its pairs on its exchanges,
 * its pairs on one exchange only (a two-leg strategy needs one pair on two exchanges at the same time), or no
 * opportunity above its minimum profit.
 */
export function noTradeReason(
  bot: Pick<BacktestBotConfig, 'strategy' | 'pairs' | 'exchanges' | 'minProfitPercent'>,
  booked: (exchange: ExchangeId, pair: string) => boolean,
): string {
  const held = bot.exchanges.flatMap((ex) =>
    bot.pairs.filter((pair) => booked(ex, pair)).map((pair) => ({ ex, pair })),
  );
  if (held.length === 0)
    return `A fonte não tem nenhum dos pares do bot (${bot.pairs.join(', ')}) nas suas corretoras (${bot.exchanges.join(', ')}): não há o que negociar.`;
  const where = (pair: string) => held.filter((h) => h.pair === pair).map((h) => h.ex);
  const pairs = [...new Set(held.map((h) => h.pair))];
  if (bot.strategy !== 'triangular' && pairs.every((pair) => where(pair).length < 2)) {
    const found = pairs.map((pair) => `${pair} só na ${where(pair).join(', ')}`).join('; ');
    return `A fonte tem os pares do bot em uma corretora só (${found}): a arbitragem precisa do mesmo par em duas das corretoras do bot ao mesmo tempo.`;
  }
  return `Nenhuma oportunidade com lucro líquido de pelo menos ${String(bot.minProfitPercent).replace('.', ',')} % nos dados desta fonte.`;
}

/**
 * The fees of every leg of a trade, in USDT (in reais: at the trade's USDT/BRL; an asset the trade bought or sold,
 * like a buy's fee in the base received, at the trade's own price of it; another asset at its USDT price).
 */
export function feesUsdt(
  r: ExecutionRecord,
  price: (exchange: string, asset: string) => number | null,
): string {
  const tradePrice = (asset: string): Decimal | null => {
    const leg = r.legs.find((l) => l.symbol.startsWith(`${asset}/`) && new Decimal(l.avgPrice).gt(0));
    const quote = leg?.symbol.split('/')[1];
    if (quote === QUOTE_ASSET) return new Decimal(leg!.avgPrice);
    if (quote === 'BRL') return new Decimal(leg!.avgPrice).div(r.usdtBrl);
    return null;
  };
  let total = new Decimal(0);
  for (const leg of r.legs) {
    if (new Decimal(leg.fee).isZero()) continue;
    if (leg.feeAsset === QUOTE_ASSET) total = total.plus(leg.fee);
    else if (leg.feeAsset === 'BRL')
      total = total.plus(new Decimal(leg.fee).div(r.usdtBrl)); // a BRL pair's fee
    else {
      const p = tradePrice(leg.feeAsset) ?? new Decimal(String(price(leg.exchange, leg.feeAsset) ?? 0));
      total = total.plus(new Decimal(leg.fee).mul(p));
    }
  }
  return total.toFixed();
}
