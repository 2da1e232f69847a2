import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from './support/routes.js';
import { useTestPlatform } from './support/test-platform.js';
import { login, register, tradeEverythingBot, type RegisteredUser } from './support/http.js';

/**
 * Issue 13: every endpoint × {anonymous, user, other user, admin} in ONE table, checked against the
 * running api. The route list comes from the api itself: a new route without a row fails the test.
 *
 * Outcomes: 'ok' = let through (any answer but 401/403/404 and never 5xx: a 400 for an empty body
 * counts, since guards run before validation); 401; 403; 404 (another user's resource is not found).
 * 'user' acts on its own resources, 'other' on the user's (for :id routes), 'admin' on its own.
 */
type Outcome = 'ok' | 401 | 403 | 404;
type Row = readonly [anonymous: Outcome, user: Outcome, other: Outcome, admin: Outcome];

const PUBLIC: Row = ['ok', 'ok', 'ok', 'ok'];
const SIGNED_IN: Row = [401, 'ok', 'ok', 'ok'];
const OWNED: Row = [401, 'ok', 404, 404];
const ADMIN: Row = [401, 403, 403, 'ok'];

const MATRIX: Record<string, Row> = {
  'GET /api/health': PUBLIC,
  'GET /api/health/ready': PUBLIC,
  'GET /api/plans': PUBLIC,
  'GET /api/exchanges/supported': PUBLIC,
  'GET /api/market/snapshot': PUBLIC,
  'GET /api/market/opportunity-history': SIGNED_IN,
  'GET /api/stats/public': PUBLIC,
  'GET /api/status': PUBLIC,
  // Prometheus scrape: refused to everyone without the METRICS_TOKEN bearer (none is set here).
  'GET /metrics': [401, 401, 401, 401],
  'GET /api': PUBLIC,
  'GET /docs': PUBLIC,
  'GET /docs/': PUBLIC,
  'GET /docs/index.html': PUBLIC,
  // swagger-ui-express registers a static route for its LICENSE file; the docs serving answers it 404 for all.
  'GET /docs/LICENSE': [404, 404, 404, 404],
  'GET /docs/swagger-ui-init.js': PUBLIC,
  'GET /docs/docs/swagger-ui-init.js': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  'GET /api/openapi.yaml': PUBLIC,
  'GET /api/settings/public': PUBLIC,
  'POST /api/contact': PUBLIC,
  'POST /api/content/views': PUBLIC,
  'GET /api/content/popular': PUBLIC,
  'POST /api/newsletter': PUBLIC,
  'POST /api/newsletter/confirm': PUBLIC,
  // Signed one-click link from an e-mail: public, a missing/bad signature is a 400 page.
  'GET /api/newsletter/unsubscribe': PUBLIC,
  'POST /api/newsletter/unsubscribe': PUBLIC,
  // Token-based unsubscribe link from an e-mail: public, a missing/bad token is a 4xx.
  'GET /api/notifications/unsubscribe': PUBLIC,
  'POST /api/notifications/unsubscribe': PUBLIC,
  // Provider webhook (the sandbox provider here): public, but an unsigned call is refused (401 for everyone).
  'POST /api/payments/webhook/:provider': [401, 401, 401, 401],
  'POST /api/auth/register': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/login/2fa': PUBLIC,
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/reset-password/check': PUBLIC,
  'POST /api/auth/reset-password': PUBLIC,
  'POST /api/auth/logout': SIGNED_IN,
  'GET /api/auth/me': SIGNED_IN,
  'GET /api/user/profile': SIGNED_IN,
  'PUT /api/user/profile': SIGNED_IN,
  'POST /api/user/password': SIGNED_IN,
  'POST /api/user/email/confirm': PUBLIC,
  'GET /api/user/export': SIGNED_IN,
  'DELETE /api/user/account': SIGNED_IN,
  'GET /api/user/security': SIGNED_IN,
  'GET /api/user/notifications': SIGNED_IN,
  'PUT /api/user/notifications': SIGNED_IN,
  'GET /api/user/audit': SIGNED_IN,
  'GET /api/user/sessions': SIGNED_IN,
  'DELETE /api/user/sessions': SIGNED_IN,
  'DELETE /api/user/sessions/:id': OWNED,
  'GET /api/user/2fa': SIGNED_IN,
  'POST /api/user/2fa/setup': SIGNED_IN,
  'POST /api/user/2fa/enable': SIGNED_IN,
  'POST /api/user/2fa/disable': SIGNED_IN,
  'POST /api/user/2fa/backup-codes': SIGNED_IN,
  'GET /api/user/subscription': SIGNED_IN,
  'GET /api/user/entitlements': SIGNED_IN,
  'GET /api/user/plan-exchange-info': SIGNED_IN,
  'GET /api/user/exchanges': SIGNED_IN,
  'POST /api/user/exchanges': SIGNED_IN,
  'PUT /api/user/exchanges/:id': OWNED,
  'DELETE /api/user/exchanges/:id': OWNED,
  'POST /api/user/exchanges/:id/validate': OWNED,
  'GET /api/bots': SIGNED_IN,
  'POST /api/bots': SIGNED_IN,
  'GET /api/bots/:id': OWNED,
  'PUT /api/bots/:id': OWNED,
  // an action on the bot ('Rebalancear', issue 29)
  'POST /api/bots/:id': OWNED,
  'DELETE /api/bots/:id': OWNED,
  'POST /api/bots/:id/toggle': OWNED,
  'GET /api/backtests': SIGNED_IN,
  'GET /api/backtests/options': SIGNED_IN,
  'POST /api/backtests': SIGNED_IN,
  'GET /api/backtests/:id': OWNED,
  'POST /api/backtests/:id/cancel': OWNED,
  'DELETE /api/backtests/:id': OWNED,
  'GET /api/trades': SIGNED_IN,
  'GET /api/trades/overview': SIGNED_IN,
  'GET /api/trades/export': SIGNED_IN,
  'GET /api/trades/export-brl': SIGNED_IN,
  // The tax report (issue 15): always the caller's own live trades; no id in the path to reach another's.
  'GET /api/tax/months': SIGNED_IN,
  'GET /api/tax/report': SIGNED_IN,
  'GET /api/tax/report.csv': SIGNED_IN,
  'GET /api/tax/year': SIGNED_IN,
  'GET /api/tax/exchanges': SIGNED_IN,
  'PUT /api/tax/exchanges': SIGNED_IN,
  'POST /api/user/subscription/upgrade': SIGNED_IN,
  'GET /api/user/subscription/quote': SIGNED_IN,
  'POST /api/user/subscription/cancel': SIGNED_IN,
  'POST /api/user/subscription/reactivate': SIGNED_IN,
  // The caller's own saved card (no id in the path): shown, removed, and its sandbox answer chosen.
  'GET /api/user/payment-method': SIGNED_IN,
  'DELETE /api/user/payment-method': SIGNED_IN,
  'POST /api/user/payment-method/sandbox': SIGNED_IN,
  'POST /api/payments': SIGNED_IN,
  'GET /api/payments': SIGNED_IN,
  'GET /api/payments/config': SIGNED_IN,
  'GET /api/payments/:id': OWNED,
  'GET /api/payments/:id/invoice': OWNED,
  'GET /api/payments/:id/invoice.pdf': OWNED,
  'POST /api/payments/:id/refund': OWNED,
  'POST /api/payments/:id/sandbox': OWNED,
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/read': SIGNED_IN,
  'POST /api/notifications/:id/read': OWNED,
  'GET /api/notifications/preferences': SIGNED_IN,
  'PUT /api/notifications/preferences': SIGNED_IN,
  'GET /api/notifications/telegram': SIGNED_IN,
  'POST /api/notifications/telegram/link': SIGNED_IN,
  'DELETE /api/notifications/telegram': SIGNED_IN,
  'GET /api/admin/users': ADMIN,
  'POST /api/admin/users': ADMIN,
  'GET /api/admin/users/:id': ADMIN,
  'POST /api/admin/users/:id/grant': ADMIN,
  'POST /api/admin/users/:id/invite': ADMIN,
  'POST /api/admin/users/:id/sessions/:sessionId/revoke': ADMIN,
  'GET /api/admin/overview': ADMIN,
  'GET /api/admin/security/stats': ADMIN,
  'GET /api/admin/revenue': ADMIN,
  'GET /api/admin/revenue/export': ADMIN,
  'GET /api/admin/system': ADMIN,
  'GET /api/admin/system/failed-jobs': ADMIN,
  'POST /api/admin/system/queues/:queue/jobs/:id/retry': ADMIN,
  'POST /api/admin/system/queues/:queue/jobs/:id/remove': ADMIN,
  'GET /api/admin/settings': ADMIN,
  'PUT /api/admin/settings': ADMIN,
  'GET /api/admin/messages': ADMIN,
  'GET /api/admin/newsletter': ADMIN,
  'POST /api/admin/messages/:id/answer': ADMIN,
  'PATCH /api/admin/users/:id': ADMIN,
  'GET /api/admin/audit': ADMIN,
};

