import { sqlMigration } from './sql-migration.js';

/**
 * The payments ledger (issue 10): one row per charge, whatever the provider. Admin revenue figures
 * are computed from this table alone (approved rows, amount_cents, approved_at, refunded_at).
 */
export const Payments1763791000000 = sqlMigration(
  'Payments1763791000000',
  [
    `CREATE SEQUENCE IF NOT EXISTS payments_invoice_seq`,
    `
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        plan_id varchar(32) NOT NULL CHECK (plan_id IN ('basic','professional','enterprise')),
        billing varchar(8) NOT NULL CHECK (billing IN ('monthly','yearly')),
        kind varchar(16) NOT NULL CHECK (kind IN ('new','renewal','upgrade','grant')),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        method varchar(16) NOT NULL CHECK (method IN ('card','pix','boleto','grant')),
        provider varchar(16) NOT NULL CHECK (provider IN ('sandbox','mercadopago','admin')),
        provider_payment_id text,
        status varchar(16) NOT NULL CHECK (status IN ('pending','approved','declined','expired','refunded')),
        invoice_number text UNIQUE,
        card_brand text,
        card_last4 varchar(4),
        card_token text,
        pix_code text,
        pix_expires_at timestamptz,
        boleto_line text,
        boleto_barcode text,
        boleto_due_date date,
        period_start timestamptz,
        period_end timestamptz,
        failure_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        approved_at timestamptz,
        refunded_at timestamptz
      )`,
    `CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC)`,
    `CREATE INDEX payments_status_approved_idx ON payments (status, approved_at)`,
    `CREATE UNIQUE INDEX payments_provider_payment_uq ON payments (provider, provider_payment_id) WHERE provider_payment_id IS NOT NULL`,
    `CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status = 'pending'`,
  ],
  [`DROP TABLE IF EXISTS payments`, `DROP SEQUENCE IF EXISTS payments_invoice_seq`],
);
