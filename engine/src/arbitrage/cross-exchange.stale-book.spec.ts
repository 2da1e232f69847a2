import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: an opportunity whose sell book stops updating.
//
// binance BTC/USDT asks 100000 × 0.1; bybit bids 100400 × 0.1 (both 0.1 %):
// 100400 × 0.999 = 100299.6 > 100000 × 1.001 = 100100 → opportunity (profit 0.1 × 199.6 = 19.96 USDT).
// Books are stale after 5000 ms (default). At t = +6 s Binance updates (same book) but Bybit's book is
// 6 s old: the candidate is evaluated with a stale input → the opportunity is removed ('gone'), and
// sweep-style expiry reports 'stale' when no update comes at all.
describe('cross-exchange: stale book', () => {
  it('excludes a stale book from detection and expires what depended on it', () => {
    const s = scenario({
      specs: [spec('binance', 'BTC/USDT', 0.01, 0.00001), spec('bybit', 'BTC/USDT', 0.1, 0.000001)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'BTC/USDT', [[99990, 1]], [[100000, 0.1]], [cross]);
    s.book('bybit', 'BTC/USDT', [[100400, 0.1]], [[100410, 1]], [cross]);
    expect(s.registry.get('arbitrage:BTC/USDT:binance>bybit')?.profitUsdt).toBe('19.96000000');

    // expiry without any update: 5.001 s later the sweep removes it as stale
    s.clock.advance(5_001);
    expect(s.registry.expireStale((slot, now) => s.store.isFresh(slot, now))).toBe(1);
    expect(s.events.at(-1)?.kind).toBe('removed');

    // a fresh Binance book does not bring it back while Bybit's book is stale
    s.book('binance', 'BTC/USDT', [[99990, 1]], [[100000, 0.1]], [cross]);
    expect(s.registry.size).toBe(0);
    // Bybit updates again: back
    s.book('bybit', 'BTC/USDT', [[100400, 0.1]], [[100410, 1]], [cross]);
    expect(s.registry.size).toBe(1);
  });
});
