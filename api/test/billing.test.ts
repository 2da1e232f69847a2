import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  QUEUES,
  type Bot,
  type NotificationListResponse,
  type PaymentResponse,
  type SubscriptionResponse,
} from '@arbitra/contracts';
import { createQueueFactory } from '@arbitra/transport';
import { createApiApp, type ApiApp } from '../src/bootstrap.js';
import { parseApiConfig } from '../src/config/config.js';
import { RenewalsService } from '../src/modules/billing/renewals.service.js';
import { SandboxPaymentProvider } from '../src/modules/billing/sandbox.provider.js';
import { SubscriptionsService } from '../src/modules/subscriptions/subscriptions.service.js';
import { signNotification } from '../src/modules/billing/webhook-signature.js';
import { useTestPlatform } from './support/test-platform.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { register, type RegisteredUser } from './support/http.js';

const M = MESSAGES.payments;
const CARD = { brand: 'visa', last4: '1111', token: 'sbx_tok_4111111111111111x' } as const;

describe('subscriptions and payments end to end (issue 10, sandbox provider)', () => {
  const t = useTestPlatform({ mail: true, env: { SUBSCRIPTION_SWEEP_MS: '400' } });
  const { call, sql } = t;
  let second: ApiApp;
  let secret: string;

  beforeAll(async () => {
    // A second api process on the same database and queues (renewals must still happen once).
    second = await createApiApp(parseApiConfig(t.platform.env));
    await second.app.listen(0, '127.0.0.1');
    secret = SandboxPaymentProvider.secretFrom(undefined, t.platform.env.JWT_SECRET!);
  });

  afterAll(async () => {
    await second?.app.close();
  });

  /** A paper bot created running for `u`. */
  const runningBot = async (u: RegisteredUser, name: string) => {
    const created = await call<{ bot: Bot }>('POST', '/api/bots', {
      token: u.token,
      body: {
        name,
        pairs: ['BTC/USDT'],
        exchanges: ['binance', 'mexc'],
        maxInvestment: 1000,
        minProfitPercent: 1.5,
        active: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.bot.status).toBe('running');
    return created.body.bot;
  };

  const subscription = async (u: RegisteredUser) =>
    (await call<SubscriptionResponse>('GET', '/api/user/subscription', { token: u.token })).body;

  const pay = async (u: RegisteredUser, body: Record<string, unknown>) => {
    const res = await call<PaymentResponse>('POST', '/api/payments', { token: u.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  const simulate = async (u: RegisteredUser, id: string, action: 'approve' | 'decline' | 'expire') => {
    const res = await call<PaymentResponse>('POST', `/api/payments/${id}/sandbox`, {
      token: u.token,
      body: { action },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  const webhook = (
    providerPaymentId: string,
    requestId = randomUUID(),
    ts = String(Math.floor(Date.now() / 1000)),
  ) =>
    call('POST', `/api/payments/webhook/sandbox?type=payment&data.id=${providerPaymentId}`, {
      body: { type: 'payment', action: 'payment.updated', data: { id: providerPaymentId } },
      headers: {
        'x-request-id': requestId,
        'x-signature': signNotification(secret, providerPaymentId, requestId, ts),
      },
    });

  it('a trial user pays Enterprise yearly by PIX; the approval webhook activates the plan, with invoice and mail', async () => {
    const ana = await register(call, { name: 'Ana Paga' });
    expect((await subscription(ana)).status).toBe('trialing');

    const up = await call<{ message: string; checkoutUrl: string; quote: { amountCents: number } }>(
      'POST',
      '/api/user/subscription/upgrade',
      { token: ana.token, body: { planId: 'enterprise', billing: 'yearly' } },
    );
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      message: 'Redirecionando para o pagamento...',
      checkoutUrl: '/payment?plan=enterprise&billing=yearly',
      quote: { amountCents: 199900 },
    });

    const p = await pay(ana, { planId: 'enterprise', billing: 'yearly', method: 'pix' });
    expect(p).toMatchObject({
      status: 'pending',
      amountCents: 199900,
      method: 'pix',
      sandbox: true,
      invoiceUrl: null,
    });
    expect(p.pix?.code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(p.pix?.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const expiresIn = Date.parse(p.pix!.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
    await t.mail.waitFor(ana.email, 'Cobrança PIX', 15_000);

    const approved = await simulate(ana, p.id, 'approve');
    expect(approved).toMatchObject({ status: 'approved', statusLabel: 'Aprovado', sandbox: false });
    expect(approved.invoiceNumber).toMatch(/^ARB-\d{4}-\d{6}$/);
    expect(approved.invoiceUrl).toBe(`/api/payments/${p.id}/invoice`);

    const sub = await subscription(ana);
    expect(sub).toMatchObject({
      status: 'active',
      planId: 'enterprise',
      billing: 'yearly',
      cancelAtPeriodEnd: false,
    });
    expect(sub.daysLeft).toBeGreaterThanOrEqual(365);
    const approvedMail = await t.mail.waitFor(ana.email, 'Pagamento aprovado', 15_000);
    expect(approvedMail.text).toContain('Assinatura Enterprise ativada com sucesso!');

    const invoice = await fetch(`${t.platform.baseUrl}/api/payments/${p.id}/invoice`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(invoice.status).toBe(200);
    const html = await invoice.text();
    expect(html).toContain(approved.invoiceNumber!);
    expect(html).toContain('Ana Paga');
    expect(html).toContain('R$\u00a01.999,00');
    expect(html).toContain('Enterprise');
    // The same invoice as a PDF download.
    const pdf = await fetch(`${t.platform.baseUrl}/api/payments/${p.id}/invoice.pdf`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="fatura-${approved.invoiceNumber}.pdf"`,
    );
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-')).toBe(true);
    expect(bytes).toContain(`(Fatura ${approved.invoiceNumber} - Arbitra)`);

    const history = await call<PaymentResponse[]>('GET', '/api/payments', { token: ana.token });
    expect(history.body.map((x) => [x.id, x.status])).toEqual([[p.id, 'approved']]);

    // Someone else's payment does not exist for Bruno; a second approval of a settled payment is refused.
    const bruno = await register(call, { name: 'Bruno' });
    expect((await call('GET', `/api/payments/${p.id}`, { token: bruno.token })).status).toBe(404);
    expect((await call('GET', `/api/payments/${p.id}/invoice`, { token: bruno.token })).status).toBe(404);
    expect((await call('GET', `/api/payments/${p.id}/invoice.pdf`, { token: bruno.token })).status).toBe(404);
    expect(
      (
        await call('POST', `/api/payments/${p.id}/sandbox`, {
          token: bruno.token,
          body: { action: 'approve' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/api/payments/${p.id}/sandbox`, { token: ana.token, body: { action: 'approve' } }))
        .status,
    ).toBe(409);
  });

  it('the same webhook delivered twice (and concurrently) → one approval, one activation; a bad signature is refused', async () => {
    const caio = await register(call, { name: 'Caio' });
    const p = await pay(caio, { planId: 'professional', billing: 'monthly', method: 'card', card: CARD });
    expect(p).toMatchObject({ status: 'pending', cardBrand: 'visa', cardLast4: '1111' });
    const providerId = (
      await sql.query<{ provider_payment_id: string }>(
        `SELECT provider_payment_id FROM payments WHERE id = $1`,
        [p.id],
      )
    ).rows[0]!.provider_payment_id;
    // The provider decides (as the sandbox control would); then its notification arrives more than once.
    await sql.query(`UPDATE sandbox_charges SET status = 'approved' WHERE id = $1`, [providerId]);

    const forged = await call('POST', `/api/payments/webhook/sandbox?type=payment&data.id=${providerId}`, {
      body: { type: 'payment', data: { id: providerId } },
      headers: {
        'x-request-id': 'x',
        'x-signature': `ts=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ message: M.webhookSignatureInvalid });
    expect(
      (await call<PaymentResponse>('GET', `/api/payments/${p.id}`, { token: caio.token })).body.status,
    ).toBe('pending');

    const requestId = randomUUID();
    const results = await Promise.all([
      webhook(providerId, requestId),
      webhook(providerId, requestId),
      webhook(providerId),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const afterFirst = await subscription(caio);
    expect(afterFirst).toMatchObject({ status: 'active', planId: 'professional', billing: 'monthly' });
    expect((await webhook(providerId)).status).toBe(200);
    expect(await subscription(caio)).toEqual(afterFirst);

    const rows = await sql.query(`SELECT status, invoice_number FROM payments WHERE user_id = $1`, [caio.id]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ status: 'approved' });
    await t.mail.waitFor(caio.email, 'Pagamento aprovado', 15_000);
    const mails = (await t.mail.all()).filter(
      (m) => m.to.some((to) => to.address === caio.email) && m.subject.includes('Pagamento aprovado'),
    );
    expect(mails).toHaveLength(1);
  });

  it('a declined card leaves the user trialing, with the reason; the next card payment can be approved', async () => {
    const dora = await register(call, { name: 'Dora' });
    const p = await pay(dora, { planId: 'basic', billing: 'monthly', method: 'card', card: CARD });
    const declined = await simulate(dora, p.id, 'decline');
    expect(declined).toMatchObject({
      status: 'declined',
      failureReason: 'Pagamento recusado pelo emissor do cartão',
    });
    expect((await subscription(dora)).status).toBe('trialing');
    await t.mail.waitFor(dora.email, 'Pagamento não concluído', 15_000);
    const again = await pay(dora, { planId: 'basic', billing: 'monthly', method: 'card', card: CARD });
    expect((await simulate(dora, again.id, 'approve')).status).toBe('approved');
    expect(await subscription(dora)).toMatchObject({ status: 'active', planId: 'basic' });
  });

  it('the 7-day guarantee: the first payment is refundable by its owner only, once, audited; the plan ends', async () => {
    const rui = await register(call, { name: 'Rui' });
    const other = await register(call, { name: 'Outro' });
    const p = await pay(rui, { planId: 'professional', billing: 'monthly', method: 'pix' });
    expect(p.refundableUntil).toBeNull();
    await simulate(rui, p.id, 'approve');
    const listed = (await call<PaymentResponse[]>('GET', '/api/payments', { token: rui.token })).body;
    const until = new Date(listed.find((x) => x.id === p.id)!.refundableUntil!);
    expect(until.getTime() - new Date(listed[0]!.approvedAt!).getTime()).toBe(7 * 86_400_000);
    expect((await call('POST', `/api/payments/${p.id}/refund`, { token: other.token })).status).toBe(404);
    const refunded = await call<PaymentResponse>('POST', `/api/payments/${p.id}/refund`, {
      token: rui.token,
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({
      status: 'refunded',
      statusLabel: 'Reembolsado',
      refundableUntil: null,
    });
    expect((await subscription(rui)).status).toBe('canceled');
    const again = await call<{ message: string }>('POST', `/api/payments/${p.id}/refund`, {
      token: rui.token,
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.refundWindowClosed);
    await t.mail.waitFor(rui.email, 'Reembolso confirmado', 15_000);
    const audit = await call<{ items: { action: string }[] }>('GET', '/api/user/audit', { token: rui.token });
    expect(audit.body.items.filter((e) => e.action === 'payment_refunded')).toHaveLength(1);
  });

  it('refuses bad input with pt-BR 400s', async () => {
    const eva = await register(call, { name: 'Eva' });
    const cases: [Record<string, unknown>, string][] = [
      [{ planId: 'gold', billing: 'monthly', method: 'pix' }, M.planInvalid],
      [{ planId: 'basic', billing: 'weekly', method: 'pix' }, M.billingInvalid],
      [{ planId: 'basic', billing: 'monthly', method: 'cheque' }, M.methodInvalid],
      [{ planId: 'basic', billing: 'monthly', method: 'card' }, M.cardRequired],
      [
        { planId: 'basic', billing: 'monthly', method: 'card', card: { ...CARD, brand: 'amex' } },
        M.cardBrandInvalid,
      ],
      [
        { planId: 'basic', billing: 'monthly', method: 'card', card: { ...CARD, last4: '12' } },
        M.cardLast4Invalid,
      ],
      [
        {
          planId: 'basic',
          billing: 'monthly',
          method: 'card',
          card: { ...CARD, number: '4111111111111111' },
        },
        '',
      ],
      // Boleto needs the payer's CPF, with valid check digits.
      [{ planId: 'basic', billing: 'monthly', method: 'boleto' }, M.cpfRequired],
      [{ planId: 'basic', billing: 'monthly', method: 'boleto', payerCpf: '529.982.247-24' }, M.cpfInvalid],
      [{ planId: 'basic', billing: 'monthly', method: 'boleto', payerCpf: '111.111.111-11' }, M.cpfInvalid],
      [{ planId: 'basic', billing: 'monthly', method: 'boleto', payerCpf: 52998224725 }, M.cpfInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await call<{ message: string }>('POST', '/api/payments', { token: eva.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect(
      (
        await call('POST', '/api/payments/not-a-uuid/sandbox', {
          token: eva.token,
          body: { action: 'approve' },
        })
      ).status,
    ).toBe(404);
    const p = await pay(eva, {
      planId: 'basic',
      billing: 'monthly',
      method: 'boleto',
      payerCpf: '529.982.247-25',
    });
    expect(p.boleto?.line).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    // Stored as digits with this payment only, shown masked.
    expect(p.payerCpf).toBe('***.982.247-**');
    const stored = await sql.query(`SELECT payer_cpf FROM payments WHERE id = $1`, [p.id]);
    expect(stored.rows[0]).toEqual({ payer_cpf: '52998224725' });
    // A PIX payment carries no CPF, even if one is sent.
    const pix = await pay(eva, {
      planId: 'basic',
      billing: 'monthly',
      method: 'pix',
      payerCpf: '52998224725',
    });
    expect(pix.payerCpf).toBeNull();
    const bad = await call<{ message: string }>('POST', `/api/payments/${p.id}/sandbox`, {
      token: eva.token,
      body: { action: 'steal' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(M.sandboxActionInvalid);
    expect(
      (await call('POST', '/api/payments', { body: { planId: 'basic', billing: 'monthly', method: 'pix' } }))
        .status,
    ).toBe(401);
  });

  it('a lapsed trial stops the running bots with "Assinatura vencida", mails the user and reads past_due', async () => {
    const fabio = await register(call, { name: 'Fabio' });
    await runningBot(fabio, 'Robô do Fabio');
    await sql.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '7 days', current_period_end = now() - interval '1 second' WHERE user_id = $1`,
      [fabio.id],
    );
    const stopped = await waitFor(async () => {
      const bots = (await call<Bot[]>('GET', '/api/bots', { token: fabio.token })).body;
      return bots[0]?.status === 'stopped' ? bots[0] : undefined;
    }, 20_000);
    expect(stopped).toMatchObject({ active: false, status: 'stopped', statusReason: 'Assinatura vencida' });
    expect((await subscription(fabio)).status).toBe('past_due');
    // Told through the notification service: one 'bot.stopped' (cause: the subscription) in-app and by email.
    const lapsedMail = await t.mail.waitFor(fabio.email, 'Assinatura vencida', 15_000);
    expect(lapsedMail.subject).toBe('Assinatura vencida: bot "Robô do Fabio" parado - Arbitra');
    expect(lapsedMail.text).toContain('sua assinatura não está ativa');
    const inApp = await waitFor(async () => {
      const r = await call<NotificationListResponse>('GET', '/api/notifications', { token: fabio.token });
      return r.body.notifications.find((n) => n.event === 'bot.stopped');
    }, 15_000);
    expect(inApp).toMatchObject({
      title: 'Assinatura vencida: bot "Robô do Fabio" parado',
      link: '/payment',
    });
    // No second email of the same lapse (billing no longer mails it itself).
    expect(
      (await t.mail.all()).filter(
        (m) => m.to.some((to) => to.address === fabio.email) && /vencida/i.test(m.subject),
      ),
    ).toHaveLength(1);
    // The engine is told to stop it (the bot-commands queue carries a 'stop' for this bot).
    const factory = createQueueFactory({
      databaseUrl: t.db.url,
      redisUrl: undefined,
      namespace: t.platform.env.TRANSPORT_NAMESPACE,
    });
    try {
      const jobs = await factory
        .queue(QUEUES.botCommands)
        .getJobs(['waiting', 'active', 'completed', 'delayed']);
      expect(jobs.some((j) => j.name === 'stop' && (j.data as { botId: string }).botId === stopped!.id)).toBe(
        true,
      );
    } finally {
      await factory.close();
    }
    // Starting it again is refused until the user pays.
    expect((await call('POST', `/api/bots/${stopped!.id}/toggle`, { token: fabio.token })).status).toBe(403);
  });

  it('a lapse follows the user’s notification settings: bot.stopped emails off → in-app only; no bot → one billing notice', async () => {
    const ines = await register(call, { name: 'Ines' });
    const joao = await register(call, { name: 'Joao' });
    const prefs = await call('PUT', '/api/notifications/preferences', {
      token: ines.token,
      body: { preferences: [{ event: 'bot.stopped', channel: 'email', enabled: false }] },
    });
    expect(prefs.status, JSON.stringify(prefs.body)).toBe(200);
    await runningBot(ines, 'Robô da Ines');
    await sql.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '7 days', current_period_end = now() - interval '1 second' WHERE user_id = ANY($1)`,
      [[ines.id, joao.id]],
    );
    const inApp = await waitFor(async () => {
      const r = await call<NotificationListResponse>('GET', '/api/notifications', { token: ines.token });
      return r.body.notifications.find((n) => n.event === 'bot.stopped');
    }, 20_000);
    expect(inApp?.body).toContain("motivo: 'Assinatura vencida'");
    // Joao had no running bot: one 'billing' notice of the lapse, in-app and by email.
    await t.mail.waitFor(joao.email, 'Assinatura vencida', 15_000);
    const joaoInApp = await waitFor(async () => {
      const r = await call<NotificationListResponse>('GET', '/api/notifications', { token: joao.token });
      return r.body.notifications.find((n) => n.event === 'billing');
    }, 15_000);
    expect(joaoInApp).toMatchObject({ title: 'Assinatura vencida', link: '/payment' });
    // Ines's notification job has finished (its email channel was off): she got no email.
    const factory = createQueueFactory({
      databaseUrl: t.db.url,
      redisUrl: undefined,
      namespace: t.platform.env.TRANSPORT_NAMESPACE,
    });
    try {
      await waitFor(async () => {
        const done = await factory.queue(QUEUES.notifications).getJobs(['completed']);
        return done.some((j) => (j.data as { userId: string }).userId === ines.id) || undefined;
      }, 15_000);
    } finally {
      await factory.close();
    }
    expect(
      (await t.mail.all()).filter(
        (m) => m.to.some((to) => to.address === ines.email) && /vencida|parado/i.test(m.subject),
      ),
    ).toHaveLength(0);
  });

  it('a downgrade is refused while over the lower plan’s bots, then scheduled for the next period', async () => {
    const gil = await register(call, { name: 'Gil' });
    await simulate(
      gil,
      (await pay(gil, { planId: 'professional', billing: 'monthly', method: 'pix' })).id,
      'approve',
    );
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const b = await call<{ bot: Bot }>('POST', '/api/bots', {
        token: gil.token,
        body: {
          name: `Robô ${i}`,
          pairs: ['BTC/USDT'],
          exchanges: ['binance', 'mexc'],
          maxInvestment: 1000,
          minProfitPercent: 1.5,
          active: true,
        },
      });
      expect(b.status).toBe(201);
      ids.push(b.body.bot.id);
    }
    const refused = await call<{ message: string }>('POST', '/api/user/subscription/upgrade', {
      token: gil.token,
      body: { planId: 'basic', billing: 'monthly' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(M.downgradeOverBots(4, 3));
    await call('POST', `/api/bots/${ids[0]}/toggle`, { token: gil.token });
    const ok = await call<{ checkoutUrl: string | null; message: string }>(
      'POST',
      '/api/user/subscription/upgrade',
      {
        token: gil.token,
        body: { planId: 'basic', billing: 'monthly' },
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.checkoutUrl).toBeNull();
    expect(ok.body.message).toContain('O plano Básico passa a valer na próxima renovação');
    expect(await subscription(gil)).toMatchObject({ planId: 'professional', status: 'active' });
    const row = (
      await sql.query<{ scheduled_plan_id: string }>(
        `SELECT scheduled_plan_id FROM subscriptions WHERE user_id = $1`,
        [gil.id],
      )
    ).rows[0];
    expect(row).toEqual({ scheduled_plan_id: 'basic' });
  });

  it('cancel keeps access to the period end, reactivate withdraws it, then at the end it is canceled', async () => {
    const hugo = await register(call, { name: 'Hugo' });
    expect((await call('POST', '/api/user/subscription/reactivate', { token: hugo.token })).status).toBe(400);
    await simulate(
      hugo,
      (await pay(hugo, { planId: 'professional', billing: 'monthly', method: 'pix' })).id,
      'approve',
    );
    const canceled = await call<{ message: string }>('POST', '/api/user/subscription/cancel', {
      token: hugo.token,
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.message).toBe('Assinatura cancelada com sucesso.');
    expect(await subscription(hugo)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await t.mail.waitFor(hugo.email, 'Cancelamento confirmado', 15_000);
    expect((await call('POST', '/api/user/subscription/cancel', { token: hugo.token })).status).toBe(400);

    expect((await call('POST', '/api/user/subscription/reactivate', { token: hugo.token })).status).toBe(200);
    expect(await subscription(hugo)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await call('POST', '/api/user/subscription/cancel', { token: hugo.token });

    await sql.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '30 days', current_period_end = now() - interval '1 second' WHERE user_id = $1`,
      [hugo.id],
    );
    const stored = await waitFor(async () => {
      const [r] = (
        await sql.query<{ status: string }>(`SELECT status FROM subscriptions WHERE user_id = $1`, [hugo.id])
      ).rows;
      return r?.status === 'canceled' ? r : undefined;
    }, 20_000);
    expect(stored).toEqual({ status: 'canceled' });
    expect((await subscription(hugo)).status).toBe('canceled');
    await t.mail.waitFor(hugo.email, 'Assinatura encerrada', 15_000);
  });

  it('a card renewal is charged once with two api processes running the billing job', async () => {
    const iris = await register(call, { name: 'Iris' });
    await simulate(
      iris,
      (await pay(iris, { planId: 'professional', billing: 'monthly', method: 'card', card: CARD })).id,
      'approve',
    );
    // The approved card was saved at the provider: its customer + card ids are kept, the browser's token is not.
    const method = await sql.query<{ provider_card_id: string }>(
      `SELECT provider, provider_customer_id, provider_card_id, card_brand, card_last4 FROM payment_methods WHERE user_id = $1`,
      [iris.id],
    );
    expect(method.rows[0]).toMatchObject({ provider: 'sandbox', card_brand: 'visa', card_last4: '1111' });
    expect(method.rows[0]!.provider_card_id).toMatch(/^sbx_card_/);
    expect(JSON.stringify(method.rows[0])).not.toContain(CARD.token);
    const tokens = await sql.query(`SELECT card_token FROM payments WHERE user_id = $1`, [iris.id]);
    expect(tokens.rows).toEqual([{ card_token: null }]);
    expect(
      (await call<{ card: unknown }>('GET', '/api/user/payment-method', { token: iris.token })).body,
    ).toMatchObject({ card: { brand: 'visa', last4: '1111', sandboxDeclines: false } });
    // The period has just ended: both processes' jobs, and two direct runs at once, race for the renewal.
    await sql.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '30 days', current_period_end = now() - interval '1 second' WHERE user_id = $1`,
      [iris.id],
    );
    const { end } = (
      await sql.query<{ end: Date }>(
        `SELECT current_period_end AS end FROM subscriptions WHERE user_id = $1`,
        [iris.id],
      )
    ).rows[0]!;
    // A sweep may come first (another process's run that listed the renewals just before the period ended): it
    // leaves the saved card's renewal to the charge.
    const swept = await second.app.get(SubscriptionsService).sweep('sandbox');
    expect(swept.map((l) => l.userId)).not.toContain(iris.id);
    await Promise.all([
      t.platform.api.app.get(RenewalsService).tick(),
      second.app.get(RenewalsService).tick(),
    ]);
    const renewed = await waitFor(async () => {
      const rows = (
        await sql.query<{ status: string; amount_cents: number; period_start: Date }>(
          `SELECT status, amount_cents, period_start FROM payments WHERE user_id = $1 AND kind = 'renewal'`,
          [iris.id],
        )
      ).rows;
      return rows.length > 0 && rows.every((r) => r.status !== 'pending') ? rows : undefined;
    }, 20_000);
    expect(renewed).toHaveLength(1);
    expect(renewed![0]).toMatchObject({ status: 'approved', amount_cents: 9990 });
    expect(renewed![0]!.period_start.getTime()).toBe(end.getTime());
    // A few more job runs change nothing.
    await Promise.all([
      t.platform.api.app.get(RenewalsService).tick(),
      second.app.get(RenewalsService).tick(),
    ]);
    const count = await sql.query(
      `SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND kind = 'renewal'`,
      [iris.id],
    );
    expect(count.rows[0]).toEqual({ n: 1 });
    expect(await subscription(iris)).toMatchObject({ status: 'active', planId: 'professional' });
    expect(Date.parse((await subscription(iris)).currentPeriodEnd)).toBeGreaterThan(
      end.getTime() + 27 * 86_400_000,
    );
    expect((second.app.getHttpServer().address() as AddressInfo).port).toBeGreaterThan(0);
  });

  it("a saved card's renewal declined ('Simular recusa') → past_due, told by email, not charged again; removed → PIX by email", async () => {
    const jose = await register(call, { name: 'Jose' });
    await simulate(
      jose,
      (await pay(jose, { planId: 'basic', billing: 'monthly', method: 'card', card: CARD })).id,
      'approve',
    );
    const declined = await call<{ card: { sandboxDeclines: boolean } }>(
      'POST',
      '/api/user/payment-method/sandbox',
      { token: jose.token, body: { action: 'decline' } },
    );
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.card.sandboxDeclines).toBe(true);
    await sql.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '30 days', current_period_end = now() - interval '1 second' WHERE user_id = $1`,
      [jose.id],
    );
    const billing = t.platform.api.app.get(RenewalsService);
    await Promise.all([billing.tick(), second.app.get(RenewalsService).tick()]);
    await billing.tick();
    // The scheduled run may be the one charging it: its decision is awaited.
    const renewals = await waitFor(async () => {
      const { rows } = await sql.query<{ status: string; method: string; failure_reason: string }>(
        `SELECT status, method, failure_reason FROM payments WHERE user_id = $1 AND kind = 'renewal'`,
        [jose.id],
      );
      return rows.length > 0 && rows.every((r) => r.status !== 'pending') ? rows : undefined;
    }, 20_000);
    expect(renewals).toEqual([{ status: 'declined', method: 'card', failure_reason: M.declinedByIssuer }]);
    const failed = await t.mail.waitFor(jose.email, 'Pagamento não concluído', 15_000);
    expect(failed.text).toContain(M.declinedByIssuer);
    await waitFor(async () => ((await subscription(jose)).status === 'past_due' ? true : undefined), 20_000);
    await t.mail.waitFor(jose.email, 'Assinatura vencida', 15_000);

    // Paid again by PIX, the user removes the card: the next renewal is a PIX charge sent by email.
    await simulate(
      jose,
      (await pay(jose, { planId: 'basic', billing: 'monthly', method: 'pix' })).id,
      'approve',
    );
    const other = await register(call, { name: 'Outra' });
    expect(
      (await call<{ card: unknown }>('GET', '/api/user/payment-method', { token: other.token })).body,
    ).toEqual({ card: null });
    const { card_id: cardId } = (
      await sql.query<{ card_id: string }>(
        `SELECT provider_card_id AS card_id FROM payment_methods WHERE user_id = $1`,
        [jose.id],
      )
    ).rows[0]!;
    const removed = await call<{ message: string }>('DELETE', '/api/user/payment-method', {
      token: jose.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(M.storedCardRemoved);
    expect((await call('GET', '/api/user/payment-method', { token: jose.token })).body).toEqual({
      card: null,
    });
    // Gone at the provider too.
    expect((await sql.query(`SELECT id FROM sandbox_cards WHERE id = $1`, [cardId])).rows).toEqual([]);
    await sql.query(
      `UPDATE subscriptions SET current_period_end = now() + interval '2 days' WHERE user_id = $1`,
      [jose.id],
    );
    await billing.tick();
    const next = await sql.query<{ method: string }>(
      `SELECT method FROM payments WHERE user_id = $1 AND kind = 'renewal' AND status = 'pending'`,
      [jose.id],
    );
    expect(next.rows).toEqual([{ method: 'pix' }]);
    await t.mail.waitFor(jose.email, 'Renovação da assinatura', 15_000);
    const audit = await call<{ items: { action: string }[] }>('GET', '/api/user/audit', {
      token: jose.token,
    });
    expect(audit.body.items.filter((e) => e.action === 'payment_method_removed')).toHaveLength(1);
  }, 90_000);
});
