import { describe, expect, it } from 'vitest';
import { binanceTriangleSpecs, scenario } from './testing/scenario.js';
import { TriangularDetector } from './triangular.detector.js';

// Scenario: USDT → BTC → ETH → USDT on Binance (taker 0.1 % per leg, taken from what each leg receives).
//
// BTC/USDT asks 100000 × 1      (buy BTC with USDT)   step 0.00001
// ETH/BTC  asks 0.03 × 10       (buy ETH with BTC)    step 0.0001
// ETH/USDT bids 3030 × 10       (sell ETH for USDT)   step 0.0001
// top-of-book rate: 0.999³ × 3030 / (100000 × 0.03) = 1.00697302899 > 1
// capacity in USDT: leg 1 100000; leg 2 0.3 BTC / (0.999 / 100000) = 30030.03; leg 3 10 ETH → 30060.09
// → the ETH/BTC level binds: start with 30030.03003 USDT, no further level.
// Exact run, each leg's base amount rounded down to its step:
//   leg 1: 30030.03003 / 100000 = 0.3003003 → 0.30030 BTC, cost 30030.00 USDT, receive 0.30030 × 0.999 = 0.2999997 BTC
//   leg 2: 0.2999997 / 0.03 = 9.99999 → 9.9999 ETH, cost 0.299997 BTC, receive 9.9999 × 0.999 = 9.9899001 ETH
//   leg 3: sell 9.9899 ETH × 3030 = 30269.397, receive × 0.999 = 30239.127603 USDT
// profit = 30239.127603 − 30030 = 209.127603 USDT; net % = 209.127603 / 30030 × 100 = 0.696395… → "0.6964"
describe('triangular: forward cycle', () => {
  it('finds USDT>BTC>ETH>USDT with depth, fees and step rounding', () => {
    const s = scenario({ specs: binanceTriangleSpecs() });
    const tri = new TriangularDetector(s.ctx);
    s.book('binance', 'BTC/USDT', [[99990, 1]], [[100000, 1]], [tri]);
    s.book('binance', 'ETH/BTC', [[0.02999, 10]], [[0.03, 10]], [tri]);
    expect(s.registry.size).toBe(0); // the third market is not there yet
    s.book('binance', 'ETH/USDT', [[3030, 10]], [[3031, 10]], [tri]);

    expect(tri.triangles).toBe(1);
    expect(s.registry.size).toBe(1);
    const opp = s.registry.get('triangular:binance:USDT>BTC>ETH>USDT')!;
    expect(opp).toMatchObject({
      strategy: 'triangular',
      exchanges: ['binance'],
      symbols: ['BTC/USDT', 'ETH/BTC', 'ETH/USDT'],
      direction: 'USDT>BTC>ETH>USDT',
      sizeAsset: 'USDT',
      capitalUsdt: '30030.00000000',
      profitUsdt: '209.12760300',
      netPercent: '0.6964',
    });
    expect(Number(opp.size)).toBe(30030);
    expect(opp.legs.map((l) => [l.symbol, l.side, l.amount, l.price, l.notional])).toEqual([
      ['BTC/USDT', 'buy', '0.30030', '100000.00', '30030'],
      ['ETH/BTC', 'buy', '9.9999', '0.03000', '0.299997'],
      ['ETH/USDT', 'sell', '9.9899', '3030.00', '30269.397'],
    ]);
  });
});
