import { EXCHANGE_IDS, type ExchangeId } from '@arbitra/contracts';
import { REJECT_REASONS, type RejectReason } from './validation.js';

const WINDOW_SECONDS = 10;

/** Plain numbers for Prometheus (the lead maps them to prom-client gauges/counters). */
export interface MarketDataMetricsSnapshot {
  /** Accepted updates since start, per exchange (counter). */
  updatesTotal: Record<ExchangeId, number>;
  /** Accepted updates per second over the last 5 complete seconds, per exchange (gauge). */
  updatesPerSecond: Record<ExchangeId, number>;
  /** Rejected updates since start, per reason (counter). */
  rejectedTotal: Record<RejectReason, number>;
  /** Rejected updates since start, per exchange ('unknown' when the exchange could not be read). */
  rejectedByExchange: Record<ExchangeId | 'unknown', number>;
  /** Books currently stale, per exchange (gauge). */
  staleBooks: Record<ExchangeId, number>;
  /** Times a book turned stale since start (counter). */
  staleTransitionsTotal: number;
  /** ms since the epoch of each exchange's last accepted update (absent before the first). */
  lastUpdateAt: Partial<Record<ExchangeId, number>>;
}

function perExchange(): Record<ExchangeId, number> {
  return Object.fromEntries(EXCHANGE_IDS.map((e) => [e, 0])) as Record<ExchangeId, number>;
}

/** Counters of the market-data path. O(1) per update, no allocation. */
export class MarketDataMetrics {
  private readonly updates = perExchange();
  private readonly rejected = Object.fromEntries(REJECT_REASONS.map((r) => [r, 0])) as Record<
    RejectReason,
    number
  >;
  private readonly rejectedEx: Record<ExchangeId | 'unknown', number> = { ...perExchange(), unknown: 0 };
  private readonly stale = perExchange();
  private staleTransitions = 0;
  /** Per exchange: ring of per-second counts. */
  private readonly buckets = new Map<ExchangeId, { second: number; counts: Float64Array }>();

  private readonly lastAt: Partial<Record<ExchangeId, number>> = {};

  recordUpdate(exchange: ExchangeId, nowMs: number): void {
    this.updates[exchange]++;
    this.lastAt[exchange] = nowMs;
    let b = this.buckets.get(exchange);
    if (!b) {
      b = { second: Math.floor(nowMs / 1000), counts: new Float64Array(WINDOW_SECONDS) };
      this.buckets.set(exchange, b);
    }
    this.roll(b, Math.floor(nowMs / 1000));
    b.counts[b.second % WINDOW_SECONDS]!++;
  }

  recordRejected(reason: RejectReason, exchange: ExchangeId | null): void {
    this.rejected[reason]++;
    this.rejectedEx[exchange ?? 'unknown']++;
  }

  setStaleBooks(exchange: ExchangeId, count: number): void {
    this.stale[exchange] = count;
  }

  recordStaleTransition(): void {
    this.staleTransitions++;
  }

  rejectedCount(reason: RejectReason): number {
    return this.rejected[reason];
  }

  snapshot(nowMs: number): MarketDataMetricsSnapshot {
    const ups = perExchange();
    const second = Math.floor(nowMs / 1000);
    for (const [ex, b] of this.buckets) {
      this.roll(b, second);
      let sum = 0;
      // the 5 complete seconds before the current one
      for (let s = second - 5; s < second; s++)
        sum += b.counts[((s % WINDOW_SECONDS) + WINDOW_SECONDS) % WINDOW_SECONDS]!;
      ups[ex] = sum / 5;
    }
    return {
      updatesTotal: { ...this.updates },
      updatesPerSecond: ups,
      rejectedTotal: { ...this.rejected },
      rejectedByExchange: { ...this.rejectedEx },
      staleBooks: { ...this.stale },
      staleTransitionsTotal: this.staleTransitions,
      lastUpdateAt: { ...this.lastAt },
    };
  }

  private roll(b: { second: number; counts: Float64Array }, second: number): void {
    if (second <= b.second) return;
    const gap = Math.min(second - b.second, WINDOW_SECONDS);
    for (let i = 1; i <= gap; i++) b.counts[(b.second + i) % WINDOW_SECONDS] = 0;
    b.second = second;
  }
}