/** Valid bodies where the owner's answer must be more than a validation error. */
const BODIES: Record<string, unknown> = {
  'PUT /api/bots/:id': { ...tradeEverythingBot('Renomeado'), active: false },
  'POST /api/bots/:id': { action: 'rebalance', key: 'matriz-1' },
  'POST /api/payments/:id/sandbox': { action: 'decline' },
  'PUT /api/user/exchanges/:id': { api_key: `Ak${'b'.repeat(62)}`, api_secret: `Sc${'c'.repeat(62)}` },
};

describe('authorization matrix: every endpoint × anonymous, user, other user, admin', () => {
  const t = useTestPlatform({ env: { RATE_LIMIT_REGISTER_IP: '1000/1h' } });
  const { call, sql } = t;
  let user: RegisteredUser;
  let other: RegisteredUser;
  let admin: RegisteredUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [user, other, admin] = [await register(call), await register(call), await register(call)];
    await sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    const note = await sql.query<{ id: string }>(
      `INSERT INTO notifications (user_id, event, title, body) VALUES ($1, 'bot_error', 'Aviso', 'Teste') RETURNING id`,
      [user.id],
    );
    ids.notification = note.rows[0]!.id;
    const bot = await call<{ bot: { id: string } }>('POST', '/api/bots', {
      token: user.token,
      body: tradeEverythingBot('Meu bot'),
    });
    expect(bot.status, JSON.stringify(bot.body)).toBe(201);
    ids.bot = bot.body.bot.id;
    const alnum = (n: number) => randomBytes(n).toString('hex').slice(0, n);
    const exchange = await call<{ exchange: { id: string } }>('POST', '/api/user/exchanges', {
      token: user.token,
      body: { exchange_name: 'binance', api_key: `Ak${alnum(62)}`, api_secret: `Sc${alnum(62)}` },
    });
    expect(exchange.status, JSON.stringify(exchange.body)).toBeLessThan(300);
    ids.exchange = exchange.body.exchange.id;
    const backtest = await call<{ backtest: { id: string } }>('POST', '/api/backtests', {
      token: user.token,
      body: {
        bot: { ...tradeEverythingBot('Simulação'), maxInvestment: 10_000 },
        source: { kind: 'simulated', seed: 42, durationMs: 3_600_000, volatility: 'normal' },
      },
    });
    expect(backtest.status, JSON.stringify(backtest.body)).toBe(201);
    ids.backtest = backtest.body.backtest.id;
    const payment = await call<{ id: string }>('POST', '/api/payments', {
      token: user.token,
      body: { planId: 'enterprise', billing: 'monthly', method: 'pix' },
    });
    expect(payment.status, JSON.stringify(payment.body)).toBeLessThan(300);
    ids.payment = payment.body.id;
  }, 120_000);

  it('has exactly one row per route of the api (a new route needs its row)', () => {
    const routes = routesOf(t.platform).map((r) => `${r.method} ${r.path}`);
    const missing = routes.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !routes.includes(k));
    expect(missing, 'routes without a row in MATRIX').toEqual([]);
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  const idFor = (path: string): string | undefined => {
    if (path.includes('/bots/')) return ids.bot;
    if (path.includes('/exchanges/')) return ids.exchange;
    if (path.includes('/sessions/')) return ids.session;
    if (path.includes('/backtests/')) return ids.backtest;
    if (path.includes('/payments/')) return ids.payment;
    if (path.includes('/notifications/')) return ids.notification;
    return undefined;
  };

  it('answers every endpoint for every caller as the table says', async () => {
    const mismatches: string[] = [];
    // Deletions last, so the resources they remove are there for every other route.
    const ordered = routesOf(t.platform).sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    );
    for (const route of ordered) {
      const key = `${route.method} ${route.path}`;
      const row = MATRIX[key];
      if (!row) continue;
      if (key === 'DELETE /api/user/sessions/:id') {
        // A fresh second session of the user (DELETE /api/user/sessions may have ended the earlier one).
        const second = await login(call, user.email, user.password);
        const sessions = await call<{ id: string; current: boolean }[]>('GET', '/api/user/sessions', {
          token: second.body.access_token as string,
        });
        ids.session = sessions.body.find((x) => x.current)!.id;
      }
      // Owner last: its call may delete the resource the others were refused.
      const callers: [string, RegisteredUser | null, Outcome][] = [
        ['anonymous', null, row[0]],
        ['other', other, row[2]],
        ['admin', admin, row[3]],
        ['user', user, row[1]],
      ];
      for (const [who, as, expected] of callers) {
        let path = route.path;
        if (path.includes(':id')) {
          // Admin routes act on a user; the others on the user's resource (the admin's and the other's calls are refused).
          const id = path.startsWith('/api/admin/') ? user.id : (idFor(path) ?? randomUUID());
          path = path.replace(':id', id);
        }
        path = path.replace(':provider', 'sandbox');
        let token = as?.token;
        // Logout ends the session it is called with: use a throwaway one.
        if (key === 'POST /api/auth/logout' && as)
          token = (await login(call, as.email, as.password)).body.access_token as string;
        const body =
          route.method === 'GET' || (route.method === 'DELETE' && !key.endsWith('/account'))
            ? undefined
            : (BODIES[key] ?? {});
        const res = await call(route.method, path, { token, body });
        // 503 = a part is not running (no engine in this test): let through, not refused. Any other 5xx is a failure.
        const got: string | number =
          res.status === 401 || res.status === 403 || res.status === 404
            ? res.status
            : res.status < 500 || res.status === 503
              ? 'ok'
              : res.status;
        if (got !== expected)
          mismatches.push(
            `${key} as ${who}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
