import { Decimal } from 'decimal.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataSource } from '@arbitra/db';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';

/**
 * Issue 15: the migration that added the R$ columns backfills the trades recorded before it, by the ledger's rule.
 * The database is migrated, the R$ migration undone, trades written as the old ledger did, then migrated again.
 */
describe('migration 1795441371829-trades-brl: backfill of existing trades', () => {
  let db: TestDatabase;
  let sql: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await db?.drop();
  });

  it('fills profit, fees and volume in R$ and the bots’ R$ totals from usdt_brl and the legs', async () => {
    const ds = createDataSource(db.url);
    await ds.initialize();
    try {
      // Undo the later migrations too, down to and including the R$ one (they are re-run below).
      const applied = async () =>
        (await ds.query<unknown[]>(`SELECT 1 FROM migrations WHERE name = $1`, ['TradesBrl1795441371829']))
          .length > 0;
      while (await applied()) await ds.undoLastMigration();
      const user = await sql.query<{ id: string }>(
        `INSERT INTO users (name, email, password_hash) VALUES ('Ana', 'ana@example.com', 'x') RETURNING id`,
      );
      const userId = user.rows[0]!.id;
      const bot = await sql.query<{ id: string }>(
        `INSERT INTO bots (user_id, name, strategy, pairs, exchanges, risk_level, max_investment, min_profit_percent, mode)
         VALUES ($1, 'Antigo', 'arbitrage', '["BTC/USDT"]', '["binance","kraken"]', 'low', 1000, 1, 'paper') RETURNING id`,
        [userId],
      );
      const botId = bot.rows[0]!.id;
      // BTC/USDT at 5,40: buy 0,01 at 60.000 (fee 0,00001 BTC), sell 0,00999 at 60.300 (fee 0,602397 USDT).
      // profit = 602,397 − 0,602397 − 600 = 1,794603 USDT → R$ 9,6908562; fees = 3,24 + 3,2529438 = R$ 6,4929438;
      // volume = 600 × 5,40 = R$ 3.240.
      const trade = await sql.query<{ id: string }>(
        `INSERT INTO trades (user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair, buy_exchange,
           sell_exchange, buy_price, sell_price, amount, profit, profit_percent, expected_profit, expected_profit_percent,
           usdt_brl, status, executed_at)
         VALUES ($1, $2, 'Antigo', 'k1', 'o1', 'arbitrage', 'paper', 'BTC/USDT', 'binance', 'kraken', 60000, 60300, 0.01,
           1.794603, 0.3, 2, 0.33, 5.40, 'completed', now()) RETURNING id`,
        [userId, botId],
      );
      const tradeId = trade.rows[0]!.id;
      await sql.query(
        `INSERT INTO trade_legs (trade_id, seq, kind, exchange, symbol, side, requested_amount, filled_amount, avg_price,
           quote_amount, fee, fee_asset, status) VALUES
           ($1, 1, 'entry', 'binance', 'BTC/USDT', 'buy', 0.01, 0.01, 60000, 600, 0.00001, 'BTC', 'filled'),
           ($1, 2, 'entry', 'kraken', 'BTC/USDT', 'sell', 0.00999, 0.00999, 60300, 602.397, 0.602397, 'USDT', 'filled')`,
        [tradeId],
      );
      // A trade without legs (a failed one that placed nothing): volume falls back to amount × buyPrice.
      await sql.query(
        `INSERT INTO trades (user_id, bot_id, bot_name, execution_key, opportunity_id, strategy, mode, pair, buy_exchange,
           sell_exchange, buy_price, sell_price, amount, profit, profit_percent, expected_profit, expected_profit_percent,
           usdt_brl, status, executed_at)
         VALUES ($1, $2, 'Antigo', 'k2', 'o2', 'arbitrage', 'paper', 'BTC/USDT', 'binance', 'kraken', 60000, 60300, 0.001,
           -0.5, -0.8, 0.2, 0.33, 5.40, 'failed', now())`,
        [userId, botId],
      );

      await ds.runMigrations({ transaction: 'each' });

      const rows = await sql.query<{ key: string; profit_brl: string; fees_brl: string; volume_brl: string }>(
        `SELECT execution_key AS key, profit_brl::text, fees_brl::text, volume_brl::text FROM trades ORDER BY execution_key`,
      );
      const exact = (v: string) => new Decimal(v).toFixed();
      expect(
        rows.rows.map((r) => [r.key, exact(r.profit_brl), exact(r.fees_brl), exact(r.volume_brl)]),
      ).toEqual([
        ['k1', '9.6908562', '6.4929438', '3240'],
        ['k2', '-2.7', '0', '324'],
      ]);
      const total = await sql.query<{ t: string }>(
        `SELECT total_profit_brl::text AS t FROM bots WHERE id = $1`,
        [botId],
      );
      expect(exact(total.rows[0]!.t)).toBe('6.9908562');
    } finally {
      await ds.destroy();
    }
  });
});
