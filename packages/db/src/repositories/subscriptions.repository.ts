import type { DataSource, EntityManager } from 'typeorm';
import type { BillingCycle, PlanId, SubscriptionStatus } from '@arbitra/contracts';
import { PlanEntity } from '../entities/plan.entity.js';
import { SubscriptionEntity } from '../entities/subscription.entity.js';
import { camelColumns, sqlRows } from './sql.js';
import { managerOf, type Tx } from './unit-of-work.js';
import { ownerOfRow, type OwnerId } from '../tenancy.js';

/** A user's subscription row, as the billing state machine reads and writes it. */
export interface SubscriptionRecord {
  id: string;
  userId: OwnerId;
  planId: PlanId;
  status: SubscriptionStatus;
  billing: BillingCycle;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  scheduledPlanId: PlanId | null;
  scheduledBilling: BillingCycle | null;
}

export type SubscriptionChange = Omit<SubscriptionRecord, 'id' | 'userId'>;

/** A row as COLUMNS reads it: the record's fields, its owner not yet typed as one. */
type Row = Omit<SubscriptionRecord, 'userId'> & { userId: string };

const COLUMNS = camelColumns(`id, user_id, plan_id, status, billing, current_period_start, current_period_end,
  cancel_at_period_end, canceled_at, scheduled_plan_id, scheduled_billing`);

const toRecord = (r: Row): SubscriptionRecord => ({ ...r, userId: ownerOfRow(r.userId) });

/** A plan's prices (integer cents) and limits (-1 = unlimited), as billing reads them. */
export interface PlanPriceRecord {
  id: PlanId;
  name: string;
  monthlyCents: number;
  yearlyCents: number;
  maxBots: number;
  maxExchanges: number;
  sortOrder: number;
}

/** The ONLY code that reads or writes `subscriptions` and `plans`. */
export class SubscriptionsRepository {
  constructor(private readonly ds: DataSource) {}

  activePlans(): Promise<PlanEntity[]> {
    return this.ds.getRepository(PlanEntity).find({ where: { active: true }, order: { sortOrder: 'ASC' } });
  }

  plan(id: PlanId): Promise<PlanEntity | null> {
    return this.ds.getRepository(PlanEntity).findOneBy({ id });
  }

  forUser(userId: OwnerId): Promise<SubscriptionEntity | null> {
    return this.ds.getRepository(SubscriptionEntity).findOneBy({ userId });
  }

  /** The user's subscription and its plan, or null. */
  async withPlan(userId: OwnerId): Promise<{ subscription: SubscriptionEntity; plan: PlanEntity } | null> {
    const subscription = await this.forUser(userId);
    if (!subscription) return null;
    const plan = await this.ds.getRepository(PlanEntity).findOneByOrFail({ id: subscription.planId });
    return { subscription, plan };
  }

  /** Inserts a subscription (inside the registration's transaction when `m` is given). */
  insert(
    values: Partial<SubscriptionEntity>,
    m: EntityManager = this.ds.manager,
  ): Promise<SubscriptionEntity> {
    const repo = m.getRepository(SubscriptionEntity);
    return repo.save(repo.create(values));
  }

  /**
   * Ended trials/periods become past_due (canceled when cancel_at_period_end). Safe on several instances: each
   * row moves once. Answers the rows that moved.
   *
   * An active period renewed by a card saved at `cardProvider` (the provider the billing job charges) does not
   * lapse before its renewal has been decided: the charge is made by the billing job at the period end, and a
   * sweep may run first (another process's run, or this run when the period ended between its renewals and its
   * sweep). It lapses once that card renewal was declined, or an hour after the period end if none was made.
   */
  lapse(cardProvider?: string): Promise<{ user_id: OwnerId; status: SubscriptionStatus }[]> {
    return sqlRows<{ user_id: OwnerId; status: SubscriptionStatus }>(
      this.ds,
      `UPDATE subscriptions
          SET status = CASE WHEN cancel_at_period_end THEN 'canceled' ELSE 'past_due' END,
              canceled_at = CASE WHEN cancel_at_period_end THEN now() ELSE canceled_at END,
              updated_at = now()
        WHERE status IN ('trialing', 'active') AND current_period_end <= now()
          -- a card renewal being charged right now (by another process) decides first
          AND NOT EXISTS (SELECT 1 FROM payments p
                           WHERE p.user_id = subscriptions.user_id AND p.kind = 'renewal' AND p.method = 'card'
                             AND p.status = 'pending' AND p.created_at > now() - interval '1 hour')
          -- and so does a card renewal not yet charged: a saved card (billing's SavedCards.of), no declined
          -- card renewal since the end (PaymentsRepository.hasDeclinedCardRenewalSince, as renewalStep reads it)
          AND NOT (status = 'active' AND NOT cancel_at_period_end
                   AND current_period_end > now() - interval '1 hour'
                   AND EXISTS (SELECT 1 FROM payment_methods m
                                WHERE m.user_id = subscriptions.user_id AND m.provider = $1)
                   AND NOT EXISTS (SELECT 1 FROM payments p
                                    WHERE p.user_id = subscriptions.user_id AND p.kind = 'renewal'
                                      AND p.method = 'card' AND p.status = 'declined'
                                      AND p.created_at >= subscriptions.current_period_end))
        RETURNING user_id, status`,
      [cardProvider ?? null],
    );
  }

