import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AdminUsersRepository,
  PaymentsRepository,
  SubscriptionsRepository,
  UnitOfWork,
  UsersRepository,
  type AdminConsoleUserRow,
  adminActingOn,
} from '@arbitra/db';
import {
  MESSAGES,
  PLANS,
  normaliseRole,
  type AdminCreateUserRequest,
  type AdminUserDetail,
  type AdminUserSummary,
  type AdminUsersQuery,
  type Page,
  type PlanId,
  type Role,
} from '@arbitra/contracts';
import { badRequest, conflict, notFound } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { hashPassword } from '../../common/security/password.js';
import { AuditService } from '../audit/audit.service.js';
import { PasswordResetService } from '../auth/password-reset.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { BotsService } from '../bots/bots.service.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';

/** The reason an admin gave, shown on the user's stopped bots. */
const DISABLED_BOT_REASON = 'Conta desativada por um administrador';

/**
 * /admin/users: list and search, a user's page, and the audited actions (role, disable/enable, grant a plan,
 * invitations, sessions). An admin never demotes or disables themselves, nor the last admin.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly repo: AdminUsersRepository,
    private readonly users: UsersRepository,
    private readonly subscriptionRows: SubscriptionsRepository,
    private readonly payments: PaymentsRepository,
    private readonly uow: UnitOfWork,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly bots: BotsService,
    private readonly invitations: PasswordResetService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  async list(q: AdminUsersQuery): Promise<Page<AdminUserSummary>> {
    const { rows, total } = await this.repo.listUsers(q);
    return { items: rows.map(toSummary), total, page: q.page, pageSize: q.pageSize };
  }

  async recent(limit: number): Promise<AdminUserSummary[]> {
    return (await this.repo.recentUsers(limit)).map(toSummary);
  }

  async detail(userId: string): Promise<AdminUserDetail> {
    const user = await this.mustFind(userId);
    const rest = await this.repo.userDetail(userId);
    const payments = await this.payments.adminListForUser(userId, 50);
    return {
      user: toSummary(user),
      ...rest,
      payments: payments.map((p) => ({
        id: p.id,
        createdAt: p.createdAt.toISOString(),
        planId: p.planId,
        billing: p.billing,
        kind: p.kind,
        method: p.method,
        status: p.status,
        amountCents: p.amountCents,
        invoiceNumber: p.invoiceNumber,
      })),
    };
  }

  /** Add User: the account, its trial (users) or a granted plan, and the invitation to set a password. */
  async create(
    admin: AuthenticatedUser,
    input: { name: string; email: string; role: Role; plan: 'trial' | PlanId; reason?: string | undefined },
    client: ClientInfo,
  ): Promise<AdminUserSummary> {
    // Nobody knows this password: the user sets theirs from the invitation.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const id = await this.users.createInvited({
      name: input.name,
      email: input.email,
      role: input.role,
      passwordHash,
    });
    if (!id) throw conflict('email_taken', MESSAGES.auth.emailTaken);
    if (input.role === 'user') {
      await this.subscriptionRows.insert(this.subscriptions.trial(adminActingOn(id)));
      if (input.plan !== 'trial')
        await this.grantPlan(
          admin,
          id,
          input.plan,
          30,
          input.reason ?? 'Conta criada com plano',
          client,
          false,
        );
    }
    await this.audit.record('user_invited', {
      userId: id,
      actorId: admin.id,
      client,
      metadata: { role: input.role, plan: input.plan, reason: input.reason ?? null },
    });
    await this.invitations.invite(id, { name: admin.name });
    return toSummary(await this.mustFind(id));
  }

  async resendInvite(
    admin: AuthenticatedUser,
    userId: string,
    reason: string,
    client: ClientInfo,
  ): Promise<void> {
    await this.mustFind(userId);
    await this.invitations.invite(userId, { name: admin.name });
    await this.audit.record('invite_resent', { userId, actorId: admin.id, client, metadata: { reason } });
  }

  /** Role change and/or disable, with the reason. Disabling ends the user's sessions and stops their bots. */
  async update(
    admin: AuthenticatedUser,
    userId: string,
    patch: { role?: Role | undefined; disabled?: boolean | undefined; reason: string },
    client: ClientInfo,
  ): Promise<AdminUserSummary> {
    if (userId === admin.id) throw badRequest('cannot_change_self', MESSAGES.admin.cannotChangeSelf);
    const user = await this.mustFind(userId);
    const changesRole = patch.role !== undefined && patch.role !== user.role;
    const changesDisabled = patch.disabled !== undefined && patch.disabled !== Boolean(user.disabledAt);
    // Checked and written under the lock of every enabled admin row: never check-then-act.
    await this.uow.run(async (tx) => {
      const admins = await this.repo.lockActiveAdmins(tx);
      const stillAdmin = admins.includes(userId);
      const losesAdmin = stillAdmin && (patch.role === 'user' || patch.disabled === true);
      if (losesAdmin && admins.filter((id) => id !== userId).length === 0)
        throw badRequest('last_admin', MESSAGES.admin.cannotDemoteLastAdmin);
      if (changesRole || changesDisabled)
        await this.repo.setRoleAndDisabled(
          userId,
          {
            ...(changesRole && patch.role ? { role: patch.role } : {}),
            ...(changesDisabled ? { disabledAt: patch.disabled ? new Date() : null } : {}),
          },
          tx,
        );
      // The audit row commits with the change: a change is never left without its record.
      if (changesRole && patch.role !== undefined)
        await this.audit.record('role_changed', {
          userId,
          actorId: admin.id,
          client,
          metadata: { from: user.role, to: patch.role, reason: patch.reason },
          tx,
        });
    });
    if (changesRole && patch.role !== undefined) {
      // A token carries no role (REST reads it live), but open sockets joined rooms by role: make them reconnect.
      this.sessions.refreshSockets(adminActingOn(userId));
    }
    if (changesDisabled) {
      let sessionsEnded = 0;
      let botsStopped = 0;
      if (patch.disabled) {
        sessionsEnded = await this.sessions.revokeAll(adminActingOn(userId), 'account_disabled');
        botsStopped = (await this.bots.stopAllForUser(adminActingOn(userId), DISABLED_BOT_REASON)).length;
      }
      await this.audit.record(patch.disabled ? 'user_disabled' : 'user_enabled', {
        userId,
        actorId: admin.id,
        client,
        metadata: { reason: patch.reason, ...(patch.disabled ? { sessionsEnded, botsStopped } : {}) },
      });
    }
    return toSummary(await this.mustFind(userId));
  }

  /** Grants (or extends) a plan for `days`: a zero-amount approved 'grant' payment and an active subscription. */
  async grantPlan(
    admin: AuthenticatedUser,
    userId: string,
    plan: PlanId,
    days: number,
    reason: string,
    client: ClientInfo,
    audited = true,
  ): Promise<void> {
    const user = await this.mustFind(userId);
    if (user.role === 'admin') throw badRequest('admin_has_no_plan', MESSAGES.admin.invalidPlan);
    if (!PLANS.some((p) => p.id === plan)) throw badRequest('invalid_plan', MESSAGES.admin.invalidPlan);
    // The admin acts on the user it just loaded: the grant's payment is owned by that user.
    const owner = adminActingOn(user.id);
    const period = await this.uow.run(async (tx) => {
      const granted = await this.subscriptionRows.grant(owner, plan, days, new Date(), tx);
      const payment = await this.payments.create(
        {
          userId: owner,
          planId: plan,
          billing: 'monthly',
          kind: 'grant',
          amountCents: 0,
          method: 'grant',
          provider: 'admin',
        },
        tx,
      );
      await this.payments.markApproved(payment.id, granted, new Date(), tx);
      // The subscription changed: charges quoted before are expired (one paid anyway is refunded at its approval).
      await this.payments.expirePendingForUser(owner, MESSAGES.payments.staleExpired, payment.id, null, tx);
      return granted;
    });
    if (audited) {
      await this.audit.record('plan_granted', {
        userId,
        actorId: admin.id,
        client,
        metadata: { plan, days, until: period.end.toISOString(), reason },
      });
    }
  }

  async revokeSession(
    admin: AuthenticatedUser,
    userId: string,
    sessionId: string,
    reason: string,
    client: ClientInfo,
  ): Promise<void> {
    await this.mustFind(userId);
    const revoked = await this.sessions.revoke(adminActingOn(userId), sessionId, 'user');
    if (!revoked) throw notFound('session_not_found', MESSAGES.common.notFound);
    await this.audit.record('session_revoked', {
      userId,
      actorId: admin.id,
      client,
      metadata: { sessionId, reason, by: 'admin' },
    });
  }

  private async mustFind(userId: string): Promise<AdminConsoleUserRow> {
    const user = await this.repo.findUser(userId);
    if (!user) throw notFound('user_not_found', MESSAGES.admin.userNotFound);
    return user;
  }
}

export function toSummary(r: AdminConsoleUserRow): AdminUserSummary {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: normaliseRole(r.role),
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    disabled: r.disabledAt !== null,
    twoFactorEnabled: r.twoFactor,
    subscription: r.planId && r.status ? { planId: r.planId, status: r.status } : null,
  };
}

export type { AdminCreateUserRequest };
