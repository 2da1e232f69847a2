import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { BillingCycle, PlanId } from '@arbitra/contracts';
import { createDataSource, RevenueReportingRepository, SubscriptionsRepository } from '@arbitra/db';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import {
  applyApprovedPayment,
  cancel,
  periodBought,
  quoteChange,
  refund,
  scheduleDowngrade,
  type PlanPrice,
  type SubscriptionState,
} from '../src/modules/billing/subscription-machine.js';

const DAY = 86_400_000;
const EVAL_AT = new Date('2026-11-28T15:00:00Z');
const BASE = new Date(EVAL_AT.getTime() - 250 * DAY);

type Event =
  | { t: 'pay'; plan: PlanId; billing: BillingCycle }
  | { t: 'advance'; days: number }
  | { t: 'renew' }
  | { t: 'cancel' }
  | { t: 'refund' }
  | { t: 'grant'; days: number };

interface LedgerRow {
  planId: PlanId;
  billing: BillingCycle;
  kind: 'new' | 'renewal' | 'upgrade' | 'grant';
  amountCents: number;
  status: 'approved' | 'refunded';
  approvedAt: Date;
  periodStart: Date;
  periodEnd: Date;
}

const plan = fc.constantFrom<PlanId>('basic', 'professional', 'enterprise');
const cycle = fc.constantFrom<BillingCycle>('monthly', 'yearly');
const event: fc.Arbitrary<Event> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('pay' as const), plan, billing: cycle }) },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 40 }) }),
  },
  { weight: 2, arbitrary: fc.constant({ t: 'renew' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'refund' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('grant' as const), days: fc.integer({ min: 1, max: 60 }) }),
  },
);
const history = fc.array(event, { minLength: 1, maxLength: 6 });

/**
 * One user's history run through the subscription machine (the same transitions BillingService persists): from the
 * 7-day trial, payments (new, prorated upgrades, scheduled downgrades), renewals, cancellations, 7-day refunds and
 * admin grants, with the clock moving forward. Never past EVAL_AT (6 events × ≤ 40 days < 250 days).
 */
function run(events: Event[], prices: PlanPrice[]): { sub: SubscriptionState; ledger: LedgerRow[] } {
  const price = (id: PlanId) => prices.find((p) => p.id === id)!;
  let now = BASE;
  let sub: SubscriptionState = {
    planId: 'professional',
    status: 'trialing',
    billing: 'monthly',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 7 * DAY),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    scheduledPlanId: null,
    scheduledBilling: null,
  };
  const ledger: LedgerRow[] = [];
  const approve = (kind: LedgerRow['kind'], planId: PlanId, billing: BillingCycle, amountCents: number) => {
    const bought = { kind, planId, billing };
    const period = periodBought(sub, bought, now);
    sub = applyApprovedPayment(sub, bought, period);
    ledger.push({
      planId,
      billing,
      kind,
      amountCents,
      status: 'approved',
      approvedAt: now,
      periodStart: period.start,
      periodEnd: period.end,
    });
  };
  for (const e of events) {
    if (e.t === 'advance') now = new Date(now.getTime() + e.days * DAY);
    else if (e.t === 'pay') {
      const q = quoteChange(
        sub,
        price(sub.planId),
        price(e.plan),
        e.billing,
        { runningBots: 0, exchanges: 0 },
        now,
      );
      if (!q.ok) continue;
      if (q.quote.kind === 'downgrade') sub = scheduleDowngrade(sub, q.quote);
      else approve(q.quote.kind, e.plan, e.billing, q.quote.amountCents);
    } else if (e.t === 'renew') {
      // The renewal paid at the period end (the scheduled downgrade when there is one).
      if (sub.status !== 'active' || sub.cancelAtPeriodEnd) continue;
      now = new Date(Math.max(now.getTime(), sub.currentPeriodEnd.getTime()));
      const planId = sub.scheduledPlanId ?? sub.planId;
      const billing = sub.scheduledBilling ?? sub.billing;
      const p = price(planId);
      approve('renewal', planId, billing, billing === 'yearly' ? p.yearlyCents : p.monthlyCents);
    } else if (e.t === 'cancel') {
      const r = cancel(sub, now);
      if (r.ok) sub = r.next;
    } else if (e.t === 'refund') {
      const first = ledger.find((l) => l.kind !== 'grant');
      if (!first || first.status !== 'approved') continue;
      const r = refund(sub, { approvedAt: first.approvedAt, isFirstPaid: true }, now);
      if (!r.ok) continue;
      first.status = 'refunded';
      sub = r.next;
    } else {
      // An admin grant: the plan active for `days` more from the later of now and the period end.
      const start = new Date(Math.max(now.getTime(), sub.currentPeriodEnd.getTime()));
      sub = {
        ...sub,
        status: 'active',
        cancelAtPeriodEnd: false,
        canceledAt: null,
        currentPeriodStart: sub.currentPeriodEnd > now ? sub.currentPeriodStart : now,
        currentPeriodEnd: new Date(start.getTime() + e.days * DAY),
      };
      ledger.push({
        planId: sub.planId,
        billing: 'monthly',
        kind: 'grant',
        amountCents: 0,
        status: 'approved',
        approvedAt: now,
        periodStart: now,
        periodEnd: sub.currentPeriodEnd,
      });
    }
    if (now.getTime() > EVAL_AT.getTime()) now = EVAL_AT;
  }
  return { sub, ledger };
}

