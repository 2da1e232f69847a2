/**
 * useTestPlatform(): the set-up every api integration test shares — ONE call at the top of a `describe`:
 *
 *   describe('bots API', () => {
 *     const t = useTestPlatform({ env: { RATE_LIMIT_REGISTER_IP: '1000/1h' } });
 *     const { call, sql } = t;                        // usable as soon as the tests run
 *
 *     it('…', async () => {
 *       const maria = await t.register({ name: 'Maria' });          // a new user (201 checked) and its token
 *       const res = await call('GET', '/api/bots', { token: maria.token });
 *       const { rows } = await sql.query('SELECT count(*) FROM bots');
 *       t.platform.baseUrl; t.platform.env; t.db.url;               // read inside tests and hooks only
 *     });
 *   });
 *
 * What it does: a `beforeAll` makes a fresh migrated database (createTestDatabase), optionally runs the seed (admin
 * and demo accounts), starts the platform (startPlatform: the api on a random port and `engines` engines, 0 by
 * default) and connects a pg client; an `afterAll` closes what `t.onClose()` was given (newest first), the
 * DataSource if one was opened, the pg client, the platform, and drops the database.
 *
 * Options: `engines` (default 0), `redisUrl`, `env` (the platform's environment; a function is read in the
 * beforeAll, after the database exists), `seed: true` (admin@arbitra.local / admin12345 and demo@arbitra.local
 * exist), `mail: true` (a MailDev started first, the platform's SMTP_URL pointing at it: `t.mail.waitFor(to,
 * subject)`; closed last).
 *
 * `call`, `sql`, `register` and `login` are stable from the start (they reach the platform once it runs);
 * `t.db` and `t.platform` throw when read before the beforeAll ran. The register/login/uniqueIp helpers
 * themselves live in ./http.ts; `t.register(over)` is `register(call, over)`.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createDataSource, repositoriesOf } from '@arbitra/db';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '../../../scripts/test-support/database.js';
import { startPlatform, type TestPlatform } from '../../../scripts/test-support/platform.js';
import { seed as runSeed } from '../../src/cli/seed.js';
import { hashPassword } from '../../src/common/security/password.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { startMailCatcher, type MailCatcher } from './mail-catcher.js';
import { LEGAL_VERSION } from '@arbitra/contracts';
import {
  client,
  login,
  register,
  uniqueEmail,
  uniqueIp,
  type Client,
  type RegisteredUser,
  type RequestOptions,
} from './http.js';

/** The password of every `t.account()` user (the same as ./http.ts register's default). */
const ACCOUNT_PASSWORD = 'senha-segura-123';

export interface TestPlatformOptions {
  /** Engines in the test process (default 0: the api alone). */
  engines?: number;
  redisUrl?: string | undefined;
  /** The platform's environment over the test defaults; a function is called in the beforeAll. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Run the seed (admin and demo accounts) before the platform starts. */
  seed?: boolean;
  /** A mail catcher (MailDev) the platform sends to (SMTP_URL): `t.mail`. */
  mail?: boolean;
}

export interface UsedTestPlatform {
  /** The test database (url, drop). Inside tests and hooks only. */
  readonly db: TestDatabase;
  /** The running platform (baseUrl, env, api, engines). Inside tests and hooks only. */
  readonly platform: TestPlatform;
  /** The mail catcher (with `mail: true`). Inside tests and hooks only. */
  readonly mail: MailCatcher;
  /** The JSON client of ./http.ts on the platform's api. */
  readonly call: Client;
  /** A pg client on the test database (query only). */
  readonly sql: Pick<pg.Client, 'query'>;
  /** A new user through POST /api/auth/register (./http.ts register). */
  register(over?: Parameters<typeof register>[1]): Promise<RegisteredUser>;
  /**
   * A new user as POST /api/auth/register makes it (AuthService.createAccount: user, trial, first session, audit,
   * welcome e-mail) with its password hashed once per file, not once per user: for a file that needs hundreds of users
   * and is not about registering (argon2 costs ~60 ms of CPU a hash). No HTTP, no registration rate limit.
   */
  account(over?: Partial<Pick<RegisteredUser, 'name' | 'email'>>): Promise<RegisteredUser>;
  /** POST /api/auth/login (./http.ts login). */
  login(...args: Parameters<typeof login> extends [Client, ...infer R] ? R : never): ReturnType<typeof login>;
  /** A TypeORM DataSource on the test database (for repositories of @arbitra/db), opened once, closed at the end. */
  dataSource(): Promise<DataSource>;
  /** Something to close before the platform stops (sockets, a second api, a queue factory); newest first. */
  onClose(close: () => unknown): void;
}

export function useTestPlatform(options: TestPlatformOptions = {}): UsedTestPlatform {
  let db: TestDatabase | undefined;
  let platform: TestPlatform | undefined;
  let pgClient: pg.Client | undefined;
  let mail: MailCatcher | undefined;
  let ds: Promise<DataSource> | undefined;
  const closers: (() => unknown)[] = [];
  let accountHash: Promise<string> | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestPlatform: ${what} exists inside tests and hooks only`);
    return value;
  };
  const call = (<T = Record<string, unknown>>(method: string, path: string, o?: RequestOptions) =>
    client(ready(platform, 'platform').baseUrl)<T>(method, path, o)) as Client;
  const sql = {
    query: ((...args: Parameters<pg.Client['query']>) =>
      (ready(pgClient, 'sql').query as (...a: unknown[]) => unknown)(...args)) as pg.Client['query'],
  };

  beforeAll(async () => {
    if (options.mail) mail = await startMailCatcher();
    db = await createTestDatabase();
    if (options.seed) {
      const seeding = await createDataSource(db.url).initialize();
      await runSeed(repositoriesOf(seeding));
      await seeding.destroy();
    }
    platform = await startPlatform({
      databaseUrl: db.url,
      redisUrl: options.redisUrl,
      engines: options.engines ?? 0,
      env: {
        ...(mail ? { SMTP_URL: mail.smtpUrl } : {}),
        ...(typeof options.env === 'function' ? options.env() : options.env),
      },
    });
    pgClient = new pg.Client({ connectionString: db.url });
    await pgClient.connect();
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await (await ds?.catch(() => undefined))?.destroy();
    await pgClient?.end();
    await platform?.close();
    await db?.drop();
    await mail?.close();
  });

  return {
    get db() {
      return ready(db, 'db');
    },
    get platform() {
      return ready(platform, 'platform');
    },
    get mail() {
      return ready(mail, 'mail');
    },
    call,
    sql,
    register: (over) => register(call, over),
    account: async (over = {}) => {
      const input = {
        name: over.name ?? 'Maria da Silva',
        email: over.email ?? uniqueEmail(),
        password: ACCOUNT_PASSWORD,
      };
      const created = await ready(platform, 'platform')
        .api.app.get(AuthService)
        .createAccount(
          {
            name: input.name,
            email: input.email,
            passwordHash: await (accountHash ??= hashPassword(ACCOUNT_PASSWORD)),
            termsVersion: LEGAL_VERSION,
          },
          { ip: uniqueIp(), userAgent: 'integration-test' },
        );
      return { ...input, id: created.user.id, token: created.token };
    },
    login: (...args) => login(call, ...args),
    dataSource: () => (ds ??= createDataSource(ready(db, 'db').url).initialize()),
    onClose: (close) => void closers.push(close),
  };
}
