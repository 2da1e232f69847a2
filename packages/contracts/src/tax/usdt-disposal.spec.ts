import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: a month exempt ONLY if the USDT given is forgotten (issue 25; Solução de Consulta Cosit nº 214/2021:
 * paying USDT for BTC disposes of the USDT). By hand (USDT/BRL 5,00, fees 0,1 %):
 *   sell 0,1 BTC for 6.500 USDT − 6,5 fee  → BTC given R$ 32.500,00, proceeds R$ 32.467,50;
 *                                           6.493,5 USDT received at R$ 32.467,50
 *   buy 0,1 BTC for 6.000 USDT + 6 fee     → BTC cost R$ 30.030,00; 6.006 USDT given: R$ 30.030,00
 *                                           at average cost R$ 30.030,00 (R$ 5,00 each): result 0
 *   BTC alone: R$ 32.500,00 ≤ R$ 35.000,00 (what the report said before: exempt, no tax).
 *   With the USDT given: R$ 32.500,00 + R$ 30.030,00 = R$ 62.530,00 > R$ 35.000,00: taxed.
 *   Gains R$ 2.437,50 (BTC) + R$ 0,00 (USDT); tax 15 % = R$ 365,625 → R$ 365,63, DARF by 30/06/2026.
 */
describe('the USDT given in a trade is a disposal', () => {
  const month = computeTaxHistory([
    trade('2026-05-04T09:30', '5.00', [
      leg('binance', 'buy', '0.1', 'BTC/USDT', '60000', '6000', '6'),
      leg('mercadobitcoin', 'sell', '0.1', 'BTC/USDT', '65000', '6500', '6.5'),
    ]),
  ]).months.get('2026-05')!;

  it('counts its R$ value toward the R$ 35.000,00, so the month is taxed', () => {
    const usdt = month.assets.find((a) => a.asset === 'USDT')!;
    expect(usdt).toMatchObject({
      salesCents: 3_003_000n,
      soldQuantity: 6_006n * 10n ** 18n,
      boughtQuantity: 64_935n * 10n ** 17n,
      costOfSalesCents: 3_003_000n,
      gainCents: 0n,
      uncoveredQuantity: 0n,
    });
    expect(month.salesCents).toBe(6_253_000n);
    expect(month.exempt).toBe(false);
    expect(month.taxableGainCents).toBe(243_750n);
    expect(month.taxCents).toBe(36_563n);
    expect(month.darf).toMatchObject({ payable: true, dueDate: '2026-06-30', amountCents: 36_563n });
  });

  it('values the USDT given at the trade’s rate against its average cost (a gain when the rate rose)', () => {
    // Same trades, then at 5,20 the BTC bought with 1.000 USDT: 1.000 USDT at cost R$ 5,00 given at R$ 5,20.
    const { months } = computeTaxHistory([
      trade('2026-07-01T10:00', '5.00', [leg('mercadobitcoin', 'buy', '1000', 'USDT/BRL', '5', '5000')]),
      trade('2026-07-02T10:00', '5.20', [leg('binance', 'buy', '0.01', 'BTC/USDT', '100000', '1000')]),
    ]);
    const usdt = months.get('2026-07')!.assets.find((a) => a.asset === 'USDT')!;
    expect(usdt).toMatchObject({ salesCents: 520_000n, costOfSalesCents: 500_000n, gainCents: 20_000n });
  });
});
