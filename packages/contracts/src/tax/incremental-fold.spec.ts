import { describe, expect, it } from 'vitest';
import { TaxLedger, computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: the report refolds from the month a change falls in. Folding Jan–Mar, then resuming from the state
 * before February with February, March and a new April trade gives exactly the full fold of everything
 * (pools, carried loss, DARF carry and year-end balance included).
 */
describe('resuming the fold from a month gives the same result as folding everything', () => {
  const jan = trade('2026-01-05T10:00', '5.00', [
    leg('binance', 'buy', '1', 'ETH/USDT', '4000', '4000', '4'),
  ]);
  const feb = trade('2026-02-05T10:00', '5.10', [
    leg('binance', 'sell', '0.5', 'ETH/USDT', '3000', '1500', '1.5'),
  ]);
  const mar = trade('2026-03-05T10:00', '5.20', [
    leg('mexc', 'buy', '1', 'BTC/USDT', '100000', '100000', '100'),
    leg('binance', 'sell', '1', 'BTC/USDT', '101000', '101000', '101'),
  ]);
  const apr = trade('2026-04-05T10:00', '5.30', [
    leg('binance', 'sell', '0.5', 'ETH/USDT', '4200', '2100', '2.1'),
  ]);

  it('matches the full fold', () => {
    const first = new TaxLedger();
    for (const t of [jan, feb, mar]) first.add(t);
    const { checkpoints } = first.finish();
    const resumed = TaxLedger.resume(checkpoints.get('2026-02')!, checkpoints);
    for (const t of [feb, mar, apr]) resumed.add(t);
    const { checkpoints: _, ...incremental } = resumed.finish();
    expect(incremental).toEqual(computeTaxHistory([jan, feb, mar, apr]));
    expect(incremental.months.get('2026-02')!.lossCarryOutCents).toBeGreaterThan(0n);
  });
});
