import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 'Lucro mínimo após rebalanceamento' (issue 29): a bot may compare its minimum profit with the profit after its
 * share of the transfers that undo the trade's inventory move. Off for every existing bot.
 */
export class BotMinProfitAfterRebalance1795897538478 implements MigrationInterface {
  name = 'BotMinProfitAfterRebalance1795897538478';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bots ADD COLUMN min_profit_after_rebalance boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bots DROP COLUMN min_profit_after_rebalance`);
  }
}
