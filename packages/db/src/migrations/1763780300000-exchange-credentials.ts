import { sqlMigration } from './sql-migration.js';

/** Exchange credentials, encrypted at rest (issue 6, DECISIONS §6). */
export const ExchangeCredentials1763780300000 = sqlMigration(
  'ExchangeCredentials1763780300000',
  [
    `
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
      )`,
    `CREATE INDEX exchange_credentials_key_id_idx ON exchange_credentials (key_id)`,
  ],
  [`DROP TABLE IF EXISTS exchange_credentials`],
);
