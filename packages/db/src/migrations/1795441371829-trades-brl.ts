import type { MigrationInterface, QueryRunner } from 'typeorm';
import { tradeBrlFigures, type BrlLeg } from '@arbitra/contracts';

const BATCH = 1000;

/**
 * Issue 15: every trade's profit, fees and volume in R$ beside its quote-currency figures (the ledger writes them
 * in the trade's transaction from then on), and each bot's total profit in R$. Existing trades are backfilled by
 * the same rule the ledger applies (`tradeBrlFigures` of @arbitra/contracts), from their stored `usdt_brl` and legs.
 */
export class TradesBrl1795441371829 implements MigrationInterface {
  name = 'TradesBrl1795441371829';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE trades
        ADD COLUMN profit_brl numeric(38,18) NOT NULL DEFAULT 0,
        ADD COLUMN fees_brl numeric(38,18) NOT NULL DEFAULT 0,
        ADD COLUMN volume_brl numeric(38,18) NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE bots ADD COLUMN total_profit_brl numeric(38,18) NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX trades_user_mode_executed_idx ON trades (user_id, mode, executed_at)`);

    let after = '00000000-0000-0000-0000-000000000000';
    type Row = {
      id: string;
      pair: string;
      usdt_brl: string;
      profit: string;
      amount: string;
      buy_price: string;
      legs: BrlLeg[];
    };
    for (;;) {
      const rows = (await q.query(
        `SELECT t.id, t.pair, t.usdt_brl::text, t.profit::text, t.amount::text, t.buy_price::text,
                COALESCE((SELECT json_agg(json_build_object('kind', l.kind, 'symbol', l.symbol, 'side', l.side,
                   'avgPrice', l.avg_price::text,
                   'quoteAmount', l.quote_amount::text, 'fee', l.fee::text, 'feeAsset', l.fee_asset) ORDER BY l.seq)
                   FROM trade_legs l WHERE l.trade_id = t.id), '[]') AS legs
           FROM trades t WHERE t.id > $1 ORDER BY t.id LIMIT ${BATCH}`,
        [after],
      )) as Row[];
      if (rows.length === 0) break;
      const figures = rows.map((r) =>
        tradeBrlFigures({
          pair: r.pair,
          usdtBrl: r.usdt_brl,
          profit: r.profit,
          amount: r.amount,
          buyPrice: r.buy_price,
          legs: r.legs,
        }),
      );
      await q.query(
        `UPDATE trades t SET profit_brl = v.profit_brl, fees_brl = v.fees_brl, volume_brl = v.volume_brl
           FROM unnest($1::uuid[], $2::numeric[], $3::numeric[], $4::numeric[]) AS v(id, profit_brl, fees_brl, volume_brl)
          WHERE t.id = v.id`,
        [
          rows.map((r) => r.id),
          figures.map((f) => f.profitBrl),
          figures.map((f) => f.feesBrl),
          figures.map((f) => f.volumeBrl),
        ],
      );
      after = rows[rows.length - 1]!.id;
    }
    await q.query(
      `UPDATE bots b SET total_profit_brl = s.total FROM (
         SELECT bot_id, SUM(profit_brl) AS total FROM trades WHERE bot_id IS NOT NULL GROUP BY bot_id
       ) s WHERE b.id = s.bot_id`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX trades_user_mode_executed_idx`);
    await q.query(`ALTER TABLE bots DROP COLUMN total_profit_brl`);
    await q.query(`ALTER TABLE trades DROP COLUMN profit_brl, DROP COLUMN fees_brl, DROP COLUMN volume_brl`);
  }
}
