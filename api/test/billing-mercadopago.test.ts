import { beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  type PaymentResponse,
  type StoredCardResponse,
  type SubscriptionResponse,
} from '@arbitra/contracts';
import { RenewalsService } from '../src/modules/billing/renewals.service.js';
import {
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from '../../scripts/test-support/mercadopago-double.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { useTestPlatform } from './support/test-platform.js';
import { register, type RegisteredUser } from './support/http.js';

const M = MESSAGES.payments;
const PUBLIC_KEY = 'TEST-public-key';
const CPF = '529.982.247-25';

/**
 * Off-session card renewals with PAYMENTS_PROVIDER=mercadopago, against the local double of Mercado Pago's API (the
 * real one cannot be reached from here): the first approved card payment saves the card to the payer's customer,
 * the billing job charges it at the period end through a token made from the saved card and a payment with payer
 * type 'customer', once; a declined renewal lapses the subscription to past_due and the user is told by email.
 */
describe('card renewals off-session with Mercado Pago (local double of its API)', () => {
  let double: MercadoPagoDouble;
  beforeAll(async () => {
    double = await startMercadoPagoDouble({ accessToken: 'TEST-token', publicKey: PUBLIC_KEY });
  });
  const t = useTestPlatform({
    mail: true,
    env: () => ({
      PAYMENTS_PROVIDER: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'TEST-token',
      MERCADOPAGO_PUBLIC_KEY: PUBLIC_KEY,
      PAYMENTS_WEBHOOK_SECRET: 'mp-webhook-secret',
      MERCADOPAGO_API_URL: double.url,
      MERCADOPAGO_SDK_URL: double.sdkUrl,
      // The billing job is run by hand here.
      SUBSCRIPTION_SWEEP_MS: '0',
    }),
  });
  const { call, sql } = t;
  beforeAll(() => t.onClose(() => double.close()));

  const payByCard = async (u: RegisteredUser, payerCpf?: string) =>
    call<PaymentResponse & { message?: string }>('POST', '/api/payments', {
      token: u.token,
      body: {
        planId: 'professional',
        billing: 'monthly',
        method: 'card',
        card: {
          token: await double.browserToken('5474925432670366', 'APRO'),
          brand: 'mastercard',
          last4: '0366',
        },
        ...(payerCpf ? { payerCpf } : {}),
      },
    });

  const subscription = async (u: RegisteredUser) =>
    (await call<SubscriptionResponse>('GET', '/api/user/subscription', { token: u.token })).body;

  const endPeriodNow = (u: RegisteredUser) =>
    sql.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '30 days', current_period_end = now() - interval '1 second' WHERE user_id = $1`,
      [u.id],
    );

  /** The payments the double received for a customer's saved card (payer type 'customer'). */
  const customerCharges = (customerId: string) =>
    double.seen.filter(
      (r) =>
        r.method === 'POST' &&
        r.url === '/v1/payments' &&
        (r.body?.payer as { type?: string; id?: string } | undefined)?.id === customerId,
    );

  it('a card on Mercado Pago needs the CPF (400 pt-BR); the approved card is saved to the customer; the renewal charges it once', async () => {
    const ana = await register(call, { name: 'Ana Cartão' });
    const noCpf = await payByCard(ana);
    expect(noCpf.status).toBe(400);
    expect(noCpf.body.message).toBe(M.cpfRequired);
    const badCpf = await payByCard(ana, '529.982.247-24');
    expect(badCpf.status).toBe(400);
    expect(badCpf.body.message).toBe(M.cpfInvalid);

    const paid = await payByCard(ana, CPF);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({ status: 'approved', cardLast4: '0366', payerCpf: '***.982.247-**' });
    const firstCharge = double.seen.filter((r) => r.url === '/v1/payments' && r.method === 'POST').at(-1)!;
    expect(firstCharge.body).toMatchObject({
      payer: { email: ana.email, identification: { type: 'CPF', number: '52998224725' } },
    });

    // Saved at Mercado Pago (customer found by email or created, card from the token); we keep only the ids.
    const row = await waitFor(async () => {
      const r = await sql.query<{ provider_customer_id: string; provider_card_id: string }>(
        `SELECT provider, provider_customer_id, provider_card_id, card_brand, card_last4 FROM payment_methods WHERE user_id = $1`,
        [ana.id],
      );
      return r.rows[0];
    }, 15_000);
    expect(row).toMatchObject({ provider: 'mercadopago', card_brand: 'mastercard', card_last4: '0366' });
    const customer = double.customers.get(row!.provider_customer_id)!;
    expect(customer).toMatchObject({
      email: ana.email,
      identification: { type: 'CPF', number: '52998224725' },
    });
    expect(double.savedCards.get(row!.provider_card_id)).toMatchObject({ customerId: customer.id });
    expect(
      (
        await sql.query(
          `SELECT card_token, payer_cpf FROM payments WHERE user_id = $1 AND status = 'approved'`,
          [ana.id],
        )
      ).rows,
    ).toEqual([{ card_token: null, payer_cpf: '52998224725' }]);
    const shown = await call<StoredCardResponse>('GET', '/api/user/payment-method', { token: ana.token });
    expect(shown.body).toMatchObject({ card: { brand: 'mastercard', last4: '0366', sandboxDeclines: null } });
    expect(JSON.stringify(shown.body)).not.toContain(row!.provider_card_id);

    // The period ends: two job runs at once and one more charge the saved card exactly once.
    await endPeriodNow(ana);
    const end = (
      await sql.query<{ end: Date }>(
        `SELECT current_period_end AS end FROM subscriptions WHERE user_id = $1`,
        [ana.id],
      )
    ).rows[0]!.end;
    const billing = t.platform.api.app.get(RenewalsService);
    await Promise.all([billing.tick(), billing.tick()]);
    await billing.tick();
    const charges = customerCharges(customer.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.body).toMatchObject({
      transaction_amount: 99.9,
      installments: 1,
      payment_method_id: 'master',
      payer: { type: 'customer', id: customer.id, email: ana.email },
    });
    // The token was made server-side from the saved card, for this customer.
    expect(
      double.seen.filter((r) => r.url === '/v1/card_tokens' && r.body?.card_id === row!.provider_card_id),
    ).toHaveLength(1);
    const renewals = await sql.query<{ status: string; amount_cents: number; period_start: Date }>(
      `SELECT status, amount_cents, period_start FROM payments WHERE user_id = $1 AND kind = 'renewal'`,
      [ana.id],
    );
    expect(renewals.rows).toHaveLength(1);
    expect(renewals.rows[0]).toMatchObject({ status: 'approved', amount_cents: 9990 });
    expect(renewals.rows[0]!.period_start.getTime()).toBe(end.getTime());
    expect(await subscription(ana)).toMatchObject({ status: 'active', planId: 'professional' });
    await waitFor(async () => {
      const mails = (await t.mail.all()).filter(
        (m) => m.to.some((to) => to.address === ana.email) && m.subject.includes('Pagamento aprovado'),
      );
      return mails.length === 2 ? mails : undefined;
    }, 15_000);
  }, 90_000);

  it('a declined renewal is not charged again: the subscription lapses to past_due and the user is told by email; removing the card deletes it at Mercado Pago', async () => {
    const bia = await register(call, { name: 'Bia Recusa' });
    expect((await payByCard(bia, CPF)).body.status).toBe('approved');
    const { customer_id: customerId, card_id: cardId } = (await waitFor(async () => {
      const r = await sql.query<{ customer_id: string; card_id: string }>(
        `SELECT provider_customer_id AS customer_id, provider_card_id AS card_id FROM payment_methods WHERE user_id = $1`,
        [bia.id],
      );
      return r.rows[0];
    }, 15_000))!;
    // The issuer now refuses the card (Mercado Pago's test-card convention: holder 'OTHE').
    double.savedCards.get(cardId)!.holder = 'OTHE';
    await endPeriodNow(bia);
    const billing = t.platform.api.app.get(RenewalsService);
    await Promise.all([billing.tick(), billing.tick()]);
    await billing.tick();
    expect(customerCharges(customerId)).toHaveLength(1);
    const renewals = await sql.query(
      `SELECT status, failure_reason FROM payments WHERE user_id = $1 AND kind = 'renewal'`,
      [bia.id],
    );
    expect(renewals.rows).toEqual([{ status: 'declined', failure_reason: M.declinedByIssuer }]);
    expect((await subscription(bia)).status).toBe('past_due');
    const failed = await t.mail.waitFor(bia.email, 'Pagamento não concluído', 15_000);
    expect(failed.text).toContain(M.declinedByIssuer);
    await t.mail.waitFor(bia.email, 'Assinatura vencida', 15_000);

    const removed = await call<{ message: string }>('DELETE', '/api/user/payment-method', {
      token: bia.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(M.storedCardRemoved);
    expect(double.savedCards.has(cardId)).toBe(false);
    expect(
      double.seen.some(
        (r) => r.method === 'DELETE' && r.url === `/v1/customers/${customerId}/cards/${cardId}`,
      ),
    ).toBe(true);
    expect((await call('GET', '/api/user/payment-method', { token: bia.token })).body).toEqual({
      card: null,
    });
  }, 90_000);

  it('boleto on Mercado Pago sends the CPF as payer.identification and shows it masked', async () => {
    const caio = await register(call, { name: 'Caio Boleto' });
    const res = await call<PaymentResponse>('POST', '/api/payments', {
      token: caio.token,
      body: { planId: 'basic', billing: 'monthly', method: 'boleto', payerCpf: CPF },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', payerCpf: '***.982.247-**' });
    expect(res.body.boleto?.line).toBeTruthy();
    const sent = double.seen.filter((r) => r.url === '/v1/payments' && r.method === 'POST').at(-1)!;
    expect(sent.body).toMatchObject({
      payment_method_id: 'bolbradesco',
      payer: { email: caio.email, identification: { type: 'CPF', number: '52998224725' } },
    });
  }, 60_000);

  it('LGPD: the export has the payments (CPF masked) and the saved card; deleting the account deletes the card at Mercado Pago', async () => {
    const dan = await register(call, { name: 'Dan Apaga' });
    expect((await payByCard(dan, CPF)).body.status).toBe('approved');
    const { card_id: cardId } = (
      await sql.query<{ card_id: string }>(
        `SELECT provider_card_id AS card_id FROM payment_methods WHERE user_id = $1`,
        [dan.id],
      )
    ).rows[0]!;
    const exported = await call<{ payments: PaymentResponse[]; savedCard: unknown }>(
      'GET',
      '/api/user/export',
      {
        token: dan.token,
      },
    );
    expect(exported.status).toBe(200);
    expect(exported.body.savedCard).toMatchObject({ brand: 'mastercard', last4: '0366' });
    expect(exported.body.payments.map((p) => p.payerCpf)).toEqual(['***.982.247-**']);
    expect(JSON.stringify(exported.body)).not.toContain('52998224725');
    expect(double.savedCards.has(cardId)).toBe(true);
    const deleted = await call('DELETE', '/api/user/account', {
      token: dan.token,
      body: { password: dan.password },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(double.savedCards.has(cardId)).toBe(false);
  }, 60_000);
});
