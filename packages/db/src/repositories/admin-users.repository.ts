import type { DataSource } from 'typeorm';
import type { AdminUserDetail, AdminUsersQuery, PlanId, SubscriptionStatus } from '@arbitra/contracts';
import { camelColumns, likePattern } from './sql.js';
import { managerOf, type Tx } from './unit-of-work.js';

/** What the admin's user page reads here. */
type Detail = Omit<AdminUserDetail, 'user' | 'payments'>;
/** `T` with its `K` fields as the database answers them (Dates, sent as ISO strings). */
type Dated<T, K extends keyof T> = Omit<T, K> & Record<K, Date>;

/** A subscription's status as users see it: an ended period is past_due (or canceled when cancel was asked). */
export const EFFECTIVE_STATUS_SQL = `CASE WHEN s.status IN ('trialing', 'active') AND s.current_period_end <= now()
  THEN CASE WHEN s.cancel_at_period_end THEN 'canceled' ELSE 'past_due' END ELSE s.status END`;

/** The calendar of the platform (DECISIONS §11). */
export const PLATFORM_TZ = 'America/Sao_Paulo';

export interface AdminConsoleUserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: Date;
  lastLoginAt: Date | null;
  disabledAt: Date | null;
  twoFactor: boolean;
  planId: PlanId | null;
  /** Effective status. */
  status: SubscriptionStatus | null;
}

export interface AdminOverviewFigures {
  usersTotal: number;
  usersNew30: number;
  subscriptions: Record<SubscriptionStatus, number>;
  bots: { paper: number; live: number };
  tradesToday: { count: number; volumeUsdt: string; volumeBrl: string | null };
  userGrowth: { month: string; newUsers: number; totalUsers: number }[];
  planDistribution: { planId: PlanId; count: number }[];
}

const SORT_COLUMNS: Record<AdminUsersQuery['sort'], string> = {
  createdAt: 'u.created_at',
  name: 'lower(u.name)',
  email: 'u.email',
  lastLoginAt: 'u.last_login_at',
};

interface UserSqlRow {
  id: string;
  name: string;
  email: string;
  role: string;
  created_at: Date;
  last_login_at: Date | null;
  disabled_at: Date | null;
  two_factor: boolean;
  plan_id: PlanId | null;
  status: SubscriptionStatus | null;
}

const toUser = (r: UserSqlRow): AdminConsoleUserRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  createdAt: r.created_at,
  lastLoginAt: r.last_login_at,
  disabledAt: r.disabled_at,
  twoFactor: r.two_factor,
  planId: r.plan_id,
  status: r.status,
});

/**
 * The admin console's reads over users, subscriptions, bots, trades, sessions and the audit log
 * (revenue figures are in RevenueReportingRepository, over the payments table).
 */
export class AdminUsersRepository {
  constructor(private readonly ds: DataSource) {}

  private q<T>(sql: string, params: unknown[] = [], tx?: Tx): Promise<T[]> {
    return managerOf(this.ds, tx).query(sql, params);
  }

