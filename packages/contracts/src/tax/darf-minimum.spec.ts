import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: a DARF below R$ 10,00 is carried to the next month (Lei 9.430/1996, art. 68). USDT/BRL 5,00,
 * no fees, each month sells R$ 40.000,00 (taxed):
 *   June 2026: gain R$ 40,00 → tax R$ 6,00: not paid, carried.
 *   July 2026: gain R$ 50,00 → tax R$ 7,50 + R$ 6,00 carried = R$ 13,50: paid by 31/08/2026 (a Monday).
 */
describe('a DARF under R$ 10,00 is added to the next month', () => {
  const month = (m: string, sellUsdt: string) =>
    trade(`${m}-10T10:00`, '5.00', [
      leg('binance', 'buy', '1', 'ETH/USDT', '8000', '8000'),
      leg('binance', 'sell', '1', 'ETH/USDT', sellUsdt, sellUsdt),
    ]);
  const { months } = computeTaxHistory([month('2026-06', '8008'), month('2026-07', '8010')]);

  it('carries June’s R$ 6,00', () => {
    expect(months.get('2026-06')!.darf).toMatchObject({
      amountCents: 600n,
      payable: false,
      carriedOutCents: 600n,
    });
  });

  it('pays it with July’s tax', () => {
    expect(months.get('2026-07')!.darf).toMatchObject({
      amountCents: 1_350n,
      carriedInCents: 600n,
      payable: true,
      dueDate: '2026-08-31',
    });
  });
});
