import { MercadoPagoConfig, Payment, PaymentRefund } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { BOLETO_DUE_DAYS, MESSAGES, PIX_EXPIRY_MINUTES, type PaymentStatus } from '@arbitra/contracts';
import type { ApiConfig } from '../../config/config.js';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  ProviderNotification,
  WebhookRequest,
} from './payment-provider.js';
import { WebhookSignatureError, notificationDataId } from './sandbox.provider.js';
import { headerOf, verifyNotification } from './webhook-signature.js';

/** Card brands as Mercado Pago names the payment methods. */
const MP_CARD_METHOD = { visa: 'visa', mastercard: 'master', elo: 'elo' } as const;

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

  constructor(private readonly options: MercadoPagoOptions) {
    // The SDK reads its base URL from one static setting (no per-client option).
    (AppConfig as { BASE_URL: string }).BASE_URL = options.apiUrl.replace(/\/$/, '');
    const client = new MercadoPagoConfig({ accessToken: options.accessToken, options: { timeout: 15_000 } });
    this.payments = new Payment(client);
    this.refunds = new PaymentRefund(client);
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

  async createCharge(req: ChargeRequest): Promise<ChargeResult> {
    const { payment, payer } = req;
    const [firstName, ...rest] = payer.name.split(/\s+/);
    const base = {
      transaction_amount: payment.amountCents / 100,
      description: `Assinatura Arbitra ${payment.planId} (${payment.billing === 'yearly' ? 'anual' : 'mensal'})`,
      external_reference: payment.id,
      notification_url: this.options.notificationUrl,
      payer: {
        email: payer.email,
        first_name: firstName ?? payer.name,
        last_name: rest.join(' ') || undefined,
      },
    };
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
      const status = ledgerStatus(r.status);
      return {
        providerPaymentId: String(r.id),
        status: status === 'approved' ? 'approved' : status === 'declined' ? 'declined' : 'pending',
        failureReason: status === 'declined' ? MESSAGES.payments.declinedByIssuer : null,
      };
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

  async refund(providerPaymentId: string): Promise<void> {
    await this.refunds.create({
      payment_id: providerPaymentId,
      requestOptions: { idempotencyKey: `refund-${providerPaymentId}` },
    });
  }
}
