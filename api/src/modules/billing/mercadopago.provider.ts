import { CardToken, Customer, MercadoPagoConfig, Payment, PaymentRefund } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { BOLETO_DUE_DAYS, MESSAGES, PIX_EXPIRY_MINUTES, type PaymentStatus } from '@arbitra/contracts';
import type { PaymentRecord } from '@arbitra/db';
import type { ApiConfig } from '../../config/config.js';
import type {
  ChargeRequest,
  ChargeResult,
  Payer,
  PaymentProvider,
  ProviderNotification,
  SaveCardRequest,
  StoredCard,
  WebhookRequest,
} from './payment-provider.js';
import { WebhookSignatureError, notificationDataId } from './sandbox.provider.js';
import { headerOf, verifyNotification } from './webhook-signature.js';

/** Card brands as Mercado Pago names the payment methods. */
const MP_CARD_METHOD = { visa: 'visa', mastercard: 'master', elo: 'elo' } as const;

const payerName = (name: string): { first_name: string; last_name?: string } => {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first_name: first || name, ...(rest.length ? { last_name: rest.join(' ') } : {}) };
};

/** payer.identification, as Mercado Pago needs it for boleto and for cards in Brazil. */
const identification = (cpf: string | null | undefined) =>
  cpf ? { identification: { type: 'CPF', number: cpf } } : {};

/** A card payment's answer: decided at once, or pending until the notification. */
function cardResult(id: number | undefined, mpStatus: string | undefined): ChargeResult {
  const status = ledgerStatus(mpStatus);
  return {
    providerPaymentId: String(id),
    status: status === 'approved' ? 'approved' : status === 'declined' ? 'declined' : 'pending',
    failureReason: status === 'declined' ? MESSAGES.payments.declinedByIssuer : null,
  };
}

/** Mercado Pago's statuses → the ledger's. */
export function ledgerStatus(mp: string | undefined): PaymentStatus {
  const map: Record<string, PaymentStatus> = {
    approved: 'approved',
    rejected: 'declined',
    cancelled: 'expired',
    refunded: 'refunded',
    charged_back: 'refunded',
  };
  // pending, in_process, in_mediation, authorized: still open.
  return (mp && map[mp]) || 'pending';
}

export interface MercadoPagoOptions {
  accessToken: string;
  webhookSecret: string;
  /** Where notifications are sent ({APP_URL}/api/payments/webhook/mercadopago). */
  notificationUrl: string;
  /** The API's base URL; tests point it at a local HTTP double. */
  apiUrl: string;
}

/**
 * Production provider (DECISIONS §4) through the official SDK: cards tokenised in the browser by
 * @mercadopago/sdk-js (only the token, brand and last 4 reach us), PIX and boleto charges, notifications
 * verified (x-signature / x-request-id) and then the payment fetched from Mercado Pago before anything
 * changes. It cannot be reached from this environment: tests run it against a local double of the API.
 */
export class MercadoPagoPaymentProvider implements PaymentProvider {
  readonly name = 'mercadopago' as const;
  private readonly payments: Payment;
  private readonly refunds: PaymentRefund;
  private readonly customers: Customer;
  private readonly cardTokens: CardToken;

  constructor(private readonly options: MercadoPagoOptions) {
    // The SDK reads its base URL from one static setting (no per-client option).
    (AppConfig as { BASE_URL: string }).BASE_URL = options.apiUrl.replace(/\/$/, '');
    const client = new MercadoPagoConfig({ accessToken: options.accessToken, options: { timeout: 15_000 } });
    this.payments = new Payment(client);
    this.refunds = new PaymentRefund(client);
    this.customers = new Customer(client);
    this.cardTokens = new CardToken(client);
  }

  static fromConfig(config: ApiConfig): MercadoPagoPaymentProvider {
    if (!config.MERCADOPAGO_ACCESS_TOKEN || !config.MERCADOPAGO_PUBLIC_KEY || !config.PAYMENTS_WEBHOOK_SECRET)
      throw new Error(
        'PAYMENTS_PROVIDER=mercadopago exige MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY e PAYMENTS_WEBHOOK_SECRET',
      );
    return new MercadoPagoPaymentProvider({
      accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: config.PAYMENTS_WEBHOOK_SECRET,
      notificationUrl: `${config.appUrl}/api/payments/webhook/mercadopago`,
      apiUrl: config.MERCADOPAGO_API_URL,
    });
  }

  /** What every payment sends: amount, description, the ledger id, where to notify, and who pays. */
  private base(payment: PaymentRecord, payer: Payer) {
    return {
      transaction_amount: payment.amountCents / 100,
      description: `Assinatura Arbitra ${payment.planId} (${payment.billing === 'yearly' ? 'anual' : 'mensal'})`,
      external_reference: payment.id,
      notification_url: this.options.notificationUrl,
      payer: { email: payer.email, ...payerName(payer.name), ...identification(payer.cpf) },
    };
  }

