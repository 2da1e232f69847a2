import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { PlanEntity, SubscriptionEntity } from '@arbitra/db';
import {
  MESSAGES,
  type PlanResponse,
  type SubscriptionResponse,
  type SubscriptionStatus,
} from '@arbitra/contracts';
import { sqlRows } from '../../common/db/sql.js';
import { notFound } from '../../common/errors/app-error.js';
import { PINO_LOGGER } from '../../common/logging/logger.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { toPlanResponse, toSubscriptionResponse, trialFor } from './subscription-rules.js';

/** Called when subscriptions lapse (trial/period ended unpaid → past_due, or → canceled). */
export type SubscriptionLapsedListener = (
  lapsed: { userId: string; status: SubscriptionStatus }[],
) => Promise<void> | void;

/** Plans (GET /api/plans) and each user's subscription record (DECISIONS §2, §3). */
@Injectable()
export class SubscriptionsService implements OnModuleInit, OnModuleDestroy {
  private readonly listeners: SubscriptionLapsedListener[] = [];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly ds: DataSource,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    if (this.config.SUBSCRIPTION_SWEEP_MS > 0) {
      this.timer = setInterval(() => {
        this.sweep().catch((e: unknown) =>
          this.logger.error({ err: e }, 'falha ao atualizar assinaturas vencidas'),
        );
      }, this.config.SUBSCRIPTION_SWEEP_MS);
      this.timer.unref();
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** e.g. the bots module stops the running bots of lapsed users. */
  onLapsed(listener: SubscriptionLapsedListener): void {
    this.listeners.push(listener);
  }

  async plans(): Promise<PlanResponse[]> {
    const plans = await this.ds
      .getRepository(PlanEntity)
      .find({ where: { active: true }, order: { sortOrder: 'ASC' } });
    return plans.map(toPlanResponse);
  }

  /** Every new account: 7 days of Profissional (inside the registration's transaction). */
  async startTrial(
    userId: string,
    manager: EntityManager = this.ds.manager,
    now: Date = new Date(),
  ): Promise<SubscriptionEntity> {
    return manager
      .getRepository(SubscriptionEntity)
      .save(manager.getRepository(SubscriptionEntity).create(trialFor(userId, now)));
  }

  async findForUser(userId: string): Promise<{ subscription: SubscriptionEntity; plan: PlanEntity } | null> {
    const subscription = await this.ds.getRepository(SubscriptionEntity).findOneBy({ userId });
    if (!subscription) return null;
    const plan = await this.ds.getRepository(PlanEntity).findOneByOrFail({ id: subscription.planId });
    return { subscription, plan };
  }

  /** GET /api/user/subscription. 404 when the user has none (admins). */
  async describeForUser(userId: string): Promise<SubscriptionResponse> {
    const found = await this.findForUser(userId);
    if (!found) throw notFound('no_subscription', MESSAGES.subscription.none);
    return toSubscriptionResponse(found.subscription, found.plan);
  }

  /**
   * Persists what effectiveStatus() already answers: ended trials/periods become past_due
   * (canceled when cancel_at_period_end). Safe on several instances: each row moves once.
   */
  async sweep(): Promise<{ userId: string; status: SubscriptionStatus }[]> {
    const rows = await sqlRows<{ user_id: string; status: SubscriptionStatus }>(
      this.ds,
      `UPDATE subscriptions
          SET status = CASE WHEN cancel_at_period_end THEN 'canceled' ELSE 'past_due' END,
              canceled_at = CASE WHEN cancel_at_period_end THEN now() ELSE canceled_at END,
              updated_at = now()
        WHERE status IN ('trialing', 'active') AND current_period_end <= now()
        RETURNING user_id, status`,
    );
    const lapsed = rows.map((r) => ({ userId: r.user_id, status: r.status }));
    if (lapsed.length > 0) {
      for (const listener of this.listeners) await listener(lapsed);
    }
    return lapsed;
  }
}
