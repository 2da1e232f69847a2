import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type PaymentResponse, type SubscriptionResponse } from '@arbitra/contracts';
import { PaymentOutcomes } from '../src/modules/billing/payment-outcomes.js';
import { RenewalsService } from '../src/modules/billing/renewals.service.js';
import { PAYMENT_PROVIDER } from '../src/modules/billing/payment-provider.js';
import { SandboxPaymentProvider } from '../src/modules/billing/sandbox.provider.js';
import { prorateCents } from '../src/modules/billing/subscription-machine.js';
import { SubscriptionsService } from '../src/modules/subscriptions/subscriptions.service.js';
import { signNotification } from '../src/modules/billing/webhook-signature.js';
import { useTestPlatform } from './support/test-platform.js';
import type { RegisteredUser } from './support/http.js';

const M = MESSAGES.payments;
const CARD = { brand: 'visa', last4: '1111', token: 'sbx_tok_4111111111111111x' } as const;

interface Prices {
  [plan: string]: { monthly: number; yearly: number };
}

/**
 * Issue 25: a charge is bound to the subscription state it was quoted for. Every change of that state expires the
 * user's other pending charges (here and at the sandbox provider); a charge paid after its quote went stale is
 * refunded, never applied. The billing job is off (SUBSCRIPTION_SWEEP_MS=0): each lapse is made by the test.
 */
