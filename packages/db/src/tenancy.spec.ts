import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AuditRepository } from './repositories/audit.repository.js';
import type { BacktestsRepository } from './repositories/backtests.repository.js';
import type { BotsRepository } from './repositories/bots.repository.js';
import type { ExchangeCredentialsRepository } from './repositories/exchange-credentials.repository.js';
import type { NotificationSettingsRepository } from './repositories/notification-settings.repository.js';
import type { NotificationsRepository } from './repositories/notifications.repository.js';
import type { PaymentMethodsRepository } from './repositories/payment-methods.repository.js';
import type { PaymentsRepository } from './repositories/payments.repository.js';
import type { SessionsRepository } from './repositories/sessions.repository.js';
import type { SubscriptionsRepository } from './repositories/subscriptions.repository.js';
import type { TaxReportingRepository } from './repositories/tax-reporting.repository.js';
import type { TradesRepository } from './repositories/trades.repository.js';
import type { TransfersRepository } from './repositories/transfers.repository.js';
import type { TwoFactorRepository } from './repositories/two-factor.repository.js';
import type { MethodsWithoutOwner } from './tenancy.js';

/**
 * The type-level lint of tenancy (issue 28): `npx tsc -p tsconfig.json` fails here, naming the method, when a
 * repository over a user-owned table has a method that does not take its owner (`OwnerId`, or a record with
 * `userId: OwnerId`) and is not listed below as an admin read or a system step. `scripts/lint/tenancy.mjs` (npm run
 * lint, and its spec in npm test) reads the lists below and fails on a repository that queries a user-owned table
 * without being listed here, or on a method of one that queries such a table without its owner.
 */
type Tenant<Missing extends never> = Missing;

/** Admin reads (`admin…`, the revenue report) and system steps on a payment found by its own id (webhook, job). */
type PaymentsExempt =
  | 'adminListForUser'
  | 'revenueSummary'
  | 'attachCharge'
  | 'clearCardToken'
  | 'findById'
  | 'findByProviderPaymentId'
  | 'lockById'
  | 'markApproved'
  | 'markDeclined'
  | 'markExpired'
  | 'markStaleRefunded'
  | 'markRefunded'
  | 'listOverduePending';

/** The engine's worker steps on a backtest found by its own id (the job carries it); its owner comes from `work`. */
type BacktestsExempt = 'work' | 'start' | 'progress' | 'finish' | 'interrupt';

/**
 * The engine's execution journal and ledger, acting for the running bot its job names (by execution key; the bot's
 * owner is checked by `executionStart`), and the seed's, tests' and benches' finished trades (`insertCompleted`).
 */
type TradesExempt =
  | 'insertCompleted'
  | 'executionStart'
  | 'withRecoveryLock'
  | 'begin'
  | 'abandon'
  | 'fail'
  | 'status'
  | 'pending'
  | 'record';

/** Admin (`adminOwnersOf`) and the engine's runner, executor and ledger acting for a running bot by its own id. */
/** The engine's arrivals (every due transfer, or one bot's before a plan is read) and the ledger check by bot id. */
type TransfersExempt = 'settleDue' | 'reconcile';
type BotsExempt =
  | 'adminOwnersOf'
  | 'setInventoryPauses'
  | 'running'
  | 'forRunner'
  | 'forExecutor'
  | 'statusOf'
  | 'stopWithError'
  | 'balanceRows'
  | 'hasBalances'
  | 'seedBalances'
  | 'positions'
  | 'dayProfit'
  | 'stopByRiskRule';

/** The engine's credential check by the credential's own id, and the key rotation (`credentials:rotate`). */
type CredentialsExempt = 'byId' | 'markUsed' | 'recordCheck' | 'rotate';

/** The dispatcher's deliveries by their key, the Telegram bot's own chat and code, the daily digest job. */
type NotificationsExempt =
  | 'finishDelivery'
  | 'releaseDelivery'
  | 'redeemTelegramCode'
  | 'unlinkTelegramChat'
  | 'dailyFigures'
  | 'pruneDeliveries';

/** Authentication itself (the session by its id gives the owner), opening a session (values carry it), cleanup. */
type SessionsExempt = 'insert' | 'withUser' | 'touch' | 'purgeEnded';

