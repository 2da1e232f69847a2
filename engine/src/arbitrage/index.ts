/**
 * Arbitrage detection: three event-driven detectors, the opportunity registry, fees, the R$ reference.
 * Plain classes, no NestJS; synchronous, no I/O on the hot path, never throws on bad market data.
 *
 * ── The pipeline (what the engine wires) ────────────────────────────────────────────────────────────────
 *   const scanner = new ArbitrageScanner({ clock: realScheduler, staleAfterMs?, staleAfterMsByExchange?,
 *                                          fees?: FeeTable | overrides, strategies?, cross?, triangular?,
 *                                          statistical?, usdtBrlFallback?, specs?, minUpdateIntervalMs?,
 *                                          buildsPerUpdate? (default 16: more new opportunities found in one
 *                                          update are built in the next ones, from the books they were found in) })
 *   scanner.attach(feed)                       // → unsubscribe; updates, states, markets, malformed messages
 *   setInterval(() => scanner.sweep(), 250)    // staleness → expiry + 'degraded' states; coalesced updates
 *   scanner.registry.on({ added(o), updated(o), removed(o, 'gone' | 'stale') })   // → publisher / bot matcher
 *   scanner.registry.top(10, { strategy?, symbol?, exchange?, minNetPct? })      // snapshot by net %
 *   scanner.registry.get(id), .all(filter), .size, .counters()
 *   scanner.feedStates.states() / .onChange(l) // per exchange: connecting | up | degraded | down + pt-BR reason
 *   scanner.metricsSnapshot()                  // plain numbers for prom-client: marketData (updates/s per
 *        exchange, updates, rejected by reason, stale books), detection (latency histograms receivedTs →
 *        opportunity added/updated per strategy, processing time per update, registry counters), feeds
 *   scanner.statistical?.onSignal(l)           // StatisticalSignal entry/exit for the bot runner
 *   scanner.fees.set(exchange, { taker, maker })   // admin edits; read on every evaluation
 *   scanner.rate.current()                     // USDT/BRL reference { rate, source }
 *   scanner.store                              // the BookStore (price grid: store.get(ex, sym).bestBid …)
 *   scanner.handleUpdate(update)               // what attach() calls for each book update
 *
 * ── Opportunity (types.ts; JSON-serialisable, money as decimal strings) ─────────────────────────────────
 *   { id (stable: strategy:symbols:exchanges/direction), strategy: 'arbitrage' | 'triangular' | 'statistical',
 *     exchanges, symbols, direction, legs: [{ exchange, symbol, side, amount, price (VWAP), limitPrice,
 *     notional, feeRate }], netPct (float, sorting), netPercent, size, sizeAsset, capitalUsdt, profitUsdt,
 *     profitBrl, usdtBrl, firstSeen, lastSeen, ageMs, statistical? { spreadBps, meanBps, stdDevBps, zScore,
 *     riskLevels, samples } }
 *
 * ── Detectors (each: addMarket(slot), evaluate(slot, now, sink)) ───────────────────────────────────────
 *   new CrossExchangeDetector(ctx, { symbols?, minNetPct? })
 *   new TriangularDetector(ctx, { exchanges?, minNetPct?, startCurrencies? })   .triangles
 *   new StatisticalDetector(ctx, { symbols?, window?, minSamples?, exitZ?, minNetPct? })  .onSignal(l)
 *   ctx: DetectorContext = { store, fees, rate, clock }
 *   Pure helpers: walkCross, walkCycle, topOfBookRate, fillValue (float, hot path); fillExact,
 *   affordableExact (exact fixed point, exact.ts) for the reported figures.
 *
 * ── Others ─────────────────────────────────────────────────────────────────────────────────────────────
 *   new FeeTable(overrides?) / DEFAULT_FEES;  new UsdtBrlRate(store, { clock, sources?, fallback? })
 *   new OpportunityRegistry(clock, { minUpdateIntervalMs? });  new LatencyRecorder();  RollingStats
 */
export type {
  Candidate,
  DetectedOpportunity,
  DetectionSink,
  Detector,
  Opportunity,
  OpportunityLeg,
  OpportunityStrategy,
  RiskLevel,
  StatisticalInfo,
  StatisticalSignal,
} from './types.js';
export { Z_THRESHOLDS } from './types.js';
export {
  ArbitrageScanner,
  type ArbitrageScannerOptions,
  type DetectionMetricsSnapshot,
  type ScannerMetricsSnapshot,
} from './scanner.js';
export {
  OpportunityRegistry,
  type OpportunityFilter,
  type RegistryCounters,
  type RegistryListener,
  type RegistryOptions,
  type RemovalReason,
} from './opportunity-registry.js';
export {
  CrossExchangeDetector,
  CrossCandidate,
  type CrossExchangeOptions,
} from './cross-exchange.detector.js';
export { TriangularDetector, TriangleCandidate, type TriangularOptions } from './triangular.detector.js';
export { StatisticalDetector, StatCandidate, type StatisticalOptions } from './statistical.detector.js';
export { DEFAULT_FEES, FeeTable, type FeeOverrides, type FeeRates } from './fees.js';
export { UsdtBrlRate, type ReferenceRate, type ReferenceRateOptions } from './reference-rate.js';
export { LatencyRecorder, LATENCY_BUCKETS_MS, type LatencySnapshot } from './latency.js';
export { RollingStats } from './rolling-stats.js';
export type { DetectorContext } from './context.js';
export {
  CrossWalk,
  CycleWalk,
  walkCross,
  walkCycle,
  topOfBookRate,
  fillValue,
  fillExact,
  affordableExact,
  type CycleLeg,
  type ExactFill,
} from './book-walk.js';
export { usdtValue } from './valuation.js';
