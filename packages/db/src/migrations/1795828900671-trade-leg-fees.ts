import { sqlMigration } from './sql-migration.js';

/**
 * Every fee of a leg (issue 25): an order may pay its commission in more than one currency (Binance takes BNB
 * until it runs out, then the asset received). `fee`/`fee_asset` keep the first; `other_fees` the others, as
 * [{ "cost": "0.0001", "currency": "BTC" }] (exact decimal strings), null when there is none — so the legs
 * reproduce the bot's balances exactly.
 */
export const TradeLegFees1795828900671 = sqlMigration(
  'TradeLegFees1795828900671',
  [`ALTER TABLE trade_legs ADD COLUMN other_fees jsonb`],
  [`ALTER TABLE trade_legs DROP COLUMN other_fees`],
);
