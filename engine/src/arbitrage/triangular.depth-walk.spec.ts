import { describe, expect, it } from 'vitest';
import { binanceTriangleSpecs, scenario } from './testing/scenario.js';
import { TriangularDetector } from './triangular.detector.js';

// Scenario: the first leg's second level is too expensive, so the walk stops at the end of level 1.
//
// BTC/USDT asks 100000 × 0.1, 100800 × 1;  ETH/BTC asks 0.03 × 10;  ETH/USDT bids 3030 × 10  (0.1 % each)
// level 1 rate 0.999³ × 3030 / (100000 × 0.03) = 1.006973 > 1;
// level 2 rate 0.999³ × 3030 / (100800 × 0.03) = 0.998981 < 1 → stop after BTC/USDT level 1
// capacity: leg 1 level 1 = 100000 × 0.1 = 10000 USDT (binds; leg 2 30030, leg 3 30060)
// Exact run: leg 1 buys 0.1 BTC for 10000, receives 0.0999 BTC;
//            leg 2 buys 0.0999 / 0.03 = 3.33 ETH for 0.0999 BTC, receives 3.32667 ETH;
//            leg 3 sells 3.3266 ETH × 3030 = 10079.598, receives × 0.999 = 10069.518402 USDT
// profit = 69.518402 USDT; net % = 0.69518402 → "0.6952"
describe('triangular: depth walk', () => {
  it('stops where the marginal rate of the cycle falls below 1', () => {
    const s = scenario({ specs: binanceTriangleSpecs() });
    const tri = new TriangularDetector(s.ctx);
    s.book('binance', 'ETH/BTC', [[0.02999, 10]], [[0.03, 10]], [tri]);
    s.book('binance', 'ETH/USDT', [[3030, 10]], [[3031, 10]], [tri]);
    s.book(
      'binance',
      'BTC/USDT',
      [[99990, 1]],
      [
        [100000, 0.1],
        [100800, 1],
      ],
      [tri],
    );

    const opp = s.registry.get('triangular:binance:USDT>BTC>ETH>USDT')!;
    expect(Number(opp.capitalUsdt)).toBe(10000);
    expect(opp.profitUsdt).toBe('69.51840200');
    expect(opp.netPercent).toBe('0.6952');
    expect(opp.legs[0]).toMatchObject({ amount: '0.10000', limitPrice: '100000.00' });
    expect(opp.legs[2]).toMatchObject({ amount: '3.3266' });
  });
});
