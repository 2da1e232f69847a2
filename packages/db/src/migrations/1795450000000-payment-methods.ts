import { sqlMigration } from './sql-migration.js';

/**
 * Off-session card renewals and the payer's CPF (issue 10, what was left):
 * - payment_methods: the card a user keeps at the provider for renewals, as the provider's customer id + card id,
 *   with brand and last 4 to show. Never the card number, expiry or CVV. One per user; removing it makes renewals
 *   fall back to PIX/boleto by email.
 * - sandbox_cards: the sandbox provider's own side of a saved card (how its "issuer" answers the next renewals).
 * - payments.payer_cpf: the CPF (11 digits) sent to the provider with the payments that need it (boleto; card on
 *   Mercado Pago); null on every other payment. docs/SECURITY.md lists it.
 * - payments.card_token now lives only while a card payment is pending (the browser's single-use token, used to
 *   save the card on approval), and is cleared when the payment is settled.
 */
export const PaymentMethods1795450000000 = sqlMigration(
  'PaymentMethods1795450000000',
  [
    `
      CREATE TABLE payment_methods (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        provider varchar(16) NOT NULL CHECK (provider IN ('sandbox','mercadopago')),
        provider_customer_id text NOT NULL,
        provider_card_id text NOT NULL,
        card_brand varchar(16) NOT NULL CHECK (card_brand IN ('visa','mastercard','elo')),
        card_last4 varchar(4) NOT NULL CHECK (card_last4 ~ '^[0-9]{4}$'),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    `
      CREATE TABLE sandbox_cards (
        id text PRIMARY KEY,
        customer_id text NOT NULL,
        declines boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    `ALTER TABLE payments ADD COLUMN payer_cpf varchar(11) CHECK (payer_cpf ~ '^[0-9]{11}$')`,
    // Tokens of settled card payments are no longer needed (renewals use payment_methods).
    `UPDATE payments SET card_token = NULL WHERE status <> 'pending'`,
  ],
  [
    `ALTER TABLE payments DROP COLUMN IF EXISTS payer_cpf`,
    `DROP TABLE IF EXISTS sandbox_cards`,
    `DROP TABLE IF EXISTS payment_methods`,
  ],
);
