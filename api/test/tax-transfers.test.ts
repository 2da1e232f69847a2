import { beforeAll, describe, expect, it } from 'vitest';
import { TradesRepository } from '@arbitra/db';
import type { TaxMonthReport } from '@arbitra/contracts';
import { insertFixtureTrades } from '../src/cli/live-trade-fixtures.js';
import { useTestPlatform } from './support/test-platform.js';
import { register, type RegisteredUser } from './support/http.js';

/**
 * Issue 29 item 6: the tax report reads the ledger's transfers. By hand (USDT/BRL 5,00 on the trade, fees 0,1 %):
 *   31/03/2026 23:30 São Paulo: buy 0,2 BTC on MEXC at 60.000, sell on Mercado Bitcoin at 61.000 (as tax.test.ts):
 *     the arbitrage leaves 175,8 USDT at R$ 879,00 (R$ 5,00 each).
 *   10/04/2026: a LIVE transfer of 100 USDT MEXC → Mercado Bitcoin, fee 1 USDT, valued 1 USDT × 5,50 = R$ 5,50:
 *     the 99 USDT moved are no disposal and keep R$ 5,00 each; the fee is a disposal of 1 USDT for R$ 5,50 at cost
 *     R$ 5,00 (gain R$ 0,50), flagged for the accountant.
 *   A paper transfer the same day never counts.
 */
describe('tax report with transfers (issue 29)', () => {
  const t = useTestPlatform();
  const { call, sql } = t;
  let maria: RegisteredUser;

  const transfer = (mode: 'live' | 'paper', key: string) =>
    sql.query(
      `INSERT INTO transfers (user_id, bot_id, bot_name, rebalance_key, seq, mode, asset, from_exchange, to_exchange,
         network, amount, fee, received, fee_usdt, usdt_brl, table_source, table_as_of, status, created_at, arrives_at,
         completed_at)
       VALUES ($1, NULL, 'Alfa', $2, 1, $3, 'USDT', 'mexc', 'mercadobitcoin', 'TRC20', 100, 1, 99, 1, 5.5, 'embarcada',
         '2026-11-28', 'completed', '2026-04-10T15:00:00Z', '2026-04-10T15:05:00Z', '2026-04-10T15:05:00Z')`,
      [maria.id, key, mode],
    );

  beforeAll(async () => {
    maria = await register(call, { name: 'Maria' });
    await insertFixtureTrades(new TradesRepository(await t.dataSource()), maria.id, 'Alfa', [
      {
        key: 'taxtr:1',
        executedAt: new Date('2026-03-31T23:30:00-03:00'),
        pair: 'BTC/USDT',
        usdtBrl: '5.00',
        amount: '0.2',
        buyExchange: 'mexc',
        buyPrice: '60000',
        sellExchange: 'mercadobitcoin',
        sellPrice: '61000',
        feeRate: '0.001',
        mode: 'live',
      },
    ]);
  });

  const april = async () => {
    const r = await call<TaxMonthReport>('GET', '/api/tax/report?month=2026-04', { token: maria.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  it('a month without transfers has no withdrawal-fee line', async () => {
    const r = await april();
    expect(r.transfers).toBe(0);
    expect(r.withdrawalFeesNotice).toBeNull();
  });

  it('a live transfer: not a disposal, its fee in coin disposed of at its value and flagged for the accountant', async () => {
    await transfer('live', 'live-1');
    await transfer('paper', 'paper-1');
    const r = await april();
    expect(r.transfers).toBe(1); // the paper one never counts
    expect(r.withdrawalFees).toEqual([{ asset: 'USDT', quantity: '1', value: '5.50', cost: '5.00' }]);
    expect(r.salesTotal).toBe('5.50'); // only the fee: the 99 USDT moved are no sale
    expect(r.gains).toBe('0.50');
    expect(r.withdrawalFeesNotice).toMatch(
      /^Taxas de saque pagas em cripto: 1 USDT \(R\$\s5,50\) — consulte seu contador$/,
    );
    expect(r.sources.transfer).toContain('Lei 7.713/1988, art. 3º, § 3º');
    expect(r.sources.withdrawalFee).toContain('consulte seu contador');
    // March (the trade) is unchanged by the transfer
    const march = await call<TaxMonthReport>('GET', '/api/tax/report?month=2026-03', { token: maria.token });
    expect(march.body.salesTotal).toBe('121060.00');
    expect(march.body.transfers).toBe(0);
  });
});
