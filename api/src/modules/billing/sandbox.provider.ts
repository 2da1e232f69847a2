import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { BOLETO_DUE_DAYS, MESSAGES, PIX_EXPIRY_MINUTES, TIME_ZONE } from '@arbitra/contracts';
import type { SandboxChargesRepository } from '@arbitra/db';
import { makeBoleto } from './boleto.js';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  ProviderNotification,
  SaveCardRequest,
  StoredCard,
  WebhookRequest,
} from './payment-provider.js';
import { pixCopyPaste, type PixReceiver } from './pix.js';
import { headerOf, signNotification, verifyNotification } from './webhook-signature.js';

/** The sandbox's bank code on boletos: 000 is no bank (nothing can be paid for real). */
const SANDBOX_BANK = '000';

/** 'YYYY-MM-DD' of `now` + `days` in São Paulo. */
export function saoPauloDatePlus(now: Date, days: number): string {
  const d = new Date(now.getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

/** 25 digits derived from the payment id (the boleto's "nosso número" area). */
function freeFieldOf(paymentId: string): string {
  const n = BigInt(`0x${createHash('sha256').update(paymentId).digest('hex').slice(0, 24)}`);
  return (n % 10n ** 25n).toString().padStart(25, '0');
}

/**
 * No real money, real behaviour (DECISIONS §4): a BR Code that banks' apps can read, a boleto line with its
 * check digits, cards tokenised in the browser. Its own ledger (sandbox_charges) plays the provider's side:
 * the sandbox control decides a charge there and sends a signed notification to the same webhook path as
 * production, which reads the status back from here.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly charges: SandboxChargesRepository,
    private readonly secret: string,
    private readonly receiver: PixReceiver,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static secretFrom(configured: string | undefined, jwtSecret: string): string {
    return configured ?? createHmac('sha256', jwtSecret).update('arbitra-sandbox-webhook').digest('hex');
  }

  async createCharge(req: ChargeRequest): Promise<ChargeResult> {
    const { payment } = req;
    const providerPaymentId = `sbx_${payment.id.replaceAll('-', '')}`;
    await this.charges.create(providerPaymentId, payment.amountCents, 'pending');
    const now = this.now();
    if (payment.method === 'pix') {
      return {
        status: 'pending',
        providerPaymentId,
        pixCode: pixCopyPaste(this.receiver, payment.amountCents, payment.id),
        pixExpiresAt: new Date(now.getTime() + PIX_EXPIRY_MINUTES * 60_000),
      };
    }
    if (payment.method === 'boleto') {
      const due = saoPauloDatePlus(now, BOLETO_DUE_DAYS);
      const b = makeBoleto(SANDBOX_BANK, payment.amountCents, due, freeFieldOf(payment.id));
      return {
        status: 'pending',
        providerPaymentId,
        boletoLine: b.line,
        boletoBarcode: b.barcode,
        boletoDueDate: due,
      };
    }
    // Card: waits for the sandbox control (approve or decline), like an issuer's answer.
    return { status: 'pending', providerPaymentId };
  }

  /** The card saved at the sandbox for the payer's customer (one customer per user, as Mercado Pago by email). */
  async saveCard(req: SaveCardRequest): Promise<StoredCard> {
    const customerId = `sbx_cus_${createHash('sha256').update(req.payer.userId).digest('hex').slice(0, 24)}`;
    const cardId = `sbx_card_${randomBytes(12).toString('hex')}`;
    await this.charges.saveCard(cardId, customerId);
    return { customerId, cardId, brand: req.brand, last4: req.last4 };
  }

  /**
   * A renewal charged off-session to the saved card: decided at once by the sandbox's issuer, approved unless the
   * user chose 'Simular recusa' for the card (or the card is gone), as Mercado Pago answers a card payment.
   */
  async chargeStoredCard(req: ChargeRequest & { stored: StoredCard }): Promise<ChargeResult> {
    const providerPaymentId = `sbx_${req.payment.id.replaceAll('-', '')}`;
    const declines = await this.charges.cardDeclines(req.stored.cardId, req.stored.customerId);
    const status = declines === false ? 'approved' : 'declined';
    const failureReason = status === 'declined' ? MESSAGES.payments.declinedByIssuer : null;
    await this.charges.create(providerPaymentId, req.payment.amountCents, 'pending');
    await this.charges.decide(providerPaymentId, status, failureReason);
    return { status, providerPaymentId, failureReason };
  }

  async removeCard(stored: StoredCard): Promise<void> {
    await this.charges.removeCard(stored.cardId);
  }

  /** 'Simular recusa' / 'Simular aprovação' for the next renewals charged to a saved card. */
  async setCardDeclines(stored: StoredCard, declines: boolean): Promise<void> {
    await this.charges.setCardDeclines(stored.cardId, declines);
  }

  /** Whether the sandbox's issuer declines the saved card (null: not at the sandbox). */
  cardDeclines(stored: StoredCard): Promise<boolean | null> {
    return this.charges.cardDeclines(stored.cardId, stored.customerId);
  }

  /** The sandbox control: the "provider" decides the charge, then notifies the webhook. */
  async decide(
    providerPaymentId: string,
    status: 'approved' | 'declined' | 'expired',
  ): Promise<WebhookRequest> {
    const reason =
      status === 'declined'
        ? MESSAGES.payments.declinedByIssuer
        : status === 'expired'
          ? MESSAGES.payments.expired
          : null;
    await this.charges.decide(providerPaymentId, status, reason);
    return this.notificationFor(providerPaymentId);
  }

  /** A notification as the provider sends it: type, data.id, signed headers. */
  notificationFor(providerPaymentId: string): WebhookRequest {
    const requestId = randomUUID();
    const ts = String(Math.floor(this.now().getTime() / 1000));
    return {
      query: { type: 'payment', 'data.id': providerPaymentId },
      body: { type: 'payment', action: 'payment.updated', data: { id: providerPaymentId } },
      headers: {
        'x-request-id': requestId,
        'x-signature': signNotification(this.secret, providerPaymentId, requestId, ts),
      },
    };
  }

  async readNotification(req: WebhookRequest): Promise<ProviderNotification | null> {
    const dataId = notificationDataId(req);
    if (!dataId) return null;
    if (
      !verifyNotification(
        this.secret,
        headerOf(req.headers, 'x-signature'),
        dataId,
        headerOf(req.headers, 'x-request-id'),
      )
    )
      throw new WebhookSignatureError();
    const charge = await this.charges.find(dataId);
    if (!charge) return null;
    return { providerPaymentId: charge.id, status: charge.status, failureReason: charge.failureReason };
  }

  async refund(providerPaymentId: string): Promise<void> {
    await this.charges.refund(providerPaymentId);
  }

  async cancelCharge(providerPaymentId: string): Promise<boolean> {
    return this.charges.decide(providerPaymentId, 'expired', MESSAGES.payments.staleExpired);
  }
}

export class WebhookSignatureError extends Error {
  constructor() {
    super('assinatura inválida');
  }
}

/** data.id of a payment notification (query 'data.id' or body.data.id); null for other topics. */
export function notificationDataId(req: WebhookRequest): string | null {
  const body = (req.body ?? {}) as { type?: unknown; topic?: unknown; data?: { id?: unknown } };
  const type = req.query.type ?? req.query.topic ?? body.type ?? body.topic;
  if (type !== undefined && type !== 'payment') return null;
  const raw = req.query['data.id'] ?? body.data?.id;
  const id = typeof raw === 'number' ? String(raw) : raw;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}
