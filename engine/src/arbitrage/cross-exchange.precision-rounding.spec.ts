import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: the walked size is rounded down to both markets' amount steps.
//
// buy  binance ETH/USDT asks [2000.00 × 0.1234]  step 0.001, tick 0.01, taker 0.1 %
// sell mexc    ETH/USDT bids [2010.0 × 0.5]      step 0.01,  tick 0.1,  taker 0.05 %
// marginal 2010 × 0.9995 = 2008.995 ≥ 2000 × 1.001 = 2002 → walk takes all 0.1234 ETH of asks
// rounded down to the coarser step 0.01 → 0.12 ETH
// capital = 0.12 × 2000 × 1.001 = 240.24; proceeds = 0.12 × 2010 × 0.9995 = 241.0794
// profit = 0.8394 USDT; net % = 0.8394 / 240.24 × 100 = 0.349400… → "0.3494"
describe('cross-exchange: precision rounding', () => {
  it('rounds the size to the coarser amount step and writes each leg in its market precision', () => {
    const s = scenario({
      specs: [spec('binance', 'ETH/USDT', 0.01, 0.001), spec('mexc', 'ETH/USDT', 0.1, 0.01)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'ETH/USDT', [[1999, 1]], [[2000, 0.1234]], [cross]);
    s.book('mexc', 'ETH/USDT', [[2010, 0.5]], [[2011, 1]], [cross]);

    const opp = s.registry.get('arbitrage:ETH/USDT:binance>mexc')!;
    expect(opp.size).toBe('0.12');
    expect(opp.profitUsdt).toBe('0.83940000');
    expect(opp.netPercent).toBe('0.3494');
    expect(opp.legs[0]).toMatchObject({ amount: '0.120', price: '2000.00', notional: '240' });
    expect(opp.legs[1]).toMatchObject({ amount: '0.12', price: '2010.0', notional: '241.2' });
  });
});
