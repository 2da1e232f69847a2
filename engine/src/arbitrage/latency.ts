/** Upper bounds of the latency histogram buckets, in ms (Prometheus-style, cumulative). */
export const LATENCY_BUCKETS_MS = [
  0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 1000,
] as const;

export interface LatencySnapshot {
  count: number;
  sumMs: number;
  /** Cumulative counts per upper bound (le, ms); the last one is +Inf. */
  buckets: { le: number; count: number }[];
  /** Percentiles over the most recent samples (up to 4096). NaN without samples. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const RESERVOIR = 4096;

/** Histogram + recent-sample reservoir. record() is O(buckets), no allocation. */
export class LatencyRecorder {
  private readonly counts = new Float64Array(LATENCY_BUCKETS_MS.length + 1);
  private readonly recent = new Float64Array(RESERVOIR);
  private n = 0;
  private sum = 0;
  private max = 0;

  record(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) return;
    let i = 0;
    while (i < LATENCY_BUCKETS_MS.length && ms > LATENCY_BUCKETS_MS[i]!) i++;
    this.counts[i] = this.counts[i]! + 1;
    this.recent[this.n % RESERVOIR] = ms;
    this.n++;
    this.sum += ms;
    if (ms > this.max) this.max = ms;
  }

  get count(): number {
    return this.n;
  }

  snapshot(): LatencySnapshot {
    const buckets: { le: number; count: number }[] = [];
    let cum = 0;
    for (let i = 0; i < LATENCY_BUCKETS_MS.length; i++) {
      cum += this.counts[i]!;
      buckets.push({ le: LATENCY_BUCKETS_MS[i]!, count: cum });
    }
    buckets.push({ le: Infinity, count: cum + this.counts[LATENCY_BUCKETS_MS.length]! });
    const k = Math.min(this.n, RESERVOIR);
    const sorted = Array.from(this.recent.subarray(0, k)).sort((a, b) => a - b);
    const q = (p: number): number => (k === 0 ? NaN : sorted[Math.min(k - 1, Math.floor(p * k))]!);
    return { count: this.n, sumMs: this.sum, buckets, p50Ms: q(0.5), p99Ms: q(0.99), maxMs: this.max };
  }
}
