import { Inject, Injectable } from '@nestjs/common';
import { provenOwner, UsersRepository, type OwnerId, type UserEntity } from '@arbitra/db';
import {
  MESSAGES,
  normaliseRole,
  type LoginResponse,
  type LoginSuccessResponse,
  type RegisterResponse,
  type SessionUser,
} from '@arbitra/contracts';
import { conflict, forbidden, unauthorized } from '../../common/errors/app-error.js';
import type { ClientInfo } from '../../common/http/request-context.js';
import { hashPassword, verifyPassword } from '../../common/security/password.js';
import { SettingsService } from '../settings/settings.service.js';
import { AuditService } from '../audit/audit.service.js';
import { MailService } from '../mail/mail.service.js';
import { welcomeMail } from '../mail/templates.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { loginDelayMs, RateLimitService } from '../rate-limit/rate-limit.service.js';
import { API_CONFIG, type ApiConfig } from '../../config/config.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service.js';
import { SessionsService } from './sessions.service.js';
import { CHALLENGE_TTL_SECONDS, TokensService } from './tokens.service.js';
import { TwoFactorService } from './two-factor.service.js';

/** Postgres unique_violation. */
const UNIQUE_VIOLATION = '23505';

export function toSessionUser(u: Pick<UserEntity, 'id' | 'name' | 'email' | 'role'>): SessionUser {
  return { id: u.id, name: u.name, email: u.email, role: normaliseRole(u.role) };
}

export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'driverError' in e
    ? (e as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION
    : (e as { code?: string } | null)?.code === UNIQUE_VIOLATION;
}

