import { LEGAL_VERSION } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { useTestPlatform } from './support/test-platform.js';
import { login, register, uniqueEmail } from './support/http.js';

interface AuditItem {
  id: string;
  action: string;
  label: string;
  ip: string | null;
  device: string | null;
  createdAt: string;
}

describe('profile, security page, LGPD (issue 3 §3, §6, §8)', () => {
  const t = useTestPlatform();
  const { call, sql } = t;

  describe('GET/PUT /api/user/profile', () => {
    it('reads the profile', async () => {
      const u = await register(call);
      const res = await call('GET', '/api/user/profile', { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        user: {
          id: u.id,
          name: u.name,
          email: u.email,
          role: 'user',
          createdAt: expect.any(String) as string,
          lastLoginAt: expect.any(String) as string,
          passwordChangedAt: expect.any(String) as string,
          twoFactorEnabled: false,
          termsVersion: LEGAL_VERSION,
          termsAcceptedAt: expect.any(String) as string,
        },
      });
    });

    it("changes the name: 'Perfil atualizado com sucesso!'", async () => {
      const u = await register(call);
      const res = await call<{ message: string; user: { name: string } }>('PUT', '/api/user/profile', {
        token: u.token,
        body: { name: 'Maria Oliveira', email: u.email },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Perfil atualizado com sucesso!');
      expect(res.body.user.name).toBe('Maria Oliveira');
      expect(
        (await call<{ user: { name: string } }>('GET', '/api/auth/me', { token: u.token })).body.user.name,
      ).toBe('Maria Oliveira');
    });

    it.each([
      [
        'a current password missing',
        { newPassword: 'nova-senha-1', confirmPassword: 'nova-senha-1' },
        'Senha atual é obrigatória',
      ],
      [
        'a short new password',
        { currentPassword: 'x', newPassword: 'curta', confirmPassword: 'curta' },
        'Nova senha deve ter pelo menos 8 caracteres',
      ],
      [
        'an empty new password',
        { currentPassword: 'x', confirmPassword: 'nova-senha-1' },
        'Nova senha deve ter pelo menos 8 caracteres',
      ],
      [
        'a different confirmation',
        { currentPassword: 'x', newPassword: 'nova-senha-1', confirmPassword: 'nova-senha-2' },
        'Confirmação de senha não confere',
      ],
    ])('refuses %s with SPEC §5 profile message', async (_label, extra, message) => {
      const u = await register(call);
      const res = await call('PUT', '/api/user/profile', {
        token: u.token,
        body: { name: u.name, email: u.email, ...extra },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('validates name and email first, as on register', async () => {
      const u = await register(call);
      expect(
        (await call('PUT', '/api/user/profile', { token: u.token, body: { name: ' ', email: u.email } })).body
          .message,
      ).toBe('Nome é obrigatório');
      expect(
        (await call('PUT', '/api/user/profile', { token: u.token, body: { name: 'Ana', email: 'x' } })).body
          .message,
      ).toBe('Email inválido');
    });

    it('refuses a wrong current password and changes nothing', async () => {
      const u = await register(call);
      const res = await call('PUT', '/api/user/profile', {
        token: u.token,
        body: {
          name: 'Outro Nome',
          email: u.email,
          currentPassword: 'errada-123',
          newPassword: 'nova-senha-1',
          confirmPassword: 'nova-senha-1',
        },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Senha atual incorreta', code: 'wrong_password' });
      expect((await login(call, u.email, u.password)).status).toBe(200);
      expect(
        (await call<{ user: { name: string } }>('GET', '/api/auth/me', { token: u.token })).body.user.name,
      ).toBe(u.name);
    });

    it('changes the password: the other sessions end, this one stays, the new password works', async () => {
      const u = await register(call);
      const other = await login(call, u.email, u.password);
      const res = await call('PUT', '/api/user/profile', {
        token: u.token,
        body: {
          name: u.name,
          email: u.email,
          currentPassword: u.password,
          newPassword: 'nova-senha-123',
          confirmPassword: 'nova-senha-123',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Perfil atualizado com sucesso!');
      expect((await call('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
      expect((await call('GET', '/api/auth/me', { token: other.body.access_token as string })).status).toBe(
        401,
      );
      expect((await login(call, u.email, u.password)).status).toBe(401);
      expect((await login(call, u.email, 'nova-senha-123')).status).toBe(200);
      const audit = await sql.query(
        `SELECT 1 FROM audit_log WHERE user_id = $1 AND action = 'password_change'`,
        [u.id],
      );
      expect(audit.rowCount).toBe(1);
    });

    it('needs the current password to change the email, refuses a taken one (409), and waits for the new address to confirm', async () => {
      const u = await register(call);
      const taken = await register(call);
      const newEmail = uniqueEmail('novo');
      const noPassword = await call('PUT', '/api/user/profile', {
        token: u.token,
        body: { name: u.name, email: newEmail },
      });
      expect(noPassword.body.message).toBe('Informe sua senha atual para alterar o email');
      const clash = await call('PUT', '/api/user/profile', {
        token: u.token,
        body: { name: u.name, email: taken.email, currentPassword: u.password },
      });
      expect(clash.status).toBe(409);
      expect(clash.body.message).toBe('Este email já está cadastrado');
      const ok = await call<{ user: { email: string }; pendingEmail?: string }>('PUT', '/api/user/profile', {
        token: u.token,
        body: { name: u.name, email: newEmail.toUpperCase(), currentPassword: u.password },
      });
      expect(ok.status).toBe(200);
      // The change waits for the link mailed to the new address (password-reset.test.ts follows it through).
      expect(ok.body.pendingEmail).toBe(newEmail);
      expect(ok.body.user.email).toBe(u.email);
      expect((await login(call, newEmail, u.password)).status).toBe(401);
      expect((await login(call, u.email, u.password)).status).toBe(200);
    });
  });

  describe('POST /api/user/password (security page)', () => {
    it.each([
      [
        'no current password',
        { newPassword: 'nova-senha-1', confirmPassword: 'nova-senha-1' },
        'Senha atual é obrigatória',
      ],
      [
        'a short new password',
        { currentPassword: 'x', newPassword: '1234', confirmPassword: '1234' },
        'Nova senha deve ter pelo menos 8 caracteres',
      ],
      [
        'a different confirmation',
        { currentPassword: 'x', newPassword: 'nova-senha-1', confirmPassword: 'nova-senha-9' },
        'As senhas não coincidem',
      ],
      ['no confirmation', { currentPassword: 'x', newPassword: 'nova-senha-1' }, 'As senhas não coincidem'],
    ])('refuses %s', async (_label, body, message) => {
      const u = await register(call);
      const res = await call('POST', '/api/user/password', { token: u.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it("changes the password: 'Senha alterada com sucesso!'", async () => {
      const u = await register(call);
      const wrong = await call('POST', '/api/user/password', {
        token: u.token,
        body: { currentPassword: 'errada-12', newPassword: 'nova-senha-1', confirmPassword: 'nova-senha-1' },
      });
      expect(wrong.body.message).toBe('Senha atual incorreta');
      const before = (
        await call<{ passwordChangedAt: string }>('GET', '/api/user/security', { token: u.token })
      ).body.passwordChangedAt;
      const res = await call('POST', '/api/user/password', {
        token: u.token,
        body: { currentPassword: u.password, newPassword: 'nova-senha-1', confirmPassword: 'nova-senha-1' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Senha alterada com sucesso!' });
      const after = (
        await call<{ passwordChangedAt: string }>('GET', '/api/user/security', { token: u.token })
      ).body.passwordChangedAt;
      expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
      expect((await login(call, u.email, 'nova-senha-1')).status).toBe(200);
    });
  });

  describe('GET /api/user/security', () => {
    it('summarises 2FA, password age, last login and active sessions', async () => {
      const u = await register(call);
      await call('POST', '/api/auth/login', {
        body: { email: u.email, password: u.password },
        ip: '203.0.113.7',
      });
      const res = await call('GET', '/api/user/security', { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        twoFactorEnabled: false,
        backupCodesRemaining: 0,
        passwordChangedAt: expect.any(String) as string,
        passwordAgeDays: 0,
        securityStatus: 'Média',
        securityLevel: 'medium',
        recommendations: ['Ative a autenticação em dois fatores'],
        lastLoginAt: expect.any(String) as string,
        lastLoginIp: '203.0.113.7',
        lastLoginDevice: 'Chrome 120 no Linux',
        activeSessions: 2,
      });
      await sql.query(`UPDATE users SET password_changed_at = now() - interval '200 days' WHERE id = $1`, [
        u.id,
      ]);
      const weak = await call('GET', '/api/user/security', { token: u.token });
      expect(weak.body).toMatchObject({
        securityStatus: 'Fraca',
        securityLevel: 'weak',
        passwordAgeDays: 200,
      });
      expect(weak.body.recommendations).toContain('Sua senha não é alterada há mais de 180 dias');
    });
  });

  describe('GET/PUT /api/user/notifications', () => {
    it('starts from the defaults and saves any subset of the toggles; SMS is refused, not stored', async () => {
      const u = await register(call);
      expect((await call('GET', '/api/user/notifications', { token: u.token })).body).toEqual({
        email: true,
        sms: false,
        loginAlerts: true,
        tradingAlerts: true,
      });
      const res = await call('PUT', '/api/user/notifications', {
        token: u.token,
        body: { email: false, tradingAlerts: false },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        email: false,
        sms: false,
        loginAlerts: true,
        tradingAlerts: false,
        message: 'Preferências de notificação salvas',
      });
      const sms = await call('PUT', '/api/user/notifications', { token: u.token, body: { sms: true } });
      expect(sms.status).toBe(400);
      expect(sms.body.message).toBe(
        'O envio por SMS ainda não é oferecido: nenhum provedor de SMS está contratado.',
      );
      expect((await call('GET', '/api/user/notifications', { token: u.token })).body).toEqual({
        email: false,
        sms: false,
        loginAlerts: true,
        tradingAlerts: false,
      });
    });

    it('refuses wrong types and unknown toggles', async () => {
      const u = await register(call);
      const wrongType = await call('PUT', '/api/user/notifications', {
        token: u.token,
        body: { sms: 'sim' },
      });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.message).toBe('O campo sms deve ser verdadeiro ou falso');
      const unknown = await call('PUT', '/api/user/notifications', { token: u.token, body: { push: true } });
      expect(unknown.body.message).toBe('Campo não permitido: push');
      expect((await call('GET', '/api/user/notifications', { token: u.token })).body).toMatchObject({
        sms: false,
      });
    });
  });

  describe("GET /api/user/audit ('Atividade recente')", () => {
    it("shows the user's own events only, newest first, paginated, with pt-BR labels", async () => {
      const u = await register(call);
      const other = await register(call);
      await login(call, other.email, 'errada-123');
      await login(call, u.email, 'errada-123');
      await login(call, u.email, u.password);
      const res = await call<{ items: AuditItem[]; total: number; page: number; pageSize: number }>(
        'GET',
        '/api/user/audit?pageSize=2',
        { token: u.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
      expect(res.body.items.map((i) => i.action)).toEqual(['login', 'login_failed']);
      expect(res.body.items.map((i) => i.label)).toEqual(['Login realizado', 'Tentativa de login falhou']);
      expect(res.body.items[0]!.device).toBe('Chrome 120 no Linux');
      const page2 = await call<{ items: AuditItem[] }>('GET', '/api/user/audit?pageSize=2&page=2', {
        token: u.token,
      });
      expect(page2.body.items.map((i) => i.action)).toEqual(['register']);
      const bad = await call('GET', '/api/user/audit?pageSize=1000', { token: u.token });
      expect(bad.status).toBe(400);
    });
  });

  describe('GET /api/user/export', () => {
    it('is a JSON download of everything we hold, with no hash nor secret, and is audited', async () => {
      const u = await register(call);
      await call('PUT', '/api/user/notifications', { token: u.token, body: { tradingAlerts: false } });
      await call('POST', '/api/auth/forgot-password', { body: { email: u.email } });
      const res = await call<Record<string, unknown>>('GET', '/api/user/export', { token: u.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="arbitra-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(res.body).toMatchObject({
        user: { id: u.id, email: u.email, name: u.name, role: 'user' },
        subscription: { planId: 'professional', status: 'trialing' },
        notificationSettings: { tradingAlerts: false },
        twoFactor: { enabled: false },
      });
      expect((res.body.sessions as unknown[]).length).toBe(1);
      expect((res.body.passwordResetRequests as unknown[]).length).toBe(1);
      expect((res.body.auditLog as { action: string }[]).map((a) => a.action)).toContain('register');
      const text = JSON.stringify(res.body);
      for (const forbidden of [
        'password_hash',
        'passwordHash',
        'argon2',
        'token_hash',
        'tokenHash',
        'secret',
        u.token,
      ])
        expect(text).not.toContain(forbidden);
      const audit = await sql.query(`SELECT 1 FROM audit_log WHERE user_id = $1 AND action = 'data_export'`, [
        u.id,
      ]);
      expect(audit.rowCount).toBe(1);
    });
  });

  describe('DELETE /api/user/account', () => {
    it('needs the right password', async () => {
      const u = await register(call);
      const none = await call('DELETE', '/api/user/account', { token: u.token, body: {} });
      expect(none.body.message).toBe('Informe sua senha para excluir a conta');
      const wrong = await call('DELETE', '/api/user/account', {
        token: u.token,
        body: { password: 'errada-123' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Senha incorreta');
      expect((await call('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
    });

    it('deletes the user and everything keyed to it, keeps one anonymised audit row, and ends the sessions', async () => {
      const u = await register(call);
      const other = await login(call, u.email, u.password);
      await call('PUT', '/api/user/notifications', { token: u.token, body: { sms: true } });
      await login(call, u.email, 'errada-123');
      const res = await call('DELETE', '/api/user/account', {
        token: u.token,
        body: { password: u.password },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Conta excluída com sucesso' });
      for (const token of [u.token, other.body.access_token as string])
        expect((await call('GET', '/api/auth/me', { token })).status).toBe(401);
      expect((await login(call, u.email, u.password)).status).toBe(401);
      for (const table of [
        'users',
        'sessions',
        'subscriptions',
        'notification_settings',
        'audit_log',
        'password_reset_tokens',
        'two_factor',
      ]) {
        const column = table === 'users' ? 'id' : 'user_id';
        const left = await sql.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [u.id]);
        expect(left.rowCount, table).toBe(0);
      }
      const anon = await sql.query<{
        ip: string | null;
        user_agent: string | null;
        metadata: Record<string, unknown>;
      }>(
        `SELECT ip, user_agent, metadata FROM audit_log WHERE action = 'account_deleted' AND metadata->>'deletedUserId' = $1`,
        [u.id],
      );
      expect(anon.rows).toEqual([
        { ip: null, user_agent: null, metadata: { deletedUserId: u.id, role: 'user' } },
      ]);
      // The address can register again.
      expect(
        (
          await call('POST', '/api/auth/register', {
            body: { name: 'De volta', email: u.email, password: 'senha-segura-1' },
          })
        ).status,
      ).toBe(201);
    });
  });
});
