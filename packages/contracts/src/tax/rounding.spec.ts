import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: totals rounded once (issue 25). Legs in reais, no fees, by hand:
 *   buy 1 ETH for R$ 100.000,004 and 1 BTC for R$ 200.000,004 → purchases R$ 300.000,008 → R$ 300.000,01
 *   sell them for R$ 100.000,005 and R$ 200.000,005           → disposals R$ 300.000,010 → R$ 300.000,01
 * Each asset rounded first: sales 100.000,01 + 200.000,01 = R$ 300.000,02 (R$ 0,01 off, what the audit found);
 * purchases 100.000,00 + 200.000,00 = R$ 300.000,00.
 */
describe('a month’s totals are the exact sums rounded once', () => {
  const month = computeTaxHistory([
    trade('2026-06-10T10:00', '5.00', [
      leg('mercadobitcoin', 'buy', '1', 'ETH/BRL', '100000.004', '100000.004'),
      leg('mercadobitcoin', 'buy', '1', 'BTC/BRL', '200000.004', '200000.004'),
      leg('mercadobitcoin', 'sell', '1', 'ETH/BRL', '100000.005', '100000.005'),
      leg('mercadobitcoin', 'sell', '1', 'BTC/BRL', '200000.005', '200000.005'),
    ]),
  ]).months.get('2026-06')!;

  it('rounds each asset’s row for display and the month from the exact total', () => {
    expect(month.assets.map((a) => [a.asset, a.salesCents, a.purchasesCents])).toEqual([
      ['BTC', 20_000_001n, 20_000_000n],
      ['ETH', 10_000_001n, 10_000_000n],
    ]);
    expect(month.salesCents).toBe(30_000_001n);
    expect(month.purchasesCents).toBe(30_000_001n);
  });
});
