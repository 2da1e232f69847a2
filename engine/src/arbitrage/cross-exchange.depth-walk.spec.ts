import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: both books walked level by level; the walk stops when the marginal unit stops paying.
//
// buy  binance SOL/USDT asks: 100 × 2, 101 × 3, 102 × 5      taker 0.1 %  → cost factor 1.001
// sell bybit   SOL/USDT bids: 103 × 1, 102.5 × 2, 101.2 × 4  taker 0.1 %  → proceeds factor 0.999
// step 1: ask 100 (100.1)  vs bid 103   (102.897)  → take 1   (bid level 1 used up)
// step 2: ask 100 (100.1)  vs bid 102.5 (102.3975) → take 1   (ask level 1 used up)
// step 3: ask 101 (101.101) vs bid 102.5 (102.3975) → take 1  (bid level 2 used up)
// step 4: ask 101 (101.101) vs bid 101.2 (101.0988) → 101.0988 < 101.101: stop
// size 3 SOL; cost 100 + 100 + 101 = 301; proceeds 103 + 102.5 + 102.5 = 308
// capital = 301 × 1.001 = 301.301; net proceeds = 308 × 0.999 = 307.692; profit = 6.391 USDT
// net % = 6.391 / 301.301 × 100 = 2.121134… → "2.1211"
// VWAPs: buy 301 / 3 = 100.333… → tick 0.01 → 100.33 (limit 101); sell 308 / 3 = 102.666… → 102.67 (limit 102.5)
describe('cross-exchange: depth walk', () => {
  it('walks to the largest size whose marginal profit is still ≥ 0', () => {
    const s = scenario({
      specs: [spec('binance', 'SOL/USDT', 0.01, 0.001), spec('bybit', 'SOL/USDT', 0.01, 0.001)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book(
      'binance',
      'SOL/USDT',
      [[99, 10]],
      [
        [100, 2],
        [101, 3],
        [102, 5],
      ],
      [cross],
    );
    s.book(
      'bybit',
      'SOL/USDT',
      [
        [103, 1],
        [102.5, 2],
        [101.2, 4],
      ],
      [[103.5, 10]],
      [cross],
    );

    const opp = s.registry.get('arbitrage:SOL/USDT:binance>bybit')!;
    expect(opp.size).toBe('3.000');
    expect(opp.capitalUsdt).toBe('301.30100000');
    expect(opp.profitUsdt).toBe('6.39100000');
    expect(opp.netPercent).toBe('2.1211');
    expect(opp.legs[0]).toMatchObject({
      side: 'buy',
      amount: '3.000',
      price: '100.33',
      limitPrice: '101.00',
      notional: '301',
    });
    expect(opp.legs[1]).toMatchObject({
      side: 'sell',
      amount: '3.000',
      price: '102.67',
      limitPrice: '102.50',
      notional: '308',
    });
    expect(s.registry.size).toBe(1);
  });
});
