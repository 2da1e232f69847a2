import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@arbitra/contracts';
import {
  applyApprovedPayment,
  cancel,
  effectiveStatus,
  isStale,
  lapse,
  periodBought,
  prorateCents,
  quoteBasis,
  quoteChange,
  reactivate,
  refund,
  renewalStep,
  scheduleDowngrade,
  type PlanPrice,
  type SubscriptionState,
} from './subscription-machine.js';

const basic: PlanPrice = {
  id: 'basic',
  name: 'Básico',
  monthlyCents: 4990,
  yearlyCents: 49900,
  maxBots: 3,
  maxExchanges: 2,
  sortOrder: 0,
};
const pro: PlanPrice = {
  id: 'professional',
  name: 'Profissional',
  monthlyCents: 9990,
  yearlyCents: 99900,
  maxBots: 10,
  maxExchanges: 5,
  sortOrder: 1,
};
const ent: PlanPrice = {
  id: 'enterprise',
  name: 'Enterprise',
  monthlyCents: 19990,
  yearlyCents: 199900,
  maxBots: -1,
  maxExchanges: -1,
  sortOrder: 2,
};

const d = (iso: string) => new Date(iso);
const state = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  planId: 'professional',
  status: 'active',
  billing: 'monthly',
  currentPeriodStart: d('2026-11-01T00:00:00Z'),
  currentPeriodEnd: d('2026-12-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  canceledAt: null,
  scheduledPlanId: null,
  scheduledBilling: null,
  ...over,
});
const trial = state({
  status: 'trialing',
  currentPeriodStart: d('2026-11-20T00:00:00Z'),
  currentPeriodEnd: d('2026-11-27T00:00:00Z'),
});
const idle = { runningBots: 0, exchanges: 0 };

describe('proration to the cent', () => {
  it('charges the difference for the part of the period left, rounded half up', () => {
    // 30-day period, 15 days left: half of 10000.
    expect(
      prorateCents(10000, d('2026-11-01T00:00:00Z'), d('2026-12-01T00:00:00Z'), d('2026-11-16T00:00:00Z')),
    ).toBe(5000);
    // 10 of 30 days left of R$ 100,00 → R$ 33,33 (3333.33…); 20 of 30 → 6666.66… → 6667.
    expect(
      prorateCents(10000, d('2026-11-01T00:00:00Z'), d('2026-12-01T00:00:00Z'), d('2026-11-21T00:00:00Z')),
    ).toBe(3333);
    expect(
      prorateCents(10000, d('2026-11-01T00:00:00Z'), d('2026-12-01T00:00:00Z'), d('2026-11-11T00:00:00Z')),
    ).toBe(6667);
    // Professional → Enterprise monthly, 12 of 30 days left: 10000 × 12/30 = 4000.
    expect(
      prorateCents(
        ent.monthlyCents - pro.monthlyCents,
        d('2026-11-01T00:00:00Z'),
        d('2026-12-01T00:00:00Z'),
        d('2026-11-19T00:00:00Z'),
      ),
    ).toBe(4000);
  });
  it('is 0 after the end and the whole amount before the start', () => {
    expect(
      prorateCents(10000, d('2026-11-01T00:00:00Z'), d('2026-12-01T00:00:00Z'), d('2026-12-02T00:00:00Z')),
    ).toBe(0);
    expect(
      prorateCents(10000, d('2026-11-01T00:00:00Z'), d('2026-12-01T00:00:00Z'), d('2026-10-01T00:00:00Z')),
    ).toBe(10000);
    expect(
      prorateCents(-5, d('2026-11-01T00:00:00Z'), d('2026-12-01T00:00:00Z'), d('2026-11-02T00:00:00Z')),
    ).toBe(0);
  });
});

