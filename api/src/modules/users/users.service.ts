import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { provenOwner, UsersRepository, type OwnerId, type UserEntity } from '@arbitra/db';
import { MESSAGES, type ProfileUser, type UpdateProfileRequest } from '@arbitra/contracts';
import { badRequest, conflict, notFound } from '../../common/errors/app-error.js';
import type { AuthenticatedUser, ClientInfo } from '../../common/http/request-context.js';
import { hashPassword, verifyPassword } from '../../common/security/password.js';
import { AuditService } from '../audit/audit.service.js';
import { isUniqueViolation, toSessionUser } from '../auth/auth.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { TwoFactorService } from '../auth/two-factor.service.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { MailService } from '../mail/mail.service.js';
import { accountChangedMail, confirmEmailChangeMail } from '../mail/templates.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';

/** How long the link mailed to a new address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

type ProfileUpdate = { name: string; email: string } & Pick<
  UpdateProfileRequest,
  'currentPassword' | 'newPassword' | 'confirmPassword'
>;

/** Profile and password of the signed-in user. */
@Injectable()
export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
    private readonly rateLimits: RateLimitService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async profile(userId: OwnerId): Promise<ProfileUser> {
    const user = await this.find(userId);
    return { ...toSessionUser(user), ...(await this.extra(userId, user)) };
  }

  /**
   * Name, a new email and a new password (each optional). Changing the email or the password needs the current
   * password. A new email is not applied: a link goes to the new address and the change happens when it is opened
   * (`confirmEmail`); the old address is told, and the other sessions end at once. Other sessions end when the
   * password changes.
   */
  async updateProfile(
    me: AuthenticatedUser,
    input: ProfileUpdate,
    client: ClientInfo,
  ): Promise<{ user: ProfileUser; pendingEmail?: string }> {
    const user = await this.find(me.id);
    const emailChanged = input.email !== user.email;
    const newPassword = input.newPassword ? input.newPassword : null;
    if (emailChanged || newPassword) {
      if (!input.currentPassword) {
        throw badRequest(
          'current_password_required',
          emailChanged && !newPassword
            ? MESSAGES.profile.emailChangeNeedsPassword
            : MESSAGES.profile.currentPasswordRequired,
        );
      }
      await this.checkCurrentPassword(user, input.currentPassword, MESSAGES.profile.currentPasswordWrong);
    }
    if (emailChanged && (await this.repo.emailTaken(input.email))) {
      throw conflict('email_taken', MESSAGES.auth.emailTaken);
    }
    const patch: Partial<UserEntity> = { name: input.name };
    if (newPassword)
      Object.assign(patch, { passwordHash: await hashPassword(newPassword), passwordChangedAt: new Date() });
    await this.repo.update(user.id, patch);
    if (input.name !== user.name)
      await this.audit.record('profile_updated', { userId: user.id, client, metadata: { fields: ['name'] } });
    if (emailChanged) await this.requestEmailChange(me, user, input.email, input.name, client);
    if (newPassword) await this.afterPasswordChange(me, client, user.email, input.name);
    return { user: await this.profile(me.id), ...(emailChanged ? { pendingEmail: input.email } : {}) };
  }

  /** A link to the new address; the old one hears of it; whoever held another session no longer does. */
  private async requestEmailChange(
    me: AuthenticatedUser,
    user: UserEntity,
    newEmail: string,
    name: string,
    client: ClientInfo,
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.repo.insertEmailChange({
      userId: user.id,
      newEmail,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
      sessionId: me.sessionId,
    });
    const ended = await this.sessions.revokeAll(me.id, 'email_change', me.sessionId);
    await this.audit.record('email_change_requested', {
      userId: user.id,
      client,
      metadata: { from: user.email, to: newEmail, otherSessionsEnded: ended },
    });
    const link = `${this.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    this.mail.sendInBackground(confirmEmailChangeMail(newEmail, name, link), 'email_change_confirm');
    this.mail.sendInBackground(
      accountChangedMail(
        user.email,
        name,
        { kind: 'email_requested', newEmail },
        new Date(),
        this.resetUrl(),
      ),
      'email_change_requested',
    );
  }

  /**
   * The link of the new address opened: the account moves to it (once; 24 hours), and the old address is told.
   * Rate-limited per address like the password-reset links.
   */
  async confirmEmail(token: string, client: ClientInfo): Promise<void> {
    await this.rateLimits.consume([{ name: 'resetIp', subject: client.ip ?? 'unknown' }]);
    let done: Awaited<ReturnType<UsersRepository['confirmEmailChange']>>;
    try {
      done = await this.repo.confirmEmailChange(sha256(token));
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('email_taken', MESSAGES.auth.emailTaken);
      throw e;
    }
    if (!done) throw badRequest('email_change_link_invalid', MESSAGES.profile.emailChangeLinkInvalid);
    const { before, newEmail, sessionId } = done;
    // Sessions opened between the request and now (with the old address) end too: only the asking one stays.
    // The link's token proved the owner.
    const ended = await this.sessions.revokeAll(provenOwner(before.id), 'email_change', sessionId ?? undefined);
    await this.audit.record('email_changed', {
      userId: before.id,
      client,
      metadata: { from: before.email, to: newEmail, otherSessionsEnded: ended },
    });
    this.mail.sendInBackground(
      accountChangedMail(before.email, before.name, { kind: 'email', newEmail }, new Date(), this.resetUrl()),
      'email_changed',
    );
  }

  /** Security page: current, new (≥ 8), confirmation already validated by the schema. */
  async changePassword(
    me: AuthenticatedUser,
    currentPassword: string,
    newPassword: string,
    client: ClientInfo,
  ): Promise<void> {
    const user = await this.find(me.id);
    await this.checkCurrentPassword(user, currentPassword, MESSAGES.profile.currentPasswordWrong);
    await this.repo.update(user.id, {
      passwordHash: await hashPassword(newPassword),
      passwordChangedAt: new Date(),
    });
    await this.afterPasswordChange(me, client, user.email, user.name);
  }

  /**
   * A password check from a signed-in session, rate-limited per user (only the session's holder
   * counts here: failed logins by others never block the owner's password change or deletion).
   */
  async checkCurrentPassword(user: UserEntity, password: string, wrongMessage: string): Promise<void> {
    await this.rateLimits.consume(
      [{ name: 'passwordConfirm', subject: user.id }],
      MESSAGES.auth.tooManyLoginAttempts,
    );
    if (!(await verifyPassword(user.passwordHash, password)))
      throw badRequest('wrong_password', wrongMessage);
  }

  async find(userId: string): Promise<UserEntity> {
    const user = await this.repo.findById(userId);
    if (!user) throw notFound('user_not_found', MESSAGES.admin.userNotFound);
    return user;
  }

  private async afterPasswordChange(
    me: AuthenticatedUser,
    client: ClientInfo,
    email: string,
    name: string,
  ): Promise<void> {
    const ended = await this.sessions.revokeAll(me.id, 'password_change', me.sessionId);
    await this.audit.record('password_change', {
      userId: me.id,
      client,
      metadata: { otherSessionsEnded: ended },
    });
    this.mail.sendInBackground(
      accountChangedMail(email, name, { kind: 'password' }, new Date(), this.resetUrl()),
      'password_changed',
    );
  }

  private resetUrl(): string {
    return `${this.config.appUrl}/forgot-password`;
  }

  private async extra(owner: OwnerId, user: UserEntity): Promise<Omit<ProfileUser, 'id' | 'name' | 'email' | 'role'>> {
    return {
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      passwordChangedAt: user.passwordChangedAt.toISOString(),
      twoFactorEnabled: await this.twoFactor.isEnabled(owner),
      termsVersion: user.termsVersion,
      termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
    };
  }
}
