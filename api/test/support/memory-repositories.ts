/**
 * The in-memory repository kit: the repositories of @arbitra/db as plain Maps, for unit specs of the api's services
 * (`api/src/modules/**\/*.service.spec.ts`) — no database, milliseconds per test.
 *
 *   const db = memoryDatabase();                    // empty tables; db.plans holds the three PLANS of contracts
 *   const service = new BotsService(db.bots, …);    // each repository double has the methods services call
 *   db.tables.bots.get(id)                          // assert on the rows, as a test on Postgres would read them
 *
 * One database per test (call memoryDatabase() in the test's setup). The doubles share the tables, so a join
 * (a session with its user) or a registration (user + trial + session) sees what the others wrote.
 *
 * A method the kit does not implement throws "<Repository>.<method> is not in the in-memory kit": add it HERE,
 * once, for every spec (never a private copy in a spec). Each double mirrors the statement it stands for —
 * ownership in every lookup, ordering, the unique email — but not transactions, locks or concurrency: the
 * integration tests under api/test (real Postgres) prove those.
 *
 * Beside the repositories: `recordingAudit()` (an AuditService that keeps what it was told),
 * `entitlementsOf()` (an EntitlementsService answering fixed limits), which most services also inject, and
 * `refusal(promise)`: the AppError a service call was refused with ({ status, code, message }).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PLANS, type Entitlements, type PlanId } from '@arbitra/contracts';
import type {
  BotEntity,
  BotsRepository,
  ExchangeCredentialEntity,
  ExchangeCredentialsRepository,
  PlanEntity,
  SessionEntity,
  SessionsRepository,
  SubscriptionEntity,
  SubscriptionsRepository,
  UserEntity,
  UsersRepository,
  OwnerId,
} from '@arbitra/db';
import { AppError } from '../../src/common/errors/app-error.js';
import type { AuditService } from '../../src/modules/audit/audit.service.js';
import type { EntitlementsService } from '../../src/modules/subscriptions/entitlements.service.js';

/** A repository double: the given methods; any other throws, naming itself. */
export function double<R extends object>(name: string, methods: Partial<R>): R {
  return new Proxy(methods, {
    get(target, key, receiver) {
      if (typeof key === 'symbol' || key in target || key === 'then')
        return Reflect.get(target, key, receiver);
      return () => {
        throw new Error(
          `${name}.${key} is not in the in-memory kit (api/test/support/memory-repositories.ts)`,
        );
      };
    },
  }) as R;
}

/** Postgres's unique_violation, as the pg driver reports it (services map it to a 409). */
function uniqueViolation(detail: string): Error {
  return Object.assign(new Error(`duplicate key value violates unique constraint: ${detail}`), {
    code: '23505',
  });
}

/** What a query answers: a copy (a service changing it does not change the table, as with Postgres). */
const copy = <T>(row: T): T => structuredClone(row);
const copyOrNull = <T>(row: T | null | undefined): T | null => (row ? copy(row) : null);

const live = (s: SessionEntity, now = Date.now()) => s.revokedAt === null && s.expiresAt.getTime() > now;
const newest = <T extends { createdAt: Date }>(a: T, b: T) => b.createdAt.getTime() - a.createdAt.getTime();

/** The three plans of contracts, as the accounts migration seeds them. */
function seededPlans(): Map<PlanId, PlanEntity> {
  return new Map(
    PLANS.map((p, i) => [
      p.id,
      {
        id: p.id,
        name: p.name,
        monthlyCents: p.monthlyCents,
        yearlyCents: p.yearlyCents,
        ...p.features,
        popular: p.popular,
        highlights: [...p.highlights],
        sortOrder: i + 1,
        active: true,
      } satisfies PlanEntity,
    ]),
  );
}

export type MemoryDatabase = ReturnType<typeof memoryDatabase>;

