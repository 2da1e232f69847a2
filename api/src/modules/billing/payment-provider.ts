import type { CardBrand, PaymentStatus } from '@arbitra/contracts';
import type { PaymentRecord, ProviderCharge } from '@arbitra/db';

export interface Payer {
  userId: string;
  email: string;
  name: string;
}

export interface ChargeRequest {
  payment: PaymentRecord;
  payer: Payer;
  /** Card payments: the token made in the browser (never the number or the CVV). */
  card?: { token: string; brand: CardBrand; last4: string };
}

export interface ChargeResult extends ProviderCharge {
  /** Card payments may be decided at once; PIX and boleto stay pending until the provider notifies. */
  status: 'pending' | 'approved' | 'declined';
  failureReason?: string | null;
  /** A reusable reference of the card at the provider, for renewals. */
  cardToken?: string | null;
}

/** A notification as the provider confirms it (signature checked, payment fetched from the provider). */
export interface ProviderNotification {
  providerPaymentId: string;
  status: PaymentStatus;
  failureReason: string | null;
}

/** What an incoming webhook request carries. */
export interface WebhookRequest {
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** One interface, two implementations chosen by PAYMENTS_PROVIDER (DECISIONS §4). */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'mercadopago';
  createCharge(req: ChargeRequest): Promise<ChargeResult>;
  /**
   * A renewal charged to the card kept at the provider. Absent when the provider cannot charge a card off-session
   * here (Mercado Pago): card subscribers then renew by a PIX charge issued 3 days ahead, like PIX/boleto ones.
   */
  chargeStoredCard?(req: ChargeRequest & { cardToken: string }): Promise<ChargeResult>;
  /**
   * Verifies the notification's signature (x-signature / x-request-id), then reads the payment's status from
   * the provider. Null: a notification about something else (ignored). Throws on a bad signature.
   */
  readNotification(req: WebhookRequest): Promise<ProviderNotification | null>;
  refund(providerPaymentId: string): Promise<void>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
