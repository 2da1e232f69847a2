import { sqlMigration } from './sql-migration.js';

/**
 * 'unreachable' apart from 'invalid' (issue 27): a check that could not contact the exchange (network, DNS,
 * timeout, 5xx) says nothing about the key, so it is no longer recorded as 'invalid'.
 */
export const CredentialUnreachable1795828473291 = sqlMigration(
  'CredentialUnreachable1795828473291',
  [
    `ALTER TABLE exchange_credentials DROP CONSTRAINT IF EXISTS exchange_credentials_validation_status_check`,
    `
      ALTER TABLE exchange_credentials ADD CONSTRAINT exchange_credentials_validation_status_check
        CHECK (validation_status IN ('pending', 'valid', 'invalid', 'unreachable'))`,
  ],
  [
    `UPDATE exchange_credentials SET validation_status = 'invalid' WHERE validation_status = 'unreachable'`,
    `ALTER TABLE exchange_credentials DROP CONSTRAINT IF EXISTS exchange_credentials_validation_status_check`,
    `
      ALTER TABLE exchange_credentials ADD CONSTRAINT exchange_credentials_validation_status_check
        CHECK (validation_status IN ('pending', 'valid', 'invalid'))`,
  ],
);
