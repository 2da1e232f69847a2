import { describe, expect, it } from 'vitest';
import { binanceTriangleSpecs, scenario } from './testing/scenario.js';
import { TriangularDetector } from './triangular.detector.js';

// Scenario: the other direction of the same triangle, USDT → ETH → BTC → USDT (taker 0.1 % per leg).
//
// ETH/USDT asks 2970 × 5    (buy ETH with USDT)
// ETH/BTC  bids 0.03 × 5    (sell ETH for BTC)
// BTC/USDT bids 100000 × 1  (sell BTC for USDT)
// top-of-book rate: 0.999³ × 0.03 × 100000 / 2970 = 1.0070737… > 1
// capacity in USDT: leg 1 2970 × 5 = 14850 (binds); leg 2 5 ETH → 14864.86; leg 3 1 BTC → 99198.4
// Exact run:
//   leg 1: 14850 USDT buys the whole 5 ETH level, cost 14850, receive 5 × 0.999 = 4.995 ETH
//   leg 2: sell 4.995 ETH × 0.03 = 0.14985 BTC, receive × 0.999 = 0.14970015 BTC
//   leg 3: sell 0.14970 BTC (step 0.00001) × 100000 = 14970, receive × 0.999 = 14955.03 USDT
// profit = 14955.03 − 14850 = 105.03 USDT; net % = 105.03 / 14850 × 100 = 0.707272… → "0.7073"
// The forward direction (buy BTC at 100010, ETH at 0.03001, sell at 2969) loses: 0.999³ × 2969 / 3001.3 < 1.
describe('triangular: reverse cycle', () => {
  it('finds USDT>ETH>BTC>USDT and not the forward direction', () => {
    const s = scenario({ specs: binanceTriangleSpecs() });
    const tri = new TriangularDetector(s.ctx);
    s.book('binance', 'ETH/USDT', [[2969, 5]], [[2970, 5]], [tri]);
    s.book('binance', 'ETH/BTC', [[0.03, 5]], [[0.03001, 5]], [tri]);
    s.book('binance', 'BTC/USDT', [[100000, 1]], [[100010, 1]], [tri]);

    expect(s.registry.size).toBe(1);
    const opp = s.registry.get('triangular:binance:USDT>ETH>BTC>USDT')!;
    expect(opp.profitUsdt).toBe('105.03000000');
    expect(opp.netPercent).toBe('0.7073');
    expect(opp.legs.map((l) => [l.symbol, l.side, l.amount, l.notional])).toEqual([
      ['ETH/USDT', 'buy', '5.0000', '14850'],
      ['ETH/BTC', 'sell', '4.9950', '0.14985'],
      ['BTC/USDT', 'sell', '0.14970', '14970'],
    ]);
    expect(s.registry.get('triangular:binance:USDT>BTC>ETH>USDT')).toBeUndefined();
  });
});
