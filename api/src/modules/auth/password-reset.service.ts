import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { provenOwner, UsersRepository } from '@arbitra/db';
import { MESSAGES } from '@arbitra/contracts';
import { badRequest } from '../../common/errors/app-error.js';
import type { ClientInfo } from '../../common/http/request-context.js';
import { hashPassword } from '../../common/security/password.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { MailService } from '../mail/mail.service.js';
import { invitationMail, passwordResetMail } from '../mail/templates.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { SessionsService } from './sessions.service.js';

export const RESET_TOKEN_TTL_MS = 3600_000;
/** An invitation (account made by an admin) stays valid longer than a reset link: 72 hours. */
export const INVITE_TOKEN_TTL_MS = 72 * 3600_000;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Forgot/reset password by email (DECISIONS §5): a single-use link valid 1 hour; only its hash is stored. */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly rateLimits: RateLimitService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** Same answer whether or not the email exists; the mail leaves in the background. */
  async request(email: string, client: ClientInfo): Promise<void> {
    await this.rateLimits.consume(
      [
        { name: 'forgotIp', subject: client.ip ?? 'unknown' },
        { name: 'forgotAccount', subject: email },
      ],
      MESSAGES.auth.tooManyResetRequests,
    );
    // The answer leaves before any per-account work, so its timing says nothing about the email.
    this.issue(email, client).catch((e: unknown) =>
      this.logger.error(`Falha ao emitir link de redefinição: ${e instanceof Error ? e.message : String(e)}`),
    );
  }

  private async issue(email: string, client: ClientInfo): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.disabledAt) return;
    const token = randomBytes(32).toString('base64url');
    await this.users.insertResetToken({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      requestedIp: client.ip,
    });
    await this.audit.record('password_reset_requested', { userId: user.id, client });
    const link = `${this.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    this.mail.sendInBackground(passwordResetMail(user.email, user.name, link), 'password_reset');
  }

  /**
   * The invitation of an account an admin made (or its resend): a single-use link to /reset-password, valid
   * 72 hours, by email. Earlier links of the user stop working.
   */
  async invite(userId: string, invitedBy: { name: string }): Promise<void> {
    const user = await this.users.getById(userId);
    const token = randomBytes(32).toString('base64url');
    await this.users.expireResetTokens(user.id);
    await this.users.insertResetToken({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + INVITE_TOKEN_TTL_MS),
      requestedIp: null,
    });
    const link = `${this.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    this.mail.sendInBackground(invitationMail(user.email, user.name, invitedBy.name, link), 'invitation');
  }

  /** Whether a link can still be used (the /reset-password page asks before showing the form). */
  async check(token: string, client: ClientInfo): Promise<boolean> {
    await this.rateLimits.consume([{ name: 'resetIp', subject: client.ip ?? 'unknown' }]);
    return this.usable(token);
  }

  private async usable(token: string): Promise<boolean> {
    const row = await this.users.unusedResetToken(sha256(token));
    return Boolean(row && row.expiresAt.getTime() > Date.now());
  }

  /** Spends the token (atomically: a second use fails), sets the password and ends every session. */
  async reset(token: string, password: string, client: ClientInfo): Promise<void> {
    await this.rateLimits.consume([{ name: 'resetIp', subject: client.ip ?? 'unknown' }]);
    // The token first: a bogus one costs a hash lookup, never an argon2 run (the pool logins share).
    if (!(await this.usable(token))) throw badRequest('reset_link_invalid', MESSAGES.auth.resetLinkInvalid);
    const passwordHash = await hashPassword(password);
    const userId = await this.users.spendResetToken(sha256(token));
    if (!userId) throw badRequest('reset_link_invalid', MESSAGES.auth.resetLinkInvalid);
    // Any other link sent before stops working too.
    const user = await this.users.setPasswordAfterReset(userId, passwordHash);
    // The reset token proved the owner.
    const ended = await this.sessions.revokeAll(provenOwner(userId), 'password_reset');
    await this.rateLimits.reset({ name: 'loginAccount', subject: user.email });
    await this.audit.record('password_reset', { userId, client, metadata: { sessionsEnded: ended } });
  }
}
