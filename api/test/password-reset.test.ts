import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@arbitra/contracts';
import { useTestPlatform } from './support/test-platform.js';
import { login, register, uniqueEmail, uniqueIp } from './support/http.js';

const APP_URL = 'http://arbitra.test:5173';
const SENT = 'Se houver uma conta com este email, enviaremos um link para redefinir a senha.';
const INVALID = 'Link inválido ou expirado. Solicite um novo.';

describe('account emails by real SMTP: welcome (issue 27), forgot and reset password (issue 3 §4)', () => {
  const t = useTestPlatform({
    mail: true,
    env: {
      APP_URL,
      MAIL_FROM: 'Arbitra <nao-responda@arbitra.test>',
      RATE_LIMIT_FORGOT_ACCOUNT: '3/1h',
      RATE_LIMIT_RESET_IP: '12/15m',
    },
  });
  const { call, sql } = t;

  /** Asks for a link and returns the token from the mail that arrives in MailDev. */
  async function requestLink(email: string): Promise<string> {
    const res = await call('POST', '/api/auth/forgot-password', { body: { email }, ip: uniqueIp() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SENT });
    const received = await t.mail.waitFor(email, 'Redefinição de senha');
    const link = /http:\/\/arbitra\.test:5173\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(received.text);
    expect(link, received.text).not.toBeNull();
    return link![1]!;
  }

  it('registering mails a pt-BR welcome: what to do first, with links to the tutorial and to Simular', async () => {
    const u = await register(call, { name: 'Beatriz Nova' });
    const welcome = await t.mail.waitFor(u.email, 'Bem-vindo à Arbitra');
    expect(welcome.subject).toBe('Bem-vindo à Arbitra - por onde começar');
    expect(welcome.text).toContain('Olá, Beatriz Nova!');
    expect(welcome.text).toContain('Por onde começar');
    expect(welcome.text).toContain(`${APP_URL}/tutorial`);
    expect(welcome.text).toContain(`${APP_URL}/backtests`);
    // The steps in order: tutorial, then Simular, then a paper bot, then an exchange.
    const order = [
      '1. Leia o tutorial',
      '2. Simule antes de arriscar',
      '3. Crie um bot em modo simulado',
      '4. Conecte uma exchange',
    ];
    const at = order.map((s) => welcome.text.indexOf(s));
    expect(
      at.every((i) => i >= 0),
      welcome.text,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(welcome.html).toContain(`href="${APP_URL}/tutorial"`);
    expect(welcome.html).toMatch(new RegExp(`href="${APP_URL}/backtests"[^>]*>Simular</a>`));
    // Once: a failed registration (the same email again) mails nothing more.
    expect(
      (
        await call('POST', '/api/auth/register', {
          body: { name: 'X', email: u.email, password: 'senha-segura-123' },
          ip: uniqueIp(),
        })
      ).status,
    ).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      (await t.mail.all()).filter(
        (m) => m.to.some((to) => to.address === u.email) && m.subject.includes('Bem-vindo'),
      ),
    ).toHaveLength(1);
  });

  it('answers the same for an unknown email, and sends nothing', async () => {
    const email = uniqueEmail('ninguem');
    const res = await call('POST', '/api/auth/forgot-password', { body: { email }, ip: uniqueIp() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SENT });
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.mail.all()).filter((m) => m.to.some((t) => t.address === email))).toHaveLength(0);
  });

  it('validates the email', async () => {
    expect((await call('POST', '/api/auth/forgot-password', { body: {}, ip: uniqueIp() })).body.message).toBe(
      'Email é obrigatório',
    );
    expect(
      (await call('POST', '/api/auth/forgot-password', { body: { email: 'x@' }, ip: uniqueIp() })).body
        .message,
    ).toBe('Email inválido');
  });

  it('mails a pt-BR link; the link resets the password once, ends the sessions, and fails the second time', async () => {
    const u = await register(call);
    const other = await login(call, u.email, u.password);
    const token = await requestLink(u.email);
    const received = (await t.mail.all()).find(
      (m) => m.to.some((t) => t.address === u.email) && m.subject.includes('Redefinição de senha'),
    )!;
    expect(received.subject).toBe('Redefinição de senha - Arbitra');
    expect(received.text).toContain(`Olá, ${u.name}!`);
    expect(received.text).toContain('válido por 1 hora');
    expect(received.html).toContain('Redefinir senha');
    const stored = await sql.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_reset_tokens WHERE user_id = $1',
      [u.id],
    );
    expect(stored.rows[0]!.token_hash).not.toBe(token);
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await call('POST', '/api/auth/reset-password/check', { body: { token } })).body).toEqual({
      valid: true,
    });
    const res = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'senha-nova-123', confirmPassword: 'senha-nova-123' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Senha redefinida com sucesso! Entre com a nova senha.' });

    for (const t of [u.token, other.body.access_token as string])
      expect((await call('GET', '/api/auth/me', { token: t })).status).toBe(401);
    expect((await login(call, u.email, u.password)).status).toBe(401);
    expect((await login(call, u.email, 'senha-nova-123')).status).toBe(200);

    const again = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'outra-senha-123' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: INVALID, code: 'reset_link_invalid' });
    expect((await call('POST', '/api/auth/reset-password/check', { body: { token } })).body).toEqual({
      valid: false,
      message: INVALID,
    });
    expect((await login(call, u.email, 'senha-nova-123')).status).toBe(200);
    const audit = await sql.query(
      `SELECT action FROM audit_log WHERE user_id = $1 AND action LIKE 'password_reset%' ORDER BY id`,
      [u.id],
    );
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual([
      'password_reset_requested',
      'password_reset',
    ]);
  });

  it('refuses a link after its hour', async () => {
    const u = await register(call);
    const token = await requestLink(u.email);
    await sql.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [u.id],
    );
    const res = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'senha-nova-123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID);
    expect((await login(call, u.email, u.password)).status).toBe(200);
  });

  it('refuses a made-up token and validates the new password', async () => {
    expect(
      (
        await call('POST', '/api/auth/reset-password', {
          body: { token: 'inventado', password: 'senha-nova-123' },
        })
      ).body.message,
    ).toBe(INVALID);
    expect(
      (await call('POST', '/api/auth/reset-password', { body: { password: 'senha-nova-123' } })).body.message,
    ).toBe(INVALID);
    const u = await register(call);
    const token = await requestLink(u.email);
    const short = await call('POST', '/api/auth/reset-password', { body: { token, password: 'curta' } });
    expect(short.body.message).toBe('Senha deve ter pelo menos 8 caracteres');
    const mismatch = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'senha-nova-123', confirmPassword: 'senha-nova-124' },
    });
    expect(mismatch.body.message).toBe('Senhas não coincidem');
    // Refused input does not spend the link.
    expect((await call('POST', '/api/auth/reset-password/check', { body: { token } })).body).toEqual({
      valid: true,
    });
  });

  it('limits requests per account (429), whatever the IP', async () => {
    const u = await register(call);
    for (let i = 0; i < 3; i++)
      expect(
        (await call('POST', '/api/auth/forgot-password', { body: { email: u.email }, ip: uniqueIp() }))
          .status,
      ).toBe(200);
    const res = await call('POST', '/api/auth/forgot-password', { body: { email: u.email }, ip: uniqueIp() });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Muitas solicitações de redefinição. Aguarde um pouco e tente novamente.');
  });

  it("mails a login alert from a new device when 'Alertas de login' is on, and not when off", async () => {
    const u = await register(call);
    await call('POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    });
    const alert = await t.mail.waitFor(u.email, 'Novo acesso');
    expect(alert.text).toContain('iOS 17.1');
    const v = await register(call);
    await call('PUT', '/api/user/notifications', { token: v.token, body: { loginAlerts: false } });
    await call('POST', '/api/auth/login', {
      body: { email: v.email, password: v.password },
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(
      (await t.mail.all()).filter(
        (m) => m.to.some((t) => t.address === v.email) && m.subject.includes('Novo acesso'),
      ),
    ).toHaveLength(0);
  });

  it('limits reset-password and its check per address (429), a bogus token never reaching the password hash', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 6; i++) {
      const res = await call('POST', '/api/auth/reset-password', {
        body: {
          token: `inventado-${i}-${'x'.repeat(40)}`,
          password: 'nova-senha-123',
          confirmPassword: 'nova-senha-123',
        },
        ip,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID);
    }
    for (let i = 0; i < 6; i++)
      expect(
        (await call('POST', '/api/auth/reset-password/check', { body: { token: 'y'.repeat(43) }, ip }))
          .status,
      ).toBe(200);
    const limited = await call('POST', '/api/auth/reset-password/check', {
      body: { token: 'y'.repeat(43) },
      ip,
    });
    expect(limited.status).toBe(429);
  });

  it('an email change takes effect only through the link mailed to the new address; the old one is told', async () => {
    const u = await register(call);
    const other = await login(call, u.email, u.password);
    const otherToken = other.body.access_token as string;
    const newEmail = uniqueEmail('novo');
    const changed = await call<{ message: string; user: { email: string }; pendingEmail?: string }>(
      'PUT',
      '/api/user/profile',
      { token: u.token, body: { name: u.name, email: newEmail, currentPassword: u.password } },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe(MESSAGES.profile.emailChangePending(newEmail));
    expect(changed.body.user.email).toBe(u.email); // nothing changed yet
    expect(changed.body.pendingEmail).toBe(newEmail);
    const requested = await t.mail.waitFor(u.email, 'Pedido de alteração do email');
    expect(requested.text).toContain(newEmail);
    expect((await call('GET', '/api/auth/me', { token: otherToken })).status).toBe(401);
    expect((await call('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
    // Until the link is opened the account keeps its address: the new one does not sign in.
    expect((await login(call, newEmail, u.password)).status).toBe(401);
    // A session opened with the old address between the request and the confirmation (issue 25).
    const between = (await login(call, u.email, u.password)).body.access_token as string;
    expect((await call('GET', '/api/auth/me', { token: between })).status).toBe(200);

    const confirm = await t.mail.waitFor(newEmail, 'Confirme seu novo email');
    const token = /http:\/\/arbitra\.test:5173\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(
      confirm.text,
    )?.[1];
    expect(token, confirm.text).toBeDefined();
    const bogus = await call('POST', '/api/user/email/confirm', {
      body: { token: 'x'.repeat(43) },
      ip: uniqueIp(),
    });
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toBe(MESSAGES.profile.emailChangeLinkInvalid);
    // Opened from a browser with no session (the mail app's): public.
    const done = await call('POST', '/api/user/email/confirm', { body: { token }, ip: uniqueIp() });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(MESSAGES.profile.emailChangeConfirmed);
    const me = await call<{ user: { email: string } }>('GET', '/api/user/profile', { token: u.token });
    expect(me.body.user.email).toBe(newEmail);
    // The confirmation ends every other session: the one opened in between too; the asking one stays.
    expect((await call('GET', '/api/auth/me', { token: between })).status).toBe(401);
    const notice = await t.mail.waitFor(u.email, 'O email da sua conta foi alterado');
    expect(notice.text).toContain(newEmail);
    expect((await login(call, newEmail, u.password)).status).toBe(200);
    expect((await login(call, u.email, u.password)).status).toBe(401);
    // Once only.
    const again = await call('POST', '/api/user/email/confirm', { body: { token }, ip: uniqueIp() });
    expect(again.status).toBe(400);
    const audit = await sql.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE user_id = $1 AND action LIKE 'email%' ORDER BY created_at`,
      [u.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['email_change_requested', 'email_changed']);

    const pw = await call('POST', '/api/user/password', {
      token: u.token,
      body: {
        currentPassword: u.password,
        newPassword: 'outra-senha-789',
        confirmPassword: 'outra-senha-789',
      },
    });
    expect(pw.status).toBe(200);
    expect((await t.mail.waitFor(newEmail, 'Sua senha foi alterada')).text).toContain('/forgot-password');
  });
});
