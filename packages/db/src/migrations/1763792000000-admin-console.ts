import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin console (issue 11): platform settings (taker fees, maintenance banner, registrations), one row per key,
 * and the audit log indexed by action and date (the security page's search).
 */
export class AdminConsole1763792000000 implements MigrationInterface {
  name = 'AdminConsole1763792000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE platform_settings (
        key varchar(48) PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX audit_log_action_created_idx ON audit_log (action, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_action_created_idx`);
    await q.query(`DROP TABLE platform_settings`);
  }
}
