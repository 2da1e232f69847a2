import type { CardBrand, PaymentStatus } from '@arbitra/contracts';
import type { PaymentRecord, ProviderCharge } from '@arbitra/db';

export interface Payer {
  userId: string;
  email: string;
  name: string;
  /** 11 digits; sent as payer.identification {type:'CPF'} when the payment has one (boleto; card on Mercado Pago). */
  cpf?: string | null;
}

/** A card kept at the provider for renewals: its customer and card ids (never card data), brand and last 4. */
export interface StoredCard {
  customerId: string;
  cardId: string;
  brand: CardBrand;
  last4: string;
}

/** The first approved card payment's token, to save the card at the provider for the payer. */
export interface SaveCardRequest {
  payer: Payer;
  cardToken: string;
  brand: CardBrand;
  last4: string;
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
   * After the first approved card payment: the payer's customer at the provider (created, or found by email) and the
   * card saved to it from the payment's token. Renewals charge it off-session.
   */
  saveCard(req: SaveCardRequest): Promise<StoredCard>;
  /**
   * A renewal charged server-side to the saved card (no browser, no CVV): a card token made from the card id for
   * the customer, then a payment with payer type 'customer'. Decided at once (approved or declined) or pending
   * until the provider notifies the webhook, like any charge.
   */
  chargeStoredCard(req: ChargeRequest & { stored: StoredCard }): Promise<ChargeResult>;
  /** The user removed the card: deleted at the provider (renewals then go by PIX/boleto). */
  removeCard(stored: StoredCard): Promise<void>;
  /**
   * Verifies the notification's signature (x-signature / x-request-id), then reads the payment's status from
   * the provider. Null: a notification about something else (ignored). Throws on a bad signature.
   */
  readNotification(req: WebhookRequest): Promise<ProviderNotification | null>;
  refund(providerPaymentId: string): Promise<void>;
  /**
   * A charge not paid yet, withdrawn (the subscription it was quoted for changed): it can no longer be paid. False
   * when the provider had already decided it (paid in the meantime: its approval is then refunded as stale).
   */
  cancelCharge(providerPaymentId: string): Promise<boolean>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
