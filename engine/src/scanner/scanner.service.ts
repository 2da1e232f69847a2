import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MarketSource } from '@arbitra/contracts';
import { SimulatedMarketClockRepository } from '@arbitra/db';
import type { BackgroundService } from '../config/background-service.js';
import { ArbitrageScanner } from '../arbitrage/scanner.js';
import { ENGINE_CONFIG, type EngineConfig } from '../config/config.js';
import { createMarketFeed, parseReplaySpeed } from '../market-data/feed-factory.js';
import { SAME_TIME } from '../market-data/market-clock.js';
import type { MarketClock, MarketFeed } from '../market-data/types.js';
import { databaseMarketClock } from './shared-market-clock.js';

const SWEEP_EVERY_MS = 250;
/** The sweep's hold on a paced replay's market (MarketClock): while it runs at its moment. */
const SWEEP_HOLD = 'sweep';
/**
 * How far back (this process's time) a fast-forwarded market's books are kept: a paper order reaches the book of its
 * market time, up to a job's age (MAX_JOB_AGE_MS, 5 s) of work after its detection.
 */
const FAST_MARKET_HISTORY_MS = 6_000;

/**
 * The engine's market-data pipeline as a Nest service: the feed MARKET_FEED asks for, attached to
 * the scanner (book store → detectors → opportunity registry). Other services read `scanner`
 * (its registry events, its books) and never wait on it: it runs synchronously on each update.
 */
@Injectable()
export class ScannerService implements BackgroundService {
  private readonly logger = new Logger(ScannerService.name);
  readonly feed: MarketFeed;
  readonly scanner: ArbitrageScanner;
  readonly startedAt = Date.now();
  private detach?: () => void;
  private sweeper?: NodeJS.Timeout;
  private stopped = false;

  constructor(@Inject(ENGINE_CONFIG) config: EngineConfig, marketClock: SimulatedMarketClockRepository) {
    this.feed = createMarketFeed({
      kind: config.MARKET_FEED,
      seed: config.MARKET_SEED,
      volatility: config.MARKET_VOLATILITY,
      sharedClock: databaseMarketClock(marketClock, config.MARKET_SEED, this.logger),
      replayFile: config.REPLAY_FILE,
      replaySpeed: parseReplaySpeed(config.REPLAY_SPEED),
      replayLoop: config.REPLAY_LOOP,
      replayEpochMs: config.REPLAY_EPOCH_MS,
      replayJitterMs: config.REPLAY_JITTER_MS,
      staleAfterMs: config.MARKET_STALE_AFTER_MS,
      onStuck: (key) =>
        this.logger.warn(`mercado do replay parado por ${key} além do limite: segue sem esperar`),
    });
    // the scanner runs on the time the feed stamps its books with (a paced replay's: its market's)
    const market = this.marketClock;
    this.scanner = new ArbitrageScanner({
      staleAfterMs: config.MARKET_STALE_AFTER_MS,
      clock: market.books === 'market' ? market : undefined,
    });
    if (this.marketClock.speed > 1) this.scanner.store.keepHistory(FAST_MARKET_HISTORY_MS);
  }

  /**
   * The market's own time: this process's, but for a replay fast-forwarded (REPLAY_SPEED > 1), whose market runs only
   * as fast as this engine keeps up (PacedMarketClock): the runner holds it from a detection, the executor through
   * the execution's work; its paper orders wait for it.
   */
  get marketClock(): MarketClock {
    return this.feed.marketClock ?? SAME_TIME;
  }

  get source(): MarketSource {
    return { kind: this.feed.kind, simulated: this.feed.simulated };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.detach = this.scanner.attach(this.feed);
    const market = this.marketClock;
    if (market.books === 'market') void this.sweepOnMarket(market);
    else this.sweeper = setInterval(() => this.scanner.sweep(), SWEEP_EVERY_MS);
    await this.feed.start();
    this.logger.log(`market feed '${this.feed.kind}' started (${this.feed.exchanges.length} exchanges)`);
  }

  /**
   * A scanner on its market's time (a paced replay) sweeps every SWEEP_EVERY_MS of that market, at exactly that
   * moment (the market waits for it, and stands while its opportunities are enqueued), as a backtest's does.
   */
  private async sweepOnMarket(market: MarketClock): Promise<void> {
    let next = market.now() + SWEEP_EVERY_MS;
    while (!this.stopped) {
      await market.until(next, SWEEP_HOLD);
      if (!this.stopped) this.scanner.sweep(next);
      market.release(SWEEP_HOLD);
      next += SWEEP_EVERY_MS;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    this.detach?.();
    await this.feed.stop();
  }
}
