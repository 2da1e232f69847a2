import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestPlatform } from './support/test-platform.js';
import { register, tradeEverythingBot, type RegisteredUser } from './support/http.js';
import { routesOf, type Route } from './support/routes.js';

/**
 * Issue 13: hostile input on every endpoint with a body or a query (fast-check): malformed JSON, wrong
 * types, huge and deep values, unicode and control characters, injection strings, prototype keys,
 * negative/NaN/Infinity. Wanted: no 5xx (503 = a part not running, allowed), no stack trace or
 * internal detail in any answer, and nothing stored changed by a request answered 4xx.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1313);
const BODY_RUNS = Number(process.env.FUZZ_BODY_RUNS ?? 10);
const QUERY_RUNS = Number(process.env.FUZZ_QUERY_RUNS ?? 4);

/** Routes not fuzzed, and why. */
const SKIP = new Set([
  'POST /api/auth/logout', // any body ends the session the fuzzer uses
]);

const injection = fc.constantFrom(
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202Egnp.exe',
  '\uD800',
  'ç'.repeat(3000),
  '$where',
  '{"$gt":""}',
);
const weirdNumber = fc.constantFrom(
  -1,
  0,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  0.1 + 0.2,
  Number.MAX_SAFE_INTEGER,
  1e-320,
);
const scalar = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  injection,
  weirdNumber,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const deep = fc.integer({ min: 50, max: 400 }).map((n) => {
  let v: unknown = 'fundo';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
});
const huge = fc.constantFrom(
  'x'.repeat(70_000),
  'ç'.repeat(40_000),
  Array.from({ length: 20_000 }, (_, i) => i),
);
const prototypeKeys = fc.constantFrom<Record<string, unknown>>(
  JSON.parse('{"__proto__": {"role": "admin", "isAdmin": true}}') as Record<string, unknown>,
  { constructor: { prototype: { role: 'admin' } } },
  { prototype: { polluted: true } },
);

/** A body: JSON of any shape, or text that is not JSON at all. */
function bodyFor(fields: string[]) {
  const known = fields.length ? fc.constantFrom(...fields) : fc.string({ maxLength: 12 });
  const object = fc.dictionary(
    fc.oneof(known, fc.string({ maxLength: 20 })),
    fc.oneof(scalar, deep, fc.jsonValue({ maxDepth: 3 })),
    {
      maxKeys: 6,
    },
  );
  return fc.oneof(
    { weight: 4, arbitrary: object.map((v) => ({ json: v })) },
    { weight: 1, arbitrary: fc.oneof(scalar, deep, huge, prototypeKeys).map((v) => ({ json: v })) },
    {
      weight: 1,
      arbitrary: prototypeKeys.map((p) => ({
        json: { ...Object.fromEntries(fields.map((f) => [f, 'x'])), ...p },
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"a":', '[1,2', 'null', '"x"', '{"a":1}}'))
        .map((raw) => ({ raw })),
    },
  );
}

const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'page',
      'pageSize',
      'dateRange',
      'status',
      'bot',
      'q',
      'role',
      '__proto__',
      'constructor',
    ),
    fc.string({ maxLength: 10 }),
  ),
  fc.oneof(
    fc.constantFrom('0x10', '1e3', '-1', 'NaN', 'Infinity', '1.5', '', ' 2', '99999999999999999999'),
    fc.string({ maxLength: 30 }),
    injection,
  ),
  { maxKeys: 4 },
);

const LEAKS =
  /(\n\s+at\s|node_modules|\.ts:\d+|\.js:\d+|QueryFailedError|TypeError|SyntaxError|stack|correlationId)/;

