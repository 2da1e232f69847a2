import { EXCHANGE_IDS, type ExchangeId } from '@arbitra/contracts';
import { BookStore, type BookSlot } from '../market-data/book-store.js';
import { realScheduler, type Clock } from '../market-data/clock.js';
import { FeedStateTracker } from '../market-data/feed-state.js';
import { MarketDataMetrics, type MarketDataMetricsSnapshot } from '../market-data/metrics.js';
import type { BookUpdate, FeedState, MarketFeed, MarketSpec } from '../market-data/types.js';
import type { DetectorContext } from './context.js';
import { CrossExchangeDetector, type CrossExchangeOptions } from './cross-exchange.detector.js';
import { FeeTable, type FeeOverrides } from './fees.js';
import { LatencyRecorder, type LatencySnapshot } from './latency.js';
import { OpportunityRegistry, type RegistryCounters } from './opportunity-registry.js';
import { UsdtBrlRate } from './reference-rate.js';
import { StatisticalDetector, type StatisticalOptions } from './statistical.detector.js';
import { TriangularDetector, type TriangularOptions } from './triangular.detector.js';
import type { Detector, OpportunityStrategy } from './types.js';

const DEFAULT_BUILDS_PER_UPDATE = 16;

export interface ArbitrageScannerOptions {
  /** Must be the same time source as the feed's (the real clock in production, a VirtualScheduler in tests). */
  clock?: Clock;
  /** Book staleness (ms): a stale book is left out of detection and its opportunities expire. Default 5000. */
  staleAfterMs?: number;
  staleAfterMsByExchange?: Partial<Record<ExchangeId, number>>;
  /** Fee table, or overrides of the defaults. */
  fees?: FeeTable | FeeOverrides;
  /** Detectors to run. Default all three. */
  strategies?: readonly OpportunityStrategy[];
  cross?: CrossExchangeOptions;
  triangular?: TriangularOptions;
  statistical?: StatisticalOptions;
  /** USDT/BRL used while no fresh USDT/BRL book exists. Default 5.45. */
  usdtBrlFallback?: number;
  /** Market precisions known up front (feeds also report theirs through attach()). */
  specs?: readonly MarketSpec[];
  /** See OpportunityRegistry: figures of a live opportunity are rebuilt at most this often. Default 100 ms. */
  minUpdateIntervalMs?: number;
  /**
   * See OpportunityRegistry (buildsPerRound): at most this many new opportunities are built while one book
   * update is processed; the others are built from the books they were found in during the next updates (or the
   * next sweep). Default 16 (~0.5–1 ms of decimal arithmetic); Infinity builds all of them at once.
   */
  buildsPerUpdate?: number;
}

export interface DetectionMetricsSnapshot {
  /** receivedTs of the triggering update → opportunity added/updated, per strategy and all together. */
  latency: Record<OpportunityStrategy | 'all', LatencySnapshot>;
  registry: RegistryCounters;
  /** Time spent in store + detectors per update (ms), over all updates. */
  processing: LatencySnapshot;
  /** Exceptions thrown by a detector (a bug: caught so the market-data path goes on). */
  detectorErrorsTotal: number;
}

export interface ScannerMetricsSnapshot {
  marketData: MarketDataMetricsSnapshot;
  detection: DetectionMetricsSnapshot;
  feeds: FeedState[];
}

/**
 * The engine's detection pipeline: feed → BookStore → detectors → OpportunityRegistry.
 * Synchronous and allocation-light on the hot path; never waits on I/O; never throws on bad data.
 *
 *   const scanner = new ArbitrageScanner({ clock });
 *   scanner.attach(feed);            // feed updates, states, markets and malformed messages
 *   scanner.registry.on({ added, updated, removed });
 *   setInterval(() => scanner.sweep(), 500);   // staleness: expiry and 'degraded' feed states
 *   scanner.registry.top(10);
 */
export class ArbitrageScanner {
  readonly clock: Clock;
  readonly metrics = new MarketDataMetrics();
  readonly store: BookStore;
  readonly fees: FeeTable;
  readonly rate: UsdtBrlRate;
  readonly registry: OpportunityRegistry;
  readonly feedStates: FeedStateTracker;
  readonly detectors: readonly Detector[];
  readonly cross: CrossExchangeDetector | null = null;
  readonly triangular: TriangularDetector | null = null;
  readonly statistical: StatisticalDetector | null = null;
  private readonly latency = {
    arbitrage: new LatencyRecorder(),
    triangular: new LatencyRecorder(),
    statistical: new LatencyRecorder(),
    all: new LatencyRecorder(),
  };
  private readonly processing = new LatencyRecorder();
  /** receivedTs of the update being processed (NaN outside handleUpdate). */
  private currentReceivedTs = NaN;
  private detectorErrors = 0;

