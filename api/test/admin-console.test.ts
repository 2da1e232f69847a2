import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@arbitra/contracts';
import { createQueueFactory, type QueueFactory } from '@arbitra/transport';
import { useTestPlatform } from './support/test-platform.js';
import { waitFor } from '../../scripts/test-support/wait.js';
import { login, register } from './support/http.js';

const TZ = 'America/Sao_Paulo';
/** 'YYYY-MM' of an instant in São Paulo. */
const monthOf = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit' }).format(d).slice(0, 7);
const DAY = 24 * 3600_000;

interface Overview {
  users: { total: number; newLast30Days: number };
  subscriptions: Record<string, number>;
  mrrCents: number;
  arrCents: number;
  bots: { paper: number; live: number };
  tradesToday: { count: number; volumeUsdt: string; volumeBrlCents: number | null };
  userGrowth: { month: string; newUsers: number; totalUsers: number }[];
  revenueByMonth: { month: string; revenueCents: number }[];
  planDistribution: { planId: string; count: number }[];
  recentUsers: { email: string }[];
}

interface Revenue {
  months: { month: string; revenueCents: number; refundsCents: number; payments: number; refunds: number }[];
  byPlan: { planId: string; revenueCents: number; payments: number }[];
  byMethod: { method: string; revenueCents: number; payments: number }[];
  mrrCents: number;
  arrCents: number;
  churn: { rate: number; lost: number; base: number };
  refunds: { count: number; cents: number };
  grants: number;
}

