import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { PasswordResetTokenEntity, UserEntity } from '@arbitra/db';
import { MESSAGES } from '@arbitra/contracts';
import { sqlRows } from '../../common/db/sql.js';
import { badRequest } from '../../common/errors/app-error.js';
import type { ClientInfo } from '../../common/http/request-context.js';
import { hashPassword } from '../../common/security/password.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { MailService } from '../mail/mail.service.js';
import { passwordResetMail } from '../mail/templates.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { SessionsService } from './sessions.service.js';

export const RESET_TOKEN_TTL_MS = 3600_000;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Forgot/reset password by email (DECISIONS §5): a single-use link valid 1 hour; only its hash is stored. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly ds: DataSource,
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
    const user = await this.ds.getRepository(UserEntity).findOneBy({ email });
    if (!user || user.disabledAt) return;
    const token = randomBytes(32).toString('base64url');
    await this.ds.getRepository(PasswordResetTokenEntity).insert({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      requestedIp: client.ip,
    });
    await this.audit.record('password_reset_requested', { userId: user.id, client });
    const link = `${this.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    this.mail.sendInBackground(passwordResetMail(user.email, user.name, link), 'password_reset');
  }

  /** Whether a link can still be used (the /reset-password page asks before showing the form). */
  async check(token: string): Promise<boolean> {
    const row = await this.ds
      .getRepository(PasswordResetTokenEntity)
      .findOneBy({ tokenHash: sha256(token), usedAt: IsNull() });
    return Boolean(row && row.expiresAt.getTime() > Date.now());
  }

  /** Spends the token (atomically: a second use fails), sets the password and ends every session. */
  async reset(token: string, password: string, client: ClientInfo): Promise<void> {
    const passwordHash = await hashPassword(password);
    const spent = await sqlRows<{ user_id: string }>(
      this.ds,
      `UPDATE password_reset_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [sha256(token)],
    );
    const userId = spent[0]?.user_id;
    if (!userId) throw badRequest('reset_link_invalid', MESSAGES.auth.resetLinkInvalid);
    const user = await this.ds.transaction(async (m) => {
      await m
        .getRepository(UserEntity)
        .update({ id: userId }, { passwordHash, passwordChangedAt: new Date() });
      // Any other link sent before stops working too.
      await m.query(
        `UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`,
        [userId],
      );
      return m.getRepository(UserEntity).findOneByOrFail({ id: userId });
    });
    const ended = await this.sessions.revokeAll(userId, 'password_reset');
    await this.rateLimits.reset({ name: 'loginAccount', subject: user.email });
    await this.audit.record('password_reset', { userId, client, metadata: { sessionsEnded: ended } });
  }
}
