import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: profitable, but below the sell market's minimum order value.
//
// buy binance LINK/USDT at 20.00 × 0.4 (taker 0.1 %), sell bybit at 20.50 × 0.4 (taker 0.1 %)
// size 0.4 LINK → sell value 0.4 × 20.50 = 8.20 USDT < bybit minNotional 10 → no opportunity.
// With 0.6 LINK on both sides: 0.6 × 20.50 = 12.30 ≥ 10 → opportunity
// (profit = 0.6 × (20.5 × 0.999 − 20 × 1.001) = 0.6 × 0.4595 = 0.2757 USDT).
describe('cross-exchange: minimum order value', () => {
  it('ignores an opportunity smaller than the minimum notional', () => {
    const s = scenario({
      specs: [
        spec('binance', 'LINK/USDT', 0.01, 0.01),
        spec('bybit', 'LINK/USDT', 0.01, 0.01, { minNotional: 10 }),
      ],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'LINK/USDT', [[19.9, 5]], [[20, 0.4]], [cross]);
    s.book('bybit', 'LINK/USDT', [[20.5, 0.4]], [[20.6, 5]], [cross]);
    expect(s.registry.size).toBe(0);

    s.book('binance', 'LINK/USDT', [[19.9, 5]], [[20, 0.6]], [cross]);
    s.book('bybit', 'LINK/USDT', [[20.5, 0.6]], [[20.6, 5]], [cross]);
    expect(s.registry.get('arbitrage:LINK/USDT:binance>bybit')?.profitUsdt).toBe('0.27570000');
  });
});
