import type { DataSource } from 'typeorm';
import { IsNull } from 'typeorm';
import { PasswordResetTokenEntity } from '../entities/password-reset-token.entity.js';
import type { SessionEntity } from '../entities/session.entity.js';
import type { SubscriptionEntity } from '../entities/subscription.entity.js';
import { UserEntity } from '../entities/user.entity.js';
import { AuditRepository } from './audit.repository.js';
import { RateLimitRepository } from './rate-limit.repository.js';
import { SessionsRepository } from './sessions.repository.js';
import { sqlRows } from './sql.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * The ONLY code that reads or writes `users` and `password_reset_tokens`. The two transactions that span other
 * aggregates live here and call those repositories' statements: registration (user + trial + first session) and
 * account deletion (anonymous audit rows and rate-limit buckets of the email, the user, the anonymised record).
 */
export class UsersRepository {
  private readonly subscriptions: SubscriptionsRepository;
  private readonly sessions: SessionsRepository;
  private readonly audit: AuditRepository;
  private readonly rateLimits: RateLimitRepository;

  constructor(private readonly ds: DataSource) {
    this.subscriptions = new SubscriptionsRepository(ds);
    this.sessions = new SessionsRepository(ds);
    this.audit = new AuditRepository(ds);
    this.rateLimits = new RateLimitRepository(ds);
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.ds.getRepository(UserEntity).findOneBy({ id });
  }

