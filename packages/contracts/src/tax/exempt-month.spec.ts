import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: a month whose disposals, the USDT given included, stay under R$ 35.000,00. By hand (USDT/BRL 5,00):
 *   sell 0,05 BTC for 3.250 USDT − 3,25 fee → BTC given R$ 16.250,00, proceeds R$ 16.233,75;
 *                                            3.246,75 USDT received at R$ 16.233,75 (R$ 5,00 each)
 *   buy 0,05 BTC for 3.000 USDT + 3 fee    → BTC cost R$ 15.015,00; 3.003 USDT given: R$ 15.015,00,
 *                                            its average cost R$ 5,00 → R$ 15.015,00: result 0
 *   disposals R$ 16.250,00 + R$ 15.015,00 = R$ 31.265,00 ≤ R$ 35.000,00: exempt.
 *   BTC result R$ 16.233,75 − R$ 15.015,00 = R$ 1.218,75; fees R$ 15,00 + R$ 16,25 = R$ 31,25.
 */
describe('a month under R$ 35.000,00 of disposals is exempt', () => {
  const month = computeTaxHistory([
    trade('2026-05-04T09:30', '5.00', [
      leg('binance', 'buy', '0.05', 'BTC/USDT', '60000', '3000', '3'),
      leg('mercadobitcoin', 'sell', '0.05', 'BTC/USDT', '65000', '3250', '3.25'),
    ]),
  ]).months.get('2026-05')!;

  it('shows the disposals against the limit and the gain, with no tax due', () => {
    expect(month.salesCents).toBe(3_126_500n);
    expect(month.exemptionLimitCents).toBe(3_500_000n);
    expect(month.exempt).toBe(true);
    expect(month.netGainCents).toBe(121_875n);
    expect(month.feesCents).toBe(3_125n);
    expect(month.taxableGainCents).toBe(0n);
    expect(month.taxCents).toBe(0n);
    expect(month.darf.payable).toBe(false);
    expect(month.darf.amountCents).toBe(0n);
  });
});
