import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The directions a bot skips for want of funds (issue 29 §1: 'Direção pausada: sem BTC na Binance', with how many
 * opportunities it skipped): the engine's runner keeps them in memory and writes them here on a timer, off the
 * detection path, so the api can show them on the bot.
 */
export class BotInventoryPauses1795897229697 implements MigrationInterface {
  name = 'BotInventoryPauses1795897229697';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bots ADD COLUMN inventory_pauses jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bots DROP COLUMN inventory_pauses`);
  }
}
