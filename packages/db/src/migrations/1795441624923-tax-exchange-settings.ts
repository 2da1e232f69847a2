import { sqlMigration } from './sql-migration.js';

/**
 * The tax report (issue 15): each user's choice of whether an exchange reports to the Receita Federal
 * (no row = the default of packages/contracts/src/tax/rules.ts), and an index for the report's reads of
 * live trades.
 */
export const TaxExchangeSettings1795441624923 = sqlMigration(
  'TaxExchangeSettings1795441624923',
  [
    `
      CREATE TABLE tax_exchange_settings (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        exchange varchar(32) NOT NULL,
        reports boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, exchange)
      )`,
    `CREATE INDEX trades_user_live_executed_idx ON trades (user_id, executed_at) WHERE mode = 'live' AND status <> 'pending'`,
  ],
  [`DROP INDEX trades_user_live_executed_idx`, `DROP TABLE tax_exchange_settings`],
);
