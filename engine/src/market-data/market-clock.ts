import type { MarketClock } from './types.js';

/** Market time is this process's time (live, simulated, a replay at its recorded pace). */
export const SAME_TIME: MarketClock = {
  speed: 1,
  books: 'local',
  toMarket: (ms) => ms,
  toLocal: (ms) => ms,
  now: () => Date.now(),
  until: (marketMs) => sleepUntil(marketMs),
  hold: () => undefined,
  release: () => undefined,
};

function sleepUntil(localMs: number): Promise<void> {
  const wait = localMs - Date.now();
  return wait > 0 ? new Promise((r) => setTimeout(r, wait)) : Promise.resolve();
}

/**
 * A market `speed`× faster than this process from `anchor()` (null until the replay's first record: until then, this
 * process's time). Several engines replaying one file on one epoch share it (REPLAY_EPOCH_MS): nothing holds it, a
 * busy engine's work runs `speed`× as much market.
 */
export function fastForwardClock(speed: number, anchor: () => number | null): MarketClock {
  const toMarket = (ms: number) => {
    const a = anchor();
    return a === null ? ms : a + (ms - a) * speed;
  };
  const toLocal = (ms: number) => {
    const a = anchor();
    return a === null ? ms : a + (ms - a) / speed;
  };
  return {
    speed,
    books: 'local',
    toMarket,
    toLocal,
    now: () => toMarket(Date.now()),
    until: (marketMs) => sleepUntil(toLocal(marketMs)),
    hold: () => undefined,
    release: () => undefined,
  };
}

/** The market time of a book's stamp (BookUpdate.receivedTs, exchangeTs) of a feed on `clock`. */
export function marketOfStamp(clock: MarketClock, stamp: number): number {
  return clock.books === 'market' ? stamp : clock.toMarket(stamp);
}

/** The stamp of the books of a market moment (BookStore.asOf) of a feed on `clock`. */
export function stampOfMarket(clock: MarketClock, marketMs: number): number {
  return clock.books === 'market' ? marketMs : clock.toLocal(marketMs);
}

interface Waiter {
  at: number;
  resolve: () => void;
  /** Held again the moment the market reaches `at` (the waiter's work resumes on a market that stands still). */
  key?: string;
  /** The replay's wait for its next record (advanceTo). */
  replay?: boolean;
}

/** A hold never released (a job lost on its way) stops standing the market still after this long. */
export const HOLD_LIMIT_MS = 15_000;

/**
 * The market of a single engine's fast-forwarded replay: it runs up to `speed`× faster than this process, and never
 * ahead of the engine, so that what the engine does takes no market time a loaded machine made longer.
 *
 * - **Holds** (`hold(key)` … `release(key)`): the market stands still while anything holds it — an execution from
 *   its detection (the runner) through its work to its orders, and from their fill to its record. Work takes no
 *   market time however long the machine takes over it; the market runs on from where it stood.
 * - **The replay's horizon** (`advanceTo(t)`): the market never runs past the replay's next record until the replay
 *   hands it over; each book is handed over, and the scanner runs on it, at exactly its recorded market time.
 * - **Never past a waiter** (`until(t)`): nor past the earliest moment someone waits for (a paper order's arrival),
 *   until that one has been given it: an order meets the books of exactly its market moment. `until(t, key)` releases
 *   `key` while waiting and holds it again at `t`.
 *
 * Between holds the market runs `speed`× from where the last one left it, up to the horizon and the waiters: a
 * replay behind that pace (its timers late, its scanner slow) catches up at once, in order, every book and order at
 * its own market moment. Its replay stamps books in market time (`books: 'market'`): the scanner, its registry and
 * staleness run on this clock. `toMarket`/`toLocal` answer about the present (a job's detection travels with it,
 * ExecutionJob.detectedAt).
 */
