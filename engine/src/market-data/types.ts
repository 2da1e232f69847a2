import type { ExchangeId, FeedState, MarketFeedKind } from '@arbitra/contracts';

/** One level of a book: [price, amount], both plain finite numbers (amount in base units). */
export type PriceLevel = [price: number, amount: number];

/**
 * A normalised order-book update: the full visible book (top N levels) of one market on one exchange.
 * Feeds yield these; the detectors never know which feed runs.
 *
 * - `bids` best first (descending price), `asks` best first (ascending price).
 * - `exchangeTs`: the exchange's own timestamp in ms since the epoch; monotonic per (exchange, symbol).
 *   A feed whose exchange gives none uses its receive time (see each feed).
 * - `receivedTs`: when this process received it, ms since the epoch (may be fractional: sub-ms resolution).
 */
export interface BookUpdate {
  exchange: ExchangeId;
  symbol: string;
  bids: PriceLevel[];
  asks: PriceLevel[];
  exchangeTs: number;
  receivedTs: number;
}

/** Precision and limits of one market (exchange + symbol). */
export interface MarketSpec {
  exchange: ExchangeId;
  symbol: string;
  base: string;
  quote: string;
  /** Price tick (smallest price increment). */
  tickSize: number;
  /** Amount step (smallest base-amount increment). */
  amountStep: number;
  /** Minimum order amount in base units (0 when unknown). */
  minAmount: number;
  /** Minimum order value in quote units (0 when unknown). */
  minNotional: number;
}

/** FeedState { exchange, status, reason (pt-BR) | null, since }, FeedStatus and MarketFeedKind are shared (contracts). */
export type { FeedState, FeedStatus, MarketFeedKind } from '@arbitra/contracts';

/** What a feed pushes to its subscribers. Every callback is synchronous and must not throw. */
export interface FeedListener {
  update(update: BookUpdate): void;
  state?(state: FeedState): void;
  markets?(specs: readonly MarketSpec[]): void;
  /** A message the feed could not turn into a BookUpdate (counted as a rejected 'malformed' update). */
  malformed?(exchange: ExchangeId | null, detail: string): void;
}

/**
 * The market's own time against this process's clock (both ms since the epoch). The same for a live or simulated
 * market (SAME_TIME); a replay fast-forwarded `speed`× runs up to `speed` ms of its market per ms of this process
 * (market-clock.ts: one engine's replay only as fast as the engine keeps up, PacedMarketClock; several engines on one
 * epoch, fastForwardClock). Paper executions time their orders in market time (executions.processor), the recorder
 * writes market time: a backtest over the recording lives the same delays.
 */
export interface MarketClock {
  readonly speed: number;
  /**
   * The time the feed stamps its books with (receivedTs, exchangeTs), which the scanner runs on: this process's
   * ('local': live, simulated, replays on a shared epoch) or the market's own ('market': a paced replay, read in
   * market time as a backtest reads it — staleness, the registry's coalescing, detection's stamps).
   */
  readonly books: 'local' | 'market';
  /** The market time of a moment of this process's clock. */
  toMarket(localMs: number): number;
  /** The moment of this process's clock of a market time. */
  toLocal(marketMs: number): number;
  /** The market's time now. */
  now(): number;
  /** Resolves once the market has reached `marketMs`; with `key`, releases that hold while waiting, holds it again then. */
  until(marketMs: number, key?: string): Promise<void>;
  /** Holds the market where it is while `key`'s work runs (a paced replay; otherwise nothing). Idempotent. */
  hold(key: string): void;
  release(key: string): void;
}

/** One interface for every source of market data (simulated | replay | ccxt). */
export interface MarketFeed {
  /** The market's own time (default SAME_TIME). */
  readonly marketClock?: MarketClock;
  readonly kind: MarketFeedKind;
  /** True when the data is not live market data: every screen showing it must say 'Dados simulados'. */
  readonly simulated: boolean;
  readonly exchanges: readonly ExchangeId[];
  subscribe(listener: FeedListener): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Latest state per exchange. */
  states(): FeedState[];
  /** Markets known so far (precision), e.g. to seed a BookStore. */
  markets(): MarketSpec[];
}
