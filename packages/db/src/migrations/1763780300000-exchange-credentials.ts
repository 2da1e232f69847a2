import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Exchange credentials, encrypted at rest (issue 6, DECISIONS §6). */
export class ExchangeCredentials1763780300000 implements MigrationInterface {
  name = 'ExchangeCredentials1763780300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE exchange_credentials (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        exchange_name varchar(32) NOT NULL,
        key_id varchar(32) NOT NULL,
        api_key_encrypted text NOT NULL,
        api_secret_encrypted text NOT NULL,
        passphrase_encrypted text,
        is_active boolean NOT NULL DEFAULT true,
        validation_status varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (validation_status IN ('pending', 'valid', 'invalid')),
        validation_reason varchar(500),
        validated_at timestamptz,
        permissions jsonb,
        can_withdraw boolean,
        check_version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        CONSTRAINT exchange_credentials_user_exchange_uq UNIQUE (user_id, exchange_name)
      )`);
    await q.query(`CREATE INDEX exchange_credentials_key_id_idx ON exchange_credentials (key_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS exchange_credentials`);
  }
}
