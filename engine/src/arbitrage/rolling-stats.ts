/**
 * Rolling mean and standard deviation over the last `capacity` samples (ring buffer): O(1) per push.
 * Running sums are recomputed from the buffer once per `capacity` pushes, so float drift cannot build up.
 */
export class RollingStats {
  private readonly buf: Float64Array;
  private head = 0;
  private n = 0;
  private sum = 0;
  private sumSq = 0;
  private sinceExact = 0;

  constructor(readonly capacity: number) {
    if (!(capacity >= 2)) throw new RangeError('capacity must be ≥ 2');
    this.buf = new Float64Array(capacity);
  }

  get count(): number {
    return this.n;
  }

  get mean(): number {
    return this.n > 0 ? this.sum / this.n : NaN;
  }

  /** Sample standard deviation (n − 1). */
  get stdDev(): number {
    if (this.n < 2) return NaN;
    const m = this.sum / this.n;
    const v = (this.sumSq - this.n * m * m) / (this.n - 1);
    return v > 0 ? Math.sqrt(v) : 0;
  }

  /** z-score of x against the current window (before x is added). */
  zScore(x: number): number {
    const sd = this.stdDev;
    return sd > 0 ? (x - this.mean) / sd : 0;
  }

  push(x: number): void {
    if (this.n === this.capacity) {
      const old = this.buf[this.head]!;
      this.sum -= old;
      this.sumSq -= old * old;
    } else this.n++;
    this.buf[this.head] = x;
    this.head = (this.head + 1) % this.capacity;
    this.sum += x;
    this.sumSq += x * x;
    if (++this.sinceExact >= this.capacity) this.recompute();
  }

  private recompute(): void {
    let s = 0;
    let q = 0;
    for (let i = 0; i < this.n; i++) {
      const v = this.buf[i]!;
      s += v;
      q += v * v;
    }
    this.sum = s;
    this.sumSq = q;
    this.sinceExact = 0;
  }
}