  async createCharge(req: ChargeRequest): Promise<ChargeResult> {
    const { payment, payer } = req;
    const base = this.base(payment, payer);
    // The ledger's id as idempotency key: a retried request never charges twice.
    const requestOptions = { idempotencyKey: payment.id };
    if (payment.method === 'card') {
      if (!req.card) throw new Error('card token missing');
      const r = await this.payments.create({
        body: {
          ...base,
          token: req.card.token,
          installments: 1,
          payment_method_id: MP_CARD_METHOD[req.card.brand],
        },
        requestOptions,
      });
      return cardResult(r.id, r.status);
    }
    if (payment.method === 'pix') {
      const expires = new Date(Date.now() + PIX_EXPIRY_MINUTES * 60_000);
      const r = await this.payments.create({
        body: { ...base, payment_method_id: 'pix', date_of_expiration: expires.toISOString() },
        requestOptions,
      });
      const code = r.point_of_interaction?.transaction_data?.qr_code;
      if (!code) throw new Error('Mercado Pago não devolveu o código PIX');
      return { providerPaymentId: String(r.id), status: 'pending', pixCode: code, pixExpiresAt: expires };
    }
    const due = new Date(Date.now() + BOLETO_DUE_DAYS * 86_400_000);
    const r = await this.payments.create({
      body: { ...base, payment_method_id: 'bolbradesco', date_of_expiration: due.toISOString() },
      requestOptions,
    });
    const details = r.transaction_details;
    if (!details?.digitable_line || !details.barcode?.content)
      throw new Error('Mercado Pago não devolveu o boleto');
    return {
      providerPaymentId: String(r.id),
      status: 'pending',
      boletoLine: details.digitable_line,
      boletoBarcode: details.barcode.content,
      boletoDueDate: (r.date_of_expiration ?? due.toISOString()).slice(0, 10),
    };
  }

  /**
   * Mercado Pago's "Cards and customers" flow: the customer found by email (or created, with the CPF when there is
   * one), then the card saved to it from the first payment's token. Only the ids come back.
   */
  async saveCard(req: SaveCardRequest): Promise<StoredCard> {
    const { payer } = req;
    const found = await this.customers.search({ options: { email: payer.email } });
    let customerId = found.results?.find((c) => c.email?.toLowerCase() === payer.email.toLowerCase())?.id;
    if (!customerId) {
      const created = await this.customers.create({
        body: { email: payer.email, ...payerName(payer.name), ...identification(payer.cpf) },
        requestOptions: { idempotencyKey: `customer-${payer.userId}` },
      });
      customerId = created.id;
    }
    if (!customerId) throw new Error('Mercado Pago não devolveu o cliente');
    const card = await this.customers.createCard({
      customerId,
      body: { token: req.cardToken },
      requestOptions: { idempotencyKey: `card-${req.cardToken}` },
    });
    if (!card.id) throw new Error('Mercado Pago não devolveu o cartão salvo');
    return { customerId, cardId: card.id, brand: req.brand, last4: card.last_four_digits ?? req.last4 };
  }

  /**
   * A recurring charge with the saved card, server-side: a card token made from the card id for the customer (no
   * CVV: Mercado Pago's recurring-payment flow), then the payment with payer type 'customer'.
   */
  async chargeStoredCard(req: ChargeRequest & { stored: StoredCard }): Promise<ChargeResult> {
    const { payment, payer, stored } = req;
    const token = await this.cardTokens.create({
      body: { card_id: stored.cardId, customer_id: stored.customerId },
      requestOptions: { idempotencyKey: `token-${payment.id}` },
    });
    if (!token.id) throw new Error('Mercado Pago não devolveu o token do cartão salvo');
    const base = this.base(payment, payer);
    const r = await this.payments.create({
      body: {
        ...base,
        token: token.id,
        installments: 1,
        payment_method_id: MP_CARD_METHOD[stored.brand],
        payer: { ...base.payer, type: 'customer', id: stored.customerId },
      },
      requestOptions: { idempotencyKey: payment.id },
    });
    return cardResult(r.id, r.status);
  }

  async removeCard(stored: StoredCard): Promise<void> {
    await this.customers.removeCard({ customerId: stored.customerId, cardId: stored.cardId });
  }

  async readNotification(req: WebhookRequest): Promise<ProviderNotification | null> {
    const dataId = notificationDataId(req);
    if (!dataId) return null;
    const ok = verifyNotification(
      this.options.webhookSecret,
      headerOf(req.headers, 'x-signature'),
      dataId,
      headerOf(req.headers, 'x-request-id'),
    );
    if (!ok) throw new WebhookSignatureError();
    // Never trust the notification's content: read the payment from Mercado Pago.
    const r = await this.payments.get({ id: dataId });
    const status = ledgerStatus(r.status);
    return {
      providerPaymentId: String(r.id),
      status,
      failureReason:
        status === 'declined'
          ? MESSAGES.payments.declinedByIssuer
          : status === 'expired'
            ? MESSAGES.payments.expired
            : null,
    };
  }

  /** PUT /v1/payments/:id {status:'cancelled'}: refused by Mercado Pago once the payment is decided. */
  async cancelCharge(providerPaymentId: string): Promise<boolean> {
    try {
      const r = await this.payments.cancel({ id: providerPaymentId });
      return r.status === 'cancelled';
    } catch {
      const r = await this.payments.get({ id: providerPaymentId });
      return r.status === 'cancelled';
    }
  }

  async refund(providerPaymentId: string): Promise<void> {
    await this.refunds.create({
      payment_id: providerPaymentId,
      requestOptions: { idempotencyKey: `refund-${providerPaymentId}` },
    });
  }
}
