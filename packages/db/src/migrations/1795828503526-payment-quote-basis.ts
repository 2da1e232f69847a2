import { sqlMigration } from './sql-migration.js';

/**
 * A charge bound to the subscription state it was quoted for (issue 25): payments.quote_basis keeps that state (plan,
 * cycle, status, period, cancellation, scheduled downgrade) as JSON. A charge approved once the state changed is not
 * applied: it is refunded (status 'refunded' with the reason, no invoice number). Null on payments made before.
 */
export const PaymentQuoteBasis1795828503526 = sqlMigration(
  'PaymentQuoteBasis1795828503526',
  [`ALTER TABLE payments ADD COLUMN quote_basis jsonb`],
  [`ALTER TABLE payments DROP COLUMN quote_basis`],
);
