import { describe, expect, it } from 'vitest';
import { TaxLedger, historyOf, type TaxTransferInput } from './compute.js';
import { leg, trade } from './fixtures.js';
import { TRANSFER_RULE } from './rules.js';

/**
 * Scenario (issue 29), by hand:
 *   buy 1 BTC for 100.000 USDT × 5,00 (no fee)                     → pool 1 BTC at R$ 500.000,00 (R$ 500.000/BTC)
 *   transfer 0,5 BTC binance → gateio, withdrawal fee 0,0002 BTC, the fee worth R$ 110,00 (110.000 USDT × 5,00)
 *     the 0,4998 BTC moved: no disposal, the pool keeps its average (R$ 500.000/BTC)
 *     the fee: a disposal of 0,0002 BTC for R$ 110,00 at cost 0,0002 × 500.000 = R$ 100,00 → gain R$ 10,00
 *     pool: 0,9998 BTC at R$ 499.900,00 (still R$ 500.000/BTC)
 *   sell 0,5 BTC for 60.000 USDT × 5,00 = R$ 300.000,00; cost 0,5 × 500.000 = R$ 250.000,00 → gain R$ 50.000,00
 *   left: 0,4998 BTC at R$ 249.900,00
 */
const transfer = (spTime: string, fee: string, feeBrl: string | null): TaxTransferInput => ({
  id: 'x1',
  executedAt: new Date(`${spTime}:00-03:00`),
  month: spTime.slice(0, 7),
  asset: 'BTC',
  amount: '0.5',
  fee,
  feeBrl,
});

function fold(withTransfer: TaxTransferInput | null) {
  const ledger = new TaxLedger();
  ledger.add(trade('2026-05-04T10:00', '5.00', [leg('binance', 'buy', '1', 'BTC/USDT', '100000', '100000')]));
  if (withTransfer) ledger.addTransfer(withTransfer);
  ledger.add(
    trade('2026-05-20T10:00', '5.00', [leg('gateio', 'sell', '0.5', 'BTC/USDT', '120000', '60000')]),
  );
  return historyOf(ledger.finish());
}

describe('a transfer between the user’s own exchange accounts (TRANSFER_RULE)', () => {
  it('is not a disposal and keeps the average cost: the later sale costs what it would without the transfer', () => {
    const free = fold(transfer('2026-05-10T10:00', '0', null)).months.get('2026-05')!;
    const none = fold(null).months.get('2026-05')!;
    const btc = (m: typeof free) => m.assets.find((a) => a.asset === 'BTC')!;
    expect(btc(free).costOfSalesCents).toBe(25_000_000n);
    expect(btc(free).costOfSalesCents).toBe(btc(none).costOfSalesCents);
    expect(free.salesCents).toBe(none.salesCents); // nothing sold by the transfer itself
    expect(free.transfers).toBe(1);
    expect(free.withdrawalFees).toEqual([]);
    expect(TRANSFER_RULE.disposal).toBe(false);
    expect(TRANSFER_RULE.source).toContain('Lei 7.713/1988, art. 3º, § 3º');
    expect(TRANSFER_RULE.source).toContain('IN RFB 1.888/2019, art. 6º, § 1º');
  });

  it('disposes of the withdrawal fee paid in coin at its value, at average cost, and flags it for the accountant', () => {
    const h = fold(transfer('2026-05-10T10:00', '0.0002', '110'));
    const may = h.months.get('2026-05')!;
    const btc = may.assets.find((a) => a.asset === 'BTC')!;
    expect(may.withdrawalFees).toEqual([
      { asset: 'BTC', quantity: 200_000_000_000_000n, valueCents: 11_000n, costCents: 10_000n },
    ]);
    expect(may.salesCents).toBe(80_011_000n); // the 100.000 USDT given (R$ 500.000,00) + R$ 300.000,00 + R$ 110,00
    expect(btc.costOfSalesCents).toBe(25_010_000n); // R$ 250.000,00 + R$ 100,00: the average was kept
    expect(btc.gainsCents).toBe(5_001_000n); // R$ 50.000,00 + R$ 10,00
    expect(h.yearEndBalances.get(2026)!.find((b) => b.asset === 'BTC')).toEqual({
      asset: 'BTC',
      quantity: 499_800_000_000_000_000n,
      costCents: 24_990_000n,
    });
    expect(TRANSFER_RULE.withdrawalFee.flaggedForAccountant).toBe(true);
    expect(TRANSFER_RULE.withdrawalFee.source).toContain('consulte seu contador');
  });

  it('a fee with no known value is counted as unpriced, never as a free disposal silently', () => {
    const may = fold(transfer('2026-05-10T10:00', '0.0002', null)).months.get('2026-05')!;
    expect(may.unpricedOperations).toBe(1);
    expect(may.withdrawalFees[0]).toMatchObject({ valueCents: 0n, costCents: 10_000n });
  });
});
