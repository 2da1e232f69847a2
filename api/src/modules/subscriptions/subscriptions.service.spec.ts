import type { OwnerId } from '@arbitra/db';
import { describe, expect, it } from 'vitest';
import { MESSAGES, TRIAL_DAYS, UNLIMITED, type SubscriptionStatus } from '@arbitra/contracts';
import { AppError } from '../../common/errors/app-error.js';
import { memoryDatabase } from '../../../test/support/memory-repositories.js';
import { EntitlementsService } from './entitlements.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

// SubscriptionsService and EntitlementsService against the in-memory repository kit (no database): the plans, a
// new account's trial, the lapse sweep and what each state allows. On Postgres: api/test/admin-plans.test.ts.

const DAY = 86_400_000;

function setup() {
  const db = memoryDatabase();
  const service = new SubscriptionsService(db.subscriptions);
  const entitlements = new EntitlementsService(db.users, db.subscriptions);
  /** A user (role `role`) with the subscription `sub` builds (none when omitted). */
  const user = async (
    role: 'user' | 'admin' = 'user',
    sub?: (userId: OwnerId) => Parameters<typeof db.subscriptions.insert>[0],
  ) => {
    const u = await db.users.register(
      { name: 'Ana', email: `${Math.random()}@exemplo.com.br`, role },
      (id) => ({
        subscription: sub ? sub(id as OwnerId) : service.trial(id as OwnerId),
        session: { userId: id, expiresAt: new Date(Date.now() + DAY) },
      }),
    );
    if (!sub && role === 'admin') db.tables.subscriptions.delete(u.user.id);
    return u.user.id as OwnerId;
  };
  return { db, service, entitlements, user };
}

describe('SubscriptionsService and EntitlementsService (in-memory repositories)', () => {
  it('lists the active plans in order, prices in reais', async () => {
    const { service } = setup();
    const plans = await service.plans();
    expect(plans.map((p) => p.id)).toEqual(['basic', 'professional', 'enterprise']);
    expect(plans[0]).toMatchObject({ name: 'Básico', price: 49.9, priceCents: 4990 });
  });

  it('a new account gets 7 days of Profissional, and may do what Profissional allows', async () => {
    const { service, entitlements, user } = setup();
    const id = await user();
    const described = await service.describeForUser(id);
    expect(described).toMatchObject({
      planId: 'professional',
      planName: 'Profissional',
      status: 'trialing',
      statusLabel: MESSAGES.subscription.trialing,
      daysLeft: TRIAL_DAYS,
    });
    expect(await entitlements.forUser(id)).toMatchObject({
      active: true,
      canRunBots: true,
      canUseRealTime: true,
      canUseAdvancedStrategies: true,
      maxBots: 10,
      maxExchanges: 5,
    });
  });

  it('a user without a subscription gets a pt-BR 404 and may do nothing; an admin may do everything', async () => {
    const { service, entitlements, user } = setup();
    const admin = await user('admin');
    const e = await service.describeForUser(admin).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ status: 404, code: 'no_subscription', message: MESSAGES.subscription.none });
    expect(await entitlements.forUser(admin)).toMatchObject({
      active: true,
      maxBots: UNLIMITED,
      canRunBots: true,
    });
    expect(await entitlements.forUser('nobody' as OwnerId)).toMatchObject({
      status: 'none',
      active: false,
      canRunBots: false,
    });
  });

  it('the sweep lapses ended trials and periods once (past_due, or canceled when asked), and tells the listeners', async () => {
    const { db, service, entitlements, user } = setup();
    const ended = (userId: OwnerId, over: Record<string, unknown> = {}) => ({
      ...service.trial(userId, new Date(Date.now() - 8 * DAY)),
      ...over,
    });
    const trialOver = await user('user', (id) => ended(id));
    const leaving = await user('user', (id) =>
      ended(id, { status: 'active', planId: 'basic', cancelAtPeriodEnd: true }),
    );
    const current = await user();
    const told: { userId: string; status: SubscriptionStatus }[][] = [];
    service.onLapsed((lapsed) => void told.push(lapsed));

    const lapsed = await service.sweep();
    expect(lapsed).toEqual(
      expect.arrayContaining([
        { userId: trialOver, status: 'past_due' },
        { userId: leaving, status: 'canceled' },
      ]),
    );
    expect(lapsed).toHaveLength(2);
    expect(told).toEqual([lapsed]);
    expect(db.tables.subscriptions.get(current)?.status).toBe('trialing');
    expect(await entitlements.forUser(trialOver)).toMatchObject({
      status: 'past_due',
      active: false,
      canRunBots: false,
    });

    expect(await service.sweep()).toEqual([]);
    expect(told).toHaveLength(1);
  });
});
