import type { ExchangeId, Opportunity, OpportunityStrategy, RiskLevel } from '@arbitra/contracts';
import type { BookSlot } from '../market-data/book-store.js';

/**
 * The shared shapes (Opportunity, OpportunityLeg, OpportunityStrategy, RiskLevel, StatisticalInfo,
 * Z_THRESHOLDS) live in packages/contracts (domain/market.ts); re-exported here for the engine.
 */
export type {
  Opportunity,
  OpportunityLeg,
  OpportunityStrategy,
  RiskLevel,
  StatisticalInfo,
} from '@arbitra/contracts';
export { Z_THRESHOLDS } from '@arbitra/contracts';

/** What a detector produces; the registry adds the timing fields. */
export type DetectedOpportunity = Omit<Opportunity, 'openedAt' | 'firstSeen' | 'lastSeen' | 'ageMs'>;

/** Statistical-arbitrage signal, for the bot runner (entry when |z| crosses a threshold, exit near the mean). */
export interface StatisticalSignal {
  kind: 'entry' | 'exit';
  /** Same id as the statistical opportunity. */
  id: string;
  symbol: string;
  /** Where to buy and where to sell on entry (the cheap and the rich exchange). */
  buyExchange: ExchangeId;
  sellExchange: ExchangeId;
  zScore: number;
  spreadBps: number;
  meanBps: number;
  stdDevBps: number;
  /** For entries: risk levels this |z| satisfies; for exits: []. */
  riskLevels: RiskLevel[];
  at: number;
}

/**
 * One thing a detector evaluates (a directed exchange pair for a symbol, a triangle direction...).
 * Persistent objects created once per market set; evaluation writes only their scratch fields.
 */
export interface Candidate {
  readonly id: string;
  readonly strategy: OpportunityStrategy;
  /** Books this candidate reads (for staleness expiry). */
  readonly inputs: readonly BookSlot[];
  /** Fingerprint of the latest positive float evaluation: unchanged ⇒ the reported figures are unchanged. */
  fpA: number;
  fpB: number;
  /**
   * Set by the registry while it holds an opportunity for this candidate (or one waiting for its build): a
   * detector may skip reporting an inactive candidate absent (that is a no-op).
   */
  active: boolean;
  /**
   * Lazy candidates (the triangular ones): true when found() was reported from a bound (top of book) and the
   * fingerprint (and what build() reads) is not computed yet; measure() computes them. The registry calls it
   * only when the figures may be published, not for a re-sighting coalesced by its update interval.
   */
  unmeasured?: boolean;
  measure?(): void;
  /**
   * Optional: freezes what build() reads (books, rates, the time), so that a build deferred by the registry's
   * build budget gives the figures of the moment it was found. build(snapshot) builds from it.
   */
  snapshot?(): unknown;
  /** Materialises the decimal figures from the current books (or a snapshot); null when rounding leaves no profit. */
  build(snapshot?: unknown): DetectedOpportunity | null;
}

/** Where detectors report; the opportunity registry implements it. */
export interface DetectionSink {
  found(candidate: Candidate): void;
  absent(candidate: Candidate): void;
}

/** A detector: event-driven, reads the book store, evaluates only what depends on the updated book. */
export interface Detector {
  readonly strategy: OpportunityStrategy;
  /** A market appeared (first time its slot exists). */
  addMarket(slot: BookSlot): void;
  /** The book of `slot` changed: evaluate every candidate that reads it. */
  evaluate(slot: BookSlot, nowMs: number, sink: DetectionSink): void;
}