describe('quoteChange', () => {
  const now = d('2026-11-19T00:00:00Z');
  it('trialing → new paid period at the full price from the payment', () => {
    const r = quoteChange(trial, pro, ent, 'yearly', idle, d('2026-11-22T00:00:00Z'));
    expect(r).toMatchObject({
      ok: true,
      quote: { kind: 'new', amountCents: 199900, prorated: false, billing: 'yearly' },
    });
  });
  it('past_due → renewal at the full price; canceled → new', () => {
    expect(quoteChange(state({ status: 'past_due' }), pro, pro, 'monthly', idle, now)).toMatchObject({
      ok: true,
      quote: { kind: 'renewal', amountCents: 9990 },
    });
    expect(quoteChange(state({ status: 'canceled' }), pro, basic, 'monthly', idle, now)).toMatchObject({
      ok: true,
      quote: { kind: 'new', amountCents: 4990 },
    });
  });
  it('an ended active period reads past_due and quotes a renewal', () => {
    expect(quoteChange(state(), pro, pro, 'monthly', idle, d('2026-12-02T00:00:00Z'))).toMatchObject({
      ok: true,
      quote: { kind: 'renewal' },
    });
  });
  it('active, higher plan, same cycle: upgrade with the prorated difference, period kept', () => {
    const r = quoteChange(state(), pro, ent, 'monthly', idle, now);
    expect(r).toMatchObject({
      ok: true,
      quote: { kind: 'upgrade', amountCents: 4000, fullPriceCents: 19990, prorated: true },
    });
    if (r.ok) expect(r.quote.periodEnd).toEqual(d('2026-12-01T00:00:00Z'));
  });
  it('active monthly → yearly: new yearly period minus the unused part of the month', () => {
    // 12 of 30 days left of 9990 → 3996 credit; Enterprise yearly 199900 − 3996.
    const r = quoteChange(state(), pro, ent, 'yearly', idle, now);
    expect(r).toMatchObject({ ok: true, quote: { kind: 'upgrade', amountCents: 195904, prorated: true } });
    if (r.ok) expect(r.quote.periodStart).toEqual(now);
  });
  it('same plan and cycle is refused', () => {
    expect(quoteChange(state(), pro, pro, 'monthly', idle, now)).toEqual({
      ok: false,
      code: 'same_plan',
      message: MESSAGES.payments.samePlan,
    });
  });
  it('downgrade: at the next period, nothing to pay, when within the lower limits', () => {
    const r = quoteChange(state(), pro, basic, 'monthly', { runningBots: 3, exchanges: 2 }, now);
    expect(r).toMatchObject({ ok: true, quote: { kind: 'downgrade', amountCents: 0, fullPriceCents: 4990 } });
    if (r.ok) {
      expect(r.quote.periodStart).toEqual(d('2026-12-01T00:00:00Z'));
      expect(scheduleDowngrade(state(), r.quote)).toMatchObject({
        scheduledPlanId: 'basic',
        scheduledBilling: 'monthly',
        planId: 'professional',
      });
    }
  });
  it('downgrade refused while over the lower plan’s bots or exchanges, with the reason', () => {
    expect(quoteChange(state(), pro, basic, 'monthly', { runningBots: 4, exchanges: 1 }, now)).toEqual({
      ok: false,
      code: 'downgrade_over_bots',
      message: MESSAGES.payments.downgradeOverBots(4, 3),
    });
    expect(quoteChange(state(), pro, basic, 'monthly', { runningBots: 0, exchanges: 3 }, now)).toMatchObject({
      ok: false,
      code: 'downgrade_over_exchanges',
    });
  });
  it('yearly → monthly on the same plan is a downgrade', () => {
    const yearly = state({ billing: 'yearly', currentPeriodEnd: d('2027-11-01T00:00:00Z') });
    expect(quoteChange(yearly, pro, pro, 'monthly', idle, now)).toMatchObject({
      ok: true,
      quote: { kind: 'downgrade' },
    });
  });
});

