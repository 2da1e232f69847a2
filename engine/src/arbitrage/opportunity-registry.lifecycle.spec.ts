import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: one opportunity's life: appears, is re-seen unchanged, changes size, disappears.
// binance BTC/USDT asks 100000 × 0.1; bybit bids 100400 × q (both taker 0.1 %)
//   per BTC: 100400 × 0.999 − 100000 × 1.001 = 100299.6 − 100100 = 199.6 USDT
// t0      bybit q = 0.1  → added   (size 0.1, profit 19.96)
// t0+1 s  same books     → no event, lastSeen moves, age 1000 ms
// t0+2 s  bybit q = 0.05 → updated (size 0.05, profit 9.98), same id, firstSeen kept
// t0+3 s  bybit bid 100000 → removed ('gone')
describe('opportunity registry: life cycle', () => {
  it('keeps a stable id, emits added / updated / removed and reports age', () => {
    const s = scenario({
      specs: [spec('binance', 'BTC/USDT', 0.01, 0.00001), spec('bybit', 'BTC/USDT', 0.1, 0.00001)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    const t0 = s.clock.now();
    s.book('binance', 'BTC/USDT', [[99990, 1]], [[100000, 0.1]], [cross]);
    s.book('bybit', 'BTC/USDT', [[100400, 0.1]], [[100410, 1]], [cross]);
    s.clock.advance(1_000);
    s.book('bybit', 'BTC/USDT', [[100400, 0.1]], [[100410, 1]], [cross]);
    const seen = s.registry.top(5)[0]!;
    expect(seen).toMatchObject({
      firstSeen: t0,
      lastSeen: t0 + 1_000,
      ageMs: 1_000,
      size: '0.10000',
      profitUsdt: '19.96000000',
    });
    s.clock.advance(1_000);
    s.book('bybit', 'BTC/USDT', [[100400, 0.05]], [[100410, 1]], [cross]);
    s.clock.advance(1_000);
    s.book('bybit', 'BTC/USDT', [[100000, 0.05]], [[100410, 1]], [cross]);

    expect(
      s.events.map((e) => [e.kind, e.opportunity.id, e.opportunity.size, e.opportunity.profitUsdt]),
    ).toEqual([
      ['added', 'arbitrage:BTC/USDT:binance>bybit', '0.10000', '19.96000000'],
      ['updated', 'arbitrage:BTC/USDT:binance>bybit', '0.05000', '9.98000000'],
      ['removed', 'arbitrage:BTC/USDT:binance>bybit', '0.05000', '9.98000000'],
    ]);
    expect(s.events[1]!.opportunity.firstSeen).toBe(t0);
    expect(s.events[2]!.opportunity.ageMs).toBe(3_000);
    expect(s.registry.size).toBe(0);
    expect(s.registry.counters()).toMatchObject({ open: 0, addedTotal: 1, updatedTotal: 1, removedTotal: 1 });
  });
});
