import { sqlMigration } from './sql-migration.js';

/**
 * Backtests (issue 14): one row per simulation a user asked for — the bot configuration and the market source
 * it ran on, its status and progress, and its result (JSON). A backtest writes only here: never to trades,
 * bot_balances or bots. `heartbeat_at` moves with every progress write; a 'running' row whose heartbeat stopped
 * belongs to an engine that died and is marked 'interrupted'.
 */
export const Backtests1763796000000 = sqlMigration(
  'Backtests1763796000000',
  [
    `
      CREATE TABLE backtests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        bot_id uuid REFERENCES bots(id) ON DELETE SET NULL,
        name varchar(80) NOT NULL,
        config jsonb NOT NULL,
        source jsonb NOT NULL,
        source_label varchar(300) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'running', 'completed', 'failed', 'canceled', 'interrupted')),
        progress jsonb NOT NULL DEFAULT '{"percent": 0, "trades": 0, "marketMs": 0, "etaMs": null}',
        cancel_requested boolean NOT NULL DEFAULT false,
        engine_id varchar(200),
        heartbeat_at timestamptz,
        totals jsonb,
        result jsonb,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`,
    `CREATE INDEX backtests_user_idx ON backtests (user_id, created_at DESC)`,
    `CREATE INDEX backtests_running_idx ON backtests (heartbeat_at) WHERE status = 'running'`,
  ],
  [`DROP TABLE backtests`],
);
