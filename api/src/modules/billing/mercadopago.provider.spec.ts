import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '@arbitra/db';
import {
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from '../../../../scripts/test-support/mercadopago-double.js';
import { MercadoPagoPaymentProvider } from './mercadopago.provider.js';
import { WebhookSignatureError } from './sandbox.provider.js';
import { signNotification } from './webhook-signature.js';

const payment = (over: Partial<PaymentRecord>): PaymentRecord => ({
  id: randomUUID(),
  userId: randomUUID(),
  planId: 'basic',
  billing: 'monthly',
  kind: 'new',
  amountCents: 4990,
  method: 'card',
  provider: 'mercadopago',
  providerPaymentId: null,
  status: 'pending',
  invoiceNumber: null,
  cardBrand: 'visa',
  cardLast4: '1111',
  cardToken: null,
  pixCode: null,
  pixExpiresAt: null,
  boletoLine: null,
  boletoBarcode: null,
  boletoDueDate: null,
  periodStart: null,
  periodEnd: null,
  failureReason: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  approvedAt: null,
  refundedAt: null,
  ...over,
});

const payer = { userId: 'u1', email: 'ana@exemplo.com.br', name: 'Ana Maria Souza' };

describe('Mercado Pago provider (official SDK) against a local double of its API', () => {
  let double: MercadoPagoDouble;
  let provider: MercadoPagoPaymentProvider;
  const secret = 'webhook-secret-key';

  beforeAll(async () => {
    double = await startMercadoPagoDouble();
    provider = new MercadoPagoPaymentProvider({
      accessToken: 'TEST-token',
      webhookSecret: secret,
      notificationUrl: 'https://arbitra.example/api/payments/webhook/mercadopago',
      apiUrl: double.url,
    });
  });
  afterAll(() => double.close());

  it('charges a tokenised card (approved or rejected), with the ledger id as idempotency key', async () => {
    const p = payment({});
    const ok = await provider.createCharge({
      payment: p,
      payer,
      card: { token: 'tok-ok', brand: 'visa', last4: '1111' },
    });
    expect(ok).toMatchObject({ status: 'approved' });
    const sent = double.seen.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      url: '/v1/payments',
      auth: 'Bearer TEST-token',
      idempotency: p.id,
    });
    expect(sent.body).toMatchObject({
      transaction_amount: 49.9,
      token: 'tok-ok',
      installments: 1,
      payment_method_id: 'visa',
      external_reference: p.id,
      notification_url: 'https://arbitra.example/api/payments/webhook/mercadopago',
      payer: { email: 'ana@exemplo.com.br', first_name: 'Ana', last_name: 'Maria Souza' },
    });
    const no = await provider.createCharge({
      payment: payment({}),
      payer,
      card: { token: 'tok-rejected', brand: 'elo', last4: '0000' },
    });
    expect(no).toMatchObject({
      status: 'declined',
      failureReason: 'Pagamento recusado pelo emissor do cartão',
    });
    expect(double.seen.at(-1)!.body).toMatchObject({ payment_method_id: 'elo' });
  });

  it('issues PIX (copia e cola, 30 min) and boleto (linha digitável) charges', async () => {
    const pix = await provider.createCharge({ payment: payment({ method: 'pix' }), payer });
    expect(pix).toMatchObject({ status: 'pending', pixCode: '00020101021226…6304ABCD' });
    expect(pix.pixExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(double.seen.at(-1)!.body).toMatchObject({ payment_method_id: 'pix' });
    const boleto = await provider.createCharge({ payment: payment({ method: 'boleto' }), payer });
    expect(boleto).toMatchObject({
      status: 'pending',
      boletoLine: '23790.00009 00000.000001 00000.000000 1 00000000004990',
      boletoDueDate: '2026-11-26',
    });
  });

  it('verifies x-signature / x-request-id, then reads the status from the provider, not from the notification', async () => {
    const charge = await provider.createCharge({ payment: payment({ method: 'pix' }), payer });
    const id = charge.providerPaymentId;
    double.payments.get(id)!.status = 'approved';
    const requestId = randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const headers = { 'x-request-id': requestId, 'x-signature': signNotification(secret, id, requestId, ts) };
    const before = double.seen.length;
    const n = await provider.readNotification({
      query: { type: 'payment', 'data.id': id },
      body: { type: 'payment', action: 'payment.updated', data: { id }, status: 'rejected' },
      headers,
    });
    expect(n).toEqual({ providerPaymentId: id, status: 'approved', failureReason: null });
    expect(double.seen.slice(before).map((s) => `${s.method} ${s.url}`)).toEqual([`GET /v1/payments/${id}`]);

    await expect(
      provider.readNotification({
        query: { type: 'payment', 'data.id': id },
        body: {},
        headers: { ...headers, 'x-request-id': 'other' },
      }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    await expect(
      provider.readNotification({
        query: { 'data.id': id },
        body: {},
        headers: { 'x-request-id': requestId, 'x-signature': signNotification(secret, id, requestId, old) },
      }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(
      await provider.readNotification({
        query: { type: 'merchant_order', 'data.id': '1' },
        body: {},
        headers,
      }),
    ).toBeNull();
  });

  it('maps rejected → declined, cancelled → expired and refunds at the provider', async () => {
    const charge = await provider.createCharge({ payment: payment({ method: 'pix' }), payer });
    const id = charge.providerPaymentId;
    for (const [mp, ours] of [
      ['rejected', 'declined'],
      ['cancelled', 'expired'],
      ['in_process', 'pending'],
    ] as const) {
      double.payments.get(id)!.status = mp;
      const requestId = randomUUID();
      const ts = String(Math.floor(Date.now() / 1000));
      const n = await provider.readNotification({
        query: { type: 'payment', 'data.id': id },
        body: {},
        headers: { 'x-request-id': requestId, 'x-signature': signNotification(secret, id, requestId, ts) },
      });
      expect(n?.status).toBe(ours);
    }
    double.payments.get(id)!.status = 'approved';
    await provider.refund(id);
    expect(double.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: `/v1/payments/${id}/refunds`,
      idempotency: `refund-${id}`,
    });
    expect(double.payments.get(id)!.status).toBe('refunded');
  });
});