/** Fresh tables and the repository doubles over them. */
export function memoryDatabase() {
  const tables = {
    users: new Map<string, UserEntity>(),
    sessions: new Map<string, SessionEntity>(),
    plans: seededPlans(),
    subscriptions: new Map<string, SubscriptionEntity>(),
    bots: new Map<string, BotEntity>(),
    exchangeCredentials: new Map<string, ExchangeCredentialEntity>(),
  };
  const { users, sessions, plans, subscriptions, bots, exchangeCredentials } = tables;

  // ── users and sessions ────────────────────────────────────────────────────────────────────────────────────
  const byEmail = (email: string) => [...users.values()].find((u) => u.email === email) ?? null;
  const insertUser = (values: Partial<UserEntity>): UserEntity => {
    if (values.email !== undefined && byEmail(values.email)) throw uniqueViolation('users_email_key');
    const now = new Date();
    const user = {
      role: 'user',
      lastLoginAt: null,
      disabledAt: null,
      termsVersion: null,
      termsAcceptedAt: null,
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
      ...values,
      id: randomUUID(),
    } as UserEntity;
    users.set(user.id, user);
    return user;
  };
  const insertSession = (values: Partial<SessionEntity>): SessionEntity => {
    const now = new Date();
    const session = {
      createdAt: now,
      lastActiveAt: now,
      revokedAt: null,
      revokedReason: null,
      remember: false,
      ip: null,
      userAgent: null,
      device: null,
      location: null,
      ...values,
      id: randomUUID(),
    } as SessionEntity;
    sessions.set(session.id, session);
    return session;
  };
  const insertSubscription = (values: Partial<SubscriptionEntity>): SubscriptionEntity => {
    const now = new Date();
    const sub = {
      billing: 'monthly',
      cancelAtPeriodEnd: false,
      canceledAt: null,
      scheduledPlanId: null,
      scheduledBilling: null,
      createdAt: now,
      updatedAt: now,
      ...values,
      id: randomUUID(),
    } as SubscriptionEntity;
    subscriptions.set(sub.userId, sub);
    return sub;
  };
  const sessionsOf = (userId: string) => [...sessions.values()].filter((s) => s.userId === userId);
  const revoke = (s: SessionEntity, reason: string) => {
    s.revokedAt = new Date();
    s.revokedReason = reason;
  };

  const usersRepo = double<UsersRepository>('UsersRepository', {
    findById: async (id) => copyOrNull(users.get(id)),
    getById: async (id) => {
      const u = users.get(id);
      if (!u) throw new Error(`no user ${id}`);
      return copy(u);
    },
    findByEmail: async (email) => copyOrNull(byEmail(email)),
    emailTaken: async (email) => byEmail(email) !== null,
    roleOf: async (id) => {
      const u = users.get(id);
      return u ? { id: u.id, role: u.role } : null;
    },
    update: async (id, patch) => {
      const u = users.get(id);
      if (u) Object.assign(u, patch, { updatedAt: new Date() });
    },
    register: async (values, extras) => {
      const user = insertUser(values);
      const { subscription, session } = extras(user.id);
      insertSubscription(subscription);
      return { user: copy(user), session: copy(insertSession(session)) };
    },
    purgeExpiredResetTokens: async () => undefined,
  });

  const sessionsRepo = double<SessionsRepository>('SessionsRepository', {
    insert: async (values) => copy(insertSession(values)),
    withUser: async (id) => {
      const s = sessions.get(id);
      const u = s && users.get(s.userId);
      if (!s || !u) return undefined;
      return {
        id: s.id,
        user_id: s.userId as OwnerId,
        expires_at: s.expiresAt,
        revoked_at: s.revokedAt,
        last_active_at: s.lastActiveAt,
        name: u.name,
        email: u.email,
        role: u.role,
        disabled_at: u.disabledAt,
      };
    },
    touch: async (id) => {
      const s = sessions.get(id);
      if (s) s.lastActiveAt = new Date();
    },
    live: async (userId) =>
      sessionsOf(userId)
        .filter((s) => live(s))
        .sort((a, b) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime() || newest(a, b))
        .map(copy),
    countLive: async (userId) => sessionsOf(userId).filter((s) => live(s)).length,
    allForUser: async (userId) => sessionsOf(userId).sort(newest).map(copy),
    latest: async (userId) => copyOrNull(sessionsOf(userId).sort(newest)[0]),
    usedFrom: async (userId, ip, userAgent) =>
      sessionsOf(userId).some((s) => s.ip === ip && s.userAgent === userAgent),
    usedUserAgent: async (userId, userAgent, except) =>
      sessionsOf(userId).some((s) => s.userAgent === userAgent && s.id !== except),
    revoke: async (userId, id, reason) => {
      const s = sessions.get(id);
      if (!s || s.userId !== userId || !live(s)) return undefined;
      revoke(s, reason);
      return { id: s.id, device: s.device, ip: s.ip };
    },
    revokeAll: async (userId, reason, except) => {
      const ended = sessionsOf(userId).filter((s) => live(s) && s.id !== except);
      for (const s of ended) revoke(s, reason);
      return ended.map((s) => s.id);
    },
    purgeEnded: async () => undefined,
  });

  // ── subscriptions and plans ───────────────────────────────────────────────────────────────────────────────
  const subscriptionsRepo = double<SubscriptionsRepository>('SubscriptionsRepository', {
    activePlans: async () =>
      [...plans.values()]
        .filter((p) => p.active)
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map(copy),
    plan: async (id) => copyOrNull(plans.get(id)),
    forUser: async (userId) => copyOrNull(subscriptions.get(userId)),
    withPlan: async (userId) => {
      const subscription = subscriptions.get(userId);
      return subscription
        ? { subscription: copy(subscription), plan: copy(plans.get(subscription.planId)!) }
        : null;
    },
    insert: async (values) => copy(insertSubscription(values)),
    lapse: async () => {
      const now = Date.now();
      const moved: { user_id: OwnerId; status: SubscriptionEntity['status'] }[] = [];
      for (const s of subscriptions.values()) {
        if ((s.status !== 'trialing' && s.status !== 'active') || s.currentPeriodEnd.getTime() > now)
          continue;
        s.status = s.cancelAtPeriodEnd ? 'canceled' : 'past_due';
        if (s.cancelAtPeriodEnd) s.canceledAt = new Date(now);
        moved.push({ user_id: s.userId as OwnerId, status: s.status });
      }
      return moved;
    },
  });

  // ── bots ──────────────────────────────────────────────────────────────────────────────────────────────────
  const botsOf = (userId: string) => [...bots.values()].filter((b) => b.userId === userId);
  const botsRepo = double<BotsRepository>('BotsRepository', {
    listForUser: async (userId) => botsOf(userId).map(copy),
    findOwned: async (userId, id) => {
      const b = bots.get(id);
      return b && b.userId === userId ? copy(b) : null;
    },
    createChecked: async (userId, values, check) => {
      await check(async () => botsOf(userId).length);
      const now = new Date();
      const bot = {
        ...values,
        id: randomUUID(),
        userId,
        totalTrades: 0,
        totalProfit: '0',
        totalProfitBrl: '0',
        profitPercent: '0',
        initialCapital: null,
        consecutiveFailures: 0,
        nakedExposure: {},
        createdAt: now,
        updatedAt: now,
      } as BotEntity;
      bots.set(bot.id, bot);
      return copy(bot);
    },
    updateOwned: async (userId, id, patch) => {
      const b = bots.get(id);
      if (b && b.userId === userId) bots.set(id, { ...b, ...patch });
    },
    deleteOwned: async (userId, id) => {
      if (bots.get(id)?.userId === userId) bots.delete(id);
    },
    activeLiveOn: async (userId, exchange) =>
      botsOf(userId)
        .filter((b) => b.mode === 'live' && b.active && b.exchanges.includes(exchange))
        .map(copy),
    stopWithError: async (botId, reason) => {
      const b = bots.get(botId);
      if (b) bots.set(botId, { ...b, active: false, status: 'error', statusReason: reason });
    },
  });

  // ── exchange credentials ──────────────────────────────────────────────────────────────────────────────────
  const credentialsOf = (userId: string) =>
    [...exchangeCredentials.values()]
      .filter((c) => c.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  const ownedCredential = (userId: string, id: string) => {
    const c = exchangeCredentials.get(id);
    return c && c.userId === userId ? c : null;
  };
  const credentialsRepo = double<ExchangeCredentialsRepository>('ExchangeCredentialsRepository', {
    listForUser: async (userId) => credentialsOf(userId).map(copy),
    countForUser: async (userId) => credentialsOf(userId).length,
    findOwned: async (userId, id) => copyOrNull(ownedCredential(userId, id)),
    getOwned: async (userId, id) => {
      const c = ownedCredential(userId, id);
      if (!c) throw new Error(`no credential ${id} of ${userId}`);
      return copy(c);
    },
    onExchanges: async (userId, names) =>
      credentialsOf(userId)
        .filter((c) => names.includes(c.exchangeName))
        .map(copy),
    createChecked: async (userId, exchange, check, build) => {
      await check({
        connected: async () => credentialsOf(userId).some((c) => c.exchangeName === exchange),
        count: async () => credentialsOf(userId).length,
      });
      const now = new Date();
      const row = {
        createdAt: now,
        updatedAt: now,
        lastUsedAt: null,
        ...build(),
      } as ExchangeCredentialEntity;
      exchangeCredentials.set(row.id, row);
      return copy(row);
    },
    updateOwned: async (userId, id, changes) => {
      const c = ownedCredential(userId, id);
      if (c) Object.assign(c, changes);
    },
    deleteOwned: async (userId, id) => ownedCredential(userId, id) !== null && exchangeCredentials.delete(id),
  });

  return {
    tables,
    users: usersRepo,
    sessions: sessionsRepo,
    subscriptions: subscriptionsRepo,
    bots: botsRepo,
    exchangeCredentials: credentialsRepo,
  };
}

/** An audit trail in memory: `audit.actions` lists what was recorded, in order. */
export function recordingAudit() {
  const entries: { action: string; userId: string | null; metadata?: Record<string, unknown> | undefined }[] =
    [];
  const service = double<AuditService>('AuditService', {
    record: async (action, r) =>
      void entries.push({ action, userId: r.userId ?? null, metadata: r.metadata }),
  });
  return { service, entries, actions: () => entries.map((e) => e.action) };
}

/** An EntitlementsService answering these limits for everyone (an active Profissional trial by default). */
export function entitlementsOf(over: Partial<Entitlements> = {}): EntitlementsService {
  const plan = PLANS.find((p) => p.id === 'professional')!;
  const answer: Entitlements = {
    planId: plan.id,
    status: 'trialing',
    active: true,
    features: plan.features,
    canUseRealTime: true,
    canUseAdvancedStrategies: true,
    canUseBrlPairs: true,
    canRunBots: true,
    maxBots: plan.features.maxBots,
    maxExchanges: plan.features.maxExchanges,
    ...over,
  };
  return double<EntitlementsService>('EntitlementsService', { forUser: async () => answer });
}

/** The AppError a service call was refused with (it fails the test if the call succeeded or threw anything else). */
export async function refusal(
  p: Promise<unknown>,
): Promise<{ status: number; code: string; message: string }> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  const { status, code, message } = e as AppError;
  return { status, code, message };
}
