import { sqlMigration } from './sql-migration.js';

export const Init1763780000000 = sqlMigration(
  'Init1763780000000',
  [
    `CREATE EXTENSION IF NOT EXISTS pgcrypto`,
    `
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        email varchar(254) NOT NULL UNIQUE,
        password_hash varchar(255) NOT NULL,
        role varchar(16) NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    // Payloads the Socket.IO Postgres adapter cannot fit into NOTIFY.
    `
      CREATE TABLE IF NOT EXISTS socket_io_attachments (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT now(),
        payload bytea
      )`,
  ],
  [`DROP TABLE IF EXISTS socket_io_attachments`, `DROP TABLE users`],
);
