import { EXCHANGE_IDS, type ExchangeId } from '@arbitra/contracts';
import type { MarketDataMetrics } from './metrics.js';
import { splitSymbol } from './symbols.js';
import type { BookUpdate, MarketSpec, PriceLevel } from './types.js';
import { validateBookUpdate, type RejectReason } from './validation.js';

/** Precision used for a market whose spec the feed has not (yet) given. */
export const FALLBACK_STEP = 1e-8;

/**
 * The latest book of one market on one exchange. One object per (exchange, symbol) for the life of the
 * process, updated in place: detectors keep references to slots and never look them up on the hot path.
 * Consumers must treat every field as read-only; only the BookStore writes them.
 */
export class BookSlot {
  /** Latest accepted levels (the arrays of the update itself: never mutate them). */
  bids: PriceLevel[] = [];
  asks: PriceLevel[] = [];
  exchangeTs = -Infinity;
  receivedTs = -Infinity;
  /** Accepted updates so far (0: no book yet). */
  updates = 0;
  /** Set by BookStore.sweep() when the book is older than staleAfterMs; cleared by the next update. */
  stale = false;
  /** Age (by receive time) after which this book is stale. */
  staleAfterMs = 5_000;
  /** The books of the last BookStore.keepHistory() ms, oldest first (the current one last); empty without it. */
  history: { receivedTs: number; bids: PriceLevel[]; asks: PriceLevel[] }[] = [];

  constructor(
    /** Dense index, stable for the process (usable as an array index by detectors). */
    readonly id: number,
    readonly exchange: ExchangeId,
    readonly exchangeIndex: number,
    readonly symbol: string,
    readonly base: string,
    readonly quote: string,
    public spec: MarketSpec,
  ) {}

  get bestBid(): number {
    const l = this.bids[0];
    return l ? l[0] : NaN;
  }

  get bestAsk(): number {
    const l = this.asks[0];
    return l ? l[0] : NaN;
  }

  get mid(): number {
    const b = this.bids[0];
    const a = this.asks[0];
    return b && a ? (b[0] + a[0]) / 2 : NaN;
  }
}

/** A market's book as it was at a moment (BookStore.asOf). */
export interface BookAt {
  bids: readonly PriceLevel[];
  asks: readonly PriceLevel[];
  receivedTs: number;
  spec: MarketSpec;
}

export interface BookStoreOptions {
  /** A book older than this (by receive time) is stale: excluded from detection. Default 5000 ms. */
  staleAfterMs?: number;
  /** Per-exchange thresholds (e.g. a REST-polled exchange whose books refresh slowly). */
  staleAfterMsByExchange?: Partial<Record<ExchangeId, number>>;
  metrics?: MarketDataMetrics;
  /** Known market precisions (more can be added with setSpecs()). */
  specs?: readonly MarketSpec[];
}

/**
 * Latest book per exchange + symbol, with validation and staleness. Never throws on bad data:
 * `apply()` returns the reason and counts it.
 */
export class BookStore {
  readonly staleAfterMs: number;
  private readonly staleByExchange: Partial<Record<ExchangeId, number>>;
  private readonly metrics: MarketDataMetrics | undefined;
  private readonly byExchange = new Map<ExchangeId, Map<string, BookSlot>>();
  private readonly specs = new Map<string, MarketSpec>();
  private readonly all: BookSlot[] = [];
  private readonly newSlotListeners: ((slot: BookSlot) => void)[] = [];
  private historyMs = 0;

  constructor(options: BookStoreOptions = {}) {
    this.staleAfterMs = options.staleAfterMs ?? 5_000;
    this.staleByExchange = { ...options.staleAfterMsByExchange };
    this.metrics = options.metrics;
    for (const ex of EXCHANGE_IDS) this.byExchange.set(ex, new Map());
    if (options.specs) this.setSpecs(options.specs);
  }

  /** Registers market precisions; existing slots pick them up at once. */
  setSpecs(specs: readonly MarketSpec[]): void {
    for (const spec of specs) {
      this.specs.set(`${spec.exchange}|${spec.symbol}`, spec);
      const slot = this.byExchange.get(spec.exchange)?.get(spec.symbol);
      if (slot) slot.spec = spec;
    }
  }

  /** Called once for every new (exchange, symbol), before its first update is reported. */
  onNewSlot(listener: (slot: BookSlot) => void): () => void {
    this.newSlotListeners.push(listener);
    return () => {
      const i = this.newSlotListeners.indexOf(listener);
      if (i >= 0) this.newSlotListeners.splice(i, 1);
    };
  }

