import { sqlMigration } from './sql-migration.js';

/** Bots, their balances, trades and trade legs (issue 5). Money and amounts are numeric. */
export const Bots1763780400000 = sqlMigration(
  'Bots1763780400000',
  [
    `
      CREATE TABLE bots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(80) NOT NULL,
        strategy varchar(16) NOT NULL CHECK (strategy IN ('arbitrage','triangular','statistical')),
        pairs jsonb NOT NULL,
        exchanges jsonb NOT NULL,
        risk_level varchar(8) NOT NULL CHECK (risk_level IN ('low','medium','high')),
        max_investment numeric(20,2) NOT NULL CHECK (max_investment > 0),
        min_profit_percent numeric(10,4) NOT NULL CHECK (min_profit_percent > 0),
        active boolean NOT NULL DEFAULT false,
        status varchar(16) NOT NULL DEFAULT 'stopped' CHECK (status IN ('running','stopped','error')),
        status_reason varchar(300),
        mode varchar(8) NOT NULL DEFAULT 'paper' CHECK (mode IN ('paper','live')),
        total_trades integer NOT NULL DEFAULT 0,
        total_profit numeric(38,18) NOT NULL DEFAULT 0,
        profit_percent numeric(20,8) NOT NULL DEFAULT 0,
        initial_capital numeric(38,18),
        consecutive_failures integer NOT NULL DEFAULT 0,
        naked_exposure jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX bots_user_id_idx ON bots (user_id)`,
    `CREATE INDEX bots_running_idx ON bots (status) WHERE active`,
    `
      CREATE TABLE bot_balances (
        bot_id uuid NOT NULL REFERENCES bots(id) ON DELETE CASCADE,
        exchange varchar(32) NOT NULL,
        asset varchar(16) NOT NULL,
        amount numeric(38,18) NOT NULL,
        initial numeric(38,18) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (bot_id, exchange, asset)
      )`,
    `
      CREATE TABLE trades (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        bot_id uuid REFERENCES bots(id) ON DELETE SET NULL,
        bot_name varchar(80) NOT NULL,
        execution_key varchar(300) NOT NULL UNIQUE,
        opportunity_id varchar(200) NOT NULL,
        strategy varchar(16) NOT NULL,
        mode varchar(8) NOT NULL,
        pair varchar(32) NOT NULL,
        buy_exchange varchar(32) NOT NULL,
        sell_exchange varchar(32) NOT NULL,
        buy_price numeric(38,18) NOT NULL,
        sell_price numeric(38,18) NOT NULL,
        amount numeric(38,18) NOT NULL,
        profit numeric(38,18) NOT NULL,
        profit_percent numeric(20,8) NOT NULL,
        expected_profit numeric(38,18) NOT NULL,
        expected_profit_percent numeric(20,8) NOT NULL,
        usdt_brl numeric(20,8) NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('completed','failed','pending')),
        failure_reason varchar(300),
        executed_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX trades_user_executed_idx ON trades (user_id, executed_at DESC)`,
    `CREATE INDEX trades_bot_executed_idx ON trades (bot_id, executed_at DESC)`,
    `
      CREATE TABLE trade_legs (
        trade_id uuid NOT NULL REFERENCES trades(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        kind varchar(8) NOT NULL,
        exchange varchar(32) NOT NULL,
        symbol varchar(32) NOT NULL,
        side varchar(4) NOT NULL,
        requested_amount numeric(38,18) NOT NULL,
        filled_amount numeric(38,18) NOT NULL,
        avg_price numeric(38,18) NOT NULL,
        quote_amount numeric(38,18) NOT NULL,
        fee numeric(38,18) NOT NULL,
        fee_asset varchar(16) NOT NULL,
        status varchar(8) NOT NULL,
        order_id varchar(100),
        PRIMARY KEY (trade_id, seq)
      )`,
  ],
  [`DROP TABLE trade_legs`, `DROP TABLE trades`, `DROP TABLE bot_balances`, `DROP TABLE bots`],
);