/**
 * The plans' arithmetic, written here from the definition (issue 25): a subscription counts when it is active at
 * EVAL_AT (a period that ended is not, canceling ones count until the end) and paid (an approved charge other than a
 * grant covers EVAL_AT); it adds its plan's monthly price, or its yearly price ÷ 12. ARR = 12 × MRR.
 */
function expected(histories: { sub: SubscriptionState; ledger: LedgerRow[] }[], prices: PlanPrice[]) {
  let arr = 0;
  for (const { sub, ledger } of histories) {
    const active = sub.status === 'active' && sub.currentPeriodEnd.getTime() > EVAL_AT.getTime();
    const paid = ledger.some(
      (l) =>
        l.status === 'approved' && l.kind !== 'grant' && l.periodStart <= EVAL_AT && l.periodEnd > EVAL_AT,
    );
    if (!active || !paid) continue;
    const p = prices.find((x) => x.id === sub.planId)!;
    arr += sub.billing === 'yearly' ? p.yearlyCents : 12 * p.monthlyCents;
  }
  return { arrCents: arr, mrrCents: Math.round(arr / 12) };
}

describe('MRR and ARR from the plans’ prices (issue 25, property test on real Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let revenue: RevenueReportingRepository;
  let prices: PlanPrice[];

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url);
    await ds.initialize();
    revenue = new RevenueReportingRepository(ds);
    prices = await new SubscriptionsRepository(ds).listPrices();
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const persist = async (histories: { sub: SubscriptionState; ledger: LedgerRow[] }[]) => {
    await ds.query('DELETE FROM payments');
    await ds.query('DELETE FROM subscriptions');
    await ds.query(`DELETE FROM users`);
    for (const [i, { sub, ledger }] of histories.entries()) {
      const [u] = await ds.query<{ id: string }[]>(
        `INSERT INTO users (name, email, password_hash) VALUES ('U', $1, 'x') RETURNING id`,
        [`u${i}@mrr.test`],
      );
      await ds.query(
        `INSERT INTO subscriptions (user_id, plan_id, status, billing, current_period_start, current_period_end,
                                    cancel_at_period_end, canceled_at, scheduled_plan_id, scheduled_billing)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
        [
          u!.id,
          sub.planId,
          sub.status,
          sub.billing,
          sub.currentPeriodStart,
          sub.currentPeriodEnd,
          sub.cancelAtPeriodEnd,
          sub.canceledAt,
          sub.scheduledPlanId,
          sub.scheduledBilling,
        ],
      );
      for (const l of ledger) {
        await ds.query(
          `INSERT INTO payments (user_id, plan_id, billing, kind, amount_cents, method, provider, status, approved_at,
                                 refunded_at, period_start, period_end, invoice_number)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12, 'ARB-' || gen_random_uuid())`,
          [
            u!.id,
            l.planId,
            l.billing,
            l.kind,
            l.amountCents,
            l.kind === 'grant' ? 'grant' : 'pix',
            l.kind === 'grant' ? 'admin' : 'sandbox',
            l.status,
            l.approvedAt,
            l.status === 'refunded' ? l.approvedAt : null,
            l.periodStart,
            l.periodEnd,
          ],
        );
      }
    }
  };

  it('the audit’s case: Enterprise reached by a prorated upgrade counts its plan price, not the difference paid', async () => {
    const p = (id: PlanId) => prices.find((x) => x.id === id)!;
    // Profissional paid on day 0, upgraded to Enterprise on day 0 (prorated difference), evaluated on day 10.
    const h = run(
      [
        { t: 'pay', plan: 'professional', billing: 'monthly' },
        { t: 'pay', plan: 'enterprise', billing: 'monthly' },
      ],
      prices,
    );
    expect(h.ledger.map((l) => l.kind)).toEqual(['new', 'upgrade']);
    expect(h.ledger[1]!.amountCents).toBe(p('enterprise').monthlyCents - p('professional').monthlyCents);
    h.sub.currentPeriodEnd = new Date(EVAL_AT.getTime() + 20 * DAY);
    h.sub.currentPeriodStart = new Date(EVAL_AT.getTime() - 10 * DAY);
    for (const l of h.ledger)
      Object.assign(l, { periodStart: h.sub.currentPeriodStart, periodEnd: h.sub.currentPeriodEnd });
    await persist([h]);
    expect(await revenue.recurring(EVAL_AT)).toEqual({
      mrrCents: p('enterprise').monthlyCents,
      arrCents: 12 * p('enterprise').monthlyCents,
    });
  });

  it('over random subscription histories, MRR and ARR equal the plans’ arithmetic', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(history, { minLength: 1, maxLength: 8 }), async (users) => {
        const histories = users.map((events) => run(events, prices));
        await persist(histories);
        const got = await revenue.recurring(EVAL_AT);
        const want = expected(histories, prices);
        expect(got).toEqual(want);
        // ARR is 12 × the exact MRR: within the half cent × 12 of MRR's rounding.
        expect(Math.abs(got.arrCents - 12 * got.mrrCents)).toBeLessThanOrEqual(6);
      }),
      { numRuns: 60 },
    );
  }, 300_000);
});
