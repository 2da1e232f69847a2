import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: an opportunity whose size changes three times within 100 ms (minUpdateIntervalMs default).
// binance BTC/USDT asks 100000 × 1; bybit bids 100400 × q (both 0.1 %) → profit 199.6 USDT per BTC.
// t0      q = 0.1  → added (size 0.1)
// t0+10   q = 0.2  → coalesced (no event yet)
// t0+20   q = 0.3  → coalesced
// t0+30   q = 0.1  → back to the reported figures: nothing pending
// t0+40   q = 0.4  → coalesced
// flush at t0+150 → one 'updated' with the latest figures (size 0.4, profit 79.84)
describe('opportunity registry: coalesced updates', () => {
  it('rebuilds a live opportunity at most once per interval and flushes the latest figures', () => {
    const s = scenario({
      specs: [spec('binance', 'BTC/USDT', 0.01, 0.00001), spec('bybit', 'BTC/USDT', 0.1, 0.00001)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'BTC/USDT', [[99990, 1]], [[100000, 1]], [cross]);
    for (const q of [0.1, 0.2, 0.3, 0.1, 0.4]) {
      s.book('bybit', 'BTC/USDT', [[100400, q]], [[100410, 1]], [cross]);
      s.clock.advance(10);
    }
    expect(s.events.map((e) => e.kind)).toEqual(['added']);
    s.clock.advance(100);
    s.registry.flush();
    expect(s.events.map((e) => [e.kind, e.opportunity.size, e.opportunity.profitUsdt])).toEqual([
      ['added', '0.10000', '19.96000000'],
      ['updated', '0.40000', '79.84000000'],
    ]);
    s.registry.flush(); // nothing pending any more
    expect(s.events).toHaveLength(2);
  });
});