describe('transitions', () => {
  const now = d('2026-11-22T10:00:00Z');
  it('trialing → active on an approved payment, for the period bought from now', () => {
    const p = { kind: 'new' as const, planId: 'enterprise' as const, billing: 'yearly' as const };
    const period = periodBought(trial, p, now);
    expect(period).toEqual({ start: now, end: d('2027-11-22T10:00:00Z') });
    expect(applyApprovedPayment(trial, p, period)).toMatchObject({
      status: 'active',
      planId: 'enterprise',
      billing: 'yearly',
      currentPeriodEnd: period.end,
    });
  });
  it('active → renewal continues from the period end', () => {
    const s = state();
    const p = { kind: 'renewal' as const, planId: 'professional' as const, billing: 'monthly' as const };
    expect(periodBought(s, p, d('2026-11-29T00:00:00Z'))).toEqual({
      start: d('2026-12-01T00:00:00Z'),
      end: d('2027-01-01T00:00:00Z'),
    });
  });
  it('a card renewal charged just after the end continues the period; a late one (past_due) starts at payment', () => {
    const p = { kind: 'renewal' as const, planId: 'professional' as const, billing: 'monthly' as const };
    expect(periodBought(state(), p, d('2026-12-01T00:05:00Z')).start).toEqual(d('2026-12-01T00:00:00Z'));
    expect(periodBought(state(), p, d('2026-12-03T00:00:00Z')).start).toEqual(d('2026-12-03T00:00:00Z'));
  });
  it('past_due → active when paid, from the payment', () => {
    const s = state({ status: 'past_due' });
    const p = { kind: 'renewal' as const, planId: 'professional' as const, billing: 'monthly' as const };
    const period = periodBought(s, p, d('2026-12-05T00:00:00Z'));
    expect(period.start).toEqual(d('2026-12-05T00:00:00Z'));
    expect(applyApprovedPayment(s, p, period).status).toBe('active');
  });
  it('upgrade in the same cycle keeps the period and a scheduled change is dropped on other payments', () => {
    const s = state({ scheduledPlanId: 'basic', scheduledBilling: 'monthly' });
    const p = { kind: 'upgrade' as const, planId: 'enterprise' as const, billing: 'monthly' as const };
    const period = periodBought(s, p, now);
    expect(period).toEqual({ start: s.currentPeriodStart, end: s.currentPeriodEnd });
    expect(applyApprovedPayment(s, { ...p, kind: 'renewal' }, period)).toMatchObject({
      scheduledPlanId: null,
    });
  });
  it('cancel only from trialing/active; keeps access to the period end, then canceled', () => {
    const r = cancel(state(), now);
    expect(r).toMatchObject({
      ok: true,
      next: { status: 'active', cancelAtPeriodEnd: true, canceledAt: now },
    });
    if (!r.ok) return;
    expect(effectiveStatus(r.next, d('2026-11-30T00:00:00Z'))).toBe('active');
    expect(lapse(r.next, d('2026-12-01T00:00:00Z'))).toMatchObject({ status: 'canceled' });
    expect(cancel(r.next, now)).toMatchObject({ ok: false, code: 'already_canceling' });
    expect(cancel(state({ status: 'past_due' }), now)).toMatchObject({
      ok: false,
      code: 'cannot_cancel',
      message: MESSAGES.payments.cannotCancel,
    });
    expect(cancel(trial, now)).toMatchObject({ ok: true });
  });
  it('reactivate before the period end withdraws the cancellation; not after', () => {
    const canceling = state({ cancelAtPeriodEnd: true, canceledAt: now });
    expect(reactivate(canceling, now)).toMatchObject({
      ok: true,
      next: { cancelAtPeriodEnd: false, canceledAt: null },
    });
    expect(reactivate(canceling, d('2026-12-02T00:00:00Z'))).toMatchObject({
      ok: false,
      code: 'cannot_reactivate',
    });
    expect(reactivate(state(), now)).toMatchObject({ ok: false });
  });
  it('lapse: trial or period end unpaid → past_due; nothing before the end; nothing twice', () => {
    expect(lapse(trial, d('2026-11-26T23:59:59Z'))).toBeNull();
    const lapsed = lapse(trial, d('2026-11-27T00:00:00Z'));
    expect(lapsed).toMatchObject({ status: 'past_due' });
    expect(lapse(lapsed!, d('2026-11-28T00:00:00Z'))).toBeNull();
  });
  it('renewal: card charged at the end; PIX/boleto issued 3 days ahead; the scheduled downgrade is what renews', () => {
    const s = state({ scheduledPlanId: 'basic', scheduledBilling: 'monthly' });
    expect(
      renewalStep(s, { hasCardOnFile: true, hasPendingRenewal: false }, d('2026-11-30T00:00:00Z')),
    ).toEqual({ action: 'none' });
    expect(
      renewalStep(s, { hasCardOnFile: true, hasPendingRenewal: false }, d('2026-12-01T00:00:00Z')),
    ).toEqual({ action: 'charge_card', planId: 'basic', billing: 'monthly' });
    expect(
      renewalStep(s, { hasCardOnFile: false, hasPendingRenewal: false }, d('2026-11-27T23:00:00Z')),
    ).toEqual({ action: 'none' });
    expect(
      renewalStep(s, { hasCardOnFile: false, hasPendingRenewal: false }, d('2026-11-28T00:00:00Z')),
    ).toEqual({ action: 'issue', planId: 'basic', billing: 'monthly' });
    expect(
      renewalStep(s, { hasCardOnFile: false, hasPendingRenewal: true }, d('2026-11-29T00:00:00Z')),
    ).toEqual({ action: 'none' });
    expect(
      renewalStep(
        state({ cancelAtPeriodEnd: true }),
        { hasCardOnFile: true, hasPendingRenewal: false },
        d('2026-12-01T00:00:00Z'),
      ),
    ).toEqual({ action: 'none' });
    expect(
      renewalStep(trial, { hasCardOnFile: false, hasPendingRenewal: false }, d('2026-11-26T00:00:00Z')),
    ).toEqual({ action: 'none' });
  });
  it('renewal with the saved card: charged off-session at the period end; approved → next period; declined → not charged again, lapses to past_due', () => {
    const s = state();
    const end = s.currentPeriodEnd;
    const at = new Date(end.getTime() + 1000);
    const opts = { hasCardOnFile: true, hasPendingRenewal: false };
    expect(renewalStep(s, opts, at)).toEqual({
      action: 'charge_card',
      planId: 'professional',
      billing: 'monthly',
    });
    // Approved: the renewal continues the period from its end, without a gap.
    const renewal = {
      kind: 'renewal' as const,
      planId: 'professional' as const,
      billing: 'monthly' as const,
    };
    const period = periodBought(s, renewal, at);
    expect(period).toEqual({ start: end, end: d('2027-01-01T00:00:00Z') });
    const renewed = applyApprovedPayment(s, renewal, period);
    expect(renewed).toMatchObject({ status: 'active', currentPeriodEnd: d('2027-01-01T00:00:00Z') });
    expect(renewalStep(renewed, opts, at)).toEqual({ action: 'none' });
    expect(lapse(renewed, at)).toBeNull();
    // Declined: no second charge of the same period end; the period end lapses it to past_due.
    expect(renewalStep(s, { ...opts, cardDeclined: true }, at)).toEqual({ action: 'none' });
    expect(lapse(s, at)).toMatchObject({ status: 'past_due' });
    // The card removed: renewals are issued by PIX/boleto (by email) 3 days ahead instead.
    expect(
      renewalStep(s, { hasCardOnFile: false, hasPendingRenewal: false }, d('2026-11-28T00:00:00Z')),
    ).toEqual({ action: 'issue', planId: 'professional', billing: 'monthly' });
  });
  it('refund: the first payment within 7 days ends the plan now; later or not the first is refused', () => {
    const approvedAt = d('2026-11-20T00:00:00Z');
    expect(refund(state(), { approvedAt, isFirstPaid: true }, d('2026-11-26T23:00:00Z'))).toMatchObject({
      ok: true,
      next: { status: 'canceled', currentPeriodEnd: d('2026-11-26T23:00:00Z') },
    });
    expect(refund(state(), { approvedAt, isFirstPaid: true }, d('2026-11-27T00:00:01Z'))).toMatchObject({
      ok: false,
      code: 'refund_window_closed',
    });
    expect(refund(state(), { approvedAt, isFirstPaid: false }, d('2026-11-21T00:00:00Z'))).toMatchObject({
      ok: false,
    });
  });
});

