import { describe, expect, it } from 'vitest';
import { useTestPlatform } from './support/test-platform.js';
import { login, register, totp, uniqueIp, type RegisteredUser } from './support/http.js';

interface Setup {
  otpauthUrl: string;
  qrCodeDataUrl: string;
  secret: string;
}

const INVALID = 'Código inválido. Tente novamente.';

describe('two-factor authentication (issue 3 §5)', () => {
  const t = useTestPlatform({ env: { RATE_LIMIT_TWO_FACTOR_ACCOUNT: '6/15m' } });
  const { call, sql } = t;

  /** A user with 2FA on; the TOTP step of `offset` -1 was spent by the enabling. */
  async function withTwoFactor(): Promise<RegisteredUser & { secret: string; backupCodes: string[] }> {
    const u = await register(call);
    const setup = await call<Setup>('POST', '/api/user/2fa/setup', { token: u.token });
    const enabled = await call<{ backupCodes: string[] }>('POST', '/api/user/2fa/enable', {
      token: u.token,
      body: { code: await totp(setup.body.secret, -1) },
    });
    expect(enabled.status).toBe(200);
    return { ...u, secret: setup.body.secret, backupCodes: enabled.body.backupCodes };
  }

  async function challenge(u: RegisteredUser, remember = false): Promise<string> {
    const res = await login(call, u.email, u.password, remember ? { remember } : {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      twoFactorRequired: true,
      challengeToken: expect.any(String) as string,
      expiresIn: 300,
      message: 'Informe o código do seu aplicativo autenticador',
    });
    return res.body.challengeToken as string;
  }

  it('sets up with a QR code, keeps the secret encrypted, and switches on only with a right first code', async () => {
    const u = await register(call);
    const setup = await call<Setup>('POST', '/api/user/2fa/setup', { token: u.token });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Arbitra:/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const row = await sql.query<{ secret_encrypted: string; enabled_at: Date | null }>(
      'SELECT secret_encrypted, enabled_at FROM two_factor WHERE user_id = $1',
      [u.id],
    );
    expect(row.rows[0]!.secret_encrypted).not.toContain(setup.body.secret);
    expect(row.rows[0]!.enabled_at).toBeNull();
    // Pending: login does not ask for a code yet.
    expect((await login(call, u.email, u.password)).body.access_token).toEqual(expect.any(String));

    const wrong = await call('POST', '/api/user/2fa/enable', { token: u.token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(INVALID);
    const empty = await call('POST', '/api/user/2fa/enable', { token: u.token, body: { code: ' ' } });
    expect(empty.body.message).toBe('Informe o código de 6 dígitos');

    const ok = await call<{ message: string; backupCodes: string[] }>('POST', '/api/user/2fa/enable', {
      token: u.token,
      body: { code: await totp(setup.body.secret) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Autenticação em dois fatores ativada!');
    expect(ok.body.backupCodes).toHaveLength(10);
    expect(new Set(ok.body.backupCodes).size).toBe(10);
    for (const c of ok.body.backupCodes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const hashes = await sql.query<{ code_hash: string }>(
      'SELECT code_hash FROM two_factor_backup_codes WHERE user_id = $1',
      [u.id],
    );
    expect(hashes.rowCount).toBe(10);
    for (const h of hashes.rows)
      expect(ok.body.backupCodes.map((c) => c.replace('-', ''))).not.toContain(h.code_hash);

    const again = await call('POST', '/api/user/2fa/setup', { token: u.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A autenticação em dois fatores já está ativada');
    expect((await call('GET', '/api/user/2fa', { token: u.token })).body).toEqual({
      enabled: true,
      enabledAt: expect.any(String) as string,
      backupCodesRemaining: 10,
    });
    const security = await call('GET', '/api/user/security', { token: u.token });
    expect(security.body).toMatchObject({
      twoFactorEnabled: true,
      securityStatus: 'Forte',
      backupCodesRemaining: 10,
      recommendations: [],
    });
  });

  it('enable without a setup is refused', async () => {
    const u = await register(call);
    const res = await call('POST', '/api/user/2fa/enable', { token: u.token, body: { code: '123456' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Gere o QR code antes de ativar a autenticação em dois fatores');
  });

  it('login then asks for the code: a wrong code is refused, the right one signs in once', async () => {
    const u = await withTwoFactor();
    const challengeToken = await challenge(u, true);
    // The challenge is not a session token.
    expect((await call('GET', '/api/auth/me', { token: challengeToken })).status).toBe(401);

    const wrong = await call('POST', '/api/auth/login/2fa', {
      body: { challengeToken, code: '123456' },
      ip: uniqueIp(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: INVALID, message: INVALID, code: 'invalid_code' });

    const code = await totp(u.secret, 0);
    const ok = await call('POST', '/api/auth/login/2fa', { body: { challengeToken, code }, ip: uniqueIp() });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['access_token', 'user']);
    expect(ok.body.user).toEqual({ id: u.id, name: u.name, email: u.email, role: 'user' });
    expect((await call('GET', '/api/auth/me', { token: ok.body.access_token as string })).status).toBe(200);
    // 'Lembrar de mim' survives the second step.
    const sessions = await call<{ current: boolean; createdAt: string; expiresAt: string }[]>(
      'GET',
      '/api/user/sessions',
      { token: ok.body.access_token as string },
    );
    const current = sessions.body.find((s) => s.current)!;
    expect((Date.parse(current.expiresAt) - Date.parse(current.createdAt)) / 86_400_000).toBeCloseTo(30, 1);

    // The same code never works twice (replay).
    const replay = await call('POST', '/api/auth/login/2fa', {
      body: { challengeToken, code },
      ip: uniqueIp(),
    });
    expect(replay.status).toBe(401);
    const failed = await sql.query(
      `SELECT 1 FROM audit_log WHERE user_id = $1 AND action = 'login_failed' AND metadata->>'reason' = 'wrong_2fa_code'`,
      [u.id],
    );
    expect(failed.rowCount).toBe(2);
  });

  it('a backup code signs in once', async () => {
    const u = await withTwoFactor();
    const code = u.backupCodes[3]!;
    const ok = await call('POST', '/api/auth/login/2fa', {
      body: { challengeToken: await challenge(u), code: code.toLowerCase() },
      ip: uniqueIp(),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toEqual(expect.any(String));
    const again = await call('POST', '/api/auth/login/2fa', {
      body: { challengeToken: await challenge(u), code },
      ip: uniqueIp(),
    });
    expect(again.status).toBe(401);
    expect((await call('GET', '/api/user/2fa', { token: u.token })).body).toMatchObject({
      backupCodesRemaining: 9,
    });
    const used = await sql.query(
      `SELECT 1 FROM audit_log WHERE user_id = $1 AND action = '2fa_backup_code_used'`,
      [u.id],
    );
    expect(used.rowCount).toBe(1);
  });

  it('refuses a forged or expired challenge', async () => {
    const res = await call('POST', '/api/auth/login/2fa', {
      body: { challengeToken: 'x.y.z', code: '123456' },
      ip: uniqueIp(),
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'A verificação expirou. Entre novamente.' });
    const u = await register(call);
    // An access token is not a challenge either.
    expect(
      (
        await call('POST', '/api/auth/login/2fa', {
          body: { challengeToken: u.token, code: '123456' },
          ip: uniqueIp(),
        })
      ).status,
    ).toBe(401);
  });

  it('regenerates the backup codes with a code: the old ones stop working', async () => {
    const u = await withTwoFactor();
    const res = await call<{ backupCodes: string[]; message: string }>('POST', '/api/user/2fa/backup-codes', {
      token: u.token,
      body: { code: u.backupCodes[0] },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Novos códigos de backup gerados');
    expect(res.body.backupCodes).toHaveLength(10);
    const old = await call('POST', '/api/auth/login/2fa', {
      body: { challengeToken: await challenge(u), code: u.backupCodes[1] },
      ip: uniqueIp(),
    });
    expect(old.status).toBe(401);
    const fresh = await call('POST', '/api/auth/login/2fa', {
      body: { challengeToken: await challenge(u), code: res.body.backupCodes[0] },
      ip: uniqueIp(),
    });
    expect(fresh.status).toBe(200);
  });

  it('disables with a code (not without): login no longer asks', async () => {
    const u = await withTwoFactor();
    const wrong = await call('POST', '/api/user/2fa/disable', { token: u.token, body: { code: '111111' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(INVALID);
    const ok = await call('POST', '/api/user/2fa/disable', {
      token: u.token,
      body: { code: await totp(u.secret, 0) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Autenticação em dois fatores desativada' });
    expect((await login(call, u.email, u.password)).body.access_token).toEqual(expect.any(String));
    expect(
      (await sql.query('SELECT 1 FROM two_factor_backup_codes WHERE user_id = $1', [u.id])).rowCount,
    ).toBe(0);
    const off = await call('POST', '/api/user/2fa/disable', { token: u.token, body: { code: '111111' } });
    expect(off.body.message).toBe('A autenticação em dois fatores não está ativada');
    const audit = await sql.query(
      `SELECT action FROM audit_log WHERE user_id = $1 AND action LIKE '2fa_%' ORDER BY id`,
      [u.id],
    );
    expect(audit.rows.map((r: { action: string }) => r.action)).toEqual(['2fa_enabled', '2fa_disabled']);
  });

  it('limits code attempts per account (429)', async () => {
    const u = await withTwoFactor();
    const challengeToken = await challenge(u);
    for (let i = 0; i < 6; i++) {
      expect(
        (
          await call('POST', '/api/auth/login/2fa', {
            body: { challengeToken, code: String(100000 + i) },
            ip: uniqueIp(),
          })
        ).status,
      ).toBe(401);
    }
    const res = await call('POST', '/api/auth/login/2fa', {
      body: { challengeToken, code: await totp(u.secret, 0) },
      ip: uniqueIp(),
    });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      message: 'Muitas tentativas de código. Aguarde alguns minutos e tente novamente.',
      error: expect.any(String) as string,
    });
  });

  it('account deletion needs a code too when 2FA is on', async () => {
    const u = await withTwoFactor();
    const noCode = await call('DELETE', '/api/user/account', {
      token: u.token,
      body: { password: u.password },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe('Informe o código de autenticação para excluir a conta');
    const ok = await call('DELETE', '/api/user/account', {
      token: u.token,
      body: { password: u.password, code: u.backupCodes[0] },
    });
    expect(ok.status).toBe(200);
    expect((await sql.query('SELECT 1 FROM two_factor WHERE user_id = $1', [u.id])).rowCount).toBe(0);
  });
});