  /**
   * A granted plan: the subscription becomes `plan`, active, its period running `days` more days from its
   * current end (or from now when it already ended). Returns the granted period.
   */
  async grant(
    userId: OwnerId,
    plan: PlanId,
    days: number,
    now: Date = new Date(),
    tx?: Tx,
  ): Promise<{ start: Date; end: Date }> {
    const [row] = await sqlRows<{ start: Date; end: Date }>(
      tx?.manager ?? this.ds,
      `WITH prev AS (SELECT GREATEST(COALESCE((SELECT current_period_end FROM subscriptions WHERE user_id = $1), $3::timestamptz), $3::timestamptz) AS start)
       INSERT INTO subscriptions (user_id, plan_id, status, billing, current_period_start, current_period_end, cancel_at_period_end)
       SELECT $1, $2, 'active', 'monthly', $3::timestamptz, prev.start + $4::int * interval '1 day', false FROM prev
       ON CONFLICT (user_id) DO UPDATE
          SET plan_id = EXCLUDED.plan_id, status = 'active', cancel_at_period_end = false, canceled_at = NULL,
              current_period_start = CASE WHEN subscriptions.current_period_end > $3::timestamptz
                                          THEN subscriptions.current_period_start ELSE $3::timestamptz END,
              current_period_end = EXCLUDED.current_period_end, updated_at = now()
       RETURNING (SELECT start FROM prev) AS start, current_period_end AS end`,
      [userId, plan, now, days],
    );
    return { start: row!.start, end: row!.end };
  }

  // ---------------------------------------------------------------- billing (issue 10)

  private async rows(sql: string, params: unknown[], tx?: Tx): Promise<SubscriptionRecord[]> {
    return (await sqlRows<Row>(managerOf(this.ds, tx), sql, params)).map(toRecord);
  }

  /** `lock`: FOR UPDATE, inside `tx` (one transition at a time per user). */
  async findByUser(userId: OwnerId, tx?: Tx, lock = false): Promise<SubscriptionRecord | null> {
    const [row] = await this.rows(
      `SELECT ${COLUMNS} FROM subscriptions WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [userId],
      tx,
    );
    return row ?? null;
  }

  /** Writes the state the machine answered. */
  async save(userId: OwnerId, s: SubscriptionChange, tx?: Tx): Promise<SubscriptionRecord | null> {
    const [row] = await this.rows(
      `UPDATE subscriptions
          SET plan_id = $2, status = $3, billing = $4, current_period_start = $5, current_period_end = $6,
              cancel_at_period_end = $7, canceled_at = $8, scheduled_plan_id = $9, scheduled_billing = $10,
              updated_at = now()
        WHERE user_id = $1
        RETURNING ${COLUMNS}`,
      [
        userId,
        s.planId,
        s.status,
        s.billing,
        s.currentPeriodStart,
        s.currentPeriodEnd,
        s.cancelAtPeriodEnd,
        s.canceledAt,
        s.scheduledPlanId,
        s.scheduledBilling,
      ],
      tx,
    );
    return row ?? null;
  }

  /** Active subscriptions renewing (not canceling) whose period ends before `horizon`. */
  async listRenewing(horizon: Date, limit = 500, tx?: Tx): Promise<SubscriptionRecord[]> {
    return this.rows(
      `SELECT ${COLUMNS} FROM subscriptions
        WHERE status = 'active' AND NOT cancel_at_period_end AND current_period_end <= $1
        ORDER BY current_period_end LIMIT $2`,
      [horizon, limit],
      tx,
    );
  }

  /** Every plan's prices and limits, for billing (the price list of DECISIONS §2). */
  listPrices(tx?: Tx): Promise<PlanPriceRecord[]> {
    return sqlRows<PlanPriceRecord>(
      managerOf(this.ds, tx),
      `SELECT ${camelColumns('id, name, monthly_cents, yearly_cents, max_bots, max_exchanges, sort_order')}
         FROM plans ORDER BY sort_order`,
    );
  }
}
