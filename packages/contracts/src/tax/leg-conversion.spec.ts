import { describe, expect, it } from 'vitest';
import { tradeOperations } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: one triangular trade at USDT/BRL 5,00 (rules.ts COST_RULE: each leg gives one asset and receives
 * another), by hand:
 *   buy 2 ETH for 0,1 BTC on ETH/BTC, fee 0,0001 BTC (the asset given): V = 0,1 × 60.000 (the BTC/USDT leg) × 5
 *     = R$ 30.000,00, fee R$ 30,00 → ETH received at cost R$ 30.030,00; 0,1001 BTC given, R$ 30.030,00
 *   sell 0,1 BTC for 6.000 USDT, fee 0,002 ETH (a third asset, priced by the ETH/USDT leg at 3.100): fee R$ 31,00
 *     → BTC given R$ 30.000,00, proceeds R$ 29.969,00; 6.000 USDT received at R$ 30.000,00;
 *       0,002 ETH given at R$ 31,00
 *   sell 2 ETH for 6.200 USDT, fee 6,2 USDT (the asset received): R$ 31.000,00, fee R$ 31,00
 *     → ETH given R$ 31.000,00, proceeds R$ 30.969,00; 6.193,8 USDT received at R$ 30.969,00
 *   Purchases first (what the trade acquired is there for what it gives).
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
  const qty = (q: bigint) => Number(q / 10n ** 12n) / 1e6; // test display only

  it('lists every asset received, then every asset given, each in R$', () => {
    expect(
      ops.map((o) => [o.kind, o.asset, qty(o.quantity), brl(o.value), brl(o.fee), brl(o.amount)]),
    ).toEqual([
      ['compra', 'ETH', 2, 30_000, 30, 30_030],
      ['compra', 'USDT', 6000, 30_000, 0, 30_000],
      ['compra', 'USDT', 6193.8, 30_969, 0, 30_969],
      ['venda', 'BTC', 0.1001, 30_030, 0, 30_030],
      ['venda', 'BTC', 0.1, 30_000, 31, 29_969],
      ['venda', 'ETH', 0.002, 31, 0, 31],
      ['venda', 'ETH', 2, 31_000, 31, 30_969],
    ]);
    expect(ops.every((o) => o.priced)).toBe(true);
  });

  it('counts each leg once for the DeCripto (its base asset’s row)', () => {
    expect(ops.filter((o) => o.legRow).map((o) => brl(o.value))).toEqual([30_000, 30_000, 31_000]);
  });
});
