import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario (issue 15): arbitrage in reais between Binance and Mercado Bitcoin on BTC/BRL, through the same detector.
//
// binance        BTC/BRL asks [500000 × 0.2]   taker 0.1 %   step 0.00001
// mercadobitcoin BTC/BRL bids [510000 × 0.1]   taker 0.7 %   step 0.00000001
// binance        USDT/BRL bid 4.99 / ask 5.01 → the reference rate is its mid, 5.00
// marginal: 510000 × (1 − 0.007) = 506430 ≥ 500000 × (1 + 0.001) = 500500  → trade
// size = min(0.2, 0.1) = 0.1 BTC (coarser step 0.00001)
// capital  = 0.1 × 500000 × 1.001 = 50050 R$
// proceeds = 0.1 × 510000 × 0.993 = 50643 R$
// profit   = 593 R$ (profitBrl is the profit itself); net % = 593 / 50050 × 100 = 1.18481… → "1.1848"
// USDT at the reference rate: profit 593 / 5 = 118.6; capital 50050 / 5 = 10010
describe('cross-exchange: a BRL market', () => {
  it('finds buy-binance / sell-mercadobitcoin on BTC/BRL with its profit in reais', () => {
    const s = scenario({
      specs: [
        spec('binance', 'BTC/BRL', 1, 0.00001),
        spec('mercadobitcoin', 'BTC/BRL', 0.01, 0.00000001),
        spec('binance', 'USDT/BRL', 0.001, 0.1),
      ],
    });
    const cross = new CrossExchangeDetector(s.ctx, { symbols: ['BTC/BRL'] });
    s.book('binance', 'USDT/BRL', [[4.99, 1000]], [[5.01, 1000]]);
    s.book('binance', 'BTC/BRL', [[499000, 1]], [[500000, 0.2]], [cross]);
    s.book('mercadobitcoin', 'BTC/BRL', [[510000, 0.1]], [[511000, 1]], [cross]);

    const [opp, ...others] = s.registry.top(10);
    expect(others).toHaveLength(0);
    expect(opp).toMatchObject({
      id: 'arbitrage:BTC/BRL:binance>mercadobitcoin',
      exchanges: ['binance', 'mercadobitcoin'],
      symbols: ['BTC/BRL'],
      size: '0.10000',
      sizeAsset: 'BTC',
      netPercent: '1.1848',
      profitBrl: '593.0000',
      profitUsdt: '118.60000000',
      capitalUsdt: '10010.00000000',
      usdtBrl: '5.0000',
    });
    expect(opp!.legs.map((l) => [l.exchange, l.side, l.price, l.notional, l.feeRate])).toEqual([
      ['binance', 'buy', '500000', '50000', '0.001'],
      ['mercadobitcoin', 'sell', '510000.00', '51000', '0.007'],
    ]);
  });
});
