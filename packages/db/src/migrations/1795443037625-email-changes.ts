import { sqlMigration } from './sql-migration.js';

/** A pending change of a user's email: it takes effect only when the link mailed to the new address is opened. */
export const EmailChanges1795443037625 = sqlMigration(
  'EmailChanges1795443037625',
  [
    `
      CREATE TABLE email_change_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        new_email varchar(254) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
    `CREATE INDEX email_change_requests_user_idx ON email_change_requests (user_id)`,
  ],
  [`DROP TABLE email_change_requests`],
);
