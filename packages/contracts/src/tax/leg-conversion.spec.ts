import { describe, expect, it } from 'vitest';
import { tradeOperations } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: one triangular trade at USDT/BRL 5,00 (rules.ts COST_RULE), by hand:
 *   buy 2 ETH for 0,1 BTC on ETH/BTC (fee 0,0001 BTC): purchase of ETH and sale of 0,1 BTC, both valued at
 *     0,1 BTC × 60.000 USDT (the trade's BTC/USDT leg) × 5 = R$ 30.000,00; fee 0,0001 × 60.000 × 5 = R$ 30,00
 *   sell 0,1 BTC on BTC/USDT at 60.000: R$ 30.000,00; fee 0,002 ETH, priced by the trade's ETH/USDT leg at 3.100
 *     = 6,2 USDT × 5 = R$ 31,00
 *   sell 2 ETH on ETH/USDT at 3.100 = 6.200 USDT = R$ 31.000,00, fee 6,2 USDT = R$ 31,00
 */
describe('each leg of a trade in R$', () => {
  const ops = tradeOperations(
    trade('2026-09-01T10:00', '5.00', [
      leg('binance', 'buy', '2', 'ETH/BTC', '0.05', '0.1', '0.0001', 'BTC'),
      leg('binance', 'sell', '0.1', 'BTC/USDT', '60000', '6000', '0.002', 'ETH'),
      leg('binance', 'sell', '2', 'ETH/USDT', '3100', '6200', '6.2'),
    ]),
  );
  const brl = (units: bigint) => Number(units / 1_000_000n) / 100; // test display only

  it('values purchases first, then sales, each in R$', () => {
    expect(ops.map((o) => [o.kind, o.asset, brl(o.value), brl(o.fee)])).toEqual([
      ['compra', 'ETH', 30_000, 30],
      ['venda', 'BTC', 30_000, 0],
      ['venda', 'BTC', 30_000, 31],
      ['venda', 'ETH', 31_000, 31],
    ]);
    expect(ops.every((o) => o.priced)).toBe(true);
  });
});
