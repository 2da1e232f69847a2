import { FabricBrowserEvents } from '@arbitra/transport';
import { randomBytes } from 'node:crypto';
import type { OwnerId } from '@arbitra/db';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  type LoginResponse,
  type LoginSuccessResponse,
  type NotificationJob,
} from '@arbitra/contracts';
import type { ClientInfo } from '../../common/http/request-context.js';
import type { ApiConfig } from '../../config/config.js';
import type { MailService } from '../mail/mail.service.js';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import {
  double,
  memoryDatabase,
  recordingAudit,
  refusal,
} from '../../../test/support/memory-repositories.js';
import { AuthService } from './auth.service.js';
import { SessionsService } from './sessions.service.js';
import { TokensService } from './tokens.service.js';
import type { TwoFactorService } from './two-factor.service.js';

// AuthService with the real SessionsService and TokensService over the in-memory repository kit (no database):
// register (user + trial + session at once), login and its refusals, 2FA's first step, logout, login alerts.
// Rate limits are the integration tests' (api/test/auth.test.ts), here they always allow.

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const client = (userAgent = CHROME, ip = '198.51.100.7'): ClientInfo => ({ ip, userAgent });
const PASSWORD = 'senha-segura-123';

function setup({ twoFactor = false } = {}) {
  const db = memoryDatabase();
  const audit = recordingAudit();
  const notified: NotificationJob[] = [];
  const config = { JWT_SECRET: randomBytes(32).toString('hex') } as ApiConfig;
  const tokens = new TokensService(config);
  const sessions = new SessionsService(db.sessions, db.users, tokens, new FabricBrowserEvents());
  const allow = double<RateLimitService>('RateLimitService', {
    consume: async () => undefined,
    record: async () => undefined,
    excess: async () => 0,
    reset: async () => undefined,
    claimOnce: async () => true,
  });
  const service = new AuthService(
    db.users,
    sessions,
    tokens,
    double<TwoFactorService>('TwoFactorService', { isEnabled: async () => twoFactor }),
    new SubscriptionsService(db.subscriptions),
    double<NotificationSettingsService>('NotificationSettingsService', {
      get: async () => ({ email: true, sms: false, loginAlerts: true, tradingAlerts: true }),
    }),
    double<NotificationsService>('NotificationsService', { notify: async (job) => void notified.push(job) }),
    allow,
    audit.service,
    double<MailService>('MailService', { sendInBackground: () => undefined }),
    config,
    double<SettingsService>('SettingsService', { assertRegistrationsOpen: async () => undefined }),
  );
  const register = (email = 'ana@exemplo.com.br') =>
    service.register({ name: 'Ana Souza', email, password: PASSWORD }, client());
  return { db, service, sessions, audit, notified, register };
}

const tokenOf = (r: LoginResponse) => (r as LoginSuccessResponse).access_token;

describe('AuthService (in-memory repositories)', () => {
  it('register opens the account with its trial and a session whose token authenticates; the email is taken after', async () => {
    const { db, service, sessions, audit, register } = setup();
    const { user, token } = await register();
    expect(user).toMatchObject({ name: 'Ana Souza', email: 'ana@exemplo.com.br', role: 'user' });
    expect(db.tables.users.get(user.id)?.passwordHash).not.toContain(PASSWORD);
    expect(db.tables.subscriptions.get(user.id)).toMatchObject({
      planId: 'professional',
      status: 'trialing',
    });
    expect(await sessions.authenticate(token)).toMatchObject({ id: user.id, email: 'ana@exemplo.com.br' });
    expect(await service.me(user.id)).toEqual(user);
    expect(audit.actions()).toEqual(['register']);
    expect(await refusal(register())).toEqual({
      status: 409,
      code: 'email_taken',
      message: MESSAGES.auth.emailTaken,
    });
    expect(db.tables.users.size).toBe(1);
  });

  it('login refuses a wrong password and an unknown email with the same pt-BR message (401), and audits both', async () => {
    const { service, audit, register } = setup();
    await register();
    const expected = { status: 401, code: 'invalid_credentials', message: MESSAGES.auth.invalidCredentials };
    expect(
      await refusal(service.login({ email: 'ana@exemplo.com.br', password: 'errada-123' }, client())),
    ).toEqual(expected);
    expect(
      await refusal(service.login({ email: 'ninguem@exemplo.com.br', password: PASSWORD }, client())),
    ).toEqual(expected);
    expect(audit.entries.filter((e) => e.action === 'login_failed').map((e) => e.metadata?.reason)).toEqual([
      'wrong_password',
      'unknown_email',
    ]);
  });

  it('a disabled account cannot sign in (403), and its open session stops authenticating', async () => {
    const { db, service, sessions, register } = setup();
    const { user, token } = await register();
    db.tables.users.get(user.id)!.disabledAt = new Date();
    expect(await refusal(service.login({ email: user.email, password: PASSWORD }, client()))).toEqual({
      status: 403,
      code: 'account_disabled',
      message: MESSAGES.auth.accountDisabled,
    });
    expect(await sessions.authenticate(token)).toBeNull();
  });

  it('login opens a second session; logout ends only that one', async () => {
    const { service, sessions, register } = setup();
    const { user, token: first } = await register();
    const second = tokenOf(await service.login({ email: user.email, password: PASSWORD }, client()));
    const auth = (await sessions.authenticate(second))!;
    expect(await sessions.countActive(user.id as OwnerId)).toBe(2);
    await service.logout(user.id as OwnerId, auth.sessionId, client());
    expect(await sessions.authenticate(second)).toBeNull();
    expect(await sessions.authenticate(first)).not.toBeNull();
  });

  it('with 2FA on, the password gives a challenge, not a session', async () => {
    const { service, sessions, register } = setup({ twoFactor: true });
    const { user } = await register();
    const answer = await service.login({ email: user.email, password: PASSWORD }, client());
    expect(answer).toMatchObject({ twoFactorRequired: true, message: MESSAGES.auth.twoFactorRequired });
    expect(await sessions.countActive(user.id as OwnerId)).toBe(1);
  });

  it("'Alertas de login': a sign-in from a new browser is notified once; the same browser again is not", async () => {
    const { service, notified, register } = setup();
    const { user } = await register();
    await service.login({ email: user.email, password: PASSWORD }, client(CHROME));
    expect(notified).toEqual([]);
    await service.login({ email: user.email, password: PASSWORD }, client(FIREFOX, '203.0.113.9'));
    expect(notified).toHaveLength(1);
    expect(notified[0]).toMatchObject({ userId: user.id, event: 'login.new', params: { ip: '203.0.113.9' } });
    await service.login({ email: user.email, password: PASSWORD }, client(FIREFOX, '203.0.113.9'));
    expect(notified).toHaveLength(1);
  });
});