describe('a charge is bound to the state it was quoted for (issue 25)', () => {
  const quotedAt = d('2026-11-10T12:00:00Z');
  const basis = quoteBasis(state(), quotedAt);

  it('an unchanged subscription keeps the charge applicable', () => {
    expect(isStale('upgrade', basis, state(), d('2026-11-20T12:00:00Z'))).toBe(false);
    expect(isStale('upgrade', null, state({ status: 'canceled' }), quotedAt)).toBe(false); // made before bases
  });

  it('refund, cancel, a scheduled downgrade, another approval or a lapse make an upgrade stale', () => {
    const refunded = refund(state(), { approvedAt: d('2026-11-05T00:00:00Z'), isFirstPaid: true }, quotedAt);
    if (!refunded.ok) throw new Error('refund refused');
    const canceled = cancel(state(), quotedAt);
    if (!canceled.ok) throw new Error('cancel refused');
    const changed: SubscriptionState[] = [
      refunded.next,
      canceled.next,
      scheduleDowngrade(state(), { planId: 'basic', billing: 'monthly' } as never),
      applyApprovedPayment(
        state(),
        { kind: 'upgrade', planId: 'enterprise', billing: 'monthly' },
        {
          start: state().currentPeriodStart,
          end: state().currentPeriodEnd,
        },
      ),
    ];
    for (const s of changed) expect(isStale('upgrade', basis, s, quotedAt)).toBe(true);
    // (b): the period ended — not yet persisted by the sweep — and the upgrade is paid an hour later.
    expect(isStale('upgrade', basis, state(), d('2026-12-01T01:00:00Z'))).toBe(true);
  });

  it('a full-price renewal survives the lapse of the period it renews, and nothing else', () => {
    const late = d('2026-12-01T05:00:00Z');
    expect(isStale('renewal', basis, state(), late)).toBe(false);
    expect(isStale('renewal', basis, state({ status: 'past_due' }), late)).toBe(false);
    expect(
      isStale('renewal', basis, state({ cancelAtPeriodEnd: true, canceledAt: quotedAt }), quotedAt),
    ).toBe(true);
    expect(
      isStale('renewal', basis, state({ scheduledPlanId: 'basic', scheduledBilling: 'monthly' }), quotedAt),
    ).toBe(true);
  });

  it('a monthly → yearly upgrade paid later buys the year from its quote, not from the payment', () => {
    const paidAt = d('2026-11-12T12:00:00Z');
    const period = periodBought(
      state(),
      { kind: 'upgrade', planId: 'professional', billing: 'yearly', quotedStart: quotedAt },
      paidAt,
    );
    expect(period).toEqual({ start: quotedAt, end: d('2027-11-10T12:00:00Z') });
  });

  it('a renewal keeps the start day: 31/01 → 28/02 → 31/03 (São Paulo calendar)', () => {
    const jan = state({
      currentPeriodStart: d('2026-01-31T15:00:00Z'),
      currentPeriodEnd: d('2026-02-28T15:00:00Z'),
    });
    const next = periodBought(
      jan,
      { kind: 'renewal', planId: 'professional', billing: 'monthly' },
      d('2026-02-28T15:00:00Z'),
    );
    expect(next).toEqual({ start: d('2026-02-28T15:00:00Z'), end: d('2026-03-31T15:00:00Z') });
  });
});