  async overview(now: Date = new Date()): Promise<AdminOverviewFigures> {
    const [users] = await this.q<{ total: string; new30: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE created_at > $1::timestamptz - interval '30 days') AS new30 FROM users`,
      [now],
    );
    const statusRows = await this.q<{ status: SubscriptionStatus; n: string }>(
      `SELECT ${EFFECTIVE_STATUS_SQL} AS status, count(*) AS n FROM subscriptions s GROUP BY 1`,
    );
    const subscriptions: Record<SubscriptionStatus, number> = {
      trialing: 0,
      active: 0,
      past_due: 0,
      canceled: 0,
    };
    for (const r of statusRows) subscriptions[r.status] = Number(r.n);
    const [bots] = await this.q<{ paper: string; live: string }>(
      `SELECT count(*) FILTER (WHERE mode = 'paper') AS paper, count(*) FILTER (WHERE mode = 'live') AS live
         FROM bots WHERE active AND status = 'running'`,
    );
    const [trades] = await this.q<{ n: string; usdt: string; brl: string | null; unrated: string }>(
      `SELECT count(*) AS n,
              COALESCE(sum(amount * buy_price), 0)::text AS usdt,
              sum(amount * buy_price * usdt_brl) FILTER (WHERE usdt_brl > 0)::text AS brl,
              count(*) FILTER (WHERE NOT (usdt_brl > 0)) AS unrated
         FROM trades
        WHERE status <> 'pending'
          AND executed_at >= (date_trunc('day', $1::timestamptz AT TIME ZONE '${PLATFORM_TZ}') AT TIME ZONE '${PLATFORM_TZ}')`,
      [now],
    );
    const unrated = Number(trades?.unrated ?? 0);
    const growth = await this.q<{ month: string; new_users: string; total_users: string }>(
      `WITH months AS (
         SELECT generate_series(date_trunc('month', ($1::timestamptz AT TIME ZONE '${PLATFORM_TZ}')) - interval '11 months',
                                date_trunc('month', ($1::timestamptz AT TIME ZONE '${PLATFORM_TZ}')), interval '1 month') AS m)
       SELECT to_char(m, 'YYYY-MM') AS month,
              (SELECT count(*) FROM users u WHERE date_trunc('month', u.created_at AT TIME ZONE '${PLATFORM_TZ}') = m) AS new_users,
              (SELECT count(*) FROM users u WHERE (u.created_at AT TIME ZONE '${PLATFORM_TZ}') < m + interval '1 month') AS total_users
         FROM months ORDER BY m`,
      [now],
    );
    const plans = await this.q<{ plan_id: PlanId; n: string }>(
      `SELECT s.plan_id, count(*) AS n FROM subscriptions s
        WHERE ${EFFECTIVE_STATUS_SQL} IN ('trialing', 'active') GROUP BY 1 ORDER BY 1`,
    );
    return {
      usersTotal: Number(users?.total ?? 0),
      usersNew30: Number(users?.new30 ?? 0),
      subscriptions,
      bots: { paper: Number(bots?.paper ?? 0), live: Number(bots?.live ?? 0) },
      tradesToday: {
        count: Number(trades?.n ?? 0),
        volumeUsdt: trades?.usdt ?? '0',
        // R$ only when every trade of the day carries its rate; otherwise the page says the unit honestly.
        volumeBrl: unrated === 0 ? (trades?.brl ?? '0') : null,
      },
      userGrowth: growth.map((g) => ({
        month: g.month,
        newUsers: Number(g.new_users),
        totalUsers: Number(g.total_users),
      })),
      planDistribution: plans.map((p) => ({ planId: p.plan_id, count: Number(p.n) })),
    };
  }

  async listUsers(q: AdminUsersQuery): Promise<{ rows: AdminConsoleUserRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (q.search) add((p) => `(u.name ILIKE ${p} OR u.email ILIKE ${p})`, likePattern(q.search));
    if (q.role) add((p) => `u.role = ${p}`, q.role);
    if (q.plan === 'none') where.push('s.id IS NULL');
    else if (q.plan) add((p) => `s.plan_id = ${p}`, q.plan);
    if (q.status) add((p) => `(${EFFECTIVE_STATUS_SQL}) = ${p}`, q.status);
    if (q.disabled !== undefined)
      where.push(q.disabled ? 'u.disabled_at IS NOT NULL' : 'u.disabled_at IS NULL');
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [count] = await this.q<{ total: string }>(
      `SELECT count(*) AS total FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id ${clause}`,
      params,
    );
    const order = `${SORT_COLUMNS[q.sort]} ${q.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, u.id`;
    const rows = await this.selectUsers(clause, params, order, q.pageSize, (q.page - 1) * q.pageSize);
    return { rows, total: Number(count?.total ?? 0) };
  }

  async findUser(id: string, tx?: Tx): Promise<AdminConsoleUserRow | null> {
    const [row] = await this.selectUsers('WHERE u.id = $1', [id], 'u.id', 1, 0, tx);
    return row ?? null;
  }

  async recentUsers(limit: number): Promise<AdminConsoleUserRow[]> {
    return this.selectUsers('', [], 'u.created_at DESC, u.id', limit, 0);
  }

  /**
   * The enabled admins, their rows locked until `tx` ends: a demotion or a disabling decided under this lock sees
   * every other one (two admins demoting each other at once: the second waits and then finds itself the last).
   * NO KEY UPDATE, not UPDATE: the change touches no key, and rows that reference a user (an audit row's foreign
   * key takes KEY SHARE) must not wait on it — under FOR UPDATE the waiting demotion and the winner's audit insert
   * deadlocked.
   */
  async lockActiveAdmins(tx: Tx): Promise<string[]> {
    const rows = await this.q<{ id: string }>(
      `SELECT id FROM users WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR NO KEY UPDATE`,
      [],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /** Role and/or disabled_at written inside `tx` (the last-admin rule holds the admins' lock). */
  async setRoleAndDisabled(
    userId: string,
    patch: { role?: 'user' | 'admin'; disabledAt?: Date | null },
    tx: Tx,
  ): Promise<void> {
    await this.q(
      `UPDATE users SET role = COALESCE($2, role),
                        disabled_at = CASE WHEN $3::boolean THEN $4::timestamptz ELSE disabled_at END,
                        updated_at = now()
        WHERE id = $1`,
      [userId, patch.role ?? null, patch.disabledAt !== undefined, patch.disabledAt ?? null],
      tx,
    );
  }

  private async selectUsers(
    clause: string,
    params: unknown[],
    order: string,
    limit: number,
    offset: number,
    tx?: Tx,
  ): Promise<AdminConsoleUserRow[]> {
    const rows = await this.q<UserSqlRow>(
      `SELECT u.id, u.name, u.email, u.role, u.created_at, u.last_login_at, u.disabled_at,
              (tf.enabled_at IS NOT NULL) AS two_factor,
              s.plan_id, CASE WHEN s.id IS NULL THEN NULL ELSE ${EFFECTIVE_STATUS_SQL} END AS status
         FROM users u
         LEFT JOIN two_factor tf ON tf.user_id = u.id
         LEFT JOIN subscriptions s ON s.user_id = u.id
         ${clause}
        ORDER BY ${order}
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
      tx,
    );
    return rows.map(toUser);
  }