describe('admin console (issue 11): endpoints, KPIs and revenue, actions', () => {
  // The billing job off (SUBSCRIPTION_SWEEP_MS=0): its tick, every minute, issues renewals for the
  // seeded subscriptions (U6's ended period) and added an 8th payment to the revenue export once, at load ~12.
  const t = useTestPlatform({ seed: true, env: { SUBSCRIPTION_SWEEP_MS: '0' } });
  const { call, sql } = t;
  let adminToken: string;
  let queues: QueueFactory;

  beforeAll(async () => {
    adminToken = (await login(call, 'admin@arbitra.local', 'admin12345')).body.access_token as string;
    queues = createQueueFactory({
      databaseUrl: t.db.url,
      redisUrl: t.platform.env.REDIS_URL || undefined,
      namespace: t.platform.env.TRANSPORT_NAMESPACE,
    });
  }, 120_000);

  afterAll(async () => {
    await queues?.close();
  });

  /** A user row with a subscription (no password: these users never sign in). */
  async function seedUser(
    email: string,
    createdAt: Date,
    sub: { plan: string; status: string; periodStart: Date; periodEnd: Date; billing?: string } | null,
  ): Promise<string> {
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO users (name, email, password_hash, role, password_changed_at, created_at)
       VALUES ($1, $2, 'x', 'user', now(), $3) RETURNING id`,
      [email.split('@')[0], email, createdAt],
    );
    const id = rows[0]!.id;
    if (sub) {
      await sql.query(
        `INSERT INTO subscriptions (user_id, plan_id, status, billing, current_period_start, current_period_end)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, sub.plan, sub.status, sub.billing ?? 'monthly', sub.periodStart, sub.periodEnd],
      );
    }
    return id;
  }

  async function payment(p: {
    userId: string;
    plan: string;
    billing: string;
    kind: string;
    cents: number;
    method: string;
    status: string;
    approvedAt?: Date | null;
    refundedAt?: Date | null;
    periodStart?: Date | null;
    periodEnd?: Date | null;
  }): Promise<void> {
    await sql.query(
      `INSERT INTO payments (user_id, plan_id, billing, kind, amount_cents, method, provider, status, approved_at, refunded_at,
                             period_start, period_end)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        p.userId,
        p.plan,
        p.billing,
        p.kind,
        p.cents,
        p.method,
        p.method === 'grant' ? 'admin' : 'sandbox',
        p.status,
        p.approvedAt ?? null,
        p.refundedAt ?? null,
        p.periodStart ?? null,
        p.periodEnd ?? null,
      ],
    );
  }

  async function bot(userId: string, mode: string, running: boolean): Promise<string> {
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO bots (user_id, name, strategy, pairs, exchanges, risk_level, max_investment, min_profit_percent, active, status, mode)
       VALUES ($1, 'kpi', 'arbitrage', '["BTC/USDT"]', '["binance","gateio"]', 'low', 1000, 50, $2, $3, $4) RETURNING id`,
      [userId, running, running ? 'running' : 'stopped', mode],
    );
    return rows[0]!.id;
  }

  async function trade(
    userId: string,
    p: { amount: string; buy: string; rate: string; status: string; at: Date },
  ): Promise<void> {
    await sql.query(
      `INSERT INTO trades (user_id, bot_name, execution_key, opportunity_id, strategy, mode, pair, buy_exchange, sell_exchange,
                           buy_price, sell_price, amount, profit, profit_percent, expected_profit, expected_profit_percent,
                           usdt_brl, status, executed_at)
       VALUES ($1, 'kpi', gen_random_uuid()::text, 'o', 'arbitrage', 'paper', 'BTC/USDT', 'binance', 'gateio',
               $2, $2, $3, 0, 0, 0, 0, $4, $5, $6)`,
      [userId, p.buy, p.amount, p.rate, p.status, p.at],
    );
  }

  it('KPIs and revenue over seeded users, subscriptions, payments and trades equal the figures computed by hand', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const ahead = (ms: number) => new Date(now.getTime() + ms);
    const minuteAgo = ago(60_000);
    // U1 professional monthly, paid by card R$ 99,90 for a period running now.
    const u1 = await seedUser('u1@kpi.test', ago(2 * DAY), {
      plan: 'professional',
      status: 'active',
      periodStart: ago(5 * DAY),
      periodEnd: ahead(25 * DAY),
    });
    await payment({
      userId: u1,
      plan: 'professional',
      billing: 'monthly',
      kind: 'new',
      cents: 9990,
      method: 'card',
      status: 'approved',
      approvedAt: minuteAgo,
      periodStart: ago(5 * DAY),
      periodEnd: ahead(25 * DAY),
    });
    // U2 enterprise yearly by PIX R$ 1.999,00 → R$ 166,58(3) a month.
    const u2 = await seedUser('u2@kpi.test', ago(2 * DAY), {
      plan: 'enterprise',
      status: 'active',
      billing: 'yearly',
      periodStart: ago(DAY),
      periodEnd: ahead(364 * DAY),
    });
    await payment({
      userId: u2,
      plan: 'enterprise',
      billing: 'yearly',
      kind: 'new',
      cents: 199900,
      method: 'pix',
      status: 'approved',
      approvedAt: minuteAgo,
      periodStart: ago(DAY),
      periodEnd: ahead(364 * DAY),
    });
    // U3 basic: a boleto paid for the period that covered 30 days ago, then a grant covering now (MRR counts the grant: 0).
    const u3 = await seedUser('u3@kpi.test', ago(2 * DAY), {
      plan: 'basic',
      status: 'active',
      periodStart: ago(15 * DAY),
      periodEnd: ahead(15 * DAY),
    });
    await payment({
      userId: u3,
      plan: 'basic',
      billing: 'monthly',
      kind: 'new',
      cents: 4990,
      method: 'boleto',
      status: 'approved',
      approvedAt: minuteAgo,
      periodStart: ago(45 * DAY),
      periodEnd: ago(15 * DAY),
    });
    await payment({
      userId: u3,
      plan: 'basic',
      billing: 'monthly',
      kind: 'grant',
      cents: 0,
      method: 'grant',
      status: 'approved',
      approvedAt: now,
      periodStart: ago(15 * DAY),
      periodEnd: ahead(15 * DAY),
    });
    // U4 canceled after a refund of R$ 99,90.
    const u4 = await seedUser('u4@kpi.test', ago(2 * DAY), {
      plan: 'professional',
      status: 'canceled',
      periodStart: ago(5 * DAY),
      periodEnd: ahead(25 * DAY),
    });
    await payment({
      userId: u4,
      plan: 'professional',
      billing: 'monthly',
      kind: 'new',
      cents: 9990,
      method: 'card',
      status: 'refunded',
      approvedAt: minuteAgo,
      refundedAt: now,
      periodStart: ago(5 * DAY),
      periodEnd: ahead(25 * DAY),
    });
    // U5 still in trial with a pending boleto (not revenue).
    const u5 = await seedUser('u5@kpi.test', ago(2 * DAY), {
      plan: 'professional',
      status: 'trialing',
      periodStart: ago(2 * DAY),
      periodEnd: ahead(5 * DAY),
    });
    await payment({
      userId: u5,
      plan: 'professional',
      billing: 'monthly',
      kind: 'new',
      cents: 9990,
      method: 'boleto',
      status: 'pending',
    });
    // U6 paid 50 days ago for a month that ended 20 days ago and did not renew: churned, past_due.
    const fiftyAgo = ago(50 * DAY);
    const u6 = await seedUser('u6@kpi.test', ago(60 * DAY), {
      plan: 'basic',
      status: 'active',
      periodStart: ago(50 * DAY),
      periodEnd: ago(20 * DAY),
    });
    await payment({
      userId: u6,
      plan: 'basic',
      billing: 'monthly',
      kind: 'new',
      cents: 4990,
      method: 'card',
      status: 'approved',
      approvedAt: fiftyAgo,
      periodStart: fiftyAgo,
      periodEnd: ago(20 * DAY),
    });
    // Bots: one paper and one live running, one stopped.
    await bot(u1, 'paper', true);
    await bot(u2, 'live', true);
    await bot(u3, 'paper', false);
    // Trades: two today (one completed, one failed), one pending (not counted), one 30 hours ago.
    await trade(u1, { amount: '0.5', buy: '60000', rate: '5.5', status: 'completed', at: minuteAgo });
    await trade(u1, { amount: '2', buy: '3000', rate: '5.4', status: 'failed', at: ago(120_000) });
    await trade(u1, { amount: '1', buy: '60000', rate: '5.5', status: 'pending', at: minuteAgo });
    await trade(u1, { amount: '1', buy: '60000', rate: '5.5', status: 'completed', at: ago(30 * 3600_000) });

    const res = await call<Overview>('GET', '/api/admin/overview', { token: adminToken });
    expect(res.status).toBe(200);
    const o = res.body;
    // admin + demo (seed) + U1..U6 = 8; all but U6 created within 30 days.
    expect(o.users).toEqual({ total: 8, newLast30Days: 7 });
    // demo and U5 trialing; U1, U2, U3 active; U6's period ended unpaid: past_due; U4 canceled.
    expect(o.subscriptions).toEqual({ trialing: 2, active: 3, past_due: 1, canceled: 1 });
    // MRR = 9990 + 199900 / 12 (+ U3's grant 0) = 26648,33… → 26648; ARR = 9990 × 12 + 199900 = 319780.
    expect(o.mrrCents).toBe(26648);
    expect(o.arrCents).toBe(319780);
    expect(o.bots).toEqual({ paper: 1, live: 1 });
    // Volume: 0.5 × 60000 + 2 × 3000 = 36000 USDT; R$ 0.5 × 60000 × 5.5 + 2 × 3000 × 5.4 = 165000 + 32400 = R$ 197.400,00.
    expect(o.tradesToday).toEqual({ count: 2, volumeUsdt: '36000.00', volumeBrlCents: 19_740_000 });
    const thisMonth = monthOf(now);
    const growth = o.userGrowth.find((g) => g.month === thisMonth)!;
    expect(growth.totalUsers).toBe(8);
    expect(o.userGrowth).toHaveLength(12);
    expect(o.userGrowth.reduce((s, g) => s + g.newUsers, 0)).toBe(8);
    // This month: U1 9990 + U2 199900 + U3 4990 + U4 9990 (refunded later, still revenue of its month) = 224870.
    expect(o.revenueByMonth.find((m) => m.month === thisMonth)!.revenueCents).toBe(224_870);
    if (monthOf(fiftyAgo) !== thisMonth)
      expect(o.revenueByMonth.find((m) => m.month === monthOf(fiftyAgo))!.revenueCents).toBe(4990);
    // Active or trialing: professional demo, U5, U1; enterprise U2; basic U3.
    expect(o.planDistribution).toEqual([
      { planId: 'basic', count: 1 },
      { planId: 'enterprise', count: 1 },
      { planId: 'professional', count: 3 },
    ]);

    const rev = await call<Revenue>('GET', '/api/admin/revenue?months=12', { token: adminToken });
    expect(rev.status).toBe(200);
    const r = rev.body;
    expect(r.mrrCents).toBe(26648);
    expect(r.arrCents).toBe(319780);
    expect(r.byPlan).toEqual([
      { planId: 'basic', revenueCents: 9980, payments: 2 },
      { planId: 'enterprise', revenueCents: 199_900, payments: 1 },
      { planId: 'professional', revenueCents: 19_980, payments: 2 },
    ]);
    expect(r.byMethod).toEqual([
      { method: 'boleto', revenueCents: 4990, payments: 1 },
      { method: 'card', revenueCents: 24_970, payments: 3 },
      { method: 'pix', revenueCents: 199_900, payments: 1 },
    ]);
    expect(r.refunds).toEqual({ count: 1, cents: 9990 });
    expect(r.grants).toBe(1);
    // Paying 30 days ago: U3 (still covered, by the grant) and U6 (not covered now) → 1 of 2.
    expect(r.churn).toEqual({ rate: 0.5, lost: 1, base: 2 });
    const month = r.months.find((m) => m.month === thisMonth)!;
    expect(month).toEqual({
      month: thisMonth,
      revenueCents: 224_870,
      refundsCents: 9990,
      payments: 4,
      refunds: 1,
    });

    const csv = await fetch(`${t.platform.baseUrl}/api/admin/revenue/export?months=12`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="receita_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe(
      'Data;Usuário;Email;Plano;Ciclo;Tipo;Método;Valor (R$);Status;Aprovado em;Reembolsado em;Fatura',
    );
    const u2Line = lines.find((l) => l.includes('u2@kpi.test'))!;
    expect(u2Line.split(';').slice(3, 9)).toEqual([
      'Enterprise',
      'Anual',
      'Nova assinatura',
      'PIX',
      '1999,00',
      'Aprovado',
    ]);
    expect(lines.filter((l) => l.includes('@kpi.test'))).toHaveLength(7);
  });

  it('every admin endpoint answers 401 anonymous, 403 to a user and 200 to an admin', async () => {
    const target = await register(call);
    const session = (
      await sql.query<{ id: string }>(`SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, [
        target.id,
      ])
    ).rows[0]!.id;
    // A failed job to retry and one to remove (a worker that always fails, one attempt).
    const failing = queues.worker(QUEUES.engineCommands, () => Promise.reject(new Error('falha de teste')));
    const q = queues.queue(QUEUES.engineCommands);
    const [j1, j2] = await Promise.all([
      q.add('ping', { requestedAt: new Date().toISOString(), nonce: 'a' }, { attempts: 1 }),
      q.add('ping', { requestedAt: new Date().toISOString(), nonce: 'b' }, { attempts: 1 }),
    ]);
    await waitFor(async () => ((await q.getFailedCount()) >= 2 ? true : undefined), 20_000, 100);
    await failing.close();
    const user = await register(call);
    const reason = { reason: 'verificação de acesso' };
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${target.id}`],
      ['GET', '/api/admin/audit?user=kpi'],
      ['GET', '/api/admin/security/stats'],
      ['GET', '/api/admin/revenue'],
      ['GET', '/api/admin/revenue/export'],
      ['GET', '/api/admin/system'],
      ['GET', '/api/admin/system/failed-jobs'],
      ['GET', '/api/admin/settings'],
      [
        'POST',
        '/api/admin/users',
        { name: 'Convidada Teste', email: `convidada-${Date.now()}@teste.com`, role: 'user', plan: 'trial' },
      ],
      ['PATCH', `/api/admin/users/${target.id}`, { role: 'user', ...reason }],
      ['POST', `/api/admin/users/${target.id}/grant`, { plan: 'enterprise', days: 30, ...reason }],
      ['POST', `/api/admin/users/${target.id}/invite`, reason],
      ['POST', `/api/admin/users/${target.id}/sessions/${session}/revoke`, reason],
      ['POST', `/api/admin/system/queues/${QUEUES.engineCommands}/jobs/${j1.id}/retry`],
      ['POST', `/api/admin/system/queues/${QUEUES.engineCommands}/jobs/${j2.id}/remove`],
      ['PUT', '/api/admin/settings', { registrationsOpen: true, ...reason }],
    ];
    for (const [method, path, body] of endpoints) {
      expect((await call(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
      const forbidden = await call(method, path, { token: user.token, body });
      expect(forbidden.status, `${method} ${path} user`).toBe(403);
      expect(forbidden.body).toEqual({ message: 'Acesso restrito a administradores', code: 'forbidden' });
    }
    for (const [method, path, body] of endpoints) {
      const res = await call(method, path, { token: adminToken, body });
      expect(res.status, `${method} ${path} admin: ${JSON.stringify(res.body)}`).toBe(
        method === 'POST' && path === '/api/admin/users' ? 201 : 200,
      );
    }
    // The session revoked by the admin stops working; the grant is a zero-amount approved payment.
    expect((await call('GET', '/api/auth/me', { token: target.token })).status).toBe(401);
    const grant = await sql.query(
      `SELECT kind, amount_cents, method, provider, status FROM payments WHERE user_id = $1`,
      [target.id],
    );
    expect(grant.rows).toEqual([
      { kind: 'grant', amount_cents: 0, method: 'grant', provider: 'admin', status: 'approved' },
    ]);
    expect(await q.getJob(j2.id!)).toBeUndefined();
    // Bad input: a 400 in pt-BR.
    const bad = await call<{ message: string }>('PATCH', `/api/admin/users/${target.id}`, {
      token: adminToken,
      body: { role: 'user' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Informe o motivo (mínimo 3 caracteres)');
    const badFee = await call<{ message: string }>('PUT', '/api/admin/settings', {
      token: adminToken,
      body: { takerFeesPercent: { binance: 12 }, ...reason },
    });
    expect(badFee.status).toBe(400);
    expect(badFee.body.message).toBe('A taxa deve ser menor que 10%');
    // Every mutation is audited with the admin and the reason.
    const audit = await sql.query<{ action: string; actor_id: string | null; reason: string | null }>(
      `SELECT action, actor_id, metadata->>'reason' AS reason FROM audit_log WHERE user_id = $1 AND actor_id IS NOT NULL ORDER BY id`,
      [target.id],
    );
    expect(audit.rows.map((a) => [a.action, a.reason])).toEqual([
      ['plan_granted', 'verificação de acesso'],
      ['invite_resent', 'verificação de acesso'],
      ['session_revoked', 'verificação de acesso'],
    ]);
  }, 120_000);

  it('disabling a user revokes their sessions and stops their running bots; an admin cannot demote or disable themselves', async () => {
    const u = await register(call);
    const other = await login(call, u.email, u.password);
    const running = await bot(u.id, 'paper', true);
    const stopped = await bot(u.id, 'paper', false);
    const res = await call<{ user: { disabled: boolean } }>('PATCH', `/api/admin/users/${u.id}`, {
      token: adminToken,
      body: { disabled: true, reason: 'fraude em análise' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.disabled).toBe(true);
    for (const token of [u.token, other.body.access_token as string])
      expect((await call('GET', '/api/auth/me', { token })).status).toBe(401);
    const bots = await sql.query<{
      id: string;
      active: boolean;
      status: string;
      status_reason: string | null;
    }>(`SELECT id, active, status, status_reason FROM bots WHERE user_id = $1 ORDER BY id`, [u.id]);
    expect(bots.rows.find((b) => b.id === running)).toMatchObject({
      active: false,
      status: 'stopped',
      status_reason: 'Conta desativada por um administrador',
    });
    expect(bots.rows.find((b) => b.id === stopped)).toMatchObject({ active: false, status: 'stopped' });
    // The engine is told to stop it (bot-commands), so it stops on every engine.
    const commands = await queues
      .queue(QUEUES.botCommands)
      .getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed']);
    expect(
      commands.some(
        (j) =>
          (j.data as { botId: string; action: string }).botId === running &&
          (j.data as { action: string }).action === 'stop',
      ),
    ).toBe(true);
    const audit = await sql.query<{ metadata: Record<string, unknown> }>(
      `SELECT metadata FROM audit_log WHERE user_id = $1 AND action = 'user_disabled'`,
      [u.id],
    );
    expect(audit.rows[0]!.metadata).toMatchObject({
      reason: 'fraude em análise',
      sessionsEnded: 2,
      botsStopped: 1,
    });

    // An admin never demotes or disables themselves (so the last admin always stays): 400 in pt-BR.
    const adminId = (
      await sql.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@arbitra.local'`)
    ).rows[0]!.id;
    for (const body of [
      { role: 'user', reason: 'teste' },
      { disabled: true, reason: 'teste' },
    ]) {
      const self = await call<{ message: string }>('PATCH', `/api/admin/users/${adminId}`, {
        token: adminToken,
        body,
      });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('Você não pode alterar o próprio acesso');
    }
    expect((await sql.query(`SELECT role, disabled_at FROM users WHERE id = $1`, [adminId])).rows[0]).toEqual(
      { role: 'admin', disabled_at: null },
    );
  }, 60_000);
});
