import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOMS } from '@arbitra/contracts';
import { RealtimeGateway } from '../src/realtime/realtime.gateway.js';
import { useTestPlatform } from './support/test-platform.js';
import { login, register, uniqueEmail, uniqueIp } from './support/http.js';

interface SessionItem {
  id: string;
  device: string;
  ip: string | null;
  location: string | null;
  createdAt: string;
  lastActive: string;
  expiresAt: string;
  current: boolean;
}

const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

describe('register, login, sessions (issue 3 §1, §2)', () => {
  const t = useTestPlatform({
    env: {
      RATE_LIMIT_LOGIN_ACCOUNT: '5/15m',
      RATE_LIMIT_LOGIN_ACCOUNT_IP: '5/15m',
      RATE_LIMIT_LOGIN_IP: '8/15m',
      RATE_LIMIT_REGISTER_IP: '3/1h',
    },
  });
  const { call, sql } = t;
  const sockets: Socket[] = [];

  afterAll(async () => {
    for (const s of sockets) s.close();
  });

  const userCount = async () =>
    Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM users')).rows[0]!.n);

  describe('POST /api/auth/register', () => {
    it.each([
      ['nothing at all', {}, 'Nome é obrigatório'],
      ['a blank name', { name: '   ', email: '', password: '' }, 'Nome é obrigatório'],
      ['a blank email', { name: 'Ana', email: '   ', password: 'x' }, 'Email é obrigatório'],
      ['a malformed email', { name: 'Ana', email: 'ana@exemplo', password: 'x' }, 'Email inválido'],
      ['an email with a space', { name: 'Ana', email: 'ana @exemplo.com', password: 'x' }, 'Email inválido'],
      [
        'a short password',
        { name: 'Ana', email: 'ana@exemplo.com', password: '1234567' },
        'Senha deve ter pelo menos 8 caracteres',
      ],
      ['no password', { name: 'Ana', email: 'ana@exemplo.com' }, 'Senha deve ter pelo menos 8 caracteres'],
      [
        'a different confirmation',
        { name: 'Ana', email: 'ana@exemplo.com', password: '12345678', confirmPassword: '12345679' },
        'Senhas não coincidem',
      ],
    ])('refuses %s with ONE message in SPEC §5 order', async (_label, body, message) => {
      const before = await userCount();
      const res = await call('POST', '/api/auth/register', { body, ip: uniqueIp() });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, code: 'validation_failed', details: expect.any(Object) as object });
      expect(await userCount()).toBe(before);
    });

    it('creates the account: 201 {user, token}, email lower-cased, a working session and the trial', async () => {
      const email = uniqueEmail('Nova.Conta').toUpperCase();
      const res = await call<{ user: Record<string, unknown>; token: string }>('POST', '/api/auth/register', {
        body: { name: '  Ana Souza ', email, password: 'senha-segura-1', confirmPassword: 'senha-segura-1' },
        ip: uniqueIp(),
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
      expect(res.body.user).toEqual({
        id: expect.any(String) as string,
        name: 'Ana Souza',
        email: email.toLowerCase(),
        role: 'user',
      });
      const me = await call('GET', '/api/auth/me', { token: res.body.token });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({ user: res.body.user });
      const sub = await call<{ status: string; planId: string; daysLeft: number }>(
        'GET',
        '/api/user/subscription',
        { token: res.body.token },
      );
      expect(sub.body).toMatchObject({ status: 'trialing', planId: 'professional', daysLeft: 7 });
      const stored = await sql.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [res.body.user.id],
      );
      expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a duplicate email (any case) with 409 and a clear message', async () => {
      const u = await register(call);
      const res = await call('POST', '/api/auth/register', {
        body: { name: 'Outra', email: u.email.toUpperCase(), password: 'outra-senha-1' },
        ip: uniqueIp(),
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Este email já está cadastrado', code: 'email_taken' });
    });

    it('limits registrations per IP (429)', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 3; i++) {
        const ok = await call('POST', '/api/auth/register', {
          body: { name: 'Bot', email: uniqueEmail(), password: 'senha-segura-1' },
          ip,
        });
        expect(ok.status).toBe(201);
      }
      const res = await call('POST', '/api/auth/register', {
        body: { name: 'Bot', email: uniqueEmail(), password: 'senha-segura-1' },
        ip,
      });
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(
        'Muitas contas criadas a partir deste endereço. Tente novamente mais tarde.',
      );
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers {access_token, user} and records the login', async () => {
      const u = await register(call);
      const res = await login(call, u.email, u.password);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['access_token', 'user']);
      expect(res.body.user).toEqual({ id: u.id, name: u.name, email: u.email, role: 'user' });
      const audit = await sql.query('SELECT action FROM audit_log WHERE user_id = $1 ORDER BY id', [u.id]);
      expect(audit.rows.map((r: { action: string }) => r.action)).toEqual(['register', 'login']);
    });

    it('refuses a wrong password and an unknown email with the same 401 {error, message}', async () => {
      const u = await register(call);
      const wrong = await login(call, u.email, 'senha-errada-1');
      const unknown = await login(call, uniqueEmail(), 'senha-errada-1');
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          error: 'Email ou senha incorretos',
          message: 'Email ou senha incorretos',
          code: 'invalid_credentials',
        });
      }
      const failed = await sql.query(
        `SELECT user_id FROM audit_log WHERE action = 'login_failed' AND (user_id = $1 OR metadata->>'email' IS NOT NULL)`,
        [u.id],
      );
      expect(failed.rowCount).toBeGreaterThanOrEqual(2);
    });

    it('requires email and password, answering {error, message} too', async () => {
      const res = await call('POST', '/api/auth/login', {
        body: { email: 'ana@exemplo.com' },
        ip: uniqueIp(),
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Senha é obrigatória', message: 'Senha é obrigatória' });
      const noEmail = await call('POST', '/api/auth/login', { body: { password: 'x' }, ip: uniqueIp() });
      expect(noEmail.body).toMatchObject({ error: 'Email é obrigatório' });
    });

    it("gives 12 hours without 'Lembrar de mim' and 30 days with it", async () => {
      const u = await register(call);
      const short = await login(call, u.email, u.password);
      const long = await login(call, u.email, u.password, { remember: true });
      const sessions = await call<SessionItem[]>('GET', '/api/user/sessions', {
        token: long.body.access_token as string,
      });
      const hours = (token: unknown) => {
        const [, payload] = String(token).split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string };
        const s = sessions.body.find((x) => x.id === claims.sid)!;
        return (Date.parse(s.expiresAt) - Date.parse(s.createdAt)) / 3600_000;
      };
      expect(hours(short.body.access_token)).toBeCloseTo(12, 1);
      expect(hours(long.body.access_token)).toBeCloseTo(30 * 24, 1);
    });

    it('limits wrong passwords on one account from one address (429 with Retry-After), not from the others', async () => {
      const u = await register(call);
      const ip = uniqueIp();
      for (let i = 0; i < 5; i++) expect((await login(call, u.email, 'errada-123', {}, ip)).status).toBe(401);
      const res = await login(call, u.email, u.password, {}, ip);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({
        message: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
        error: expect.any(String) as string,
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login(call, u.email, u.password)).status).toBe(200);
    });

    it('never locks the owner out: failures from many addresses only slow down addresses the owner never used', async () => {
      const u = await register(call);
      const home = uniqueIp();
      expect((await login(call, u.email, u.password, {}, home)).status).toBe(200);
      // 8 wrong passwords from 8 addresses: 3 over the account's limit of 5.
      for (let i = 0; i < 8; i++) expect((await login(call, u.email, 'errada-123')).status).toBe(401);
      // The owner, from where they signed in before: in, with no lock.
      expect((await login(call, u.email, u.password, {}, home)).status).toBe(200);
      for (let i = 0; i < 8; i++) expect((await login(call, u.email, 'errada-123')).status).toBe(401);
      // From a new address the right password still works, after a growing delay (1 s at 3 over).
      const started = Date.now();
      expect((await login(call, u.email, u.password)).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it('keeps password change working for the owner while others hammer the login', async () => {
      const u = await register(call);
      for (let i = 0; i < 7; i++) await login(call, u.email, 'errada-123');
      const res = await call('POST', '/api/user/password', {
        token: u.token,
        body: {
          currentPassword: u.password,
          newPassword: 'nova-senha-456',
          confirmPassword: 'nova-senha-456',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it('limits attempts per IP across accounts (429)', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 8; i++)
        expect((await login(call, uniqueEmail(), 'errada-123', {}, ip)).status).toBe(401);
      const res = await login(call, uniqueEmail(), 'errada-123', {}, ip);
      expect(res.status).toBe(429);
    });

    it('refuses a disabled account (403) and its live tokens (401)', async () => {
      const u = await register(call);
      await sql.query('UPDATE users SET disabled_at = now() WHERE id = $1', [u.id]);
      expect((await call('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
      const res = await login(call, u.email, u.password);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Esta conta está desativada. Fale com o suporte.');
    });
  });

  describe('tokens and the global guard', () => {
    it('answers 401 in pt-BR without a token, with a malformed one and with a forged one', async () => {
      const u = await register(call);
      const [header, payload] = u.token.split('.');
      const forged = `${header}.${payload}.${Buffer.from('assinatura-falsa').toString('base64url')}`;
      for (const token of [undefined, 'nao-e-um-jwt', forged]) {
        const res = await call('GET', '/api/auth/me', { token });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          message: 'Sessão inválida ou expirada. Entre novamente.',
          code: 'unauthorized',
        });
      }
      for (const path of [
        '/api/user/profile',
        '/api/user/sessions',
        '/api/user/security',
        '/api/user/subscription',
        '/api/user/audit',
        '/api/admin/users',
      ]) {
        expect((await call('GET', path)).status, path).toBe(401);
      }
    });

    it('refuses the token of an expired session at once', async () => {
      const u = await register(call);
      await sql.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
        u.id,
      ]);
      expect((await call('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
    });

    it('logout ends the session on the server: the same token is refused afterwards', async () => {
      const u = await register(call);
      const res = await call('POST', '/api/auth/logout', { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Sessão encerrada com sucesso' });
      expect((await call('GET', '/api/auth/me', { token: u.token })).status).toBe(401);
      expect((await call('POST', '/api/auth/logout', { token: u.token })).status).toBe(401);
      const audit = await sql.query(`SELECT 1 FROM audit_log WHERE user_id = $1 AND action = 'logout'`, [
        u.id,
      ]);
      expect(audit.rowCount).toBe(1);
    });
  });

  describe('GET/DELETE /api/user/sessions', () => {
    it('lists the live sessions with device, IP, dates and the current flag', async () => {
      const u = await register(call);
      const other = await call('POST', '/api/auth/login', {
        body: { email: u.email, password: u.password },
        ip: '203.0.113.50',
        userAgent: FIREFOX_UA,
      });
      const res = await call<SessionItem[]>('GET', '/api/user/sessions', { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(2);
      const current = res.body.find((s) => s.current)!;
      const firefox = res.body.find((s) => !s.current)!;
      expect(current.device).toBe('Chrome 120 no Linux');
      expect(firefox).toMatchObject({
        device: 'Firefox 121 no Windows 10',
        ip: '203.0.113.50',
        location: null,
        current: false,
      });
      expect(Date.parse(firefox.lastActive)).toBeGreaterThan(0);
      expect(typeof other.body.access_token).toBe('string');
    });

    it("'Encerrar' revokes another session: its token stops working at once", async () => {
      const u = await register(call);
      const other = await login(call, u.email, u.password);
      const otherToken = other.body.access_token as string;
      const list = await call<SessionItem[]>('GET', '/api/user/sessions', { token: u.token });
      const target = list.body.find((s) => !s.current)!;
      const res = await call('DELETE', `/api/user/sessions/${target.id}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Sessão encerrada', current: false });
      expect((await call('GET', '/api/auth/me', { token: otherToken })).status).toBe(401);
      expect((await call('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
      expect((await call('DELETE', `/api/user/sessions/${target.id}`, { token: u.token })).status).toBe(404);
      const audit = await sql.query(
        `SELECT metadata FROM audit_log WHERE user_id = $1 AND action = 'session_revoked'`,
        [u.id],
      );
      expect(audit.rows[0]).toMatchObject({ metadata: { sessionId: target.id } });
    });

    it("cannot end another user's session (404) — it keeps working", async () => {
      const alice = await register(call);
      const bob = await register(call);
      const bobSessions = await call<SessionItem[]>('GET', '/api/user/sessions', { token: bob.token });
      const res = await call('DELETE', `/api/user/sessions/${bobSessions.body[0]!.id}`, {
        token: alice.token,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Sessão não encontrada', code: 'session_not_found' });
      expect((await call('GET', '/api/auth/me', { token: bob.token })).status).toBe(200);
      for (const id of ['abc', "1' OR '1'='1", '00000000-0000-0000-0000-000000000000']) {
        expect(
          (await call('DELETE', `/api/user/sessions/${encodeURIComponent(id)}`, { token: alice.token }))
            .status,
        ).toBe(404);
      }
    });

    it('ends every other session at once', async () => {
      const u = await register(call);
      const a = await login(call, u.email, u.password);
      const b = await login(call, u.email, u.password);
      const res = await call('DELETE', '/api/user/sessions', { token: u.token });
      expect(res.body).toEqual({ message: 'Outras sessões encerradas', ended: 2 });
      expect((await call('GET', '/api/auth/me', { token: a.body.access_token as string })).status).toBe(401);
      expect((await call('GET', '/api/auth/me', { token: b.body.access_token as string })).status).toBe(401);
      expect((await call('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
    });
  });

  describe('the socket handshake', () => {
    const gateway = () => t.platform.api.app.get(RealtimeGateway);
    const open = (token?: string) => {
      const s = connect(t.platform.baseUrl, {
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
      });
      sockets.push(s);
      return new Promise<Socket>((resolve, reject) => {
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    };
    const roomIds = async (room: string) => (await gateway().server.in(room).fetchSockets()).map((s) => s.id);

    it('joins a valid session to its user and session rooms (and the public one)', async () => {
      const u = await register(call);
      const s = await open(u.token);
      const sid = (JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString()) as { sid: string })
        .sid;
      expect(await roomIds(ROOMS.user(u.id))).toContain(s.id);
      expect(await roomIds(ROOMS.session(sid))).toContain(s.id);
      expect(await roomIds(ROOMS.publicScanner)).toContain(s.id);
      expect(await roomIds(ROOMS.admin)).not.toContain(s.id);
    });

    it('connects a revoked token as anonymous: public room only, never the user room', async () => {
      const u = await register(call);
      await call('POST', '/api/auth/logout', { token: u.token });
      const s = await open(u.token);
      expect(await roomIds(ROOMS.publicScanner)).toContain(s.id);
      expect(await roomIds(ROOMS.user(u.id))).not.toContain(s.id);
      const anonymous = await open();
      expect(await roomIds(ROOMS.publicScanner)).toContain(anonymous.id);
    });

    it("disconnects a session's sockets when the session is ended from elsewhere", async () => {
      const u = await register(call);
      const other = await login(call, u.email, u.password);
      const s = await open(other.body.access_token as string);
      expect(await roomIds(ROOMS.user(u.id))).toContain(s.id);
      const gone = new Promise<string>((resolve) => s.once('disconnect', resolve));
      const list = await call<SessionItem[]>('GET', '/api/user/sessions', { token: u.token });
      await call('DELETE', `/api/user/sessions/${list.body.find((x) => !x.current)!.id}`, { token: u.token });
      expect(await gone).toBe('io server disconnect');
      expect(await roomIds(ROOMS.user(u.id))).not.toContain(s.id);
    });

    it('disconnects on logout too', async () => {
      const u = await register(call);
      const s = await open(u.token);
      const gone = new Promise<string>((resolve) => s.once('disconnect', resolve));
      await call('POST', '/api/auth/logout', { token: u.token });
      expect(await gone).toBe('io server disconnect');
    });
  });
});
