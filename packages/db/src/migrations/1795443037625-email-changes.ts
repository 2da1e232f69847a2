import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A pending change of a user's email: it takes effect only when the link mailed to the new address is opened. */
export class EmailChanges1795443037625 implements MigrationInterface {
  name = 'EmailChanges1795443037625';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_change_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        new_email varchar(254) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX email_change_requests_user_idx ON email_change_requests (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_change_requests`);
  }
}
