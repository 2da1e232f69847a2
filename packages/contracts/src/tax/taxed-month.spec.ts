import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: April 2026, sales over R$ 35.000,00. By hand (USDT/BRL 5,00):
 *   buy 1 BTC for 100.000 USDT + 100 fee   → cost R$ 500.500,00
 *   sell 1 BTC for 102.000 USDT − 102 fee  → sales R$ 510.000,00, proceeds R$ 509.490,00
 *   the sale's 101.898 USDT received at R$ 509.490,00; the 100.100 USDT given for the purchase: R$ 500.500,00,
 *   at average cost R$ 5,00 → result 0; disposals R$ 510.000,00 + R$ 500.500,00 = R$ 1.010.500,00
 *   gain R$ 8.990,00 × 15 % = R$ 1.348,50, DARF 4600.
 *   Due: last business day of May 2026; 31/05/2026 is a Sunday, 30/05 a Saturday → Friday 29/05/2026.
 */
describe('a month over R$ 35.000,00 is taxed and gets its DARF', () => {
  const month = computeTaxHistory([
    trade('2026-04-14T15:00', '5.00', [
      leg('binance', 'buy', '1', 'BTC/USDT', '100000', '100000', '100'),
      leg('bybit', 'sell', '1', 'BTC/USDT', '102000', '102000', '102'),
    ]),
  ]).months.get('2026-04')!;

  it('computes the tax at 15 % of the gain', () => {
    expect(month.salesCents).toBe(101_050_000n);
    expect(month.exempt).toBe(false);
    expect(month.netGainCents).toBe(899_000n);
    expect(month.taxableGainCents).toBe(899_000n);
    expect(month.taxCents).toBe(134_850n);
  });

  it('fills the DARF: code 4600, period, due on the Friday before the weekend ending May', () => {
    expect(month.darf).toEqual({
      code: '4600',
      period: '2026-04',
      dueDate: '2026-05-29',
      amountCents: 134_850n,
      carriedInCents: 0n,
      payable: true,
      carriedOutCents: 0n,
    });
  });
});
