import {
  MESSAGES,
  REFUND_WINDOW_DAYS,
  RENEWAL_NOTICE_DAYS,
  UNLIMITED,
  nextAnchorDay,
  periodEnd,
  type BillingCycle,
  type PlanId,
  type SubscriptionStatus,
} from '@arbitra/contracts';
import type { PlanPriceRecord, SubscriptionChange } from '@arbitra/db';
import { effectiveStatus } from '../subscriptions/subscription-rules.js';

/**
 * The subscription state machine (DECISIONS §3, §4, §12), in one place and pure: every function takes
 * the state and `now` and answers the next state (or a refusal with its pt-BR reason). Services persist
 * what it answers with conditional updates, so each transition happens once.
 *
 *   trialing ──approved payment──▶ active ──period end, renewal paid──▶ active
 *      │                             │  └──period end unpaid──▶ past_due ──approved payment──▶ active
 *      │                             └──cancel──▶ (active, cancelAtPeriodEnd) ──period end──▶ canceled
 *      └──trial end unpaid──▶ past_due;  cancel during trial ──trial end──▶ canceled
 *   refund of the first payment within 7 days ──▶ canceled (immediately)
 */

export type PlanPrice = PlanPriceRecord;

/** What the machine reads and writes of a subscription: the stored record without its keys (one definition, in db). */
export type SubscriptionState = SubscriptionChange;

export type Refusal = { ok: false; code: string; message: string };
export type Result<T> = ({ ok: true } & T) | Refusal;

const refuse = (code: string, message: string): Refusal => ({ ok: false, code, message });

export const priceOf = (plan: PlanPrice, billing: BillingCycle): number =>
  billing === 'yearly' ? plan.yearlyCents : plan.monthlyCents;

/** The status as it is at `now` (one definition, shared with the subscription's reads). */
export { effectiveStatus };

/**
 * `amountCents` × the part of [start, end) still ahead of `now`, rounded half up to the cent.
 * Integer arithmetic on whole seconds (never a binary-float product of money).
 */
export function prorateCents(amountCents: number, start: Date, end: Date, now: Date): number {
  if (amountCents <= 0) return 0;
  const total = Math.floor((end.getTime() - start.getTime()) / 1000);
  const left = Math.min(total, Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000)));
  if (total <= 0 || left <= 0) return 0;
  const num = BigInt(amountCents) * BigInt(left) * 2n + BigInt(total);
  return Number(num / (2n * BigInt(total)));
}

export type ChangeKind = 'new' | 'renewal' | 'upgrade' | 'downgrade';

export interface Quote {
  kind: ChangeKind;
  planId: PlanId;
  billing: BillingCycle;
  /** Due now (0 for a downgrade: it takes effect at the next period). */
  amountCents: number;
  fullPriceCents: number;
  prorated: boolean;
  /** The period the payment buys if approved now. */
  periodStart: Date;
  periodEnd: Date;
}

/** What the user holds now beyond the lower plan's limits blocks a downgrade. */
export interface Usage {
  runningBots: number;
  exchanges: number;
}

/**
 * What choosing (plan, billing) means now.
 * - trialing, past_due, canceled: a new paid period starting on payment ('new'; 'renewal' from past_due).
 * - active, higher plan with the same cycle, or monthly → yearly (same or higher plan): upgrade, charged now.
 *   Same cycle: the price difference prorated over the rest of the period, the period kept. Monthly → yearly:
 *   a new yearly period from today, minus the unused part of the month already paid.
 * - active, lower plan or yearly → monthly: a downgrade at the next period, refused while usage is over the
 *   lower plan's limits.
 */
