import { describe, expect, it } from 'vitest';
import { computeTaxHistory } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: three purchases of BTC in lots (fees in USDT and once in BTC), then one sale. By hand:
 *   lot 1: 0,5 BTC for 50.000 USDT + 50 fee, × 5,00        → cost R$ 250.250,00
 *   lot 2: 0,3 BTC for 33.000 USDT + 33 fee, × 5,20        → cost R$ 171.771,60
 *   lot 3: 0,2 BTC for 18.000 USDT, fee 0,0002 BTC, × 5,10 → 0,1998 BTC for R$ 91.800,00
 *   pool: 0,9998 BTC for R$ 513.821,60 (average R$ 513.924,3849/BTC)
 *   sale: 0,5 BTC for 60.000 USDT − 60 fee, × 5,50 → proceeds R$ 329.670,00 (sales R$ 330.000,00)
 *   cost of the sale: 513.821,60 × 0,5 / 0,9998 = R$ 256.962,19; gain R$ 72.707,81
 *   left: 0,4998 BTC at R$ 256.859,41
 * The USDT given for the lots was bought outside the report (no known cost: 'sem custo conhecido'); the sale's
 * 59.940 USDT (60.000 − 60 fee) are received at R$ 329.670,00 and held on 31/12.
 */
describe('weighted average cost over purchases in several lots', () => {
  const history = computeTaxHistory([
    trade('2026-03-02T10:00', '5.00', [leg('binance', 'buy', '0.5', 'BTC/USDT', '100000', '50000', '50')]),
    trade('2026-03-09T10:00', '5.20', [leg('binance', 'buy', '0.3', 'BTC/USDT', '110000', '33000', '33')]),
    trade('2026-03-16T10:00', '5.10', [
      leg('mercadobitcoin', 'buy', '0.2', 'BTC/USDT', '90000', '18000', '0.0002', 'BTC'),
    ]),
    trade('2026-03-23T10:00', '5.50', [leg('binance', 'sell', '0.5', 'BTC/USDT', '120000', '60000', '60')]),
  ]);
  const march = history.months.get('2026-03')!;
  const btc = march.assets.find((a) => a.asset === 'BTC')!;

  it('adds every lot to the cost, fees included, and realises the gain against the average', () => {
    expect(btc.purchasesCents).toBe(51_382_160n);
    expect(btc.salesCents).toBe(33_000_000n);
    expect(btc.costOfSalesCents).toBe(25_696_219n);
    expect(btc.gainCents).toBe(7_270_781n);
    expect(btc.boughtQuantity).toBe(999_800_000_000_000_000n);
  });

  it('keeps the rest at average cost for the balance of 31/12', () => {
    expect(history.yearEndBalances.get(2026)).toEqual([
      { asset: 'BTC', quantity: 499_800_000_000_000_000n, costCents: 25_685_941n },
      { asset: 'USDT', quantity: 59_940n * 10n ** 18n, costCents: 32_967_000n },
    ]);
  });
});
