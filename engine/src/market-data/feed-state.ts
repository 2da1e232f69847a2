import type { ExchangeId } from '@arbitra/contracts';
import type { Clock } from './clock.js';
import type { FeedState } from './types.js';

/**
 * The effective state of each exchange for the status page: what the feed reports, downgraded to
 * 'degraded' while the book store holds stale books of that exchange.
 */
export class FeedStateTracker {
  private readonly reported = new Map<ExchangeId, FeedState>();
  private readonly stale = new Map<ExchangeId, number>();
  private readonly effective = new Map<ExchangeId, FeedState>();
  private readonly listeners: ((s: FeedState) => void)[] = [];
  /** Times each feed came back 'up' after having been up before (reconnections). */
  private readonly reconnectCount = new Map<ExchangeId, number>();
  private readonly wasUp = new Set<ExchangeId>();

  constructor(
    exchanges: readonly ExchangeId[],
    private readonly clock: Clock,
  ) {
    const now = clock.now();
    for (const exchange of exchanges) {
      const s: FeedState = { exchange, status: 'connecting', reason: 'Conectando', since: now };
      this.reported.set(exchange, s);
      this.effective.set(exchange, s);
    }
  }

  onChange(listener: (s: FeedState) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** A state reported by the feed itself. */
  reportFeed(state: FeedState): void {
    const prev = this.reported.get(state.exchange);
    if (state.status === 'up' && prev?.status !== 'up') {
      if (this.wasUp.has(state.exchange)) this.reconnectCount.set(state.exchange, (this.reconnectCount.get(state.exchange) ?? 0) + 1);
      this.wasUp.add(state.exchange);
    }
    this.reported.set(state.exchange, state);
    this.recompute(state.exchange);
  }

  /** How many books of the exchange the store currently holds as stale. */
  reportStale(exchange: ExchangeId, staleBooks: number): void {
    if ((this.stale.get(exchange) ?? 0) === staleBooks) return;
    this.stale.set(exchange, staleBooks);
    this.recompute(exchange);
  }

  reconnects(exchange: ExchangeId): number {
    return this.reconnectCount.get(exchange) ?? 0;
  }

  states(): FeedState[] {
    return [...this.effective.values()].map((s) => ({ ...s }));
  }

  get(exchange: ExchangeId): FeedState | undefined {
    const s = this.effective.get(exchange);
    return s ? { ...s } : undefined;
  }

  private recompute(exchange: ExchangeId): void {
    const base = this.reported.get(exchange);
    if (!base) return;
    const staleBooks = this.stale.get(exchange) ?? 0;
    let next: FeedState = base;
    if (staleBooks > 0 && base.status === 'up') {
      next = {
        exchange,
        status: 'degraded',
        reason: staleBooks === 1 ? '1 livro desatualizado' : `${staleBooks} livros desatualizados`,
        since: this.clock.now(),
      };
    }
    const prev = this.effective.get(exchange);
    if (prev && prev.status === next.status && prev.reason === next.reason) return;
    if (prev && prev.status === next.status) next = { ...next, since: prev.since };
    this.effective.set(exchange, next);
    for (const l of this.listeners) l({ ...next });
  }
}
