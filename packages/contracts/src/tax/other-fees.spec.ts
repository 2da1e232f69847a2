import { describe, expect, it } from 'vitest';
import { TaxLedger, tradeOperations } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: one leg pays its fee in two currencies (issue 25: `fee`/`feeAsset` keep the first, `otherFees` the
 * others — Binance takes BNB until it runs out, then the asset). Every fee counts as `fee` does (docs/TAX.md). By
 * hand, May 2026:
 *   04/05: buy 10 BNB on BNB/BRL at R$ 3.000,00, fee R$ 30,00 → BNB pool 10 at R$ 30.030,00
 *   05/05: buy 1 BTC on BTC/BRL at R$ 500.000,00, fee R$ 500,00 → BTC pool 1 at R$ 500.500,00
 *   06/05, USDT/BRL 5,00, the ledger's mark for BNB 620 USDT: sell 0,5 BTC on BTC/USDT at 110.000 for
 *   55.000 USDT, fees 0,1 BNB (`fee`) and 0,0005 BTC (`otherFees`):
 *     V = 55.000 × 5 = R$ 275.000,00; BNB fee 0,1 × 620 × 5 = R$ 310,00; BTC fee 0,0005 × 110.000 × 5 = R$ 275,00
 *     BTC given 0,5005 at R$ 275.275,00 (the fee in it included), fees R$ 585,00 → proceeds R$ 274.690,00;
 *       cost 500.500,00 × 0,5005 = R$ 250.500,25 → gain R$ 24.189,75
 *     BNB given 0,1 at R$ 310,00 (a disposal); cost 30.030,00 × 0,1 / 10 = R$ 300,30 → gain R$ 9,70
 *     USDT received 55.000 at R$ 275.000,00
 *   Month: sales R$ 275.275,00 + R$ 310,00 = R$ 275.585,00 (> R$ 35.000,00: taxed); gains R$ 24.199,45;
 *   tax 15 % = R$ 3.629,92; fees R$ 30,00 + R$ 500,00 + R$ 585,00 = R$ 1.115,00.
 *   Left: 0,4995 BTC at R$ 249.999,75; 9,9 BNB at R$ 29.729,70; 55.000 USDT at R$ 275.000,00.
 */
describe('a leg that paid fees in BTC and in BNB', () => {
  const sale = {
    ...trade('2026-05-06T10:00', '5.00', [
      {
        ...leg('binance', 'sell', '0.5', 'BTC/USDT', '110000', '55000', '0.1', 'BNB'),
        otherFees: [{ cost: '0.0005', currency: 'BTC' }],
      },
    ]),
    marks: { BNB: '620' },
  };
  const ledger = new TaxLedger();
  ledger.add(
    trade('2026-05-04T10:00', '5.00', [leg('mercadobitcoin', 'buy', '10', 'BNB/BRL', '3000', '30000', '30')]),
  );
  ledger.add(
    trade('2026-05-05T10:00', '5.00', [
      leg('mercadobitcoin', 'buy', '1', 'BTC/BRL', '500000', '500000', '500'),
    ]),
  );
  ledger.add(sale);
  const [may] = ledger.finish();
  const { result, after } = may!;
  const asset = (a: string) => result.assets.find((x) => x.asset === a)!;
  const brl = (units: bigint) => Number(units / 1_000_000n) / 100; // test display only
  const qty = (q: bigint) => Number(q / 10n ** 12n) / 1e6; // test display only

  it('gives the BTC of the fee with the BTC sold, and disposes of the BNB of the other fee', () => {
    expect(
      tradeOperations(sale).map((o) => [
        o.kind,
        o.asset,
        qty(o.quantity),
        brl(o.value),
        brl(o.fee),
        brl(o.amount),
      ]),
    ).toEqual([
      ['compra', 'USDT', 55_000, 275_000, 0, 275_000],
      ['venda', 'BTC', 0.5005, 275_275, 585, 274_690],
      ['venda', 'BNB', 0.1, 310, 0, 310],
    ]);
    expect(tradeOperations(sale).every((o) => o.priced)).toBe(true);
  });

  it('counts both disposals in the month, each against its average cost', () => {
    expect(asset('BTC')).toMatchObject({
      soldQuantity: 500_500_000_000_000_000n,
      salesCents: 27_527_500n,
      costOfSalesCents: 25_050_025n,
      gainCents: 2_418_975n,
    });
    expect(asset('BNB')).toMatchObject({
      soldQuantity: 100_000_000_000_000_000n,
      salesCents: 31_000n,
      costOfSalesCents: 30_030n,
      gainCents: 970n,
    });
    expect(result).toMatchObject({
      salesCents: 27_558_500n,
      exempt: false,
      gainsCents: 2_419_945n,
      taxCents: 362_992n,
      feesCents: 111_500n,
    });
  });

  it('reduces both pools', () => {
    expect(after.pools.get('BTC')).toEqual({
      quantity: 499_500_000_000_000_000n,
      cost: 24_999_975n * 10n ** 6n,
    });
    expect(after.pools.get('BNB')).toEqual({
      quantity: 9_900_000_000_000_000_000n,
      cost: 2_972_970n * 10n ** 6n,
    });
    expect(after.pools.get('USDT')).toEqual({
      quantity: 55_000n * 10n ** 18n,
      cost: 27_500_000n * 10n ** 6n,
    });
  });
});
