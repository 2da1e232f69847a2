import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario (rules.ts LOSS_RULE: ganho de capital losses are not offset, in the month or later). Legs in reais on
 * Mercado Bitcoin (no USDT involved), no fees, by hand:
 *   Jan 2026: buy 1 ETH R$ 20.000,00, sell R$ 15.000,00 → result −R$ 5.000,00 (exempt month: R$ 15.000,00).
 *   Feb 2026: buy 1 ETH R$ 20.000,00, sell R$ 15.000,00 → −R$ 5.000,00;
 *             buy 1 BTC R$ 500.000,00, sell R$ 510.000,00 → +R$ 10.000,00;
 *             disposals R$ 525.000,00: taxed. Gains R$ 10.000,00, losses −R$ 5.000,00 (not offset),
 *             taxable R$ 10.000,00, tax 15 % = R$ 1.500,00.
 * Before issue 25: February netted to R$ 5.000,00 and used January's carried R$ 5.000,00 → tax R$ 0,00.
 */
describe('a loss is not offset against any gain', () => {
  const pair = (at: string, asset: string, buy: string, sell: string) =>
    trade(at, '5.00', [
      leg('mercadobitcoin', 'buy', '1', `${asset}/BRL`, buy, buy),
      leg('mercadobitcoin', 'sell', '1', `${asset}/BRL`, sell, sell),
    ]);
  const { months } = computeTaxHistory([
    pair('2026-01-10T10:00', 'ETH', '20000', '15000'),
    pair('2026-02-10T10:00', 'ETH', '20000', '15000'),
    pair('2026-02-11T10:00', 'BTC', '500000', '510000'),
  ]);

  it('shows January’s loss without carrying it', () => {
    const jan = months.get('2026-01')!;
    expect(jan).toMatchObject({ netGainCents: -500_000n, lossesCents: -500_000n, gainsCents: 0n });
  });

  it('taxes February’s gains in full, its own loss shown but not deducted', () => {
    const feb = months.get('2026-02')!;
    expect(feb).toMatchObject({
      salesCents: 52_500_000n,
      exempt: false,
      gainsCents: 1_000_000n,
      lossesCents: -500_000n,
      netGainCents: 500_000n,
      taxableGainCents: 1_000_000n,
      taxCents: 150_000n,
    });
  });
});
