import { Injectable } from '@nestjs/common';
import { AuditRepository, SessionsRepository, UsersRepository } from '@arbitra/db';
import { MESSAGES, auditActionLabel } from '@arbitra/contracts';
import { badRequest } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { AuditService } from '../audit/audit.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { TwoFactorService } from '../auth/two-factor.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { AccountDataRegistry } from './account-data.registry.js';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service.js';
import { UsersService } from './users.service.js';

/** LGPD: 'Exportar meus dados' and 'Excluir conta' (DECISIONS §5). */
@Injectable()
export class AccountService {
  constructor(
    private readonly usersRepo: UsersRepository,
    private readonly sessionsRepo: SessionsRepository,
    private readonly auditRepo: AuditRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
    private readonly subscriptions: SubscriptionsService,
    private readonly notifications: NotificationSettingsService,
    private readonly registry: AccountDataRegistry,
    private readonly rateLimits: RateLimitService,
    private readonly audit: AuditService,
  ) {}

  /** Everything we hold about the user, without password hashes, token hashes or secrets. */
  async export(me: AuthenticatedUser, client: ClientInfo): Promise<Record<string, unknown>> {
    const user = await this.users.find(me.id);
    const found = await this.subscriptions.findForUser(me.id);
    const twoFactor = await this.twoFactor.status(me.id);
    const sessions = await this.sessionsRepo.allForUser(me.id);
    const audit = await this.auditRepo.allForUser(me.id);
    const resets = await this.usersRepo.resetTokensOf(me.id);
    await this.audit.record('data_export', { userId: me.id, client });
    return {
      exportedAt: new Date().toISOString(),
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
        passwordChangedAt: user.passwordChangedAt.toISOString(),
      },
      subscription: found
        ? {
            id: found.subscription.id,
            planId: found.subscription.planId,
            planName: found.plan.name,
            status: found.subscription.status,
            billing: found.subscription.billing,
            currentPeriodStart: found.subscription.currentPeriodStart.toISOString(),
            currentPeriodEnd: found.subscription.currentPeriodEnd.toISOString(),
            cancelAtPeriodEnd: found.subscription.cancelAtPeriodEnd,
            createdAt: found.subscription.createdAt.toISOString(),
          }
        : null,
      notificationSettings: await this.notifications.get(me.id),
      twoFactor: {
        enabled: twoFactor.enabled,
        enabledAt: twoFactor.enabledAt?.toISOString() ?? null,
        backupCodesRemaining: twoFactor.backupCodesRemaining,
      },
      sessions: sessions.map((s) => ({
        id: s.id,
        device: s.device,
        userAgent: s.userAgent,
        ip: s.ip,
        location: s.location,
        createdAt: s.createdAt.toISOString(),
        lastActive: s.lastActiveAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        revokedAt: s.revokedAt?.toISOString() ?? null,
        remember: s.remember,
      })),
      passwordResetRequests: resets.map((r) => ({
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        usedAt: r.usedAt?.toISOString() ?? null,
        requestedIp: r.requestedIp,
      })),
      auditLog: audit.map((a) => ({
        action: a.action,
        label: auditActionLabel(a.action),
        ip: a.ip,
        userAgent: a.userAgent,
        metadata: a.metadata,
        createdAt: a.createdAt.toISOString(),
      })),
      ...(await this.registry.exportSections(me.id)),
    };
  }

  /**
   * Deletes the account after the password (and a 2FA code when on). Later modules' hooks run first
   * (stop bots); sessions end (sockets disconnect); the user row goes and every table keyed to it
   * follows by FK cascade (sessions, tokens, 2FA, settings, subscription, audit rows). One anonymised
   * 'account_deleted' row remains: no name, email, IP or user agent.
   */
  async delete(
    me: AuthenticatedUser,
    password: string,
    code: string | undefined,
    client: ClientInfo,
  ): Promise<void> {
    const user = await this.users.find(me.id);
    await this.users.checkCurrentPassword(user, password, MESSAGES.profile.deletePasswordWrong);
    if (await this.twoFactor.isEnabled(me.id)) {
      if (!code) throw badRequest('two_factor_code_required', MESSAGES.twoFactor.codeRequiredForDelete);
      await this.rateLimits.consume(
        [
          { name: 'twoFactorIp', subject: client.ip ?? 'unknown' },
          { name: 'twoFactorAccount', subject: user.id },
        ],
        MESSAGES.twoFactor.tooManyAttempts,
      );
      await this.twoFactor.requireValidCode(me.id, code);
    }
    if (user.role === 'admin' && (await this.usersRepo.countAdmins()) <= 1) {
      throw badRequest('last_admin', MESSAGES.profile.lastAdmin);
    }
    await this.registry.runDeletionHooks(me.id);
    await this.sessions.revokeAll(me.id, 'account_deleted');
    // Failed logins typed with this email before the account existed are personal data too, and so are its
    // rate-limit buckets.
    await this.usersRepo.deleteAccount(user, [
      this.rateLimits.key({ name: 'loginAccount', subject: user.email }),
      this.rateLimits.key({ name: 'forgotAccount', subject: user.email }),
      this.rateLimits.key({ name: 'twoFactorAccount', subject: user.id }),
      this.rateLimits.key({ name: 'passwordConfirm', subject: user.id }),
    ]);
  }
}
