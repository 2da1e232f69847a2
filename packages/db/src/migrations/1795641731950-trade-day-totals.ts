import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trade history's stats without summing the whole filtered set on every page (issue 13):
 *
 * - `trade_day_totals`: per user, UTC day, bot, mode and status, the count and the exact sums (numeric) of the
 *   recorded trades (pending ones are left out: they are few and read live). Kept by statement triggers on
 *   `trades` (every writer, the ledger and bulk inserts alike, in the writer's own transaction), so the totals are
 *   exact at every commit. Rows whose trades all went (a bot deleted, a trade moved) stay with zeros. Locks: the
 *   ledger already holds its bot's row when it writes the trade, and a statement takes its totals rows in key
 *   order, so the totals add no new lock order (pending trades, written outside the ledger, take none).
 * - `trades_user_history_idx` replaces `trades_user_executed_idx`: the page order (executed_at DESC, id DESC)
 *   and the filtered columns, so a page's ids and the partial first day of a window are read from the index alone.
 *
 * TradesRepository.totals: full days from `trade_day_totals`, the window's partial first day and the pending
 * trades from `trades`.
 */
export class TradeDayTotals1795641731950 implements MigrationInterface {
  name = 'TradeDayTotals1795641731950';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE trade_day_totals (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        day date NOT NULL,
        bot_id uuid,
        mode varchar(8) NOT NULL,
        status varchar(16) NOT NULL,
        trades integer NOT NULL,
        profit numeric NOT NULL,
        profit_brl numeric NOT NULL,
        CONSTRAINT trade_day_totals_key UNIQUE NULLS NOT DISTINCT (user_id, day, bot_id, mode, status)
      )`);
    // The day of a trade: its UTC date (TradesRepository.totals splits a window at the same boundary).
    const rows = (table: string, sign: '' | '-') => `
      SELECT user_id, (executed_at AT TIME ZONE 'UTC')::date AS day, bot_id, mode, status,
             ${sign}1 AS n, ${sign}profit AS profit, ${sign}profit_brl AS profit_brl
        FROM ${table} WHERE status <> 'pending'`;
    // Changes grouped per key, applied in key order (two writers never lock the same rows in opposite orders).
    const apply = (changes: string) => `
      INSERT INTO trade_day_totals AS d (user_id, day, bot_id, mode, status, trades, profit, profit_brl)
      SELECT user_id, day, bot_id, mode, status, SUM(n), SUM(profit), SUM(profit_brl)
        FROM (${changes}) c
       GROUP BY user_id, day, bot_id, mode, status
      HAVING SUM(n) <> 0 OR SUM(profit) <> 0 OR SUM(profit_brl) <> 0
       ORDER BY user_id, day, bot_id, mode, status
      ON CONFLICT ON CONSTRAINT trade_day_totals_key DO UPDATE
         SET trades = d.trades + EXCLUDED.trades, profit = d.profit + EXCLUDED.profit,
             profit_brl = d.profit_brl + EXCLUDED.profit_brl`;
    await q.query(`
      CREATE FUNCTION trade_day_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${apply(rows('new_rows', ''))};
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION trade_day_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${apply(`${rows('new_rows', '')} UNION ALL ${rows('old_rows', '-')}`)};
        RETURN NULL;
      END $$`);
    // A delete only lowers rows that exist (when a user is deleted, its rows may already be gone).
    await q.query(`
      CREATE FUNCTION trade_day_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE trade_day_totals d
           SET trades = d.trades + c.n, profit = d.profit + c.profit, profit_brl = d.profit_brl + c.profit_brl
          FROM (SELECT user_id, day, bot_id, mode, status, SUM(n) AS n, SUM(profit) AS profit,
                       SUM(profit_brl) AS profit_brl
                  FROM (${rows('old_rows', '-')}) o GROUP BY user_id, day, bot_id, mode, status) c
         WHERE d.user_id = c.user_id AND d.day = c.day AND d.bot_id IS NOT DISTINCT FROM c.bot_id
           AND d.mode = c.mode AND d.status = c.status;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION trade_day_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM trade_day_totals;
        RETURN NULL;
      END $$`);
    // The triggers first: from here on writers wait for this transaction, so the backfill below misses nothing.
    await q.query(`
      CREATE TRIGGER trade_day_totals_insert AFTER INSERT ON trades REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION trade_day_totals_insert()`);
    await q.query(`
      CREATE TRIGGER trade_day_totals_update AFTER UPDATE ON trades
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION trade_day_totals_update()`);
    await q.query(`
      CREATE TRIGGER trade_day_totals_delete AFTER DELETE ON trades REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION trade_day_totals_delete()`);
    await q.query(`
      CREATE TRIGGER trade_day_totals_truncate AFTER TRUNCATE ON trades
        FOR EACH STATEMENT EXECUTE FUNCTION trade_day_totals_truncate()`);
    await q.query(apply(rows('trades', '')));

    await q.query(`
      CREATE INDEX trades_user_history_idx ON trades (user_id, executed_at DESC, id DESC)
        INCLUDE (status, bot_id, mode, profit, profit_brl)`);
    await q.query(`DROP INDEX trades_user_executed_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX trades_user_executed_idx ON trades (user_id, executed_at DESC)`);
    await q.query(`DROP INDEX trades_user_history_idx`);
    for (const op of ['insert', 'update', 'delete', 'truncate']) {
      await q.query(`DROP TRIGGER trade_day_totals_${op} ON trades`);
      await q.query(`DROP FUNCTION trade_day_totals_${op}()`);
    }
    await q.query(`DROP TABLE trade_day_totals`);
  }
}
