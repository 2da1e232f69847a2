import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 'unreachable' apart from 'invalid' (issue 27): a check that could not contact the exchange (network, DNS,
 * timeout, 5xx) says nothing about the key, so it is no longer recorded as 'invalid'.
 */
export class CredentialUnreachable1795828473291 implements MigrationInterface {
  name = 'CredentialUnreachable1795828473291';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE exchange_credentials DROP CONSTRAINT IF EXISTS exchange_credentials_validation_status_check`,
    );
    await q.query(`
      ALTER TABLE exchange_credentials ADD CONSTRAINT exchange_credentials_validation_status_check
        CHECK (validation_status IN ('pending', 'valid', 'invalid', 'unreachable'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE exchange_credentials SET validation_status = 'invalid' WHERE validation_status = 'unreachable'`,
    );
    await q.query(
      `ALTER TABLE exchange_credentials DROP CONSTRAINT IF EXISTS exchange_credentials_validation_status_check`,
    );
    await q.query(`
      ALTER TABLE exchange_credentials ADD CONSTRAINT exchange_credentials_validation_status_check
        CHECK (validation_status IN ('pending', 'valid', 'invalid'))`);
  }
}
