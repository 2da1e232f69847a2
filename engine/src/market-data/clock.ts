/** Time source: ms since the epoch, possibly fractional (sub-ms resolution). */
export interface Clock {
  now(): number;
}

export interface TimerHandle {
  cancel(): void;
}

/** A clock that can also run callbacks later. Injected everywhere so tests run on virtual time. */
export interface Scheduler extends Clock {
  schedule(delayMs: number, fn: () => void): TimerHandle;
  sleep(delayMs: number): Promise<void>;
}

const origin = performance.timeOrigin;

/**
 * Wall-clock scheduler: epoch ms with the resolution of performance.now(). Its timers keep the process
 * alive (a feed runs until stop(), e.g. in the record script).
 */
export const realScheduler: Scheduler = {
  now: () => origin + performance.now(),
  schedule(delayMs, fn) {
    const t = setTimeout(fn, Math.max(0, delayMs));
    return { cancel: () => clearTimeout(t) };
  },
  sleep(delayMs) {
    return new Promise((resolve) => setTimeout(resolve, Math.max(0, delayMs)));
  },
};

interface VirtualTimer {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/**
 * Deterministic virtual time for tests and simulations: nothing runs until `advance()` moves the clock.
 * Timers fire in (time, creation order); a timer scheduled while advancing runs in the same advance if due.
 */
export class VirtualScheduler implements Scheduler {
  private current: number;
  private seq = 0;
  private heap: VirtualTimer[] = [];

  constructor(startMs = Date.UTC(2025, 0, 2, 12, 0, 0)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  schedule(delayMs: number, fn: () => void): TimerHandle {
    const timer: VirtualTimer = {
      at: this.current + Math.max(0, delayMs),
      seq: this.seq++,
      fn,
      cancelled: false,
    };
    this.push(timer);
    return { cancel: () => void (timer.cancelled = true) };
  }

  sleep(delayMs: number): Promise<void> {
    return new Promise((resolve) => this.schedule(delayMs, resolve));
  }

  /** Number of timers still pending. */
  get pending(): number {
    return this.heap.filter((t) => !t.cancelled).length;
  }

  /** Moves time forward by `ms`, running every timer that falls due, synchronously. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const next = this.heap[0];
      if (!next || next.at > end) break;
      this.pop();
      if (next.cancelled) continue;
      this.current = Math.max(this.current, next.at);
      next.fn();
    }
    this.current = end;
  }

  /** Moves time forward to `ms` (never back), running every timer that falls due. */
  advanceTo(ms: number): void {
    if (ms > this.current) this.advance(ms - this.current);
  }

  /**
   * Like advance(), but lets promise continuations run between timers (for async code driven by sleep()).
   * `stepMs` bounds how far time jumps before microtasks are flushed.
   */
  async advanceAsync(ms: number, stepMs = 1): Promise<void> {
    const end = this.current + ms;
    while (this.current < end) {
      await flushMicrotasks();
      const next = this.heap.find((t) => !t.cancelled);
      const target = Math.min(end, next ? Math.max(next.at, this.current + stepMs) : end);
      this.advance(target - this.current);
    }
    await flushMicrotasks();
  }

  private push(t: VirtualTimer): void {
    const h = this.heap;
    h.push(t);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop();
    if (!last || h.length === 0) return;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && before(h[l]!, h[m]!)) m = l;
      if (r < h.length && before(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}

function before(a: VirtualTimer, b: VirtualTimer): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

/** Lets pending promise continuations run (several rounds, for chains of awaits). */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