  getById(id: string): Promise<UserEntity> {
    return this.ds.getRepository(UserEntity).findOneByOrFail({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.ds.getRepository(UserEntity).findOneBy({ email });
  }

  emailTaken(email: string): Promise<boolean> {
    return this.ds.getRepository(UserEntity).existsBy({ email });
  }

  /** Only id and role (entitlements). */
  roleOf(id: string): Promise<Pick<UserEntity, 'id' | 'role'> | null> {
    return this.ds.getRepository(UserEntity).findOne({ where: { id }, select: { id: true, role: true } });
  }

  countAdmins(): Promise<number> {
    return this.ds.getRepository(UserEntity).countBy({ role: 'admin' });
  }

  /** A user made by an admin (their password is set from the invitation). Null when the email is taken. */
  async createInvited(u: {
    name: string;
    email: string;
    role: 'admin' | 'user';
    passwordHash: string;
  }): Promise<string | null> {
    const rows = await sqlRows<{ id: string }>(
      this.ds,
      `INSERT INTO users (name, email, password_hash, role, password_changed_at)
       VALUES ($1, $2, $3, $4, now()) ON CONFLICT (email) DO NOTHING RETURNING id`,
      [u.name, u.email, u.passwordHash, u.role],
    );
    return rows[0]?.id ?? null;
  }

  async update(id: string, patch: Partial<UserEntity>): Promise<void> {
    await this.ds.getRepository(UserEntity).update({ id }, patch);
  }

  /** A new account: the user, its trial and its first session together, or nothing. */
  async register(
    user: Partial<UserEntity>,
    extras: (userId: string) => {
      subscription: Partial<SubscriptionEntity>;
      session: Partial<SessionEntity>;
    },
  ): Promise<{ user: UserEntity; session: SessionEntity }> {
    return this.ds.transaction(async (m) => {
      const repo = m.getRepository(UserEntity);
      const created = await repo.save(repo.create(user));
      const { subscription, session } = extras(created.id);
      await this.subscriptions.insert(subscription, m);
      return { user: created, session: await this.sessions.insert(session, m) };
    });
  }

  /**
   * Deletes the account: every table keyed to the user follows by FK cascade; failed logins typed with its email
   * and its rate-limit buckets go too; one anonymised 'account_deleted' row remains.
   */
  async deleteAccount(
    user: Pick<UserEntity, 'id' | 'email' | 'role'>,
    rateLimitKeys: readonly string[],
  ): Promise<void> {
    await this.ds.transaction(async (m) => {
      await this.audit.deleteAnonymousForEmail(m, user.email);
      await this.rateLimits.deleteKeys(m, rateLimitKeys);
      await m.getRepository(UserEntity).delete({ id: user.id });
      await this.audit.insert(
        {
          userId: null,
          actorId: null,
          action: 'account_deleted',
          ip: null,
          userAgent: null,
          metadata: { deletedUserId: user.id, role: user.role },
        },
        m,
      );
    });
  }

  // ── email changes ─────────────────────────────────────────────────────────────────────────────────────────

  /** A pending change to `newEmail`; earlier pending changes of the user stop working. */
  async insertEmailChange(values: {
    userId: string;
    newEmail: string;
    tokenHash: string;
    expiresAt: Date;
    /** The session that asked: the only one kept when the change is confirmed. */
    sessionId?: string | null;
  }): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(
        `UPDATE email_change_requests SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`,
        [values.userId],
      );
      await m.query(
        `INSERT INTO email_change_requests (user_id, new_email, token_hash, expires_at, session_id)
         VALUES ($1, $2, $3, $4, $5)`,
        [values.userId, values.newEmail, values.tokenHash, values.expiresAt, values.sessionId ?? null],
      );
    });
  }

  /**
   * Spends a live email-change link and moves the account to its address, in one transaction (a second use finds
   * nothing). Answers the user as it was before, and the new address; undefined when the link is not live. Throws
   * the unique violation when the address was taken in the meantime (the link then stays unused).
   */
  async confirmEmailChange(
    tokenHash: string,
  ): Promise<{ before: UserEntity; newEmail: string; sessionId: string | null } | undefined> {
    return this.ds.transaction(async (m) => {
      const [row] = await sqlRows<{ user_id: string; new_email: string; session_id: string | null }>(
        m,
        `UPDATE email_change_requests SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING user_id, new_email, session_id`,
        [tokenHash],
      );
      if (!row) return undefined;
      const before = await m.getRepository(UserEntity).findOneByOrFail({ id: row.user_id });
      await m.getRepository(UserEntity).update({ id: row.user_id }, { email: row.new_email });
      return { before, newEmail: row.new_email, sessionId: row.session_id };
    });
  }

  /** The user's email changes, newest first (LGPD export). */
  emailChangesOf(
    userId: string,
  ): Promise<{ new_email: string; created_at: Date; expires_at: Date; used_at: Date | null }[]> {
    return this.ds.query(
      `SELECT new_email, created_at, expires_at, used_at FROM email_change_requests WHERE user_id = $1 ORDER BY created_at DESC`,
      [userId],
    );
  }

  // ── password reset tokens ─────────────────────────────────────────────────────────────────────────────────

  async insertResetToken(
    values: Pick<PasswordResetTokenEntity, 'userId' | 'tokenHash' | 'expiresAt' | 'requestedIp'>,
  ): Promise<void> {
    await this.ds.getRepository(PasswordResetTokenEntity).insert(values);
  }

  /** Every unused link of the user stops working (a new invitation replaces them). */
  async expireResetTokens(userId: string): Promise<void> {
    await this.ds.query(
      `UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`,
      [userId],
    );
  }

  unusedResetToken(tokenHash: string): Promise<PasswordResetTokenEntity | null> {
    return this.ds.getRepository(PasswordResetTokenEntity).findOneBy({ tokenHash, usedAt: IsNull() });
  }

  /** Spends a live token atomically (a second use finds nothing); answers its user id. */
  async spendResetToken(tokenHash: string): Promise<string | undefined> {
    const spent = await sqlRows<{ user_id: string }>(
      this.ds,
      `UPDATE password_reset_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [tokenHash],
    );
    return spent[0]?.user_id;
  }

  /** The new password, and every other link sent before stops working too; answers the user. */
  async setPasswordAfterReset(userId: string, passwordHash: string): Promise<UserEntity> {
    return this.ds.transaction(async (m) => {
      await m
        .getRepository(UserEntity)
        .update({ id: userId }, { passwordHash, passwordChangedAt: new Date() });
      await m.query(
        `UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`,
        [userId],
      );
      return m.getRepository(UserEntity).findOneByOrFail({ id: userId });
    });
  }

  /** The user's reset requests, newest first (LGPD export). */
  resetTokensOf(userId: string): Promise<PasswordResetTokenEntity[]> {
    return this.ds
      .getRepository(PasswordResetTokenEntity)
      .find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  async purgeExpiredResetTokens(): Promise<void> {
    await this.ds.query(`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`);
  }
}
