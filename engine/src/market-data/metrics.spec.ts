import { describe, expect, it } from 'vitest';
import { MarketDataMetrics } from './metrics.js';

// updates/s = updates in the 5 complete seconds before the current one, / 5.
// binance: 10 updates in each of seconds 100..109 → at t = 110.5 s: seconds 105..109 → 50 / 5 = 10/s
// gateio: 3 updates in second 109 only → 3 / 5 = 0.6/s; nothing after → 0 by second 115.
describe('market-data metrics', () => {
  it('computes updates per second per exchange over a sliding window', () => {
    const m = new MarketDataMetrics();
    for (let s = 100; s < 110; s++)
      for (let i = 0; i < 10; i++) m.recordUpdate('binance', s * 1000 + i * 100);
    for (let i = 0; i < 3; i++) m.recordUpdate('gateio', 109_000 + i);
    const a = m.snapshot(110_500);
    expect(a.updatesPerSecond.binance).toBe(10);
    expect(a.updatesPerSecond.gateio).toBe(0.6);
    expect(a.updatesTotal).toMatchObject({ binance: 100, gateio: 3, mexc: 0 });
    expect(m.snapshot(116_000).updatesPerSecond).toMatchObject({ binance: 0, gateio: 0 });
  });
});
