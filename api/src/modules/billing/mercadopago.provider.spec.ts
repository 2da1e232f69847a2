import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerId, PaymentRecord } from '@arbitra/db';
import {
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from '../../../../scripts/test-support/mercadopago-double.js';
import { MercadoPagoPaymentProvider } from './mercadopago.provider.js';
import { WebhookSignatureError } from './sandbox.provider.js';
import { signNotification } from './webhook-signature.js';

const payment = (over: Partial<PaymentRecord>): PaymentRecord => ({
  id: randomUUID(),
  userId: randomUUID() as OwnerId,
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
  payerCpf: null,
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
    // Boleto in Brazil needs the payer's CPF (payer.identification); without it Mercado Pago refuses the payment.
    await expect(provider.createCharge({ payment: payment({ method: 'boleto' }), payer })).rejects.toThrow();
    const boleto = await provider.createCharge({
      payment: payment({ method: 'boleto', payerCpf: '52998224725' }),
      payer: { ...payer, cpf: '52998224725' },
    });
    expect(double.seen.at(-1)!.body).toMatchObject({
      payment_method_id: 'bolbradesco',
      payer: { email: payer.email, identification: { type: 'CPF', number: '52998224725' } },
    });
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

  it('saves the first approved card to the customer (found by email, or created with the CPF) and charges it off-session at renewal', async () => {
    const buyer = { userId: randomUUID(), email: 'bia@exemplo.com.br', name: 'Bia Lima', cpf: '52998224725' };
    const token = await double.browserToken('5474925432670366', 'APRO');
    const first = await provider.createCharge({
      payment: payment({ payerCpf: buyer.cpf }),
      payer: buyer,
      card: { token, brand: 'mastercard', last4: '0366' },
    });
    expect(first.status).toBe('approved');
    expect(double.seen.at(-1)!.body).toMatchObject({
      payer: { email: buyer.email, identification: { type: 'CPF', number: buyer.cpf } },
    });

    const before = double.seen.length;
    const stored = await provider.saveCard({
      payer: buyer,
      cardToken: token,
      brand: 'mastercard',
      last4: '0366',
    });
    expect(double.seen.slice(before).map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'GET /v1/customers/search',
      'POST /v1/customers',
      `POST /v1/customers/${stored.customerId}/cards`,
    ]);
    expect(double.seen[before]!.url).toBe('/v1/customers/search?email=bia%40exemplo.com.br');
    expect(double.customers.get(stored.customerId)).toMatchObject({
      email: buyer.email,
      identification: { type: 'CPF', number: buyer.cpf },
    });
    expect(stored).toMatchObject({ brand: 'mastercard', last4: '0366' });
    expect(double.savedCards.get(stored.cardId)).toMatchObject({ customerId: stored.customerId });
    // Only ids are kept: the double holds the card, we hold its customer + card ids.
    expect(JSON.stringify(stored)).not.toContain('5474925432670366');

    // The same customer is found by email the next time (no second customer).
    const again = await provider.saveCard({
      payer: buyer,
      cardToken: await double.browserToken('4235647728025682', 'APRO'),
      brand: 'visa',
      last4: '5682',
    });
    expect(again.customerId).toBe(stored.customerId);
    expect(double.customers.size).toBe(1);

    // Renewal: a token from the saved card (access token, no CVV), then a payment with payer type customer.
    const renewal = payment({ kind: 'renewal', amountCents: 9990 });
    const mark = double.seen.length;
    const charged = await provider.chargeStoredCard({ payment: renewal, payer: buyer, stored });
    expect(charged).toMatchObject({ status: 'approved' });
    const [tokenCall, payCall] = double.seen.slice(mark);
    expect(tokenCall).toMatchObject({
      method: 'POST',
      url: '/v1/card_tokens',
      auth: 'Bearer TEST-token',
      body: { card_id: stored.cardId, customer_id: stored.customerId },
    });
    expect(payCall).toMatchObject({ method: 'POST', url: '/v1/payments', idempotency: renewal.id });
    expect(payCall!.body).toMatchObject({
      transaction_amount: 99.9,
      installments: 1,
      payment_method_id: 'master',
      external_reference: renewal.id,
      payer: { type: 'customer', id: stored.customerId, email: buyer.email },
    });
    expect(payCall!.body!.token).not.toBe(token);

    // The issuer refuses the next one: declined, with the pt-BR reason.
    double.savedCards.get(stored.cardId)!.holder = 'OTHE';
    expect(
      await provider.chargeStoredCard({ payment: payment({ kind: 'renewal' }), payer: buyer, stored }),
    ).toMatchObject({ status: 'declined', failureReason: 'Pagamento recusado pelo emissor do cartão' });

    // Removed by the user: deleted at Mercado Pago; a renewal can no longer be charged to it.
    await provider.removeCard(stored);
    expect(double.seen.at(-1)).toMatchObject({
      method: 'DELETE',
      url: `/v1/customers/${stored.customerId}/cards/${stored.cardId}`,
    });
    expect(double.savedCards.has(stored.cardId)).toBe(false);
    await expect(
      provider.chargeStoredCard({ payment: payment({ kind: 'renewal' }), payer: buyer, stored }),
    ).rejects.toThrow();
  });
});
