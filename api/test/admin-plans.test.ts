import { beforeAll, describe, expect, it } from 'vitest';
import { createDataSource, repositoriesOf, type OwnerId } from '@arbitra/db';
import { seed } from '../src/cli/seed.js';
import { EntitlementsService } from '../src/modules/subscriptions/entitlements.service.js';
import { SubscriptionsService } from '../src/modules/subscriptions/subscriptions.service.js';
import { useTestPlatform } from './support/test-platform.js';
import { login, register } from './support/http.js';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

interface AdminUser {
  id: string;
  email: string;
  role: string;
  disabled: boolean;
  subscription: { planId: string; status: string } | null;
}

describe('plans, subscription record, entitlements and admin enforcement (issue 3 §7, §9)', () => {
  const t = useTestPlatform();
  const { call, sql } = t;
  let adminToken: string;

  beforeAll(async () => {
    const ds = createDataSource(t.db.url);
    await ds.initialize();
    expect(await seed(repositoriesOf(ds))).toEqual(['admin@arbitra.local', 'demo@arbitra.local']);
    expect(await seed(repositoriesOf(ds))).toEqual([]);
    await ds.destroy();
    const admin = await login(call, 'admin@arbitra.local', 'admin12345');
    expect(admin.status).toBe(200);
    expect(admin.body.user).toMatchObject({ email: 'admin@arbitra.local', role: 'admin' });
    adminToken = admin.body.access_token as string;
  });

  describe('GET /api/plans (public)', () => {
    it('serves the one price list of DECISIONS §2', async () => {
      const res = await call<Record<string, unknown>[]>('GET', '/api/plans');
      expect(res.status).toBe(200);
      expect(
        res.body.map((p) => [p.id, p.name, p.price, p.priceCents, p.yearlyPrice, p.interval, p.popular]),
      ).toEqual([
        ['basic', 'Básico', 49.9, 4990, 499, 'month', false],
        ['professional', 'Profissional', 99.9, 9990, 999, 'month', true],
        ['enterprise', 'Enterprise', 199.9, 19990, 1999, 'month', false],
      ]);
      expect(res.body[0]).toMatchObject({
        features: {
          maxBots: 3,
          maxExchanges: 2,
          realTimeData: false,
          advancedStrategies: false,
          prioritySupport: false,
        },
        yearlyDiscountPercent: 17,
        yearlySavings: 99.8,
      });
      expect(res.body[2]).toMatchObject({
        features: {
          maxBots: -1,
          maxExchanges: -1,
          realTimeData: true,
          advancedStrategies: true,
          prioritySupport: true,
        },
      });
      const stored = await sql.query<{ monthly_cents: number }>(
        'SELECT monthly_cents FROM plans ORDER BY sort_order',
      );
      expect(stored.rows.map((r) => r.monthly_cents)).toEqual([4990, 9990, 19990]);
    });
  });

  describe('GET /api/user/subscription', () => {
    it('gives a new account the 7-day Profissional trial', async () => {
      const u = await register(call);
      const res = await call('GET', '/api/user/subscription', { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.any(String) as string,
        planId: 'professional',
        planName: 'Profissional',
        status: 'trialing',
        statusLabel: 'Período de teste',
        billing: 'monthly',
        currentPeriodStart: expect.any(String) as string,
        currentPeriodEnd: expect.any(String) as string,
        cancelAtPeriodEnd: false,
        price: 99.9,
        priceCents: 9990,
        features: {
          maxBots: 10,
          maxExchanges: 5,
          realTimeData: true,
          advancedStrategies: true,
          prioritySupport: false,
        },
        daysLeft: 7,
        scheduledChange: null,
      });
      const days =
        (Date.parse(res.body.currentPeriodEnd as string) -
          Date.parse(res.body.currentPeriodStart as string)) /
        86_400_000;
      expect(days).toBe(7);
    });

    it('reads an ended trial as past_due (Vencido), and the sweep persists it', async () => {
      const u = await register(call);
      await sql.query(
        `UPDATE subscriptions SET current_period_start = now() - interval '8 days', current_period_end = now() - interval '1 hour' WHERE user_id = $1`,
        [u.id],
      );
      const res = await call('GET', '/api/user/subscription', { token: u.token });
      expect(res.body).toMatchObject({ status: 'past_due', statusLabel: 'Vencido', daysLeft: 0 });
      const ent = await call('GET', '/api/user/entitlements', { token: u.token });
      expect(ent.body).toMatchObject({
        status: 'past_due',
        active: false,
        canRunBots: false,
        maxBots: 0,
        canUseRealTime: false,
      });
      const lapsed = await t.platform.api.app.get(SubscriptionsService).sweep();
      expect(lapsed).toContainEqual({ userId: u.id, status: 'past_due' });
      expect(
        (await sql.query<{ status: string }>('SELECT status FROM subscriptions WHERE user_id = $1', [u.id]))
          .rows[0]!.status,
      ).toBe('past_due');
    });

    it('seeds the demo with the trial and the admin with none (404)', async () => {
      const demo = await login(call, 'demo@arbitra.local', 'demo12345');
      const sub = await call('GET', '/api/user/subscription', { token: demo.body.access_token as string });
      expect(sub.body).toMatchObject({ planId: 'professional', status: 'trialing', daysLeft: 7 });
      const none = await call('GET', '/api/user/subscription', { token: adminToken });
      expect(none.status).toBe(404);
      expect(none.body).toEqual({ message: 'Nenhuma assinatura encontrada', code: 'no_subscription' });
    });

    it('answers "what may this user do" in one service for the other modules', async () => {
      const u = await register(call);
      const entitlements = t.platform.api.app.get(EntitlementsService);
      expect(await entitlements.forUser(u.id as OwnerId)).toMatchObject({
        planId: 'professional',
        status: 'trialing',
        active: true,
        maxBots: 10,
        maxExchanges: 5,
        canUseRealTime: true,
      });
      await sql.query(`UPDATE subscriptions SET plan_id = 'basic', status = 'active' WHERE user_id = $1`, [
        u.id,
      ]);
      expect(await entitlements.forUser(u.id as OwnerId)).toMatchObject({
        planId: 'basic',
        maxBots: 3,
        maxExchanges: 2,
        canUseRealTime: false,
        canUseAdvancedStrategies: false,
      });
      const adminId = (
        await sql.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@arbitra.local'`)
      ).rows[0]!.id;
      expect(await entitlements.forUser(adminId as OwnerId)).toMatchObject({ active: true, maxBots: -1 });
    });
  });

  describe('/api/admin/*', () => {
    it('refuses ordinary users (403 pt-BR) and anonymous callers (401)', async () => {
      const u = await register(call);
      for (const [method, path] of [
        ['GET', '/api/admin/users'],
        ['GET', '/api/admin/audit'],
        ['PATCH', `/api/admin/users/${u.id}`],
      ] as const) {
        const res = await call(method, path, {
          token: u.token,
          body: method === 'PATCH' ? { role: 'admin', reason: 'teste de acesso' } : undefined,
        });
        expect(res.status, path).toBe(403);
        expect(res.body).toEqual({ message: 'Acesso restrito a administradores', code: 'forbidden' });
        expect((await call(method, path)).status).toBe(401);
      }
      expect(
        (await sql.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [u.id])).rows[0]!.role,
      ).toBe('user');
    });

    it('lists and searches users for the seeded admin', async () => {
      const u = await register(call, { name: 'Zuleica Procurada' });
      const all = await call<Page<AdminUser>>('GET', '/api/admin/users?pageSize=100', { token: adminToken });
      expect(all.status).toBe(200);
      expect(all.body.total).toBeGreaterThanOrEqual(3);
      expect(all.body.items.map((i) => i.email)).toEqual(
        expect.arrayContaining(['admin@arbitra.local', 'demo@arbitra.local', u.email]),
      );
      const found = await call<Page<AdminUser>>('GET', '/api/admin/users?search=zuleica', {
        token: adminToken,
      });
      expect(found.body.items).toEqual([
        expect.objectContaining({
          id: u.id,
          role: 'user',
          disabled: false,
          subscription: { planId: 'professional', status: 'trialing' },
        }),
      ]);
      const wildcard = await call<Page<AdminUser>>(
        'GET',
        `/api/admin/users?search=${encodeURIComponent("%' OR 1=1 --")}`,
        { token: adminToken },
      );
      expect(wildcard.status).toBe(200);
      expect(wildcard.body.items).toEqual([]);
      const admins = await call<Page<AdminUser>>('GET', '/api/admin/users?role=admin', { token: adminToken });
      expect(admins.body.items.map((i) => i.email)).toEqual(['admin@arbitra.local']);
    });

    it("reads every user's audit log, filtered by user", async () => {
      const u = await register(call);
      await login(call, u.email, 'errada-123');
      const res = await call<Page<{ action: string; user: { id: string; email: string } | null }>>(
        'GET',
        `/api/admin/audit?userId=${u.id}`,
        { token: adminToken },
      );
      expect(res.status).toBe(200);
      expect(res.body.items.map((i) => i.action)).toEqual(['login_failed', 'register']);
      expect(res.body.items[0]!.user).toEqual({ id: u.id, name: u.name, email: u.email });
      const all = await call<Page<{ action: string }>>('GET', '/api/admin/audit?action=login', {
        token: adminToken,
      });
      expect(all.body.items.length).toBeGreaterThan(0);
      expect(new Set(all.body.items.map((i) => i.action))).toEqual(new Set(['login']));
    });

    it('changes a role and disables an account (its sessions end), never its own', async () => {
      const u = await register(call);
      const promoted = await call<{ user: AdminUser }>('PATCH', `/api/admin/users/${u.id}`, {
        token: adminToken,
        body: { role: 'admin', reason: 'motivo do teste' },
      });
      expect(promoted.status).toBe(200);
      expect(promoted.body.user).toMatchObject({ id: u.id, role: 'admin' });
      expect((await call('GET', '/api/admin/users', { token: u.token })).status).toBe(200);
      await call('PATCH', `/api/admin/users/${u.id}`, {
        token: adminToken,
        body: { role: 'user', reason: 'motivo do teste' },
      });
      expect((await call('GET', '/api/admin/users', { token: u.token })).status).toBe(403);

      const disabled = await call<{ user: AdminUser }>('PATCH', `/api/admin/users/${u.id}`, {
        token: adminToken,
        body: { disabled: true, reason: 'motivo do teste' },
      });
      expect(disabled.body.user.disabled).toBe(true);
      expect((await call('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
      expect((await login(call, u.email, u.password)).status).toBe(403);
      await call('PATCH', `/api/admin/users/${u.id}`, {
        token: adminToken,
        body: { disabled: false, reason: 'motivo do teste' },
      });
      expect((await login(call, u.email, u.password)).status).toBe(200);

      const adminId = (await call<{ user: { id: string } }>('GET', '/api/auth/me', { token: adminToken }))
        .body.user.id;
      const self = await call('PATCH', `/api/admin/users/${adminId}`, {
        token: adminToken,
        body: { role: 'user', reason: 'motivo do teste' },
      });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe('Você não pode alterar o próprio acesso');
      expect(
        (
          await call('PATCH', '/api/admin/users/nao-existe', {
            token: adminToken,
            body: { role: 'user', reason: 'motivo do teste' },
          })
        ).status,
      ).toBe(404);
      expect((await call('PATCH', `/api/admin/users/${u.id}`, { token: adminToken, body: {} })).status).toBe(
        400,
      );
      const audit = await sql.query(
        `SELECT action, actor_id FROM audit_log WHERE user_id = $1 AND actor_id IS NOT NULL ORDER BY id`,
        [u.id],
      );
      expect(audit.rows.map((r: { action: string }) => r.action)).toEqual([
        'role_changed',
        'role_changed',
        'user_disabled',
        'user_enabled',
      ]);
    });

    it('the only admin cannot delete their account', async () => {
      const res = await call('DELETE', '/api/user/account', {
        token: adminToken,
        body: { password: 'admin12345' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Não é possível excluir a única conta de administrador');
    });
  });
});
