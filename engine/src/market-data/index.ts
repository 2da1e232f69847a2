/**
 * Market data: feeds, the book store, staleness, counters. Plain classes, no NestJS: the engine wires them.
 *
 * ── Feeds (one interface: MarketFeed, see types.ts) ──────────────────────────────────────────────────────
 *   createMarketFeed({ kind: MARKET_FEED, seed: MARKET_SEED, volatility: MARKET_VOLATILITY, replayFile: REPLAY_FILE,
 *                      replaySpeed?, replayLoop?, staleAfterMs?, scheduler? }): MarketFeed
 *     kind 'simulated' (default) → new SimulatedFeed({ seed, scheduler, exchanges?, tickMs?, dislocationsPerMinute?,
 *                                   triangleDislocationsPerMinute?, dislocationSize?, dislocationDecayMs?, profiles? })
 *     kind 'replay'              → new ReplayFeed({ file, speed: 'recorded' | 'fast' | n, loop?, rebase?, scheduler? })
 *                                   .finished: Promise<{ updates, malformed, passes }>
 *     kind 'ccxt'                → new CcxtFeed({ exchanges?, symbols?, depth?, bookLimit?, staleAfterMs?, backoff?,
 *                                   minPollIntervalMs?, forceRest?, createExchange?, scheduler? })
 *                                   .staleAfterMsFor(exchange) (REST-polled exchanges age more between updates)
 *   MarketFeed:
 *     kind, simulated (true ⇒ every screen shows 'Dados simulados'), exchanges
 *     subscribe({ update(BookUpdate), state?(FeedState), markets?(MarketSpec[]), malformed?(exchange, detail) }) → unsubscribe
 *     start(): Promise<void>   stop(): Promise<void>   states(): FeedState[]   markets(): MarketSpec[]
 *   BookUpdate = { exchange, symbol, bids: [price, amount][], asks, exchangeTs, receivedTs }  (best first, ms epoch)
 *   FeedState  = { exchange, status: 'connecting' | 'up' | 'degraded' | 'down', reason (pt-BR) | null, since }
 *
 * ── Recording (npm run record) ──────────────────────────────────────────────────────────────────────────
 *   record.ts: `node engine/dist/market-data/record.js --feed ccxt|simulated|replay --out FILE
 *               [--duration S] [--updates N] [--seed N] [--exchanges a,b] [--symbols X/Y,...]`
 *   recordFeed(feed, { file, durationMs?, maxUpdates?, signal?, scheduler? }) → { updates }
 *   new FeedRecorder(feed, { file, maxUpdates? }).start() / .stop()   (file format: replay-format.ts)
 *
 * ── Book store ──────────────────────────────────────────────────────────────────────────────────────────
 *   new BookStore({ staleAfterMs = 5000, staleAfterMsByExchange?, metrics?, specs? })
 *     apply(update) → BookSlot | RejectReason   (never throws; rejects: malformed, unknown_exchange,
 *                    invalid_price, invalid_amount, unsorted, crossed, out_of_order — each counted)
 *     get(exchange, symbol), slots(), isFresh(slot, now), sweep(now) → stale count per exchange,
 *     setSpecs(specs), setStaleAfter(exchange, ms), onNewSlot(listener), rejectMalformed(exchange)
 *   BookSlot: the live book of one market (bids, asks, exchangeTs, receivedTs, spec, bestBid, bestAsk, mid…)
 *
 * ── State and counters (plain numbers for Prometheus) ──────────────────────────────────────────────────
 *   new FeedStateTracker(exchanges, clock): reportFeed(state), reportStale(exchange, n), states(), onChange(l)
 *   new MarketDataMetrics(): snapshot(now) → { updatesTotal, updatesPerSecond, rejectedTotal,
 *                             rejectedByExchange, staleBooks, staleTransitionsTotal }
 *
 * ── Time ───────────────────────────────────────────────────────────────────────────────────────────────
 *   realScheduler (production) | new VirtualScheduler(startMs) (tests: advance(ms), advanceAsync(ms))
 *
 * Most consumers only need ArbitrageScanner (engine/src/arbitrage), which owns a BookStore, the metrics
 * and the feed-state tracker, and attaches to a feed.
 */
export type * from './types.js';
export { BookSlot, BookStore, FALLBACK_STEP, type BookStoreOptions } from './book-store.js';
export { REJECT_REASONS, validateBookUpdate, toBookUpdate, type RejectReason } from './validation.js';
export { MarketDataMetrics, type MarketDataMetricsSnapshot } from './metrics.js';
export { FeedStateTracker } from './feed-state.js';
export {
  realScheduler,
  VirtualScheduler,
  flushMicrotasks,
  type Clock,
  type Scheduler,
  type TimerHandle,
} from './clock.js';
export { SimulatedFeed, type SimulatedFeedOptions } from './simulated.feed.js';
export { EXCHANGE_PROFILES, type ExchangeProfile } from './simulated-market.js';
export { ReplayFeed, type ReplayFeedOptions, type ReplayResult, type ReplaySpeed } from './replay.feed.js';
export {
  REPLAY_FORMAT_VERSION,
  type ReplayMeta,
  type ReplayMarkets,
  type ReplayState,
} from './replay-format.js';
export { FeedRecorder, recordFeed, type RecorderOptions, type RecordFeedOptions } from './recorder.js';
export {
  CcxtFeed,
  CCXT_FEED_OPTIONS,
  createCcxtExchange,
  type CcxtExchangeFactory,
  type CcxtExchangeLike,
  type CcxtFeedOptions,
} from './ccxt.feed.js';
export { createMarketFeed, parseReplaySpeed, type MarketFeedConfig } from './feed-factory.js';
export { CROSS_PAIRS, REFERENCE_SYMBOL, WATCHED_SYMBOLS, splitSymbol } from './symbols.js';
export { Rng } from './prng.js';
