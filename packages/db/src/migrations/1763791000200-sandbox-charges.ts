import { sqlMigration } from './sql-migration.js';

/**
 * The sandbox payment provider's own side (issue 10): what the "provider" says about each charge. The
 * sandbox control writes here, then notifies the webhook, which reads the status back, as with a real provider.
 */
export const SandboxCharges1763791000200 = sqlMigration(
  'SandboxCharges1763791000200',
  [
    `
      CREATE TABLE sandbox_charges (
        id text PRIMARY KEY,
        status varchar(16) NOT NULL CHECK (status IN ('pending','approved','declined','expired','refunded')),
        failure_reason text,
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  [`DROP TABLE IF EXISTS sandbox_charges`],
);