describe('fuzzing every endpoint with a body or a query', () => {
  const t = useTestPlatform({
    env: {
      RATE_LIMIT_LOGIN_IP: '100000/15m',
      RATE_LIMIT_LOGIN_ACCOUNT_IP: '100000/15m',
      RATE_LIMIT_REGISTER_IP: '100000/1h',
      RATE_LIMIT_FORGOT_IP: '100000/1h',
      RATE_LIMIT_FORGOT_ACCOUNT: '100000/1h',
      RATE_LIMIT_RESET_IP: '100000/15m',
      RATE_LIMIT_TWO_FACTOR_IP: '100000/15m',
      RATE_LIMIT_TWO_FACTOR_ACCOUNT: '100000/15m',
      RATE_LIMIT_PASSWORD_CONFIRM: '100000/15m',
    },
  });
  const { call, sql } = t;
  let user: RegisteredUser;
  let admin: RegisteredUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [user, admin] = [await register(call), await register(call)];
    await sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    const bot = await call<{ bot: { id: string } }>('POST', '/api/bots', {
      token: user.token,
      body: tradeEverythingBot('Alvo'),
    });
    ids.bot = bot.body.bot.id;
    const ex = await call<{ exchange: { id: string } }>('POST', '/api/user/exchanges', {
      token: user.token,
      body: {
        exchange_name: 'gateio',
        api_key: randomBytes(16).toString('hex'),
        api_secret: randomBytes(32).toString('hex'),
      },
    });
    ids.exchange = ex.body.exchange.id;
  }, 120_000);

  /** What the user and the platform hold, to compare before and after a refused request. */
  async function stored(): Promise<string> {
    const tables = ['users', 'bots', 'exchange_credentials', 'notification_settings', 'subscriptions'];
    const parts: string[] = [];
    for (const t of tables) {
      const r = await sql
        .query<{ h: string }>(
          `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${t} t`,
        )
        .catch(() => null);
      parts.push(`${t}:${String(r?.rows[0]?.h)}`);
    }
    return parts.join(',');
  }

  function pathOf(route: Route): string {
    if (route.path.startsWith('/api/admin/')) return route.path.replace(':id', user.id);
    if (route.path.includes('/bots/')) return route.path.replace(':id', ids.bot!);
    if (route.path.includes('/exchanges/')) return route.path.replace(':id', ids.exchange!);
    return route.path.replace(':id', '00000000-0000-4000-8000-000000000000');
  }

  const problems: string[] = [];
  const statuses = new Map<number, number>();
  const check = (what: string, status: number, text: string) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 500 && status !== 503) problems.push(`${what}: ${status} ${text.slice(0, 200)}`);
    if (LEAKS.test(text)) problems.push(`${what}: leaks internals: ${text.slice(0, 200)}`);
  };

  it('answers hostile bodies with a clean 4xx and changes nothing', async () => {
    const routes = routesOf(t.platform).filter(
      (r) =>
        !SKIP.has(`${r.method} ${r.path}`) &&
        (['POST', 'PUT', 'PATCH'].includes(r.method) || r.path === '/api/user/account'),
    );
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const token = route.path.startsWith('/api/admin/') ? admin.token : user.token;
      const fields = [
        'name',
        'email',
        'password',
        'currentPassword',
        'newPassword',
        'confirmPassword',
        'token',
        'code',
        'challengeToken',
        'api_key',
        'api_secret',
        'exchange_name',
        'pairs',
        'exchanges',
        'maxInvestment',
        'role',
        'disabled',
        'reason',
        'email',
        'sms',
      ];
      await fc.assert(
        fc.asyncProperty(bodyFor(fields), async (b) => {
          const before = await stored();
          const res = await fetch(`${t.platform.baseUrl}${pathOf(route)}`, {
            method: route.method,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: 'raw' in b ? b.raw : JSON.stringify(b.json),
          });
          const text = await res.text();
          check(
            `${key} ${('raw' in b ? b.raw : (JSON.stringify(b.json) ?? '')).slice(0, 80)}`,
            res.status,
            text,
          );
          if (res.status >= 400 && res.status < 500 && (await stored()) !== before)
            problems.push(`${key}: a ${res.status} changed stored data`);
        }),
        { numRuns: BODY_RUNS, seed: SEED },
      );
    }
    expect(problems).toEqual([]);
    // The requests really went out, and mostly met validation (400), not only the auth or the limits.
    const sent = [...statuses.values()].reduce((a, n) => a + n, 0);
    expect(sent).toBeGreaterThanOrEqual(routes.length * BODY_RUNS);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(sent / 2);
  }, 240_000);

  it('answers hostile query strings with a clean answer', async () => {
    const routes = routesOf(t.platform).filter((r) => r.method === 'GET');
    for (const route of routes) {
      const token = route.path.startsWith('/api/admin/') ? admin.token : user.token;
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const qs = new URLSearchParams(Object.entries(q)).toString();
          const res = await fetch(`${t.platform.baseUrl}${pathOf(route)}?${qs}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const text = await res.text();
          check(`GET ${route.path}?${qs.slice(0, 80)}`, res.status, text);
        }),
        { numRuns: QUERY_RUNS, seed: SEED },
      );
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
