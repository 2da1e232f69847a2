import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: a gross price gap that the taker fees eat.
//
// buy binance ETH/USDT at 3000 (taker 0.1 %)  → 3000 × 1.001 = 3003.00 per ETH
// sell gateio ETH/USDT at 3007.5 (taker 0.2 %) → 3007.5 × 0.998 = 3001.485 per ETH
// gross gap +0.25 %, net −1.515 USDT per ETH → no opportunity in either direction.
// With Gate.io's fee overridden to 0.05 %: 3007.5 × 0.9995 = 3005.99625 > 3003 → opportunity.
describe('cross-exchange: fees erase the gap', () => {
  it('reports nothing when fees turn a gross gap into a loss', () => {
    const s = scenario({
      specs: [spec('binance', 'ETH/USDT', 0.01, 0.0001), spec('gateio', 'ETH/USDT', 0.01, 0.0001)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'ETH/USDT', [[2999, 1]], [[3000, 1]], [cross]);
    s.book('gateio', 'ETH/USDT', [[3007.5, 1]], [[3008, 1]], [cross]);
    expect(s.registry.size).toBe(0);
    expect(s.events).toHaveLength(0);
  });

  it('reports it once the fee table is edited (admin override)', () => {
    const s = scenario({
      fees: { gateio: { taker: 0.0005 } },
      specs: [spec('binance', 'ETH/USDT', 0.01, 0.0001), spec('gateio', 'ETH/USDT', 0.01, 0.0001)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'ETH/USDT', [[2999, 1]], [[3000, 1]], [cross]);
    s.book('gateio', 'ETH/USDT', [[3007.5, 1]], [[3008, 1]], [cross]);
    // profit = 3005.99625 − 3003 = 2.99625 USDT on 1 ETH
    expect(s.registry.get('arbitrage:ETH/USDT:binance>gateio')?.profitUsdt).toBe('2.99625000');
  });
});