/** Register, login (with the 2FA step), logout. */
@Injectable()
export class AuthService {
  /** Verified when the email is unknown, so both answers take as long. */
  private dummyHash?: Promise<string>;

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly tokens: TokensService,
    private readonly twoFactor: TwoFactorService,
    private readonly subscriptions: SubscriptionsService,
    private readonly notificationSettings: NotificationSettingsService,
    private readonly notifications: NotificationsService,
    private readonly rateLimits: RateLimitService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly settings: SettingsService,
  ) {}

  async register(
    input: { name: string; email: string; password: string; termsVersion?: string | undefined },
    client: ClientInfo,
  ): Promise<RegisterResponse> {
    await this.rateLimits.consume(
      [{ name: 'registerIp', subject: client.ip ?? 'unknown' }],
      MESSAGES.auth.tooManyRegistrations,
    );
    await this.settings.assertRegistrationsOpen();
    if (await this.users.emailTaken(input.email)) throw conflict('email_taken', MESSAGES.auth.emailTaken);
    const { password, ...rest } = input;
    return this.createAccount({ ...rest, passwordHash: await hashPassword(password) }, client);
  }

  /**
   * Registration after its checks (rate limit, registrations open, e-mail free) and the password's hash: the user, the
   * trial and the first session together, the audit entry and the welcome e-mail. Integration tests that need hundreds
   * of accounts and are not about registering call it with one hash made once (api/test/support/test-platform.ts).
   */
  async createAccount(
    input: { name: string; email: string; passwordHash: string; termsVersion?: string | undefined },
    client: ClientInfo,
  ): Promise<RegisterResponse> {
    let created: { user: UserEntity; sessionId: string; token: string };
    try {
      // User, trial and first session together, or nothing.
      const now = new Date();
      const { user, session } = await this.users.register(
        {
          name: input.name,
          email: input.email,
          passwordHash: input.passwordHash,
          role: 'user',
          passwordChangedAt: now,
          lastLoginAt: now,
          disabledAt: null,
          termsVersion: input.termsVersion ?? null,
          termsAcceptedAt: input.termsVersion ? now : null,
        },
        (userId) => ({
          // The new account's first session: its owner is the account just registered.
          subscription: this.subscriptions.trial(provenOwner(userId), now),
          session: this.sessions.newSession(provenOwner(userId), client, false),
        }),
      );
      created = { user, sessionId: session.id, token: await this.sessions.sign(session) };
    } catch (e) {
      // Two registrations racing for one email: the unique index decides.
      if (isUniqueViolation(e)) throw conflict('email_taken', MESSAGES.auth.emailTaken);
      throw e;
    }
    await this.audit.record('register', {
      userId: created.user.id,
      client,
      metadata: { sessionId: created.sessionId },
    });
    this.mail.sendInBackground(
      welcomeMail(created.user.email, created.user.name, this.config.appUrl),
      'welcome',
    );
    return { user: toSessionUser(created.user), token: created.token };
  }

  async login(
    input: { email: string; password: string; remember?: boolean | undefined },
    client: ClientInfo,
  ): Promise<LoginResponse> {
    const address = client.ip ?? 'unknown';
    // Hard limits only per address: an attacker elsewhere can never lock the owner out.
    await this.rateLimits.consume(
      [
        { name: 'loginIp', subject: address },
        { name: 'loginAccountIp', subject: `${input.email}|${address}` },
      ],
      MESSAGES.auth.tooManyLoginAttempts,
    );
    const account = { name: 'loginAccount', subject: input.email } as const;
    const user = await this.users.findByEmail(input.email);
    // A targeted account (many failures from everywhere): a growing delay, except from where its owner already signed in.
    const excess = await this.rateLimits.excess(account);
    // (Before the password: a yes only spares this client the delay, it reads nothing of the account's.)
    if (excess > 0 && !(user && (await this.sessions.seenFrom(provenOwner(user.id), client)))) {
      await new Promise((r) => setTimeout(r, loginDelayMs(excess)));
    }
    if (!user) {
      await verifyPassword(await this.getDummyHash(), input.password);
      await this.rateLimits.record(account);
      await this.audit.record('login_failed', {
        userId: null,
        client,
        metadata: { email: input.email, reason: 'unknown_email' },
      });
      throw unauthorized('invalid_credentials', MESSAGES.auth.invalidCredentials);
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      await this.rateLimits.record(account);
      await this.audit.record('login_failed', {
        userId: user.id,
        client,
        metadata: { reason: 'wrong_password' },
      });
      throw unauthorized('invalid_credentials', MESSAGES.auth.invalidCredentials);
    }
    if (user.disabledAt) {
      await this.audit.record('login_failed', { userId: user.id, client, metadata: { reason: 'disabled' } });
      throw forbidden('account_disabled', MESSAGES.auth.accountDisabled);
    }
    const remember = input.remember === true;
    if (await this.twoFactor.isEnabled(provenOwner(user.id))) {
      return {
        twoFactorRequired: true,
        challengeToken: await this.tokens.signChallenge(user.id, remember),
        expiresIn: CHALLENGE_TTL_SECONDS,
        message: MESSAGES.auth.twoFactorRequired,
      };
    }
    return this.completeLogin(user, client, remember, { method: 'password' });
  }

  /** Second step of a login with 2FA: the challenge plus a TOTP or a backup code. */
  async loginTwoFactor(
    input: { challengeToken: string; code: string },
    client: ClientInfo,
  ): Promise<LoginSuccessResponse> {
    await this.rateLimits.consume(
      [{ name: 'twoFactorIp', subject: client.ip ?? 'unknown' }],
      MESSAGES.twoFactor.tooManyAttempts,
    );
    const challenge = await this.tokens.verifyChallenge(input.challengeToken);
    if (!challenge)
      throw unauthorized('two_factor_challenge_expired', MESSAGES.auth.twoFactorChallengeExpired);
    await this.rateLimits.consume(
      [{ name: 'twoFactorAccount', subject: challenge.userId }],
      MESSAGES.twoFactor.tooManyAttempts,
    );
    const user = await this.users.findById(challenge.userId);
    if (!user) throw unauthorized('two_factor_challenge_expired', MESSAGES.auth.twoFactorChallengeExpired);
    if (user.disabledAt) throw forbidden('account_disabled', MESSAGES.auth.accountDisabled);
    const factor = await this.twoFactor.verify(provenOwner(user.id), input.code);
    if (!factor) {
      await this.audit.record('login_failed', {
        userId: user.id,
        client,
        metadata: { reason: 'wrong_2fa_code' },
      });
      throw unauthorized('invalid_code', MESSAGES.twoFactor.invalidCode);
    }
    // One challenge, one login: a second use (even with another valid code) is refused.
    if (!(await this.rateLimits.claimOnce(`2fa-challenge:${challenge.id}`, CHALLENGE_TTL_SECONDS)))
      throw unauthorized('two_factor_challenge_expired', MESSAGES.auth.twoFactorChallengeExpired);
    if (factor === 'backup_code')
      await this.audit.record('2fa_backup_code_used', { userId: user.id, client });
    await this.rateLimits.reset({ name: 'twoFactorAccount', subject: user.id });
    return this.completeLogin(user, client, challenge.remember, { method: factor });
  }

  async logout(userId: OwnerId, sessionId: string, client: ClientInfo): Promise<void> {
    const revoked = await this.sessions.revoke(userId, sessionId, 'logout');
    if (revoked) await this.audit.record('logout', { userId, client, metadata: { sessionId } });
  }

  async me(userId: string): Promise<SessionUser> {
    const user = await this.users.getById(userId);
    return toSessionUser(user);
  }

  private async completeLogin(
    user: UserEntity,
    client: ClientInfo,
    remember: boolean,
    metadata: Record<string, unknown>,
  ): Promise<LoginSuccessResponse> {
    // The password (and the second factor) were checked: the session is this user's.
    const { session, token } = await this.sessions.create(provenOwner(user.id), client, remember);
    await this.users.update(user.id, { lastLoginAt: session.createdAt });
    await this.rateLimits.reset({ name: 'loginAccount', subject: user.email });
    await this.rateLimits.reset({
      name: 'loginAccountIp',
      subject: `${user.email}|${client.ip ?? 'unknown'}`,
    });
    await this.audit.record('login', {
      userId: user.id,
      client,
      metadata: { ...metadata, sessionId: session.id, remember },
    });
    await this.maybeAlert(user, client, session.id, session.createdAt);
    return { access_token: token, user: toSessionUser(user) };
  }

  /**
   * 'Alertas de login': a sign-in from a device never seen before is a 'login.new' notification (in-app,
   * email, Telegram, as the user chose; the 'Alertas de login' switch turns it off), once per session.
   */
  private async maybeAlert(user: UserEntity, client: ClientInfo, sessionId: string, at: Date): Promise<void> {
    const owner = provenOwner(user.id);
    const settings = await this.notificationSettings.get(owner);
    if (!settings.loginAlerts) return;
    if (await this.sessions.knownDevice(owner, client.userAgent, sessionId)) return;
    const device = (await this.sessions.latest(owner))?.device ?? MESSAGES.sessions.unknownDevice;
    await this.notifications.notify({
      key: `login.new:${sessionId}`,
      userId: user.id,
      event: 'login.new',
      params: { device, ip: client.ip, at: at.toISOString() },
      occurredAt: at.toISOString(),
    });
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword('arbitra-dummy-password-for-timing');
    return this.dummyHash;
  }
}