  /**
   * Validates and stores an update. Returns the slot it went to, or the reason it was rejected
   * (malformed, unknown_exchange, invalid_price, invalid_amount, unsorted, crossed, out_of_order).
   */
  apply(update: BookUpdate): BookSlot | RejectReason {
    const reason = validateBookUpdate(update);
    if (reason !== null) {
      this.reject(reason, update);
      return reason;
    }
    const slot = this.slotFor(update.exchange, update.symbol);
    if (update.exchangeTs < slot.exchangeTs) {
      this.reject('out_of_order', update);
      return 'out_of_order';
    }
    slot.bids = update.bids;
    slot.asks = update.asks;
    slot.exchangeTs = update.exchangeTs;
    slot.receivedTs = update.receivedTs;
    slot.updates++;
    slot.stale = false;
    if (this.historyMs > 0) {
      const h = slot.history;
      h.push({ receivedTs: update.receivedTs, bids: update.bids, asks: update.asks });
      const cutoff = update.receivedTs - this.historyMs;
      // the newest book older than the window stays: the book of the window's first moment
      let old = 0;
      while (old + 1 < h.length && h[old + 1]!.receivedTs < cutoff) old++;
      if (old > 0) h.splice(0, old);
    }
    this.metrics?.recordUpdate(update.exchange, update.receivedTs);
    return slot;
  }

  /** Counts a message that never became an update (e.g. an unparsable replay line). */
  rejectMalformed(exchange: ExchangeId | null): void {
    this.metrics?.recordRejected('malformed', exchange);
  }

  get(exchange: ExchangeId, symbol: string): BookSlot | undefined {
    return this.byExchange.get(exchange)?.get(symbol);
  }

  /**
   * Keeps each market's books of the last `ms` (by receive time), for `asOf`: a paper order of a fast-forwarded
   * market reaches the book of its market time, which this process has already replaced (MarketClock).
   */
  keepHistory(ms: number): void {
    this.historyMs = ms;
  }

  /**
   * The book of a market as it was at `receivedTs` (this process's time): the newest received at or before it, of
   * those kept (keepHistory; without it, or for a time not before the current book, the current one).
   */
  asOf(exchange: ExchangeId, symbol: string, receivedTs: number): BookSlot | BookAt | undefined {
    const slot = this.get(exchange, symbol);
    if (!slot || slot.receivedTs <= receivedTs || slot.history.length === 0) return slot;
    const h = slot.history;
    let i = h.length - 1;
    while (i > 0 && h[i]!.receivedTs > receivedTs) i--;
    return { bids: h[i]!.bids, asks: h[i]!.asks, receivedTs: h[i]!.receivedTs, spec: slot.spec };
  }

  slots(): readonly BookSlot[] {
    return this.all;
  }

  /** A book is fresh when it has levels on record and was received no more than staleAfterMs ago. */
  isFresh(slot: BookSlot, nowMs: number): boolean {
    return slot.updates > 0 && nowMs - slot.receivedTs <= slot.staleAfterMs;
  }

  /** Changes the staleness threshold of one exchange (existing and future books). */
  setStaleAfter(exchange: ExchangeId, ms: number): void {
    this.staleByExchange[exchange] = ms;
    for (const slot of this.all) if (slot.exchange === exchange) slot.staleAfterMs = ms;
  }

  /**
   * Marks books that went stale (and counts the transitions); returns the stale count per exchange.
   * Call it periodically (e.g. every 500 ms): staleness has no update to trigger it.
   */
  sweep(nowMs: number): Map<ExchangeId, number> {
    const counts = new Map<ExchangeId, number>();
    for (const ex of EXCHANGE_IDS) counts.set(ex, 0);
    for (const slot of this.all) {
      if (slot.updates === 0) continue;
      const stale = nowMs - slot.receivedTs > slot.staleAfterMs;
      if (stale && !slot.stale) this.metrics?.recordStaleTransition();
      slot.stale = stale;
      if (stale) counts.set(slot.exchange, counts.get(slot.exchange)! + 1);
    }
    for (const [ex, n] of counts) this.metrics?.setStaleBooks(ex, n);
    return counts;
  }

  /** Creates the slot for a market ahead of its first update (detectors can then be built up front). */
  slotFor(exchange: ExchangeId, symbol: string): BookSlot {
    const map = this.byExchange.get(exchange)!;
    let slot = map.get(symbol);
    if (slot) return slot;
    const parts = splitSymbol(symbol) ?? { base: symbol, quote: '' };
    const spec = this.specs.get(`${exchange}|${symbol}`) ?? {
      exchange,
      symbol,
      base: parts.base,
      quote: parts.quote,
      tickSize: FALLBACK_STEP,
      amountStep: FALLBACK_STEP,
      minAmount: 0,
      minNotional: 0,
    };
    slot = new BookSlot(
      this.all.length,
      exchange,
      EXCHANGE_IDS.indexOf(exchange),
      symbol,
      parts.base,
      parts.quote,
      spec,
    );
    slot.staleAfterMs = this.staleByExchange[exchange] ?? this.staleAfterMs;
    map.set(symbol, slot);
    this.all.push(slot);
    for (const l of this.newSlotListeners) l(slot);
    return slot;
  }

  private reject(reason: RejectReason, update: BookUpdate): void {
    const ex =
      typeof update === 'object' && update !== null && typeof update.exchange === 'string'
        ? update.exchange
        : null;
    this.metrics?.recordRejected(reason, ex !== null && this.byExchange.has(ex) ? ex : null);
  }
}