export function quoteChange(
  s: SubscriptionState,
  current: PlanPrice,
  target: PlanPrice,
  billing: BillingCycle,
  usage: Usage,
  now: Date,
): Result<{ quote: Quote }> {
  const status = effectiveStatus(s, now);
  const full = priceOf(target, billing);
  /** A quote for `target` at `billing`: `amountCents` due now for the period [start, end). */
  const quote = (
    kind: ChangeKind,
    amountCents: number,
    start = now,
    end = periodEnd(now, billing),
  ): Result<{ quote: Quote }> => ({
    ok: true,
    quote: {
      kind,
      planId: target.id,
      billing,
      amountCents,
      fullPriceCents: full,
      prorated: kind === 'upgrade',
      periodStart: start,
      periodEnd: end,
    },
  });
  if (status === 'trialing' || status === 'canceled') return quote('new', full);
  if (status === 'past_due') return quote('renewal', full);

  // active
  const sameCycle = billing === s.billing;
  if (target.id === current.id && sameCycle) return refuse('same_plan', MESSAGES.payments.samePlan);
  const higher = target.sortOrder > current.sortOrder;
  const isUpgrade =
    (higher && sameCycle) ||
    (s.billing === 'monthly' && billing === 'yearly' && target.sortOrder >= current.sortOrder);
  const { currentPeriodStart: start, currentPeriodEnd: end } = s;
  if (isUpgrade && sameCycle)
    return quote('upgrade', prorateCents(full - priceOf(current, s.billing), start, end, now), start, end);
  if (isUpgrade) {
    const credit = prorateCents(priceOf(current, s.billing), start, end, now);
    return quote('upgrade', Math.max(0, full - credit));
  }
  const over = overLimits(target, usage);
  if (over) return over;
  return quote('downgrade', 0, end, periodEnd(end, billing, nextAnchorDay(start, end)));
}

/** A refusal when the user runs more bots or has more exchanges than `plan` allows. */
export function overLimits(plan: Pick<PlanPrice, 'maxBots' | 'maxExchanges'>, usage: Usage): Refusal | null {
  if (plan.maxBots !== UNLIMITED && usage.runningBots > plan.maxBots)
    return refuse(
      'downgrade_over_bots',
      MESSAGES.payments.downgradeOverBots(usage.runningBots, plan.maxBots),
    );
  if (plan.maxExchanges !== UNLIMITED && usage.exchanges > plan.maxExchanges)
    return refuse(
      'downgrade_over_exchanges',
      MESSAGES.payments.downgradeOverExchanges(usage.exchanges, plan.maxExchanges),
    );
  return null;
}

/** A downgrade: recorded now, applied by the renewal at the period end. */
export function scheduleDowngrade(s: SubscriptionState, quote: Quote): SubscriptionState {
  return { ...s, scheduledPlanId: quote.planId, scheduledBilling: quote.billing };
}

/** How late a renewal may be paid and still continue the period it renews. */
export const RENEWAL_GRACE_MS = 86_400_000;

export interface ApprovedPayment {
  kind: 'new' | 'renewal' | 'upgrade' | 'grant';
  planId: PlanId;
  billing: BillingCycle;
  /**
   * The start of the period the charge was quoted for. A monthly → yearly upgrade was priced as the yearly price
   * minus the unused part of the month *at the quote*: its year starts there, so paying later buys no extra days.
   */
  quotedStart?: Date | null;
}

/**
 * What a charge is quoted for: the subscription as it stands, with its status as of `now` (a period that ended is
 * past_due or canceled even before the sweep persists it). Stored with the charge (payments.quote_basis).
 */
export interface QuoteBasis {
  planId: PlanId;
  billing: BillingCycle;
  status: SubscriptionStatus;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  scheduledPlanId: PlanId | null;
  scheduledBilling: BillingCycle | null;
}

export function quoteBasis(s: SubscriptionState, now: Date): QuoteBasis {
  return {
    planId: s.planId,
    billing: s.billing,
    status: effectiveStatus(s, now),
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    scheduledPlanId: s.scheduledPlanId,
    scheduledBilling: s.scheduledBilling,
  };
}

