import { describe, expect, it } from 'vitest';
import { scenario } from './testing/scenario.js';
import { TriangularDetector } from './triangular.detector.js';

// Scenario: which cycles exist among the markets of one exchange.
//
// binance: BTC/USDT, ETH/USDT, BNB/USDT, ETH/BTC, BNB/BTC, BNB/ETH
//   triangles {USDT,BTC,ETH}, {USDT,BTC,BNB}, {USDT,ETH,BNB}, {BTC,ETH,BNB} = 4, each in 2 directions
//   starting currency: USDT where present, else BTC.
// gateio: BTC/USDT, ETH/USDT only → no triangle (and nothing across exchanges).
describe('triangular: enumeration', () => {
  it('builds every three-leg cycle of one exchange, both directions, and no cross-exchange cycle', () => {
    const s = scenario();
    const tri = new TriangularDetector(s.ctx);
    const flat = (p: number): [number, number][] => [[p * 0.999, 1]];
    const book = (ex: 'binance' | 'gateio', sym: string, p: number): void =>
      void s.book(ex, sym, flat(p), [[p * 1.001, 1]], [tri]);
    book('binance', 'BTC/USDT', 100000);
    book('binance', 'ETH/USDT', 3000);
    book('binance', 'BNB/USDT', 600);
    book('binance', 'ETH/BTC', 0.03);
    book('binance', 'BNB/BTC', 0.006);
    book('binance', 'BNB/ETH', 0.2);
    book('gateio', 'BTC/USDT', 100000);
    book('gateio', 'ETH/USDT', 3000);

    expect(tri.triangles).toBe(4);
    expect(
      tri
        .candidates()
        .map((c) => c.id)
        .sort(),
    ).toEqual([
      'triangular:binance:BTC>BNB>ETH>BTC',
      'triangular:binance:BTC>ETH>BNB>BTC',
      'triangular:binance:USDT>BNB>BTC>USDT',
      'triangular:binance:USDT>BNB>ETH>USDT',
      'triangular:binance:USDT>BTC>BNB>USDT',
      'triangular:binance:USDT>BTC>ETH>USDT',
      'triangular:binance:USDT>ETH>BNB>USDT',
      'triangular:binance:USDT>ETH>BTC>USDT',
    ]);
    // consistent prices (0.1 % spreads): nothing to report
    expect(s.registry.size).toBe(0);
  });
});
