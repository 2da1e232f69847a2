import { Injectable } from '@nestjs/common';
import { SubscriptionsRepository, type PlanEntity, type SubscriptionEntity, type OwnerId } from '@arbitra/db';
import {
  MESSAGES,
  type PlanResponse,
  type SubscriptionResponse,
  type SubscriptionStatus,
} from '@arbitra/contracts';
import { notFound } from '../../common/errors/app-error.js';
import { toPlanResponse, toSubscriptionResponse, trialFor } from './subscription-rules.js';

/** Called when subscriptions lapse (trial/period ended unpaid → past_due, or → canceled). */
export type SubscriptionLapsedListener = (
  lapsed: { userId: OwnerId; status: SubscriptionStatus }[],
) => Promise<void> | void;

/** Plans (GET /api/plans) and each user's subscription record (DECISIONS §2, §3). */
@Injectable()
export class SubscriptionsService {
  private readonly listeners: SubscriptionLapsedListener[] = [];

  constructor(private readonly repo: SubscriptionsRepository) {}

  /** e.g. billing stops the running bots of lapsed users, mails them and pushes the banner. */
  onLapsed(listener: SubscriptionLapsedListener): void {
    this.listeners.push(listener);
  }

  async plans(): Promise<PlanResponse[]> {
    const plans = await this.repo.activePlans();
    return plans.map(toPlanResponse);
  }

  /** Every new account: 7 days of Profissional (the registration inserts it in its transaction). */
  trial(userId: OwnerId, now: Date = new Date()): Partial<SubscriptionEntity> {
    return trialFor(userId, now);
  }

  async findForUser(userId: OwnerId): Promise<{ subscription: SubscriptionEntity; plan: PlanEntity } | null> {
    return this.repo.withPlan(userId);
  }

  /** GET /api/user/subscription. 404 when the user has none (admins). */
  async describeForUser(userId: OwnerId): Promise<SubscriptionResponse> {
    const found = await this.findForUser(userId);
    if (!found) throw notFound('no_subscription', MESSAGES.subscription.none);
    return toSubscriptionResponse(found.subscription, found.plan);
  }

  /**
   * Persists what effectiveStatus() already answers (the state machine's lapse): ended trials/periods become
   * past_due (canceled when cancel_at_period_end). Run by the billing job (SUBSCRIPTION_SWEEP_MS). Safe on
   * several instances: each row moves once, and only the process that moved it tells the listeners.
   * `cardProvider`: the provider whose saved cards the billing job charges at the period end; such a renewal is
   * decided before the period lapses (SubscriptionsRepository.lapse).
   */
  async sweep(cardProvider?: string): Promise<{ userId: OwnerId; status: SubscriptionStatus }[]> {
    const rows = await this.repo.lapse(cardProvider);
    const lapsed = rows.map((r) => ({ userId: r.user_id, status: r.status }));
    if (lapsed.length > 0) {
      for (const listener of this.listeners) await listener(lapsed);
    }
    return lapsed;
  }
}