const BASIS_KEYS: (keyof QuoteBasis)[] = [
  'planId',
  'billing',
  'status',
  'currentPeriodStart',
  'currentPeriodEnd',
  'cancelAtPeriodEnd',
  'scheduledPlanId',
  'scheduledBilling',
];

/**
 * Whether a charge of `kind`, quoted for `quoted`, may still be applied to the subscription `s` at `now`. Any change
 * of the state it was quoted for (another approval, refund, cancel, reactivation, scheduled downgrade, admin grant,
 * lapse) makes it stale: it is then refunded, never applied. One exception: a full-price charge ('new' or 'renewal',
 * whose period starts when it is paid) survives the lapse of the period it was issued in — paying a renewal's PIX or
 * boleto after the period ended is what cures the lapse, and it buys a full period at the full price.
 * A charge without a basis (made before bases existed) is judged as before.
 */
export function isStale(
  kind: ApprovedPayment['kind'],
  quoted: QuoteBasis | null,
  s: SubscriptionState,
  now: Date,
): boolean {
  if (!quoted || kind === 'grant') return false;
  const current = quoteBasis(s, now);
  const changed = BASIS_KEYS.filter((k) => quoted[k] !== current[k]);
  if (changed.length === 0) return false;
  const lapsedOnly =
    changed.length === 1 &&
    changed[0] === 'status' &&
    (quoted.status === 'trialing' || quoted.status === 'active') &&
    (current.status === 'past_due' || current.status === 'canceled');
  return !(lapsedOnly && (kind === 'new' || kind === 'renewal'));
}

/**
 * The period an approved payment buys, decided at approval (a PIX paid 20 minutes after it was issued
 * starts then): a renewal of a running period continues from its end; an upgrade in the same cycle keeps
 * the period; everything else starts now.
 */
export function periodBought(
  s: SubscriptionState,
  p: ApprovedPayment,
  now: Date,
): { start: Date; end: Date } {
  const status = effectiveStatus(s, now);
  // A renewal charged at the period end (or paid within a day of it) continues the period without a gap.
  const renewsRunning =
    s.status === 'active' &&
    !s.cancelAtPeriodEnd &&
    now.getTime() - s.currentPeriodEnd.getTime() < RENEWAL_GRACE_MS;
  if (p.kind === 'renewal' && renewsRunning) {
    const anchor = nextAnchorDay(s.currentPeriodStart, s.currentPeriodEnd);
    return { start: s.currentPeriodEnd, end: periodEnd(s.currentPeriodEnd, p.billing, anchor) };
  }
  if (p.kind === 'upgrade' && status === 'active' && p.billing === s.billing) {
    return { start: s.currentPeriodStart, end: s.currentPeriodEnd };
  }
  if (
    p.kind === 'upgrade' &&
    status === 'active' &&
    p.quotedStart &&
    p.quotedStart.getTime() <= now.getTime()
  ) {
    return { start: p.quotedStart, end: periodEnd(p.quotedStart, p.billing) };
  }
  return { start: now, end: periodEnd(now, p.billing) };
}

/** trialing/active/past_due/canceled → active on an approved payment, for the period it bought. */
export function applyApprovedPayment(
  s: SubscriptionState,
  p: ApprovedPayment,
  period: { start: Date; end: Date },
): SubscriptionState {
  const keepSchedule = p.kind === 'upgrade' && p.billing === s.billing;
  return {
    ...s,
    planId: p.planId,
    billing: p.billing,
    status: 'active',
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    scheduledPlanId: keepSchedule ? s.scheduledPlanId : null,
    scheduledBilling: keepSchedule ? s.scheduledBilling : null,
  };
}

/** Cancel (after confirmation): only from trialing/active; access stays until the period end. */
export function cancel(s: SubscriptionState, now: Date): Result<{ next: SubscriptionState }> {
  const status = effectiveStatus(s, now);
  if (status !== 'trialing' && status !== 'active')
    return refuse('cannot_cancel', MESSAGES.payments.cannotCancel);
  if (s.cancelAtPeriodEnd) return refuse('already_canceling', MESSAGES.payments.alreadyCanceling);
  return {
    ok: true,
    next: { ...s, cancelAtPeriodEnd: true, canceledAt: now, scheduledPlanId: null, scheduledBilling: null },
  };
}

