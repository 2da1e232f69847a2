import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: a month whose sales stay under R$ 35.000,00. By hand (USDT/BRL 5,00):
 *   buy 0,1 BTC for 6.000 USDT + 6 fee   → cost R$ 30.030,00
 *   sell 0,1 BTC for 6.500 USDT − 6,5 fee → sales R$ 32.500,00, proceeds R$ 32.467,50
 *   gain R$ 2.437,50, exempt: no tax, no DARF.
 */
describe('a month under R$ 35.000,00 of sales is exempt', () => {
  const month = computeTaxHistory([
    trade('2026-05-04T09:30', '5.00', [
      leg('binance', 'buy', '0.1', 'BTC/USDT', '60000', '6000', '6'),
      leg('mercadobitcoin', 'sell', '0.1', 'BTC/USDT', '65000', '6500', '6.5'),
    ]),
  ]).months.get('2026-05')!;

  it('shows the sales against the limit and the gain, with no tax due', () => {
    expect(month.salesCents).toBe(3_250_000n);
    expect(month.exemptionLimitCents).toBe(3_500_000n);
    expect(month.exempt).toBe(true);
    expect(month.netGainCents).toBe(243_750n);
    expect(month.feesCents).toBe(6_250n);
    expect(month.taxableGainCents).toBe(0n);
    expect(month.taxCents).toBe(0n);
    expect(month.darf.payable).toBe(false);
    expect(month.darf.amountCents).toBe(0n);
  });
});
