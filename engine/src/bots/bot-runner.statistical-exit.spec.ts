import { describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import type { BotCommandJob, ExecutionJob, Opportunity } from '@arbitra/contracts';
import type { BrowserEvents, QueueFactory } from '@arbitra/transport';
import type { ExecutionRecord } from '../execution/trade-ledger.js';
import type { BotsRepository, OwnerId, RunnerBotRow } from '@arbitra/db';
import type { BookView } from '../execution/paper-gateway.js';
import { SAME_TIME } from '../market-data/market-clock.js';
import type { ScannerService } from '../scanner/scanner.service.js';
import type { BotEvents } from '../execution/bot-events.js';
import type { Notifier } from '../execution/notifier.js';
import { ExecutionObservers } from '../execution/execution-observers.js';
import type { OwnershipService } from '../ownership/ownership.service.js';
import { BotRunner } from './bot-runner.service.js';

// Scenario: a running statistical bot (medium risk) holds a position opened at −50 bps against a mean of 0 bps on
// 'statistical:ETH/USDT:binance>gateio'. The detector's exit signal queues one exit job (reverse legs, exitOf set);
// a second signal queues nothing. Reopened, an update of the same opportunity at −100 bps (2 × 50) is the stop.
// While the position is open, the bot does not enter that opportunity again.
const ID = 'statistical:ETH/USDT:binance>gateio';
const spec = { amountStep: 0.001, minAmount: 0.001, minNotional: 0 };
const books: Record<string, BookView> = {
  gateio: { asks: [[2001, 5]], bids: [[1999, 5]], spec },
  binance: { asks: [[2004, 5]], bids: [[2003, 5]], spec },
  mexc: { asks: [[2002, 5]], bids: [[2000, 5]], spec },
};

/** The queue's adds, each a list of jobs (add: one, addBulk: several) answered by `answer` (default: at once). */
function recordingQueue(answer: () => Promise<unknown> = () => Promise.resolve({})) {
  const calls: ExecutionJob[][] = [];
  return {
    calls,
    added: () => calls.flat(),
    add: (_n: string, job: ExecutionJob) => (calls.push([job]), answer()),
    addBulk: (entries: { data: ExecutionJob }[]) => (calls.push(entries.map((e) => e.data)), answer()),
  };
}

/** Lets the runner's queued sends go (they leave at the end of the turn that found them). */
const sent = () => new Promise<void>((r) => setImmediate(r));

async function setup(queue = recordingQueue()) {
  const factory = {
    queue: () => queue,
    worker: () => ({ on: () => undefined, close: () => Promise.resolve() }),
  };
  let signal: ((s: unknown) => void) | undefined;
  const scanner = {
    marketClock: SAME_TIME,
    scanner: {
      registry: { on: () => () => undefined },
      statistical: { onSignal: (l: (s: unknown) => void) => ((signal = l), () => undefined) },
      store: { get: (ex: string) => books[ex] },
      fees: { taker: () => 0.001 },
      rate: { current: () => ({ rate: 5.45 }) },
    },
  };
  const row: RunnerBotRow = {
    id: 'b',
    user_id: 'u' as OwnerId,
    name: 'Stat',
    strategy: 'statistical',
    pairs: ['ETH/USDT'],
    exchanges: ['binance', 'gateio'],
    risk_level: 'medium',
    max_investment: '5450',
    min_profit_percent: '0.1',
    min_profit_after_rebalance: false,
    mode: 'paper',
    active: true,
    status: 'running',
  };
  // The bot's rows in memory: it exists and runs, its paper balances are seeded, no position is stored yet.
  const bots: Partial<BotsRepository> = {
    running: () => Promise.resolve([]),
    forRunner: () => Promise.resolve(row),
    hasBalances: () => Promise.resolve(true),
    balanceRows: () => Promise.resolve([]),
    setInventoryPauses: () => Promise.resolve(),
    positions: () => Promise.resolve([]),
  };
  const events = { statusFromDb: () => Promise.resolve() };
  const runner = new BotRunner(
    scanner as unknown as ScannerService,
    factory as unknown as QueueFactory,
    bots as BotsRepository,
    events as unknown as BotEvents,
    { onFabricEvent: () => undefined, toEngines: () => undefined } as unknown as BrowserEvents,
    // The only engine: it owns the bot.
    {
      track: () => undefined,
      tick: () => Promise.resolve(),
      owns: () => true,
      token: () => 1,
    } as unknown as OwnershipService,
    new ExecutionObservers(),
    { inventoryPaused: () => undefined } as unknown as Notifier,
  );
  await runner.onApplicationBootstrap();
  await runner.apply({
    data: { action: 'start', botId: 'b', userId: 'u', requestedAt: '' },
  } as Job<BotCommandJob>);
  const open = (id = ID) =>
    runner.positionsChanged({
      botId: 'b',
      userId: 'u',
      openPosition: {
        opportunityId: id,
        symbol: 'ETH/USDT',
        buyExchange: id.split(':')[2]!.split('>')[0]!,
        sellExchange: id.split('>')[1]!,
        amount: '1',
        entrySpreadBps: -50,
        meanBps: 0,
        firstSeen: 1000,
      },
    } as ExecutionRecord);
  return { runner, added: queue.added, open, signal: (s: unknown) => signal!(s) };
}

function update(spreadBps: number): Opportunity {
  return {
    id: ID,
    strategy: 'statistical',
    exchanges: ['binance', 'gateio'],
    symbols: ['ETH/USDT'],
    direction: 'binance>gateio',
    legs: [
      {
        exchange: 'binance',
        symbol: 'ETH/USDT',
        side: 'buy',
        amount: '1',
        price: '2004',
        limitPrice: '2004',
        notional: '2004',
        feeRate: '0.001',
      },
      {
        exchange: 'gateio',
        symbol: 'ETH/USDT',
        side: 'sell',
        amount: '1',
        price: '1999',
        limitPrice: '1999',
        notional: '1999',
        feeRate: '0.001',
      },
    ],
    netPct: 1,
    netPercent: '1.0000',
    size: '1',
    sizeAsset: 'ETH',
    capitalUsdt: '2004',
    profitUsdt: '20',
    profitBrl: '109',
    usdtBrl: '5.45',
    openedAt: 2000,
    firstSeen: 2000,
    lastSeen: 2000,
    ageMs: 0,
    statistical: {
      spreadBps,
      meanBps: 0,
      stdDevBps: 20,
      zScore: spreadBps / 20,
      riskLevels: ['high', 'medium', 'low'],
      samples: 100,
    },
  };
}

describe('bot runner: statistical exit near the mean, stop at 2× the entry distance', () => {
  it('queues one exit on the exit signal, with reverse legs and the position id', async () => {
    const { runner, added, open, signal } = await setup();
    open();
    signal({ kind: 'exit', id: ID, riskLevels: [] });
    signal({ kind: 'exit', id: ID, riskLevels: [] });
    await sent();
    expect(added()).toHaveLength(1);
    expect(added()[0]).toMatchObject({
      botId: 'b',
      userId: 'u',
      exitOf: ID,
    });
    expect(added()[0]!.executionKey).toMatch(/^b:statistical:ETH\/USDT:binance>gateio:exit:1000@\d+$/);
    expect(added()[0]!.opportunity.legs.map((l) => [l.exchange, l.side, l.amount, l.limitPrice])).toEqual([
      ['gateio', 'buy', '1', '2001'],
      ['binance', 'sell', '1', '2003'],
    ]);
    runner.positionsChanged({ botId: 'b', userId: 'u', closesPosition: ID } as ExecutionRecord);
    expect(runner.positions.all()).toEqual([]);
  });

  it('does not enter again while open; the stop closes it; after that it enters again', async () => {
    const { runner, added, open } = await setup();
    open();
    runner.onOpportunity(update(-80)); // |−80| < 100: no stop, and no second entry on the same opportunity
    await sent();
    expect(added()).toHaveLength(0);
    runner.onOpportunity(update(-100)); // the stop: one exit, still no entry
    await sent();
    expect(added().map((j) => j.exitOf)).toEqual([ID]);
    runner.positionsChanged({ botId: 'b', userId: 'u', closesPosition: ID } as ExecutionRecord);
    runner.onOpportunity(update(-100));
    await sent();
    expect(added()).toHaveLength(2);
    expect(added()[1]).toMatchObject({ executionKey: `b:${ID}:2000` });
    expect(added()[1]!.exitOf).toBeUndefined();
  });
});

describe('bot runner: jobs reach the queue in the order found', () => {
  // Three open positions; their exits are found one after another. The first leaves alone; the two found while its
  // add is out leave together once it is back, in the order found (adds sent side by side came back in any order,
  // and the executor took a bot's jobs in that order).
  it('one round trip per turn, the next one after the previous is back, in order', async () => {
    let answer!: () => void;
    const queue = recordingQueue(() => new Promise((r) => (answer = () => r({}))));
    const { open, signal } = await setup(queue);
    const ids = [ID, 'statistical:ETH/USDT:gateio>binance', 'statistical:ETH/USDT:binance>mexc'];
    for (const id of ids) open(id);
    signal({ kind: 'exit', id: ids[0], riskLevels: [] });
    await sent();
    signal({ kind: 'exit', id: ids[1], riskLevels: [] });
    signal({ kind: 'exit', id: ids[2], riskLevels: [] });
    await sent();
    expect(queue.calls.map((c) => c.map((j) => j.exitOf))).toEqual([[ids[0]]]);
    answer();
    await sent();
    expect(queue.calls.map((c) => c.map((j) => j.exitOf))).toEqual([[ids[0]], [ids[1], ids[2]]]);
  });
});