/** 'Reativar' before the period end: the cancellation is withdrawn. */
export function reactivate(s: SubscriptionState, now: Date): Result<{ next: SubscriptionState }> {
  const status = effectiveStatus(s, now);
  if (!s.cancelAtPeriodEnd || (status !== 'trialing' && status !== 'active'))
    return refuse('cannot_reactivate', MESSAGES.payments.cannotReactivate);
  return { ok: true, next: { ...s, cancelAtPeriodEnd: false, canceledAt: null } };
}

/** Period end without payment: trialing/active → past_due, or canceled when the user had canceled. Null: nothing to do. */
export function lapse(s: SubscriptionState, now: Date): SubscriptionState | null {
  const status = effectiveStatus(s, now);
  if (status === s.status) return null;
  return { ...s, status, canceledAt: status === 'canceled' ? (s.canceledAt ?? now) : s.canceledAt };
}

export type RenewalStep =
  | { action: 'none' }
  /** PIX/boleto: issue the next charge and email it (RENEWAL_NOTICE_DAYS ahead). */
  | { action: 'issue'; planId: PlanId; billing: BillingCycle }
  /** Card saved at the provider: charge it off-session at the period end. */
  | { action: 'charge_card'; planId: PlanId; billing: BillingCycle };

/**
 * What the renewal job does for an active subscription now. The plan renewed is the scheduled downgrade
 * when there is one. Trials, canceling and lapsed subscriptions renew nothing.
 * - A card saved at the provider is charged off-session once the period has ended. If that charge was declined
 *   (`cardDeclined`: a declined card renewal of this period end), it is not charged again: the subscription
 *   lapses to past_due at its period end like an unpaid one, and the user pays again on /payment.
 * - Without a saved card, a PIX/boleto charge is issued and emailed RENEWAL_NOTICE_DAYS ahead.
 */
export function renewalStep(
  s: SubscriptionState,
  opts: { hasCardOnFile: boolean; hasPendingRenewal: boolean; cardDeclined?: boolean },
  now: Date,
): RenewalStep {
  if (s.status !== 'active' || s.cancelAtPeriodEnd || opts.hasPendingRenewal) return { action: 'none' };
  const planId = s.scheduledPlanId ?? s.planId;
  const billing = s.scheduledBilling ?? s.billing;
  const msLeft = s.currentPeriodEnd.getTime() - now.getTime();
  if (opts.hasCardOnFile) {
    if (opts.cardDeclined) return { action: 'none' };
    return msLeft <= 0 ? { action: 'charge_card', planId, billing } : { action: 'none' };
  }
  return msLeft <= RENEWAL_NOTICE_DAYS * 86_400_000
    ? { action: 'issue', planId, billing }
    : { action: 'none' };
}

/** The 7-day guarantee: only the first paid payment, within 7 days of its approval; ends the plan now. */
export function refund(
  s: SubscriptionState,
  payment: { approvedAt: Date; isFirstPaid: boolean },
  now: Date,
): Result<{ next: SubscriptionState }> {
  if (!payment.isFirstPaid || now.getTime() - payment.approvedAt.getTime() > REFUND_WINDOW_DAYS * 86_400_000)
    return refuse('refund_window_closed', MESSAGES.payments.refundWindowClosed);
  return {
    ok: true,
    next: {
      ...s,
      status: 'canceled',
      currentPeriodEnd:
        now.getTime() > s.currentPeriodStart.getTime()
          ? now
          : new Date(s.currentPeriodStart.getTime() + 1000),
      cancelAtPeriodEnd: false,
      canceledAt: now,
      scheduledPlanId: null,
      scheduledBilling: null,
    },
  };
}
