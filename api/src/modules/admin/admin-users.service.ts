import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserEntity } from '@arbitra/db';
import {
  MESSAGES,
  normaliseRole,
  type AdminUserSummary,
  type AdminUsersQuery,
  type Page,
  type PlanId,
  type Role,
  type SubscriptionStatus,
} from '@arbitra/contracts';
import { sqlRows } from '../../common/db/sql.js';
import { badRequest, notFound } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { AuditService } from '../audit/audit.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { effectiveStatus } from '../subscriptions/subscription-rules.js';

interface UserRow {
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
  current_period_end: Date | null;
  cancel_at_period_end: boolean | null;
}

/** LIKE pattern of a search text, its wildcards taken literally. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** /admin/users: list and search, role change, disable/enable. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly ds: DataSource,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
  ) {}

  async list(q: AdminUsersQuery): Promise<Page<AdminUserSummary>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.search) {
      params.push(likePattern(q.search));
      where.push(`(u.name ILIKE $${params.length} OR u.email ILIKE $${params.length})`);
    }
    if (q.role) {
      params.push(q.role);
      where.push(`u.role = $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [count] = await sqlRows<{ total: string }>(
      this.ds,
      `SELECT count(*) AS total FROM users u ${clause}`,
      params,
    );
    const rows = await this.select(clause, params, q.pageSize, (q.page - 1) * q.pageSize);
    return {
      items: rows.map(toSummary),
      total: Number(count?.total ?? 0),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Role change and/or disable; an admin cannot change their own access. Disabling ends the user's sessions. */
  async update(
    admin: AuthenticatedUser,
    userId: string,
    patch: { role?: Role | undefined; disabled?: boolean | undefined },
    client: ClientInfo,
  ): Promise<AdminUserSummary> {
    if (userId === admin.id) throw badRequest('cannot_change_self', MESSAGES.admin.cannotChangeSelf);
    const repo = this.ds.getRepository(UserEntity);
    const user = await repo.findOneBy({ id: userId });
    if (!user) throw notFound('user_not_found', MESSAGES.admin.userNotFound);
    if (patch.role !== undefined && patch.role !== user.role) {
      await repo.update({ id: userId }, { role: patch.role });
      await this.audit.record('role_changed', {
        userId,
        actorId: admin.id,
        client,
        metadata: { from: user.role, to: patch.role },
      });
      // A token carries no role (REST reads it live), but open sockets joined rooms by role: make them reconnect.
      this.sessions.refreshSockets(userId);
    }
    if (patch.disabled !== undefined && patch.disabled !== Boolean(user.disabledAt)) {
      await repo.update({ id: userId }, { disabledAt: patch.disabled ? new Date() : null });
      if (patch.disabled) await this.sessions.revokeAll(userId, 'account_disabled');
      await this.audit.record(patch.disabled ? 'user_disabled' : 'user_enabled', {
        userId,
        actorId: admin.id,
        client,
      });
    }
    const [summary] = await this.select('WHERE u.id = $1', [userId], 1, 0);
    if (!summary) throw notFound('user_not_found', MESSAGES.admin.userNotFound);
    return toSummary(summary);
  }

  private select(clause: string, params: unknown[], limit: number, offset: number): Promise<UserRow[]> {
    return sqlRows<UserRow>(
      this.ds,
      `SELECT u.id, u.name, u.email, u.role, u.created_at, u.last_login_at, u.disabled_at,
              (tf.enabled_at IS NOT NULL) AS two_factor,
              s.plan_id, s.status, s.current_period_end, s.cancel_at_period_end
         FROM users u
         LEFT JOIN two_factor tf ON tf.user_id = u.id
         LEFT JOIN subscriptions s ON s.user_id = u.id
         ${clause}
        ORDER BY u.created_at DESC, u.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
  }
}

function toSummary(r: UserRow): AdminUserSummary {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: normaliseRole(r.role),
    createdAt: r.created_at.toISOString(),
    lastLoginAt: r.last_login_at?.toISOString() ?? null,
    disabled: r.disabled_at !== null,
    twoFactorEnabled: r.two_factor,
    subscription:
      r.plan_id && r.status && r.current_period_end
        ? {
            planId: r.plan_id,
            status: effectiveStatus({
              status: r.status,
              currentPeriodEnd: r.current_period_end,
              cancelAtPeriodEnd: r.cancel_at_period_end ?? false,
            }),
          }
        : null,
  };
}