/** The plans (not owned), the registration's insert, and the billing jobs across users (lapse, renewals). */
type SubscriptionsExempt = 'activePlans' | 'plan' | 'insert' | 'lapse' | 'listRenewing' | 'listPrices';

/** Writing an event (for any user, by AuditService), the admin's search, the account deletion by email. */
type AuditExempt = 'insert' | 'adminPage' | 'deleteAnonymousForEmail';

export type TenantRepositories = [
  Tenant<MethodsWithoutOwner<PaymentsRepository, PaymentsExempt>>,
  Tenant<MethodsWithoutOwner<PaymentMethodsRepository>>,
  Tenant<MethodsWithoutOwner<BacktestsRepository, BacktestsExempt>>,
  Tenant<MethodsWithoutOwner<TradesRepository, TradesExempt>>,
  Tenant<MethodsWithoutOwner<TaxReportingRepository>>,
  Tenant<MethodsWithoutOwner<BotsRepository, BotsExempt>>,
  Tenant<MethodsWithoutOwner<ExchangeCredentialsRepository, CredentialsExempt>>,
  Tenant<MethodsWithoutOwner<NotificationsRepository, NotificationsExempt>>,
  Tenant<MethodsWithoutOwner<NotificationSettingsRepository>>,
  Tenant<MethodsWithoutOwner<SessionsRepository, SessionsExempt>>,
  Tenant<MethodsWithoutOwner<TwoFactorRepository>>,
  Tenant<MethodsWithoutOwner<SubscriptionsRepository, SubscriptionsExempt>>,
  Tenant<MethodsWithoutOwner<AuditRepository, AuditExempt>>,
  Tenant<MethodsWithoutOwner<TransfersRepository, TransfersExempt>>,
];

const root = fileURLToPath(new URL('../../..', import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return ['node_modules', 'dist', 'test', 'e2e'].includes(name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(spec|test|e2e)\.tsx?$/.test(name) ? [path] : [];
  });

describe('tenancy in the type', () => {
  const files = [
    'api/src',
    'engine/src',
    'packages/contracts/src',
    'packages/transport/src',
    'packages/db/src',
  ].flatMap((d) => sourceFiles(join(root, d)));

  it('makes an OwnerId only where ownership is established: no cast outside tenancy.ts', () => {
    const casts = files
      .filter((f) => !f.endsWith('packages/db/src/tenancy.ts'))
      .filter((f) => /as OwnerId\b|<OwnerId>/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(casts).toEqual([]);
  });

  it('lets only admin code act on a user by a plain id (adminActingOn), and rows make owners only inside packages/db', () => {
    const outside = (pattern: RegExp, allowed: string) =>
      files
        .filter((f) => !relative(root, f).startsWith(allowed) && !f.endsWith('packages/db/src/tenancy.ts'))
        .filter((f) => pattern.test(readFileSync(f, 'utf8')))
        .map((f) => relative(root, f));
    expect(outside(/\badminActingOn\(/, 'api/src/modules/admin/')).toEqual([]);
    expect(outside(/\bownerOfRow\b/, 'packages/db/src/')).toEqual([]);
  });

  it('lets only the listed system paths act for a user a job names, and only the listed proofs make an owner', () => {
    const callers = (pattern: RegExp) =>
      files
        .filter((f) => !f.endsWith('packages/db/src/tenancy.ts'))
        .filter((f) => pattern.test(readFileSync(f, 'utf8')))
        .map((f) => relative(root, f))
        .sort();
    expect(callers(/\bsystemActingFor\(/)).toEqual([...SYSTEM_CALLERS].sort());
    expect(callers(/\bprovenOwner\(/)).toEqual([...PROOF_CALLERS].sort());
  });
});

/** The system acting for the user a queued job, an engine message or the seed names (`systemActingFor`). */
const SYSTEM_CALLERS = [
  'api/src/cli/seed.ts',
  'api/src/modules/notifications/notifications.dispatcher.ts',
  'engine/src/credentials/credential-store.ts',
];

/** Where a proof is checked (`provenOwner`): password, 2FA challenge, reset and email-change tokens, signed link. */
const PROOF_CALLERS = [
  'api/src/modules/auth/auth.service.ts',
  'api/src/modules/auth/password-reset.service.ts',
  'api/src/modules/notifications/notifications.service.ts',
  'api/src/modules/users/users.service.ts',
];
