import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  isExchangeId,
  simulatedSourceLabel,
  type BacktestBotConfig,
  type BacktestSource,
  type ExchangeId,
} from '@arbitra/contracts';
import type { VirtualScheduler } from '../market-data/clock.js';
import { parseReplayLine, type ReplayMeta } from '../market-data/replay-format.js';
import {
  marketKey,
  SimulatedFeed,
  SIMULATED_REGIMES,
  type SimulatedFeedOptions,
} from '../market-data/simulated.feed.js';
import { REFERENCE_SYMBOL } from '../market-data/symbols.js';
import type { BookUpdate, MarketSpec } from '../market-data/types.js';

/** Where the simulated market of a backtest starts (fixed: same seed → same market, dates included). */
export const SIMULATED_START_MS = Date.UTC(2025, 0, 6, 3, 0, 0); // a Monday, 00:00 in São Paulo

/**
 * A backtest's market: books in time order on the virtual clock. run() feeds every update to `update` (the
 * scanner), moving the clock to each update's time, and awaits `between(next)` before each step, `next` being the
 * step's time (the backtest executes there what arrives before it); `between()` answering false stops the market.
 */
export interface BacktestMarket {
  readonly simulated: boolean;
  readonly exchanges: ExchangeId[];
  readonly start: number;
  readonly end: number;
  readonly label: string;
  specs(): MarketSpec[];
  run(
    clock: VirtualScheduler,
    update: (u: BookUpdate) => void,
    between: (next: number) => boolean | Promise<boolean>,
  ): Promise<void>;
}

export class RecordingError extends Error {}

/** Opens the market of a source. A replay file is read from `recordingsDir` by its bare name. */
export async function openMarket(
  source: BacktestSource,
  bot: Pick<BacktestBotConfig, 'exchanges' | 'pairs' | 'strategy'>,
  recordingsDir: string,
): Promise<BacktestMarket> {
  if (source.kind === 'simulated') return simulatedMarket(source, bot.exchanges, botMarkets(bot));
  return replayMarket(join(recordingsDir, basename(source.file)));
}

/**
 * The simulated markets a bot reads: its pairs on its exchanges and the R$ reference (USDT/BRL); a triangular
 * bot reads every market of its exchanges (its triangles go through the BTC-quoted pairs). undefined: all.
 */
export function botMarkets(
  bot: Pick<BacktestBotConfig, 'exchanges' | 'pairs' | 'strategy'>,
): ReadonlySet<string> | undefined {
  if (bot.strategy === 'triangular') return undefined;
  return new Set(
    bot.exchanges.flatMap((ex) => [...bot.pairs, REFERENCE_SYMBOL].map((symbol) => marketKey(ex, symbol))),
  );
}

export function simulatedMarket(
  source: Extract<BacktestSource, { kind: 'simulated' }>,
  exchanges: readonly ExchangeId[],
  markets: ReadonlySet<string> | undefined,
): BacktestMarket {
  let feed: SimulatedFeed | null = null;
  const options = (clock?: VirtualScheduler): SimulatedFeedOptions => ({
    seed: source.seed,
    exchanges,
    markets,
    scheduler: clock,
    ...SIMULATED_REGIMES[source.volatility],
  });
  return {
    simulated: true,
    exchanges: [...exchanges],
    start: SIMULATED_START_MS,
    end: SIMULATED_START_MS + source.durationMs,
    label: simulatedSourceLabel(source.seed),
    specs: () => (feed ?? new SimulatedFeed(options())).markets(),
    async run(clock, update, between) {
      feed = new SimulatedFeed(options(clock));
      const tick = 50; // the feed's model step: every market due in a step is published in it
      feed.subscribe({ update });
      await feed.start();
      const end = this.end;
      try {
        while (clock.now() < end) {
          const next = Math.min(end, clock.now() + tick);
          if (!(await between(next))) break;
          clock.advanceTo(next);
        }
      } finally {
        await feed.stop();
      }
    },
  };
}

interface ReplayScan {
  meta: ReplayMeta | null;
  specs: MarketSpec[];
  exchanges: ExchangeId[];
  first: number;
  last: number;
  books: number;
}

/** One pass over a replay file: its meta, markets, exchanges and time span (for progress and the label). */
async function scanReplay(file: string): Promise<ReplayScan> {
  const scan: ReplayScan = {
    meta: null,
    specs: [],
    exchanges: [],
    first: Infinity,
    last: -Infinity,
    books: 0,
  };
  const seen = new Set<ExchangeId>();
  for await (const line of lines(file)) {
    const parsed = parseReplayLine(line);
    if (parsed.kind === 'meta') scan.meta = parsed.meta;
    else if (parsed.kind === 'markets') scan.specs.push(...parsed.markets);
    else if (parsed.kind === 'book') {
      const r = parsed.record;
      if (typeof r.receivedTs !== 'number' || !Number.isFinite(r.receivedTs)) continue;
      scan.books++;
      scan.first = Math.min(scan.first, r.receivedTs);
      scan.last = Math.max(scan.last, r.receivedTs);
      if (typeof r.exchange === 'string' && isExchangeId(r.exchange)) seen.add(r.exchange);
    }
  }
  scan.exchanges = [...seen];
  return scan;
}

function lines(file: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'Gravação binance, gateio — 12/10/2021 19:28 a 12/10/2021 19:38' */
export function recordingLabel(exchanges: readonly string[], first: number, last: number): string {
  return `Gravação ${exchanges.join(', ')} — ${dateFormat.format(first)} a ${dateFormat.format(last)}`;
}

async function replayMarket(file: string): Promise<BacktestMarket> {
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
  } catch {
    throw new RecordingError(file);
  }
  const scan = await scanReplay(file);
  if (scan.books === 0) throw new RecordingError(file);
  return {
    simulated: scan.meta?.simulated !== false,
    exchanges: scan.exchanges,
    start: scan.first,
    end: scan.last,
    label: recordingLabel(scan.exchanges, scan.first, scan.last),
    specs: () => scan.specs,
    async run(clock, update, between) {
      // Recorded time is market time: each book arrives when it was received (exchangeTs kept as recorded).
      for await (const line of lines(file)) {
        const parsed = parseReplayLine(line);
        if (parsed.kind !== 'book') continue;
        const u = parsed.record as unknown as BookUpdate & { type?: string };
        if (typeof u.receivedTs !== 'number' || !Number.isFinite(u.receivedTs)) continue;
        delete u.type;
        if (!(await between(u.receivedTs))) break;
        clock.advanceTo(u.receivedTs);
        update(u);
      }
    },
  };
}
