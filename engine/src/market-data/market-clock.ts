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

/** Piece of the map of this process's time onto market time: from `local` (at `market`), `rate`× up to `cap`. */
interface Segment {
  local: number;
  market: number;
  rate: number;
  cap: number;
}

interface Waiter {
  at: number;
  resolve: () => void;
  /** Held again the moment the market reaches `at` (the waiter's work resumes on a market that stands still). */
  key?: string;
}

/** How much of the map is kept (this process's time): the past a paper order or a recorder asks about. */
const KEEP_MS = 60_000;
/** A hold never released (a job lost on its way) stops standing the market still after this long. */
export const HOLD_LIMIT_MS = 15_000;

/**
 * The market of a single engine's fast-forwarded replay: it runs `speed`× faster than this process only while the
 * engine keeps up, so what the engine does takes no market time that a loaded machine made longer.
 *
 * - **Holds** (`hold(key)` … `release(key)`): the market stands still while anything holds it — the replay while
 *   it reads its next record and hands a book to the scanner, an execution from its detection to its orders' arrival
 *   and from their fill to its record. Work stands still in market time however long the machine takes over it.
 * - **Never past a waiter** (`until(t)`): the market does not run past the earliest moment someone waits for — the
 *   replay's next record, a paper order's arrival — until that one has been given its moment: a book is handed over
 *   at exactly its recorded market time, an order meets the books of exactly its arrival, whatever the event loop's
 *   lag. `until(t, key)` releases `key` while waiting and holds it again at `t`.
 *
 * The map of this process's time onto market time (piecewise: standing, or `speed`× capped by the next waiter) is
 * kept for the last minute: `toMarket` of a past moment (a job's enqueue) is exact. Its replay stamps books in market
 * time (`books: 'market'`): the scanner, its registry and staleness run on this clock.
 */
export class PacedMarketClock implements MarketClock {
  /** Its replay stamps its books in market time: the scanner runs on it (staleness, coalescing) as a backtest's does. */
  readonly books = 'market' as const;
  private readonly segments: Segment[];
  private readonly holds = new Map<string, NodeJS.Timeout>();
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly speed: number,
    private readonly onStuck: (key: string) => void = () => undefined,
    start = Date.now(),
  ) {
    this.segments = [{ local: start, market: start, rate: speed, cap: Infinity }];
  }

  now(): number {
    return this.valueAt(this.segments[this.segments.length - 1]!, Date.now());
  }

  toMarket(localMs: number): number {
    const s = this.segments;
    for (let i = s.length - 1; i >= 0; i--) if (s[i]!.local <= localMs) return this.valueAt(s[i]!, localMs);
    return s[0]!.market - (s[0]!.local - localMs) * this.speed;
  }

  /**
   * The last moment of this process's time at which the market was at `marketMs` (or, ahead, when it will be if
   * nothing holds it): the books received by then are the books of that market moment.
   */
  toLocal(marketMs: number): number {
    const s = this.segments;
    const now = Date.now();
    const current = this.valueAt(s[s.length - 1]!, now);
    if (marketMs >= current) {
      const last = s[s.length - 1]!;
      return last.rate > 0 ? now + (marketMs - current) / last.rate : now;
    }
    for (let i = s.length - 1; i >= 0; i--) {
      const seg = s[i]!;
      if (seg.market > marketMs) continue;
      const end = i + 1 < s.length ? s[i + 1]!.local : now;
      if (seg.rate === 0 || marketMs >= seg.cap) return end;
      return Math.min(seg.local + (marketMs - seg.market) / seg.rate, end);
    }
    return s[0]!.local - (s[0]!.market - marketMs) / this.speed;
  }

  hold(key: string): void {
    if (this.take(key) && this.holds.size === 1) this.mark();
  }

  release(key: string): void {
    const guard = this.holds.get(key);
    if (!guard) return;
    clearTimeout(guard);
    this.holds.delete(key);
    if (this.holds.size === 0) this.mark();
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
        if (key && this.holds.has(key) && this.waiting(key)) this.release(key); // marks
        else this.mark();
      });
    });
  }

  private waiting(key: string): boolean {
    return this.waiters.some((w) => w.key === key);
  }

  /** `key` waits no more and holds nothing (its owner stopped): its waiters are answered now. */
  forget(key: string): void {
    const mine = this.waiters.filter((w) => w.key === key);
    this.waiters = this.waiters.filter((w) => w.key !== key);
    for (const w of mine) w.resolve();
    if (this.holds.has(key)) this.release(key);
    else this.mark();
  }

  private valueAt(seg: Segment, localMs: number): number {
    return seg.rate === 0 ? seg.market : Math.min(seg.market + (localMs - seg.local) * seg.rate, seg.cap);
  }

  /** A new piece of the map from now: standing while held, else running up to the earliest waiter. */
  private mark(): void {
    const local = Date.now();
    const market = this.now();
    let cap = Infinity;
    for (const w of this.waiters) cap = Math.min(cap, w.at);
    const rate = this.holds.size > 0 ? 0 : this.speed;
    this.segments.push({ local, market, rate, cap: Math.max(cap, market) });
    while (this.segments.length > 2 && this.segments[1]!.local < local - KEEP_MS) this.segments.shift();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (rate > 0 && cap !== Infinity)
      this.timer = setTimeout(() => this.wake(), Math.max(0, (cap - market) / rate));
  }

  /** The market reached its earliest waiter(s): each is given its moment (held again if it asked), in order. */
  private wake(): void {
    this.timer = null;
    const now = this.now();
    let at = Infinity;
    for (const w of this.waiters) at = Math.min(at, w.at);
    if (at > now) return this.mark(); // woken early
    const due = this.waiters.filter((w) => w.at === at);
    this.waiters = this.waiters.filter((w) => w.at !== at);
    for (const w of due) {
      // held again once none of its work still travels (an execution's legs arrive apart with distinct latencies)
      if (w.key && !this.waiting(w.key)) this.take(w.key);
      w.resolve();
    }
    this.mark();
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
