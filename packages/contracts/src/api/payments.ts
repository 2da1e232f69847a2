import { z } from 'zod';
import { MESSAGES } from '../messages/index.js';
import { cpfValid } from '../domain/cpf.js';
import type { PlanId } from '../domain/plans.js';
import type { BillingCycle } from '../domain/subscription.js';
import type {
  CardBrand,
  CheckoutMethod,
  PaymentKind,
  PaymentMethod,
  PaymentProviderName,
  PaymentStatus,
} from '../domain/payments.js';

/** POST /api/user/subscription/upgrade. */
export interface UpgradeRequest {
  planId: PlanId;
  billing: BillingCycle;
}

/** What a plan change costs now, or when it takes effect. */
export interface CheckoutQuote {
  planId: PlanId;
  planName: string;
  billing: BillingCycle;
  kind: 'new' | 'renewal' | 'upgrade' | 'downgrade';
  /** To pay now, in cents and reais (0 for a downgrade, which takes effect at the next period). */
  amountCents: number;
  amount: number;
  /** The full price of the cycle (what the next renewals charge). */
  fullPriceCents: number;
  /** An upgrade: the prorated difference for the rest of the current period. */
  prorated: boolean;
  periodStart: string;
  periodEnd: string;
}

/** Answer of POST /api/user/subscription/upgrade: where to pay ('Redirecionando para o pagamento...'). */
export interface UpgradeResponse {
  message: string;
  /** /payment?plan=…&billing=…: the checkout to open; null when nothing is to be paid (a downgrade). */
  checkoutUrl: string | null;
  quote: CheckoutQuote;
}

/** The card as it reaches the server: never the number or the CVV. */
export interface CardTokenInput {
  brand: CardBrand;
  last4: string;
  /** The provider's token (sandbox: made in the browser; Mercado Pago: from @mercadopago/sdk-js). */
  token: string;
}

/** POST /api/payments. */
export interface CreatePaymentRequest {
  planId: PlanId;
  billing: BillingCycle;
  method: CheckoutMethod;
  card?: CardTokenInput;
  /**
   * The payer's CPF (masked or digits), required for boleto, and for card on Mercado Pago. Sent to the provider as
   * payer.identification {type:'CPF'}; stored only on the payments that needed it (docs/SECURITY.md).
   */
  payerCpf?: string;
}

export interface PaymentResponse {
  id: string;
  planId: PlanId;
  planName: string;
  billing: BillingCycle;
  kind: PaymentKind;
  amountCents: number;
  amount: number;
  method: PaymentMethod;
  methodLabel: string;
  provider: PaymentProviderName;
  status: PaymentStatus;
  statusLabel: string;
  invoiceNumber: string | null;
  /** /api/payments/{id}/invoice when approved or refunded. */
  invoiceUrl: string | null;
  cardBrand: CardBrand | null;
  cardLast4: string | null;
  /** The payer's CPF when the payment needed one, always masked ('***.456.789-**'). */
  payerCpf: string | null;
  pix: { code: string; qrDataUrl: string; expiresAt: string } | null;
  boleto: { line: string; barcode: string; dueDate: string } | null;
  periodStart: string | null;
  periodEnd: string | null;
  failureReason: string | null;
  createdAt: string;
  approvedAt: string | null;
  refundedAt: string | null;
  /** Until when the 7-day guarantee lets the user refund it (only the first paid payment); null: not refundable. */
  refundableUntil: string | null;
  /** Whether the sandbox control ('Simular pagamento aprovado'…) may be shown. */
  sandbox: boolean;
}

/**
 * GET /api/payments/config: how the payment page charges a card. 'sandbox': the browser checks the card and makes
 * a sandbox token; 'mercadopago': the browser loads Mercado Pago's SDK from `sdkUrl` and tokenises the card with
 * `publicKey` (only the token, brand and last 4 reach the server).
 */
export interface PaymentsConfig {
  provider: PaymentProviderName;
  mercadoPago: { publicKey: string; sdkUrl: string } | null;
}

/**
 * GET /api/user/payment-method: the card kept at the provider for renewals (brand + last 4 only; the provider's
 * customer and card ids stay on the server). Null when renewals are issued as PIX/boleto by email.
 */
export interface StoredCardResponse {
  card: {
    brand: CardBrand;
    last4: string;
    savedAt: string;
    /** Sandbox only: whether the next renewals charged to this card are declined ('Simular recusa'); null otherwise. */
    sandboxDeclines: boolean | null;
  } | null;
}

/** POST /api/user/payment-method/sandbox: how the sandbox's issuer answers the next renewals charged to the card. */
export interface StoredCardSandboxRequest {
  action: 'approve' | 'decline';
}

/** POST /api/payments/{id}/sandbox. */
export type SandboxAction = 'approve' | 'decline' | 'expire';
export interface SandboxActionRequest {
  action: SandboxAction;
}

/** Socket event 'payment:updated' to user:<owner>. */
export interface PaymentUpdatedEvent {
  payment: PaymentResponse;
  /** 'Assinatura {plan} ativada com sucesso!' when the payment activated a plan. */
  message: string | null;
}

/** Socket event 'subscription:updated' to user:<owner>: the subscription changed (payment, lapse, cancel). */
export interface SubscriptionUpdatedEvent {
  status: string;
  planId: PlanId;
}

const M = MESSAGES.payments;
const planIdField = z.enum(['basic', 'professional', 'enterprise'], { error: M.planInvalid });
const billingField = z.enum(['monthly', 'yearly'], { error: M.billingInvalid });

export const upgradeRequestSchema = z.strictObject({
  planId: planIdField,
  billing: billingField.default('monthly'),
});

/** GET /api/user/subscription/quote?planId=…&billing=… */
export const quoteQuerySchema = z.strictObject({
  planId: planIdField,
  billing: billingField.default('monthly'),
});

export const cardTokenSchema = z.strictObject({
  brand: z.enum(['visa', 'mastercard', 'elo'], { error: M.cardBrandInvalid }),
  last4: z.string({ error: M.cardLast4Invalid }).regex(/^\d{4}$/, M.cardLast4Invalid),
  token: z
    .string({ error: M.cardTokenInvalid })
    .min(8, M.cardTokenInvalid)
    .max(200, M.cardTokenInvalid)
    .regex(/^[A-Za-z0-9_.-]+$/, M.cardTokenInvalid),
});

/** A CPF with valid check digits (with or without the mask). */
export const cpfField = z
  .string({ error: M.cpfInvalid })
  .max(20, M.cpfInvalid)
  .refine((v) => cpfValid(v), M.cpfInvalid);

export const createPaymentSchema = z
  .strictObject({
    planId: planIdField,
    billing: billingField,
    method: z.enum(['card', 'pix', 'boleto'], { error: M.methodInvalid }),
    card: cardTokenSchema.optional(),
    payerCpf: cpfField.optional(),
  })
  .refine((v) => v.method !== 'card' || v.card !== undefined, { message: M.cardRequired, path: ['card'] })
  .refine((v) => v.method !== 'boleto' || v.payerCpf !== undefined, {
    message: M.cpfRequired,
    path: ['payerCpf'],
  });

export const storedCardSandboxSchema = z.strictObject({
  action: z.enum(['approve', 'decline'], { error: M.storedCardSandboxAction }),
});

export const sandboxActionSchema = z.strictObject({
  action: z.enum(['approve', 'decline', 'expire'], { error: M.sandboxActionInvalid }),
});