  /** A user's page: subscription, bots, exchanges (never a key) and live sessions. Payments come from PaymentsRepository. */
  async userDetail(userId: string): Promise<Omit<AdminUserDetail, 'user' | 'payments'>> {
    const [sub] = await this.q<
      Dated<NonNullable<Detail['subscription']>, 'currentPeriodStart' | 'currentPeriodEnd'>
    >(
      `SELECT ${EFFECTIVE_STATUS_SQL} AS status,
              ${camelColumns('s.plan_id, s.billing, s.current_period_start, s.current_period_end, s.cancel_at_period_end')}
         FROM subscriptions s WHERE s.user_id = $1`,
      [userId],
    );
    const bots = await this.q<Detail['bots'][number]>(
      `SELECT ${camelColumns('id, name, strategy, mode, status, active, total_trades, total_profit::text AS "totalProfit"')}
         FROM bots WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
    const exchanges = await this.q<Dated<Detail['exchanges'][number], 'createdAt'>>(
      `SELECT ${camelColumns('id, exchange_name AS exchange, is_active, validation_status, validation_reason, created_at')}
         FROM exchange_credentials WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
    const sessions = await this.q<Dated<Detail['sessions'][number], 'createdAt' | 'lastActiveAt'>>(
      `SELECT ${camelColumns('id, device, ip, location, created_at, last_active_at')} FROM sessions
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY last_active_at DESC`,
      [userId],
    );
    const iso = (d: Date) => d.toISOString();
    return {
      subscription: sub
        ? {
            ...sub,
            currentPeriodStart: iso(sub.currentPeriodStart),
            currentPeriodEnd: iso(sub.currentPeriodEnd),
          }
        : null,
      bots,
      exchanges: exchanges.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
      sessions: sessions.map((x) => ({
        ...x,
        createdAt: iso(x.createdAt),
        lastActiveAt: iso(x.lastActiveAt),
      })),
    };
  }

  /** Failed logins and rate-limit blocks per day (São Paulo), the last `days` days, oldest first. */
  async securityStats(
    days: number,
    now: Date = new Date(),
  ): Promise<{ day: string; failedLogins: number; rateLimited: number }[]> {
    const rows = await this.q<{ day: string; failed: string; limited: string }>(
      `WITH days AS (
         SELECT generate_series(date_trunc('day', $1::timestamptz AT TIME ZONE '${PLATFORM_TZ}') - ($2::int - 1) * interval '1 day',
                                date_trunc('day', $1::timestamptz AT TIME ZONE '${PLATFORM_TZ}'), interval '1 day') AS d)
       SELECT to_char(d, 'YYYY-MM-DD') AS day,
              count(a.id) FILTER (WHERE a.action = 'login_failed') AS failed,
              count(a.id) FILTER (WHERE a.action = 'rate_limited') AS limited
         FROM days
         LEFT JOIN audit_log a ON a.action IN ('login_failed', 'rate_limited')
              AND date_trunc('day', a.created_at AT TIME ZONE '${PLATFORM_TZ}') = d
        GROUP BY d ORDER BY d`,
      [now, days],
    );
    return rows.map((r) => ({ day: r.day, failedLogins: Number(r.failed), rateLimited: Number(r.limited) }));
  }
}
