import { sqlMigration } from './sql-migration.js';

/**
 * The admin console (issue 11): platform settings (taker fees, maintenance banner, registrations), one row per key,
 * and the audit log indexed by action and date (the security page's search).
 */
export const AdminConsole1763792000000 = sqlMigration(
  'AdminConsole1763792000000',
  [
    `
      CREATE TABLE platform_settings (
        key varchar(48) PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`,
    `CREATE INDEX audit_log_action_created_idx ON audit_log (action, created_at DESC)`,
  ],
  [`DROP INDEX audit_log_action_created_idx`, `DROP TABLE platform_settings`],
);
