import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BacktestsRepository } from './repositories/backtests.repository.js';
import type { PaymentMethodsRepository } from './repositories/payment-methods.repository.js';
import type { PaymentsRepository } from './repositories/payments.repository.js';
import type { MethodsWithoutOwner } from './tenancy.js';

/**
 * The type-level lint of tenancy (issue 28): `npx tsc -p tsconfig.json` fails here, naming the method, when a
 * repository over a user-owned table has a method that does not take its owner (`OwnerId`, or a record with
 * `userId: OwnerId`) and is not listed below as an admin read or a system step.
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

export type TenantRepositories = [
  Tenant<MethodsWithoutOwner<PaymentsRepository, PaymentsExempt>>,
  Tenant<MethodsWithoutOwner<PaymentMethodsRepository>>,
  Tenant<MethodsWithoutOwner<BacktestsRepository, BacktestsExempt>>,
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
});
