import type { ExchangeId } from '@arbitra/contracts';
import type { Clock, Scheduler, TimerHandle } from './clock.js';
import type {
  BookUpdate,
  FeedListener,
  FeedState,
  FeedStatus,
  MarketFeed,
  MarketFeedKind,
  MarketSpec,
} from './types.js';

/** Listener bookkeeping, state changes and market specs shared by every feed. */
export abstract class FeedBase implements MarketFeed {
  abstract readonly kind: MarketFeedKind;
  abstract readonly simulated: boolean;
  private listeners: FeedListener[] = [];
  private readonly stateByExchange = new Map<ExchangeId, FeedState>();
  private readonly specs = new Map<string, MarketSpec>();
  private readonly sleeping = new Set<{ timer: TimerHandle; wake: () => void }>();

  protected constructor(
    readonly exchanges: readonly ExchangeId[],
    protected readonly clock: Clock,
  ) {
    const now = clock.now();
    for (const exchange of exchanges) {
      this.stateByExchange.set(exchange, {
        exchange,
        status: 'connecting',
        reason: 'Conectando',
        since: now,
      });
    }
  }

  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;

  subscribe(listener: FeedListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  states(): FeedState[] {
    return [...this.stateByExchange.values()].map((s) => ({ ...s }));
  }

  markets(): MarketSpec[] {
    return [...this.specs.values()];
  }

  /** A sleep that stop() can cut short (so that stopping never waits for a backoff or a replay gap). */
  protected sleep(scheduler: Scheduler, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: scheduler.schedule(ms, () => {
          this.sleeping.delete(entry);
          resolve();
        }),
        wake: resolve,
      };
      this.sleeping.add(entry);
    });
  }

  /** Ends every pending sleep now. */
  protected wakeAll(): void {
    for (const entry of this.sleeping) {
      entry.timer.cancel();
      entry.wake();
    }
    this.sleeping.clear();
  }

  protected emitUpdate(update: BookUpdate): void {
    const ls = this.listeners;
    for (let i = 0; i < ls.length; i++) {
      try {
        ls[i]!.update(update);
      } catch {
        // a listener must not break the feed (listeners are documented as non-throwing)
      }
    }
  }

  protected emitMalformed(exchange: ExchangeId | null, detail: string): void {
    for (const l of this.listeners) l.malformed?.(exchange, detail);
  }

  protected addMarkets(specs: readonly MarketSpec[]): void {
    if (specs.length === 0) return;
    for (const s of specs) this.specs.set(`${s.exchange}|${s.symbol}`, s);
    for (const l of this.listeners) l.markets?.(specs);
  }

  /** Sets an exchange's state; emits only when status or reason changes. */
  protected setState(exchange: ExchangeId, status: FeedStatus, reason: string | null): void {
    const prev = this.stateByExchange.get(exchange);
    if (prev && prev.status === status && prev.reason === reason) return;
    const since = prev && prev.status === status ? prev.since : this.clock.now();
    const state: FeedState = { exchange, status, reason, since };
    this.stateByExchange.set(exchange, state);
    for (const l of this.listeners) l.state?.({ ...state });
  }

  protected stateOf(exchange: ExchangeId): FeedState | undefined {
    return this.stateByExchange.get(exchange);
  }
}
