import { sqlMigration } from './sql-migration.js';

/** Messages of the contact / support form (issue 16), read and answered by admins ('Mensagens'). */
export const ContactMessages1763797100000 = sqlMigration(
  'ContactMessages1763797100000',
  [
    `
      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        name varchar(120) NOT NULL,
        email varchar(254) NOT NULL,
        subject varchar(150) NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        answer text,
        answered_at timestamptz,
        answered_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`,
    `CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC)`,
  ],
  [`DROP TABLE contact_messages`],
);
