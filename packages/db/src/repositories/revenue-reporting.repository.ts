import type { DataSource } from 'typeorm';
import type { AdminRevenueReport, AdminUserDetail, PlanId } from '@arbitra/contracts';
import { EFFECTIVE_STATUS_SQL, PLATFORM_TZ } from './admin-users.repository.js';
import { camelColumns } from './sql.js';
import { managerOf, type Tx } from './unit-of-work.js';

/** One charge of the revenue CSV: a charge as the admin's user page lists it, with its payer and dates. */
export type RevenueCsvRow = Omit<AdminUserDetail['payments'][number], 'id' | 'createdAt'> & {
  createdAt: Date;
  approvedAt: Date | null;
  refundedAt: Date | null;
  userName: string;
  userEmail: string;
};

/** Months (São Paulo calendar) from `months - 1` months before `now` to `now`'s month. */
const MONTHS_SQL = `SELECT generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE '${PLATFORM_TZ}') - ($2::int - 1) * interval '1 month',
                         date_trunc('month', $1::timestamptz AT TIME ZONE '${PLATFORM_TZ}'), interval '1 month') AS m`;

/** The first instant of the range (São Paulo midnight of the first month) as SQL over $1 and $2. */
const RANGE_START_SQL = `((date_trunc('month', $1::timestamptz AT TIME ZONE '${PLATFORM_TZ}') - ($2::int - 1) * interval '1 month') AT TIME ZONE '${PLATFORM_TZ}')`;

/**
 * Revenue figures of the admin console, from the payments table only (DECISIONS §4):
 * - revenue: payments approved (including those later refunded) in the month of their approval, grants excluded;
 * - refunds: refunded payments in the month of their refund;
 * - MRR: Σ of the plan price (a yearly one ÷ 12) of the subscriptions paid and active now; ARR = 12 × MRR
 *   (see recurring());
 * - churn (30 days): users whose paid period covered the instant 30 days ago and who have no approved period
 *   covering now, over the users whose paid period covered that instant.
 */
export class RevenueReportingRepository {
  constructor(private readonly ds: DataSource) {}

  private q<T>(sql: string, params: unknown[] = [], tx?: Tx): Promise<T[]> {
    return managerOf(this.ds, tx).query(sql, params);
  }

  async byMonth(months: number, now: Date = new Date()): Promise<AdminRevenueReport['months']> {
    const rows = await this.q<{
      month: string;
      revenue: string;
      refunds: string;
      payments: string;
      refunded: string;
    }>(
      `WITH months AS (${MONTHS_SQL})
       SELECT to_char(m, 'YYYY-MM') AS month,
              (SELECT COALESCE(sum(amount_cents), 0) FROM payments p WHERE p.status IN ('approved', 'refunded') AND p.kind <> 'grant'
                  AND date_trunc('month', p.approved_at AT TIME ZONE '${PLATFORM_TZ}') = m) AS revenue,
              (SELECT count(*) FROM payments p WHERE p.status IN ('approved', 'refunded') AND p.kind <> 'grant'
                  AND date_trunc('month', p.approved_at AT TIME ZONE '${PLATFORM_TZ}') = m) AS payments,
              (SELECT COALESCE(sum(amount_cents), 0) FROM payments p WHERE p.status = 'refunded'
                  AND date_trunc('month', p.refunded_at AT TIME ZONE '${PLATFORM_TZ}') = m) AS refunds,
              (SELECT count(*) FROM payments p WHERE p.status = 'refunded'
                  AND date_trunc('month', p.refunded_at AT TIME ZONE '${PLATFORM_TZ}') = m) AS refunded
         FROM months ORDER BY m`,
      [now, months],
    );
    return rows.map((r) => ({
      month: r.month,
      revenueCents: Number(r.revenue),
      refundsCents: Number(r.refunds),
      payments: Number(r.payments),
      refunds: Number(r.refunded),
    }));
  }

