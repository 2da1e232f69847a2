import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario (rules.ts LOSS_RULE: a month's net loss reduces the taxed gains of the later months of the same
 * year; what is left on 31/12 is dropped). USDT/BRL 5,00, no fees, by hand:
 *   Jan 2026: buy 1 ETH R$ 20.000,00, sell R$ 15.000,00 → loss R$ 5.000,00 (exempt month), carried.
 *   Feb 2026: buy 1 BTC R$ 500.000,00, sell R$ 510.000,00 → gain R$ 10.000,00, taxed:
 *             R$ 5.000,00 of loss used, taxable R$ 5.000,00, tax 15 % = R$ 750,00.
 *   Dec 2026: loss R$ 1.000,00 carried… Jan 2027: gain R$ 10.000,00 taxed in full (R$ 1.500,00).
 */
describe('a loss is carried within the calendar year', () => {
  const { months } = computeTaxHistory([
    trade('2026-01-10T10:00', '5.00', [
      leg('binance', 'buy', '1', 'ETH/USDT', '4000', '4000'),
      leg('binance', 'sell', '1', 'ETH/USDT', '3000', '3000'),
    ]),
    trade('2026-02-10T10:00', '5.00', [
      leg('binance', 'buy', '1', 'BTC/USDT', '100000', '100000'),
      leg('binance', 'sell', '1', 'BTC/USDT', '102000', '102000'),
    ]),
    trade('2026-12-10T10:00', '5.00', [
      leg('binance', 'buy', '1', 'ETH/USDT', '4000', '4000'),
      leg('binance', 'sell', '1', 'ETH/USDT', '3800', '3800'),
    ]),
    trade('2027-01-10T10:00', '5.00', [
      leg('binance', 'buy', '1', 'BTC/USDT', '100000', '100000'),
      leg('binance', 'sell', '1', 'BTC/USDT', '102000', '102000'),
    ]),
  ]);

  it('carries January’s loss and uses it against February’s taxed gain', () => {
    const jan = months.get('2026-01')!;
    expect(jan.netGainCents).toBe(-500_000n);
    expect(jan.lossCarryOutCents).toBe(500_000n);
    const feb = months.get('2026-02')!;
    expect(feb.lossCarryInCents).toBe(500_000n);
    expect(feb.lossUsedCents).toBe(500_000n);
    expect(feb.taxableGainCents).toBe(500_000n);
    expect(feb.taxCents).toBe(75_000n);
    expect(feb.lossCarryOutCents).toBe(0n);
  });

  it('drops what is left at the end of the year', () => {
    expect(months.get('2026-12')!.lossCarryOutCents).toBe(100_000n);
    const jan27 = months.get('2027-01')!;
    expect(jan27.lossCarryInCents).toBe(0n);
    expect(jan27.taxCents).toBe(150_000n);
  });
});