export class PacedMarketClock implements MarketClock {
  readonly books = 'market' as const;
  /** Where the market runs from: `market` at `local` (this process), `speed`× (the last hold's release). */
  private anchor: { local: number; market: number };
  /** While held: where it stands. */
  private standing: number | null = null;
  private horizon: number;
  private readonly holds = new Map<string, NodeJS.Timeout>();
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly speed: number,
    private readonly onStuck: (key: string) => void = () => undefined,
    start = Date.now(),
    /** Default: it stands until the replay hands over its first book (advanceTo). */
    horizon = start,
  ) {
    this.anchor = { local: start, market: start };
    this.horizon = horizon;
  }

  now(): number {
    return this.at(Date.now());
  }

  /** The market time of a moment of this process's clock, as the market runs now (the present, or just before). */
  toMarket(localMs: number): number {
    return this.at(localMs);
  }

  /** When the market reaches `marketMs` if nothing holds or caps it (an estimate ahead; the present behind). */
  toLocal(marketMs: number): number {
    if (this.standing !== null) return Date.now();
    return Math.max(Date.now(), this.anchor.local + (marketMs - this.anchor.market) / this.speed);
  }

  hold(key: string): void {
    this.holdAt(key, this.now());
  }

  private holdAt(key: string, market: number): void {
    if (!this.take(key)) return;
    if (this.standing === null) this.standing = market;
  }

  release(key: string): void {
    const guard = this.holds.get(key);
    if (!guard) return;
    clearTimeout(guard);
    this.holds.delete(key);
    if (this.holds.size > 0) return;
    this.anchor = { local: Date.now(), market: this.standing! };
    this.standing = null;
    this.schedule();
  }

  until(marketMs: number, key?: string): Promise<void> {
    if (marketMs <= this.now()) {
      if (key && !this.waiting(key)) this.hold(key);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.waiters.push({ at: marketMs, resolve, key });
      // the market runs from the end of this turn: what the same work sends in this turn (an execution's other leg)
      // leaves at the same market moment
      queueMicrotask(() => {
        if (key && this.holds.has(key) && this.waiting(key)) this.release(key);
        else this.schedule();
      });
    });
  }

  /** The replay's next record is due at `marketMs`: the market may run to it (no further), resolved once there. */
  advanceTo(marketMs: number): Promise<void> {
    this.horizon = Math.max(this.horizon, marketMs);
    if (marketMs <= this.now()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.waiters.push({ at: marketMs, resolve, replay: true });
      this.schedule();
    });
  }

  /** The replay ended (or stopped): its wait is answered, and the market runs on with no horizon. */
  endReplay(): void {
    const mine = this.waiters.filter((w) => w.replay);
    this.waiters = this.waiters.filter((w) => !w.replay);
    if (this.standing === null) this.anchor = { local: Date.now(), market: this.now() };
    this.horizon = Infinity;
    for (const w of mine) w.resolve();
    this.schedule();
  }

  private waiting(key: string): boolean {
    return this.waiters.some((w) => w.key === key);
  }

  private capped(market: number): number {
    let cap = this.horizon;
    for (const w of this.waiters) cap = Math.min(cap, w.at);
    return Math.min(market, cap);
  }

  private at(localMs: number): number {
    if (this.standing !== null) return this.standing;
    return this.capped(this.anchor.market + (localMs - this.anchor.local) * this.speed);
  }

  /** Wakes the earliest waiter when the market reaches it (at once if it has). */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.standing !== null || this.waiters.length === 0) return;
    let first = Infinity;
    for (const w of this.waiters) first = Math.min(first, w.at);
    const free = this.anchor.market + (Date.now() - this.anchor.local) * this.speed;
    // the replay's next book comes first (it raises the horizon); a wait for ever needs no timer
    if (first > this.horizon || !Number.isFinite(first)) return;
    this.timer = setTimeout(() => this.wake(), Math.max(0, (first - free) / this.speed));
  }

  /** The market reached its earliest waiter(s): each is given its moment (held again if it asked), in order. */
  private wake(): void {
    this.timer = null;
    if (this.standing !== null) return;
    const now = this.now();
    let first = Infinity;
    for (const w of this.waiters) first = Math.min(first, w.at);
    if (first > now) return this.schedule(); // woken early
    const due = this.waiters.filter((w) => w.at === first);
    this.waiters = this.waiters.filter((w) => w.at !== first);
    for (const w of due) {
      // held again, at its moment, once none of its work still travels (an execution's legs arrive apart with
      // distinct latencies)
      if (w.key && !this.waiting(w.key)) this.holdAt(w.key, first);
      w.resolve();
    }
    this.schedule();
  }

  /** Adds a hold (false: already held), released by itself after HOLD_LIMIT_MS. */
  private take(key: string): boolean {
    if (this.holds.has(key)) return false;
    const guard = setTimeout(() => {
      this.onStuck(key);
      this.release(key);
    }, HOLD_LIMIT_MS);
    guard.unref();
    this.holds.set(key, guard);
    return true;
  }
}
