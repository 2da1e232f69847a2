import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: one level on each side; the bid on Gate.io beats the ask on Binance after both taker fees.
//
// binance BTC/USDT asks [100000 × 0.5]          taker 0.1 %
// gateio  BTC/USDT bids [100500 × 0.3]          taker 0.2 %
// marginal: 100500 × (1 − 0.002) = 100299 ≥ 100000 × (1 + 0.001) = 100100  → trade
// size = min(0.5, 0.3) = 0.3 BTC (steps 0.00001 and 0.000001 → coarser 0.00001; 0.3 is a multiple)
// capital  = 0.3 × 100000 × 1.001 = 30030
// proceeds = 0.3 × 100500 × 0.998 = 30089.7
// profit   = 59.7 USDT;  net % = 59.7 / 30030 × 100 = 0.198801…  → "0.1988"
// R$ (no USDT/BRL book: fallback 5.45) = 59.7 × 5.45 = 325.365
// The other direction (buy Gate.io at 100510, sell Binance at 99990) loses money: no opportunity.
describe('cross-exchange: top of book', () => {
  it('finds the buy-binance / sell-gateio opportunity with its exact figures', () => {
    const s = scenario({
      specs: [spec('binance', 'BTC/USDT', 0.01, 0.00001), spec('gateio', 'BTC/USDT', 0.1, 0.000001)],
    });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'BTC/USDT', [[99990, 1]], [[100000, 0.5]], [cross]);
    s.book('gateio', 'BTC/USDT', [[100500, 0.3]], [[100510, 1]], [cross]);

    const [opp, ...others] = s.registry.top(10);
    expect(others).toHaveLength(0);
    expect(opp).toMatchObject({
      id: 'arbitrage:BTC/USDT:binance>gateio',
      strategy: 'arbitrage',
      exchanges: ['binance', 'gateio'],
      symbols: ['BTC/USDT'],
      direction: 'binance>gateio',
      size: '0.30000',
      sizeAsset: 'BTC',
      capitalUsdt: '30030.00000000',
      profitUsdt: '59.70000000',
      profitBrl: '325.3650',
      usdtBrl: '5.4500',
      netPercent: '0.1988',
    });
    expect(opp!.netPct).toBeCloseTo(0.198801198, 8);
    expect(opp!.legs).toEqual([
      {
        exchange: 'binance',
        symbol: 'BTC/USDT',
        side: 'buy',
        amount: '0.30000',
        price: '100000.00',
        limitPrice: '100000.00',
        notional: '30000',
        feeRate: '0.001',
      },
      {
        exchange: 'gateio',
        symbol: 'BTC/USDT',
        side: 'sell',
        amount: '0.300000',
        price: '100500.0',
        limitPrice: '100500.0',
        notional: '30150',
        feeRate: '0.002',
      },
    ]);
  });
});
