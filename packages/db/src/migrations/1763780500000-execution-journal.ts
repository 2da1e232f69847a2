import { sqlMigration } from './sql-migration.js';

/**
 * The execution journal (issue 5): a trade row is written 'pending' before its first order, with the markets
 * its orders may use, so an executor killed mid-job is recovered (orders looked up by client order id);
 * and the open statistical positions, kept with the trades that opened them so a restart does not lose them.
 */
export const ExecutionJournal1763780500000 = sqlMigration(
  'ExecutionJournal1763780500000',
  [
    `ALTER TABLE trades ADD COLUMN plan jsonb`,
    `CREATE INDEX trades_pending_idx ON trades (created_at) WHERE status = 'pending'`,
    `
      CREATE TABLE stat_positions (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        opportunity_id varchar(200) NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        symbol varchar(32) NOT NULL,
        buy_exchange varchar(32) NOT NULL,
        sell_exchange varchar(32) NOT NULL,
        amount numeric(38,18) NOT NULL,
        entry_spread_bps numeric(20,8) NOT NULL,
        mean_bps numeric(20,8) NOT NULL,
        first_seen bigint NOT NULL,
        opened_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (bot_id, opportunity_id)
      )`,
  ],
  [`DROP TABLE stat_positions`, `DROP INDEX trades_pending_idx`, `ALTER TABLE trades DROP COLUMN plan`],
);