  /**
   * MRR and ARR from the plans' prices, never from what a charge happened to cost (a prorated upgrade is not a
   * month's revenue): over subscriptions that are active now (those canceling at the period end count until it
   * ends) and paid (an approved charge other than a grant covers now), each plan's price for its cycle, a yearly
   * one normalized to a month (÷ 12). ARR = 12 × MRR, summed exactly in cents (Σ yearly price or 12 × monthly
   * price); MRR = ARR ÷ 12 rounded half up once.
   */
  async recurring(now: Date = new Date()): Promise<{ mrrCents: number; arrCents: number }> {
    const [r] = await this.q<{ arr: string }>(
      `SELECT COALESCE(sum(CASE WHEN s.billing = 'yearly' THEN pl.yearly_cents ELSE 12 * pl.monthly_cents END), 0) AS arr
         FROM subscriptions s JOIN plans pl ON pl.id = s.plan_id
        WHERE (${EFFECTIVE_STATUS_SQL.replaceAll('now()', '$1::timestamptz')}) = 'active'
          AND EXISTS (SELECT 1 FROM payments p
                       WHERE p.user_id = s.user_id AND p.status = 'approved' AND p.kind <> 'grant'
                         AND p.period_start <= $1::timestamptz AND p.period_end > $1::timestamptz)`,
      [now],
    );
    const arrCents = Number(r?.arr ?? 0);
    return { mrrCents: Math.floor((arrCents + 6) / 12), arrCents };
  }

  async report(months: number, now: Date = new Date()): Promise<AdminRevenueReport> {
    const range = [now, months];
    const byPlan = await this.q<{ plan_id: PlanId; cents: string; n: string }>(
      `SELECT plan_id, sum(amount_cents) AS cents, count(*) AS n FROM payments
        WHERE status IN ('approved', 'refunded') AND kind <> 'grant' AND approved_at >= ${RANGE_START_SQL}
        GROUP BY plan_id ORDER BY plan_id`,
      range,
    );
    const byMethod = await this.q<{ method: string; cents: string; n: string }>(
      `SELECT method, sum(amount_cents) AS cents, count(*) AS n FROM payments
        WHERE status IN ('approved', 'refunded') AND kind <> 'grant' AND approved_at >= ${RANGE_START_SQL}
        GROUP BY method ORDER BY method`,
      range,
    );
    const [refunds] = await this.q<{ n: string; cents: string }>(
      `SELECT count(*) AS n, COALESCE(sum(amount_cents), 0) AS cents FROM payments
        WHERE status = 'refunded' AND refunded_at >= ${RANGE_START_SQL}`,
      range,
    );
    const [grants] = await this.q<{ n: string }>(
      `SELECT count(*) AS n FROM payments WHERE kind = 'grant' AND created_at >= ${RANGE_START_SQL}`,
      range,
    );
    const [churn] = await this.q<{ base: string; lost: string }>(
      `WITH base AS (
         SELECT DISTINCT user_id FROM payments
          WHERE status = 'approved' AND kind <> 'grant' AND amount_cents > 0
            AND period_start <= $1::timestamptz - interval '30 days' AND period_end > $1::timestamptz - interval '30 days')
       SELECT count(*) AS base,
              count(*) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM payments p WHERE p.user_id = base.user_id AND p.status = 'approved'
                   AND p.period_start <= $1::timestamptz AND p.period_end > $1::timestamptz)) AS lost
         FROM base`,
      [now],
    );
    const base = Number(churn?.base ?? 0);
    const lost = Number(churn?.lost ?? 0);
    return {
      months: await this.byMonth(months, now),
      byPlan: byPlan.map((p) => ({
        planId: p.plan_id,
        revenueCents: Number(p.cents),
        payments: Number(p.n),
      })),
      byMethod: byMethod.map((p) => ({
        method: p.method,
        revenueCents: Number(p.cents),
        payments: Number(p.n),
      })),
      ...(await this.recurring(now)),
      churn: { rate: base === 0 ? 0 : lost / base, lost, base },
      refunds: { count: Number(refunds?.n ?? 0), cents: Number(refunds?.cents ?? 0) },
      grants: Number(grants?.n ?? 0),
    };
  }

  /** Every charge created in the range, oldest first (the CSV export). */
  async charges(months: number, now: Date = new Date()): Promise<RevenueCsvRow[]> {
    const rows = await this.q<RevenueCsvRow>(
      `SELECT ${camelColumns(`p.created_at, p.approved_at, p.refunded_at, u.name AS "userName", u.email AS "userEmail",
              p.plan_id, p.billing, p.kind, p.method, p.status, p.amount_cents, p.invoice_number`)}
         FROM payments p JOIN users u ON u.id = p.user_id
        WHERE p.created_at >= ${RANGE_START_SQL}
        ORDER BY p.created_at, p.id`,
      [now, months],
    );
    return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
  }
}
