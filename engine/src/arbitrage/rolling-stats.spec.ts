import { describe, expect, it } from 'vitest';
import { RollingStats } from './rolling-stats.js';

// Scenario: ring buffer of 3 samples.
// push 1, 2, 3 → mean 2, sample sd √((1 + 0 + 1) / 2) = 1
// push 7 → window [2, 3, 7]: mean 4, sd √((4 + 1 + 9) / 2) = √7 = 2.645751
// zScore(10) against [2, 3, 7] = (10 − 4) / 2.645751 = 2.267787
describe('rolling stats', () => {
  it('keeps mean and sample standard deviation over the last N samples', () => {
    const r = new RollingStats(3);
    for (const x of [1, 2, 3]) r.push(x);
    expect(r.mean).toBe(2);
    expect(r.stdDev).toBe(1);
    r.push(7);
    expect(r.count).toBe(3);
    expect(r.mean).toBe(4);
    expect(r.stdDev).toBeCloseTo(2.645751, 6);
    expect(r.zScore(10)).toBeCloseTo(2.267787, 6);
  });

  it('does not drift after many pushes (sums are recomputed once per window)', () => {
    const r = new RollingStats(100);
    for (let i = 0; i < 1_000_000; i++) r.push(1e6 + (i % 100));
    // window = 1e6 + 0..99 → mean 1e6 + 49.5, sd of 0..99 = 29.011492
    expect(r.mean).toBeCloseTo(1e6 + 49.5, 9);
    expect(r.stdDev).toBeCloseTo(29.011492, 6);
  });
});
