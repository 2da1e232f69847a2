import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: a year whose 'Bens e Direitos' (balance at cost on 31/12) lists what is really held. By hand:
 *   10/11/2026 buy 10.000 USDT with reais on USDT/BRL at R$ 5,00   → USDT pool 10.000 at R$ 50.000,00
 *   10/12/2026 buy 0,1 BTC for 6.000 USDT + 6 USDT fee, USDT/BRL 5,20 → 6.006 USDT given, valued R$ 31.231,20,
 *              at average cost 50.000,00 × 6.006 / 10.000 = R$ 30.030,00: gain R$ 1.201,20 (exempt month);
 *              BTC cost R$ 31.231,20 (6.006 USDT × 5,20, the fee included)
 *   31/12/2026: USDT 3.994 at R$ 19.970,00; BTC 0,1 at R$ 31.231,20.
 * Before issue 25 the USDT was never used up: 10.000 USDT at R$ 50.000,00 AND the BTC bought with it.
 */
describe('Bens e Direitos lists what is really held on 31/12', () => {
  const history = computeTaxHistory([
    trade('2026-11-10T10:00', '5.00', [leg('mercadobitcoin', 'buy', '10000', 'USDT/BRL', '5', '50000')]),
    trade('2026-12-10T10:00', '5.20', [leg('binance', 'buy', '0.1', 'BTC/USDT', '60000', '6000', '6')]),
  ]);

  it('uses up the USDT that bought the BTC', () => {
    expect(history.yearEndBalances.get(2026)).toEqual([
      { asset: 'BTC', quantity: 10n ** 17n, costCents: 3_123_120n },
      { asset: 'USDT', quantity: 3_994n * 10n ** 18n, costCents: 1_997_000n },
    ]);
  });

  it('realises the USDT’s gain in December (an exempt month)', () => {
    const dec = history.months.get('2026-12')!;
    expect(dec.salesCents).toBe(3_123_120n);
    expect(dec.netGainCents).toBe(120_120n);
    expect(dec.exempt).toBe(true);
  });
});
