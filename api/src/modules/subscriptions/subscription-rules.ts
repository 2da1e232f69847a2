import {
  BRL_PAIRS_BY_PLAN,
  PLANS,
  TRIAL_DAYS,
  TRIAL_PLAN_ID,
  UNLIMITED,
  daysLeft,
  subscriptionStatusLabel,
  type Entitlements,
  type PlanFeatures,
  type PlanResponse,
  type Role,
  type SubscriptionResponse,
  type SubscriptionStatus,
} from '@arbitra/contracts';
import type { PlanEntity, SubscriptionEntity } from '@arbitra/db';

/** Money in the API: integer cents → reais with 2 decimals (49.9 for 4990). */
export const centsToReais = (cents: number): number => Math.round(cents) / 100;

export function planFeatures(plan: PlanEntity): PlanFeatures {
  return {
    maxBots: plan.maxBots,
    maxExchanges: plan.maxExchanges,
    realTimeData: plan.realTimeData,
    advancedStrategies: plan.advancedStrategies,
    prioritySupport: plan.prioritySupport,
  };
}

export function toPlanResponse(plan: PlanEntity): PlanResponse {
  const savingsCents = 12 * plan.monthlyCents - plan.yearlyCents;
  return {
    id: plan.id,
    name: plan.name,
    price: centsToReais(plan.monthlyCents),
    priceCents: plan.monthlyCents,
    yearlyPrice: centsToReais(plan.yearlyCents),
    yearlyPriceCents: plan.yearlyCents,
    yearlyDiscountPercent: Math.round(100 * (1 - plan.yearlyCents / (12 * plan.monthlyCents))),
    yearlySavings: centsToReais(savingsCents),
    yearlySavingsCents: savingsCents,
    interval: 'month',
    features: planFeatures(plan),
    highlights: [...plan.highlights],
    popular: plan.popular,
  };
}

/**
 * The status as it is now (DECISIONS §3): a trial or paid period that ended without a renewal is
 * past_due, or canceled when the user had asked to cancel at the period's end. The sweep persists
 * the same rule; reading never waits for it.
 */
export function effectiveStatus(
  sub: Pick<SubscriptionEntity, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>,
  now: Date = new Date(),
): SubscriptionStatus {
  if (
    (sub.status === 'trialing' || sub.status === 'active') &&
    sub.currentPeriodEnd.getTime() <= now.getTime()
  ) {
    return sub.cancelAtPeriodEnd ? 'canceled' : 'past_due';
  }
  return sub.status;
}

export function toSubscriptionResponse(
  sub: SubscriptionEntity,
  plan: PlanEntity,
  now: Date = new Date(),
): SubscriptionResponse {
  const status = effectiveStatus(sub, now);
  const priceCents = sub.billing === 'yearly' ? plan.yearlyCents : plan.monthlyCents;
  return {
    id: sub.id,
    planId: plan.id,
    planName: plan.name,
    status,
    statusLabel: subscriptionStatusLabel(status),
    billing: sub.billing,
    currentPeriodStart: sub.currentPeriodStart.toISOString(),
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    price: centsToReais(priceCents),
    priceCents,
    features: planFeatures(plan),
    daysLeft: daysLeft(sub.currentPeriodEnd, now),
    scheduledChange:
      sub.scheduledPlanId && (status === 'active' || status === 'trialing') && !sub.cancelAtPeriodEnd
        ? {
            planId: sub.scheduledPlanId,
            planName: PLANS.find((p) => p.id === sub.scheduledPlanId)?.name ?? sub.scheduledPlanId,
            billing: sub.scheduledBilling ?? sub.billing,
            startsAt: sub.currentPeriodEnd.toISOString(),
          }
        : null,
  };
}

/** The fields of a new account's trial: 7 days of Profissional, status trialing. */
export function trialFor(
  userId: string,
  now: Date = new Date(),
): Pick<
  SubscriptionEntity,
  'userId' | 'planId' | 'status' | 'billing' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'
> {
  return {
    userId,
    planId: TRIAL_PLAN_ID,
    status: 'trialing',
    billing: 'monthly',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
    cancelAtPeriodEnd: false,
  };
}

const NOTHING: PlanFeatures = {
  maxBots: 0,
  maxExchanges: 0,
  realTimeData: false,
  advancedStrategies: false,
  prioritySupport: false,
};
const EVERYTHING: PlanFeatures = {
  maxBots: UNLIMITED,
  maxExchanges: UNLIMITED,
  realTimeData: true,
  advancedStrategies: true,
  prioritySupport: true,
};

/**
 * What a user may do. Trialing/active: the plan's features. past_due/canceled or no subscription:
 * nothing new (no bots running, no new exchanges, basic scanner) — nothing is deleted. Admins: everything.
 */
export function entitlementsFor(
  role: Role,
  sub: SubscriptionEntity | null,
  plan: PlanEntity | null,
  now: Date = new Date(),
): Entitlements {
  if (role === 'admin') {
    const status = sub ? effectiveStatus(sub, now) : 'none';
    return {
      planId: plan?.id ?? null,
      status,
      active: true,
      features: EVERYTHING,
      canUseRealTime: true,
      canUseAdvancedStrategies: true,
      canUseBrlPairs: true,
      canRunBots: true,
      maxBots: UNLIMITED,
      maxExchanges: UNLIMITED,
    };
  }
  if (!sub || !plan) {
    return {
      planId: null,
      status: 'none',
      active: false,
      features: NOTHING,
      canUseRealTime: false,
      canUseAdvancedStrategies: false,
      canUseBrlPairs: false,
      canRunBots: false,
      maxBots: 0,
      maxExchanges: 0,
    };
  }
  const status = effectiveStatus(sub, now);
  const active = status === 'trialing' || status === 'active';
  const features = active ? planFeatures(plan) : NOTHING;
  return {
    planId: plan.id,
    status,
    active,
    features,
    canUseRealTime: features.realTimeData,
    canUseAdvancedStrategies: features.advancedStrategies,
    canUseBrlPairs: active && BRL_PAIRS_BY_PLAN[plan.id] === true,
    canRunBots: active && features.maxBots !== 0,
    maxBots: features.maxBots,
    maxExchanges: features.maxExchanges,
  };
}