  constructor(options: ArbitrageScannerOptions = {}) {
    this.clock = options.clock ?? realScheduler;
    this.store = new BookStore({
      staleAfterMs: options.staleAfterMs,
      staleAfterMsByExchange: options.staleAfterMsByExchange,
      metrics: this.metrics,
      specs: options.specs,
    });
    this.fees = options.fees instanceof FeeTable ? options.fees : new FeeTable(options.fees);
    this.rate = new UsdtBrlRate(this.store, { clock: this.clock, fallback: options.usdtBrlFallback });
    this.registry = new OpportunityRegistry(this.clock, {
      minUpdateIntervalMs: options.minUpdateIntervalMs,
      buildsPerRound: options.buildsPerUpdate ?? DEFAULT_BUILDS_PER_UPDATE,
    });
    this.feedStates = new FeedStateTracker(EXCHANGE_IDS, this.clock);
    const ctx: DetectorContext = { store: this.store, fees: this.fees, rate: this.rate, clock: this.clock };
    const strategies = new Set(options.strategies ?? ['arbitrage', 'triangular', 'statistical']);
    const detectors: Detector[] = [];
    if (strategies.has('arbitrage'))
      detectors.push((this.cross = new CrossExchangeDetector(ctx, options.cross)));
    if (strategies.has('triangular'))
      detectors.push((this.triangular = new TriangularDetector(ctx, options.triangular)));
    if (strategies.has('statistical'))
      detectors.push((this.statistical = new StatisticalDetector(ctx, options.statistical)));
    this.detectors = detectors;
    this.store.onNewSlot((slot) => {
      for (const d of detectors) d.addMarket(slot);
    });
    this.registry.on({
      added: (o, deferredFrom) => this.recordLatency(o.strategy, deferredFrom),
      updated: (o) => this.recordLatency(o.strategy),
    });
  }

  /** Feeds one update through the store and the detectors that depend on it. Never throws. */
  handleUpdate(update: BookUpdate): void {
    const t0 = this.clock.now();
    const result = this.store.apply(update);
    if (typeof result === 'string') return;
    this.evaluate(result, update.receivedTs);
    this.processing.record(this.clock.now() - t0);
  }

  /** Runs the detectors for a slot (after store.apply). Exposed for benchmarks. */
  evaluate(slot: BookSlot, receivedTs: number): void {
    this.registry.beginRound(); // builds deferred opportunities first (within this update's budget)
    this.currentReceivedTs = receivedTs;
    const now = this.clock.now();
    const detectors = this.detectors;
    for (let i = 0; i < detectors.length; i++) {
      try {
        detectors[i]!.evaluate(slot, now, this.registry);
      } catch {
        // a detector bug must not stop the market-data path; the books stay consistent. Counted.
        this.detectorErrors++;
      }
    }
    this.currentReceivedTs = NaN;
  }

  /** Subscribes to a feed (updates, states, markets, malformed messages). Returns the unsubscribe function. */
  attach(feed: MarketFeed): () => void {
    this.store.setSpecs(feed.markets());
    for (const s of feed.states()) this.feedStates.reportFeed(s);
    const now = this.clock.now();
    for (const exchange of EXCHANGE_IDS) {
      if (!feed.exchanges.includes(exchange)) {
        this.feedStates.reportFeed({
          exchange,
          status: 'down',
          reason: 'Exchange não incluída no feed',
          since: now,
        });
      }
    }
    return feed.subscribe({
      update: (u) => this.handleUpdate(u),
      state: (s) => {
        this.feedStates.reportFeed(s);
        const perExchange = (feed as { staleAfterMsFor?: (e: ExchangeId) => number }).staleAfterMsFor;
        if (typeof perExchange === 'function')
          this.store.setStaleAfter(s.exchange, perExchange.call(feed, s.exchange));
      },
      markets: (specs) => this.store.setSpecs(specs),
      malformed: (exchange) => this.store.rejectMalformed(exchange),
    });
  }

  /**
   * Periodic pass (call every ~250–500 ms): marks stale books, reports them in the feed states
   * ('degraded'), expires the opportunities that read a stale book, and publishes coalesced changes.
   */
  sweep(nowMs = this.clock.now()): void {
    const counts = this.store.sweep(nowMs);
    for (const [ex, n] of counts) this.feedStates.reportStale(ex, n);
    this.registry.expireStale((slot, now) => this.store.isFresh(slot, now), nowMs);
    this.registry.flush(nowMs);
  }

  metricsSnapshot(): ScannerMetricsSnapshot {
    return {
      marketData: this.metrics.snapshot(this.clock.now()),
      detection: {
        latency: {
          arbitrage: this.latency.arbitrage.snapshot(),
          triangular: this.latency.triangular.snapshot(),
          statistical: this.latency.statistical.snapshot(),
          all: this.latency.all.snapshot(),
        },
        registry: this.registry.counters(),
        processing: this.processing.snapshot(),
        detectorErrorsTotal: this.detectorErrors,
      },
      feeds: this.feedStates.states(),
    };
  }

  /** `from`: receive time of the update that found it, when not the one being processed (a deferred build). */
  private recordLatency(strategy: OpportunityStrategy, from = this.currentReceivedTs): void {
    if (Number.isNaN(from)) return;
    const ms = this.clock.now() - from;
    this.latency[strategy].record(ms);
    this.latency.all.record(ms);
  }
}
