import type { BacktestVolatility, ExchangeId } from '@arbitra/contracts';
import type { Scheduler } from './clock.js';
import { CcxtFeed, type CcxtExchangeFactory } from './ccxt.feed.js';
import { ReplayFeed, type ReplaySpeed } from './replay.feed.js';
import { SimulatedFeed, SIMULATED_REGIMES, type SharedMarketClock } from './simulated.feed.js';
import type { MarketFeed, MarketFeedKind } from './types.js';

export interface MarketFeedConfig {
  /** MARKET_FEED: 'simulated' (default) | 'replay' | 'ccxt'. */
  kind?: MarketFeedKind;
  /** MARKET_SEED for the simulated feed. Default 42. */
  seed?: number;
  /** MARKET_VOLATILITY: the simulated feed's regime (SIMULATED_REGIMES). Default 'normal'. */
  volatility?: BacktestVolatility;
  /** The simulated market's epoch and checkpoints shared by every engine (SimulatedFeedOptions.sharedClock). */
  sharedClock?: SharedMarketClock;
  /** REPLAY_FILE, required for 'replay'. */
  replayFile?: string;
  /** REPLAY_SPEED: 'recorded' (default) | 'fast' | a multiplier. */
  replaySpeed?: ReplaySpeed;
  /** REPLAY_LOOP: start again at the end of the file. Default false. */
  replayLoop?: boolean;
  /** REPLAY_EPOCH_MS: a wall time shared by several engines replaying one market. */
  replayEpochMs?: number;
  /** REPLAY_JITTER_MS: random receipt delay per update (0..n ms), independent per process. */
  replayJitterMs?: number;
  /** MARKET_STALE_AFTER_MS: a ccxt market without a book for this long degrades its exchange. Default 5000. */
  staleAfterMs?: number;
  /** A hold on a fast-forwarded replay's market never released (PacedMarketClock): told, then let go. */
  onStuck?: (key: string) => void;
  exchanges?: readonly ExchangeId[];
  symbols?: readonly string[];
  scheduler?: Scheduler;
  /** Tests only: replace the ccxt exchange factory. */
  createExchange?: CcxtExchangeFactory;
}

/** Builds the feed MARKET_FEED asks for. Nothing starts until feed.start(). */
export function createMarketFeed(config: MarketFeedConfig = {}): MarketFeed {
  const kind = config.kind ?? 'simulated';
  switch (kind) {
    case 'simulated':
      return new SimulatedFeed({
        seed: config.seed ?? 42,
        ...SIMULATED_REGIMES[config.volatility ?? 'normal'],
        scheduler: config.scheduler,
        sharedClock: config.sharedClock,
        exchanges: config.exchanges,
      });
    case 'replay':
      if (!config.replayFile) throw new Error('MARKET_FEED=replay precisa de REPLAY_FILE');
      return new ReplayFeed({
        file: config.replayFile,
        speed: config.replaySpeed ?? 'recorded',
        loop: config.replayLoop ?? false,
        epochMs: config.replayEpochMs,
        jitterMs: config.replayJitterMs,
        // the engine's own market: fast-forwarded, never ahead of the engine (alone on it: no epoch, no jitter)
        paced: true,
        onStuck: config.onStuck,
        scheduler: config.scheduler,
        exchanges: config.exchanges,
      });
    case 'ccxt':
      return new CcxtFeed({
        exchanges: config.exchanges,
        symbols: config.symbols,
        scheduler: config.scheduler,
        staleAfterMs: config.staleAfterMs,
        createExchange: config.createExchange,
      });
  }
}

/** Parses a REPLAY_SPEED value: 'recorded', 'fast' or a positive number. */
export function parseReplaySpeed(value: string | undefined): ReplaySpeed {
  if (value === undefined || value === '' || value === 'recorded') return 'recorded';
  if (value === 'fast') return 'fast';
  const n = Number(value);
  if (!(n > 0) || !Number.isFinite(n))
    throw new Error(`REPLAY_SPEED inválida: ${value} (use recorded, fast ou um número > 0)`);
  return n;
}
