import { describe, expect, it } from 'vitest';
import type { PlanEntity, SubscriptionEntity } from '@arbitra/db';
import { PLANS } from '@arbitra/contracts';
import {
  effectiveStatus,
  entitlementsFor,
  toPlanResponse,
  toSubscriptionResponse,
  trialFor,
} from './subscription-rules.js';

const plan = (id: string): PlanEntity => {
  const { features, ...p } = PLANS.find((x) => x.id === id)!;
  return { ...p, ...features, highlights: [...p.highlights], sortOrder: 0, active: true };
};
const now = new Date('2025-03-10T12:00:00Z');
const sub = (over: Partial<SubscriptionEntity>): SubscriptionEntity => ({
  id: 's1',
  ...trialFor('u1', new Date('2025-03-08T12:00:00Z')),
  canceledAt: null,
  scheduledPlanId: null,
  scheduledBilling: null,
  createdAt: now,
  updatedAt: now,
  ...over,
});

describe('plans and subscriptions', () => {
  it('answers prices in reais and cents, with the yearly discount', () => {
    const p = toPlanResponse(plan('basic'));
    expect(p).toMatchObject({
      price: 49.9,
      priceCents: 4990,
      yearlyPrice: 499,
      yearlyDiscountPercent: 17,
      yearlySavings: 99.8,
      interval: 'month',
    });
    expect(toPlanResponse(plan('professional')).popular).toBe(true);
  });

  it('starts a 7-day Profissional trial', () => {
    const t = trialFor('u1', now);
    expect(t.planId).toBe('professional');
    expect(t.status).toBe('trialing');
    expect(t.currentPeriodEnd.getTime() - now.getTime()).toBe(7 * 86_400_000);
  });

  it('rounds days left up and reads an ended unpaid period as past_due', () => {
    const s = sub({});
    const r = toSubscriptionResponse(s, plan('professional'), now);
    expect(r).toMatchObject({
      status: 'trialing',
      statusLabel: 'Período de teste',
      daysLeft: 5,
      price: 99.9,
      planName: 'Profissional',
    });
    expect(toSubscriptionResponse(s, plan('professional'), new Date('2025-03-14T12:00:01Z')).daysLeft).toBe(
      1,
    );
    const later = new Date('2025-03-16T00:00:00Z');
    expect(effectiveStatus(s, later)).toBe('past_due');
    expect(toSubscriptionResponse(s, plan('professional'), later)).toMatchObject({
      status: 'past_due',
      statusLabel: 'Vencido',
      daysLeft: 0,
    });
    expect(effectiveStatus({ ...s, cancelAtPeriodEnd: true }, later)).toBe('canceled');
  });

  it('gives the plan’s features while trialing or active, nothing new once lapsed, everything to admins', () => {
    const e = entitlementsFor('user', sub({}), plan('professional'), now);
    expect(e).toMatchObject({
      planId: 'professional',
      status: 'trialing',
      active: true,
      canUseRealTime: true,
      maxBots: 10,
      maxExchanges: 5,
      canRunBots: true,
    });
    const basic = entitlementsFor('user', sub({ planId: 'basic', status: 'active' }), plan('basic'), now);
    expect(basic).toMatchObject({
      canUseRealTime: false,
      canUseAdvancedStrategies: false,
      maxBots: 3,
      maxExchanges: 2,
    });
    const lapsed = entitlementsFor('user', sub({}), plan('professional'), new Date('2025-04-01T00:00:00Z'));
    expect(lapsed).toMatchObject({
      status: 'past_due',
      active: false,
      canRunBots: false,
      maxBots: 0,
      canUseRealTime: false,
    });
    expect(entitlementsFor('user', null, null, now)).toMatchObject({ status: 'none', active: false });
    expect(entitlementsFor('admin', null, null, now)).toMatchObject({
      active: true,
      maxBots: -1,
      canUseRealTime: true,
    });
  });
});