describe('stale charges never buy a period below its price (issue 25)', () => {
  const t = useTestPlatform({
    env: { SUBSCRIPTION_SWEEP_MS: '0' },
  });
  const { call, sql } = t;
  let prices: Prices;
  let secret: string;

  beforeAll(async () => {
    const { rows } = await sql.query<{ id: string; monthly_cents: number; yearly_cents: number }>(
      'SELECT id, monthly_cents, yearly_cents FROM plans',
    );
    prices = Object.fromEntries(
      rows.map((r) => [r.id, { monthly: r.monthly_cents, yearly: r.yearly_cents }]),
    );
    secret = SandboxPaymentProvider.secretFrom(undefined, t.platform.env.JWT_SECRET!);
  });

  const renewals = () => t.platform.api.app.get(RenewalsService);
  const outcomes = () => t.platform.api.app.get(PaymentOutcomes);
  const sandbox = () => t.platform.api.app.get<SandboxPaymentProvider>(PAYMENT_PROVIDER);

  const subscription = async (u: RegisteredUser) =>
    (await call<SubscriptionResponse>('GET', '/api/user/subscription', { token: u.token })).body;

  const createCharge = (u: RegisteredUser, planId: string, cycle: 'monthly' | 'yearly', method = 'pix') =>
    call<PaymentResponse>('POST', '/api/payments', {
      token: u.token,
      body: { planId, billing: cycle, method, ...(method === 'card' ? { card: CARD } : {}) },
    });

  const sandboxAction = (u: RegisteredUser, id: string, action: 'approve' | 'decline' | 'expire') =>
    call<PaymentResponse>('POST', `/api/payments/${id}/sandbox`, { token: u.token, body: { action } });

  const payment = async (u: RegisteredUser, id: string) =>
    (await call<PaymentResponse>('GET', `/api/payments/${id}`, { token: u.token })).body;

  const sandboxStatus = async (providerPaymentId: string) =>
    (
      await sql.query<{ status: string }>('SELECT status FROM sandbox_charges WHERE id = $1', [
        providerPaymentId,
      ])
    ).rows[0]?.status;

  /**
   * The payer pays a charge at the provider whatever our side says (Mercado Pago may approve a PIX in the instant
   * we cancel it): the provider's record → approved, then its signed notification to the webhook.
   */
  const payAtProviderAnyway = async (providerPaymentId: string) => {
    await sql.query(`UPDATE sandbox_charges SET status = 'approved' WHERE id = $1`, [providerPaymentId]);
    const requestId = randomUUID();
    const res = await call(
      'POST',
      `/api/payments/webhook/sandbox?type=payment&data.id=${providerPaymentId}`,
      {
        body: { type: 'payment', action: 'payment.updated', data: { id: providerPaymentId } },
        headers: {
          'x-request-id': requestId,
          'x-signature': signNotification(
            secret,
            providerPaymentId,
            requestId,
            String(Math.floor(Date.now() / 1000)),
          ),
        },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  /** A user paying `plan` monthly by card: active, first (refundable) payment. (392 of them: one password hash.) */
  const payingUser = async (plan = 'basic') => {
    const u = await t.account();
    const created = await createCharge(u, plan, 'monthly', 'card');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const approved = await sandboxAction(u, created.body.id, 'approve');
    expect(approved.body.status).toBe('approved');
    return { u, first: approved.body };
  };

  const providerIdOf = async (id: string) =>
    (
      await sql.query<{ provider_payment_id: string }>(
        'SELECT provider_payment_id FROM payments WHERE id = $1',
        [id],
      )
    ).rows[0]!.provider_payment_id;

  it('(a) Básico paid, Enterprise upgrade charge created, Básico refunded: the upgrade can no longer be paid, and paid anyway it is refunded', async () => {
    const { u, first } = await payingUser('basic');
    const upgrade = await createCharge(u, 'enterprise', 'monthly');
    expect(upgrade.status).toBe(201);
    expect(upgrade.body.status).toBe('pending');
    const refund = await call<PaymentResponse>('POST', `/api/payments/${first.id}/refund`, {
      token: u.token,
    });
    expect(refund.status).toBe(200);
    expect((await subscription(u)).status).toBe('canceled');

    // The refund expired the upgrade charge, here and at the provider.
    const expired = await payment(u, upgrade.body.id);
    expect(expired.status).toBe('expired');
    expect(expired.failureReason).toBe(M.staleExpired);
    const ppid = await providerIdOf(upgrade.body.id);
    expect(await sandboxStatus(ppid)).toBe('expired');
    expect((await sandboxAction(u, upgrade.body.id, 'approve')).status).toBe(409);

    // Paid at the provider anyway: refunded there, recorded with the reason, the subscription untouched.
    await payAtProviderAnyway(ppid);
    const after = await payment(u, upgrade.body.id);
    expect(after).toMatchObject({ status: 'refunded', failureReason: M.staleRefunded, invoiceUrl: null });
    expect(await sandboxStatus(ppid)).toBe('refunded');
    const sub = await subscription(u);
    expect(sub.status).toBe('canceled');
    expect(sub.planId).toBe('basic');
  });

  it('(b) an upgrade charge priced 2 h before the period end, paid after the lapse, is refunded instead of buying a month', async () => {
    const { u } = await payingUser('basic');
    // The period ends in 2 h (as if the month had passed): the upgrade costs the difference for 2 h.
    const end = new Date(Date.now() + 2 * 3_600_000);
    await sql.query(
      `UPDATE subscriptions SET current_period_start = $2::timestamptz - interval '1 month', current_period_end = $2
        WHERE user_id = $1`,
      [u.id, end],
    );
    const up = await createCharge(u, 'enterprise', 'monthly');
    expect(up.status).toBe(201);
    const sub = (
      await sql.query<{ s: Date }>('SELECT current_period_start AS s FROM subscriptions WHERE user_id = $1', [
        u.id,
      ])
    ).rows[0]!;
    const diff = prices.enterprise!.monthly - prices.basic!.monthly;
    const expected = prorateCents(diff, sub.s, end, new Date(up.body.createdAt));
    expect(Math.abs(up.body.amountCents - expected)).toBeLessThanOrEqual(1);
    expect(up.body.amountCents).toBeLessThan(100); // cents, for 2 h of the difference

    // Paid 1 h after the period ended (before any sweep persisted the lapse): not applied, refunded.
    const ppid = await providerIdOf(up.body.id);
    await sandbox().decide(ppid, 'approved');
    const applied = await outcomes().approve(up.body.id, new Date(end.getTime() + 3_600_000));
    expect(applied).toBeNull();
    expect(await payment(u, up.body.id)).toMatchObject({
      status: 'refunded',
      failureReason: M.staleRefunded,
    });
    expect(await sandboxStatus(ppid)).toBe('refunded');
    const row = (
      await sql.query<{ plan_id: string; current_period_end: Date }>(
        'SELECT plan_id, current_period_end FROM subscriptions WHERE user_id = $1',
        [u.id],
      )
    ).rows[0]!;
    expect(row.plan_id).toBe('basic');
    expect(row.current_period_end.getTime()).toBe(end.getTime());
  });

  it('a lapse persisted by the sweep withdraws the pending upgrade at the provider', async () => {
    const { u } = await payingUser('basic');
    const up = await createCharge(u, 'professional', 'monthly');
    await sql.query(
      `UPDATE subscriptions SET current_period_start = current_period_start - (current_period_end - now()) - interval '1 second',
                                current_period_end = now() - interval '1 second' WHERE user_id = $1`,
      [u.id],
    );
    await t.platform.api.app.get(SubscriptionsService).sweep();
    expect((await payment(u, up.body.id)).status).toBe('expired');
    expect(await sandboxStatus(await providerIdOf(up.body.id))).toBe('expired');
  });

  it('cancel, reactivate and a scheduled downgrade each expire the pending charges; an approval expires the others', async () => {
    const { u } = await payingUser('professional');
    const a = await createCharge(u, 'enterprise', 'monthly');
    expect((await call('POST', '/api/user/subscription/cancel', { token: u.token })).status).toBeLessThan(
      300,
    );
    expect((await payment(u, a.body.id)).status).toBe('expired');
    const b = await createCharge(u, 'enterprise', 'monthly');
    expect((await call('POST', '/api/user/subscription/reactivate', { token: u.token })).status).toBeLessThan(
      300,
    );
    expect((await payment(u, b.body.id)).status).toBe('expired');
    const c = await createCharge(u, 'enterprise', 'monthly');
    const down = await call('POST', '/api/user/subscription/upgrade', {
      token: u.token,
      body: { planId: 'basic', billing: 'monthly' },
    });
    expect(down.status).toBe(200);
    expect((await payment(u, c.body.id)).status).toBe('expired');
    const d = await createCharge(u, 'enterprise', 'monthly');
    const e = await createCharge(u, 'professional', 'yearly');
    expect((await sandboxAction(u, d.body.id, 'approve')).body.status).toBe('approved');
    expect(await payment(u, e.body.id)).toMatchObject({
      status: 'expired',
      failureReason: M.replacedByApproved,
    });
    expect(await sandboxStatus(await providerIdOf(e.body.id))).toBe('expired');
  });

  it('a downgrade (issue 27): quoted with nothing to pay, scheduled for the end of the paid period, told by GET subscription; the renewal then charges the lower plan', async () => {
    const { u } = await payingUser('professional');
    const before = await subscription(u);
    const quote = await call<{ kind: string; amountCents: number; periodStart: string }>(
      'GET',
      '/api/user/subscription/quote?planId=basic&billing=monthly',
      { token: u.token },
    );
    expect(quote.body).toMatchObject({
      kind: 'downgrade',
      amountCents: 0,
      periodStart: before.currentPeriodEnd,
    });
    // The payment endpoint still refuses to charge it (nothing to pay), as the checkout no longer asks.
    expect((await createCharge(u, 'basic', 'monthly')).status).toBe(400);
    const res = await call<{ message: string; checkoutUrl: string | null }>(
      'POST',
      '/api/user/subscription/upgrade',
      {
        token: u.token,
        body: { planId: 'basic', billing: 'monthly' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.checkoutUrl).toBeNull();
    const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(before.currentPeriodEnd),
    );
    expect(res.body.message).toBe(M.downgradeScheduled('Básico', date));
    const after = await subscription(u);
    expect(after).toMatchObject({
      planId: 'professional',
      status: 'active',
      currentPeriodEnd: before.currentPeriodEnd,
    });
    expect(after.scheduledChange).toEqual({
      planId: 'basic',
      planName: 'Básico',
      billing: 'monthly',
      startsAt: before.currentPeriodEnd,
    });
    // At the period end the renewal charges the saved card the lower plan's full price and starts it.
    await sql.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '1 month' - interval '1 minute',
                                current_period_end = now() - interval '1 minute'
        WHERE user_id = $1`,
      [u.id],
    );
    await renewals().renewals();
    const renewal = (
      await sql.query<{ plan_id: string; amount_cents: number; status: string }>(
        `SELECT plan_id, amount_cents, status FROM payments WHERE user_id = $1 AND kind = 'renewal'`,
        [u.id],
      )
    ).rows;
    expect(renewal).toEqual([{ plan_id: 'basic', amount_cents: prices.basic!.monthly, status: 'approved' }]);
    expect(await subscription(u)).toMatchObject({ planId: 'basic', status: 'active', scheduledChange: null });
  });

  // ---------------------------------------------------------------- every sequence of two and three requests

  type Op = 'create' | 'approve' | 'refund' | 'cancel' | 'lapse' | 'upgrade' | 'downgrade';
  const OPS: Op[] = ['create', 'approve', 'refund', 'cancel', 'lapse', 'upgrade', 'downgrade'];

  interface Row {
    id: string;
    status: string;
    amount_cents: number;
    provider_payment_id: string | null;
  }
  const paymentsOf = async (userId: string) =>
    (
      await sql.query<Row>(
        `SELECT id, status, amount_cents, provider_payment_id FROM payments WHERE user_id = $1 ORDER BY created_at`,
        [userId],
      )
    ).rows;

  /** What the user may still use: the rest of the paid period at the plan's price (0 when not active). */
  const remainingValue = async (userId: string, at: Date) => {
    const s = (
      await sql.query<{
        plan_id: string;
        billing: 'monthly' | 'yearly';
        status: string;
        current_period_start: Date;
        current_period_end: Date;
      }>(
        'SELECT plan_id, billing, status, current_period_start, current_period_end FROM subscriptions WHERE user_id = $1',
        [userId],
      )
    ).rows[0]!;
    if (s.status !== 'active' || s.current_period_end.getTime() <= at.getTime()) return 0;
    return prorateCents(prices[s.plan_id]![s.billing], s.current_period_start, s.current_period_end, at);
  };

  const kept = (rows: Row[]) =>
    rows.filter((r) => r.status === 'approved').reduce((a, r) => a + r.amount_cents, 0);

  /** Runs one sequence from a paid Profissional month; checks after every step that nothing is had below price. */
  const runSequence = async (ops: Op[]) => {
    const { u, first } = await payingUser('professional');
    let consumed = 0;
    let roundings = 1;
    const check = async (after: string) => {
      const rows = await paymentsOf(u.id);
      const value = await remainingValue(u.id, new Date());
      // Each prorated amount may round half a cent in the user's favour.
      expect(
        kept(rows) + roundings,
        `${ops.join(' → ')} (after ${after}): paid ${kept(rows)}, consumed ${consumed}, still usable ${value}`,
      ).toBeGreaterThanOrEqual(consumed + value);
    };
    for (const op of ops) {
      switch (op) {
        case 'create':
          await createCharge(u, 'enterprise', 'monthly');
          roundings++;
          break;
        case 'upgrade':
          await createCharge(u, 'professional', 'yearly');
          roundings++;
          break;
        case 'downgrade':
          await call('POST', '/api/user/subscription/upgrade', {
            token: u.token,
            body: { planId: 'basic', billing: 'monthly' },
          });
          break;
        case 'cancel':
          await call('POST', '/api/user/subscription/cancel', { token: u.token });
          break;
        case 'refund':
          await call('POST', `/api/payments/${first.id}/refund`, { token: u.token });
          break;
        case 'lapse': {
          // The period runs out (time passes for the user's payments too): what was left of it is used up.
          consumed += await remainingValue(u.id, new Date());
          await sql.query(
            `WITH d AS (SELECT current_period_end - now() + interval '1 second' AS d FROM subscriptions
                         WHERE user_id = $1 AND current_period_end > now()),
                  p AS (UPDATE payments SET created_at = created_at - (SELECT d FROM d),
                                            approved_at = approved_at - (SELECT d FROM d),
                                            period_start = period_start - (SELECT d FROM d),
                                            period_end = period_end - (SELECT d FROM d)
                         WHERE user_id = $1 AND EXISTS (SELECT 1 FROM d))
             UPDATE subscriptions SET current_period_start = current_period_start - (SELECT d FROM d),
                                      current_period_end = current_period_end - (SELECT d FROM d)
              WHERE user_id = $1 AND EXISTS (SELECT 1 FROM d)`,
            [u.id],
          );
          await t.platform.api.app.get(SubscriptionsService).sweep();
          break;
        }
        case 'approve':
          // The payer pays every charge issued: through the sandbox control when still open, at the provider anyway
          // when we withdrew it.
          for (const r of await paymentsOf(u.id)) {
            const now = (await paymentsOf(u.id)).find((x) => x.id === r.id)!;
            if (now.status === 'pending') await sandboxAction(u, r.id, 'approve');
            else if (now.status === 'expired' && now.provider_payment_id)
              await payAtProviderAnyway(now.provider_payment_id);
          }
          break;
      }
      await check(op);
    }
  };

  const sequences: Op[][] = [
    ...OPS.flatMap((a) => OPS.map((b) => [a, b])),
    ...OPS.flatMap((a) => OPS.flatMap((b) => OPS.map((c) => [a, b, c]))),
  ];

  it(`all ${sequences.length} sequences of two and three of create, approve, refund, cancel, lapse, upgrade, downgrade`, async () => {
    expect(sequences).toHaveLength(49 + 343);
    // Four users at a time (each sequence has its own user).
    for (let i = 0; i < sequences.length; i += 4) {
      await Promise.all(sequences.slice(i, i + 4).map(runSequence));
    }
  }, 600_000);
});
