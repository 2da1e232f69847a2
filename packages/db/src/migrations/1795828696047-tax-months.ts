import { sqlMigration } from './sql-migration.js';

/**
 * The tax report's kept months (issue 25): per user and São Paulo month, the folded month (its result and the
 * pools after it, packages/contracts/src/tax/fold-json.ts) with the fingerprint of the live trades it folded
 * (count and sum of execution instants) and the fold version. The api reads them instead of the whole history
 * and folds again only from the first month whose fingerprint (or version) differs. A cache of figures that
 * the trades determine: deleting every row only costs one full fold.
 */
export const TaxMonths1795828696047 = sqlMigration(
  'TaxMonths1795828696047',
  [
    `
      CREATE TABLE tax_months (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        month char(7) NOT NULL,
        version integer NOT NULL,
        fingerprint text NOT NULL,
        folded jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, month)
      )`,
  ],
  [`DROP TABLE tax_months`],
);
