import { sqlMigration } from './sql-migration.js';

/**
 * The session that asked for an email change (issue 25): when the link is confirmed every other session of the user
 * ends, including those opened between the request and the confirmation. ON DELETE SET NULL: a pruned session only
 * means that every session ends.
 */
export const EmailChangeSession1795829995747 = sqlMigration(
  'EmailChangeSession1795829995747',
  [`ALTER TABLE email_change_requests ADD COLUMN session_id uuid REFERENCES sessions(id) ON DELETE SET NULL`],
  [`ALTER TABLE email_change_requests DROP COLUMN session_id`],
);
