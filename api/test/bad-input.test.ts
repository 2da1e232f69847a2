import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestPlatform } from './support/test-platform.js';
import { login, register, uniqueEmail, uniqueIp, type HttpResult } from './support/http.js';

/** Everything the bad input could have touched. */
async function snapshot(sql: Pick<pg.Client, 'query'>): Promise<string> {
  const parts: string[] = [];
  for (const q of [
    'SELECT id, name, email, role, password_hash, disabled_at FROM users ORDER BY id',
    'SELECT user_id, plan_id, status FROM subscriptions ORDER BY user_id',
    'SELECT user_id, sms FROM notification_settings ORDER BY user_id',
    'SELECT user_id, enabled_at FROM two_factor ORDER BY user_id',
  ]) {
    parts.push(JSON.stringify((await sql.query(q)).rows));
  }
  return parts.join('\n');
}

function expectClean4xx(res: HttpResult, status: number, message: string): void {
  expect(res.status).toBe(status);
  expect(res.body.message).toBe(message);
  expect(JSON.stringify(res.body)).not.toMatch(/stack|Error:|at \w+ \(|QueryFailedError|SELECT|INSERT/);
}

describe('bad input never reaches the data (issue 3 §10)', () => {
  const t = useTestPlatform();
  const { call, sql } = t;
  let token: string;
  let before: string;

  beforeAll(async () => {
    token = (await register(call, { email: 'vitima@exemplo.com' })).token;
    before = await snapshot(sql);
  });

  afterAll(async () => {
    // Whatever was thrown at it, the stored data is what it was.
    expect(await snapshot(sql)).toBe(before);
  });

  it('malformed JSON → 400', async () => {
    for (const rawBody of ['{"name": "Ana", ', '{name: Ana}', 'null', '"texto"']) {
      const res = await call('POST', '/api/auth/register', { rawBody, ip: uniqueIp() });
      expectClean4xx(res, 400, 'O corpo da requisição não é um JSON válido');
      expect(res.body.code).toBe('invalid_json');
    }
  });

  it('a JSON array → 400; a body that is not JSON at all → 415 (JSON only)', async () => {
    expectClean4xx(
      await call('POST', '/api/auth/register', { body: [{ name: 'Ana' }], ip: uniqueIp() }),
      400,
      'Requisição inválida',
    );
    const text = await call('POST', '/api/auth/register', {
      rawBody: 'name=Ana',
      headers: { 'content-type': 'text/plain' },
      ip: uniqueIp(),
    });
    expectClean4xx(text, 415, 'Envie o corpo da requisição em JSON (Content-Type: application/json)');
  });

  it('wrong types → 400 with the field named and the type expected', async () => {
    expectClean4xx(
      await call('POST', '/api/auth/register', {
        body: { name: 42, email: uniqueEmail(), password: 'senha-segura-1' },
        ip: uniqueIp(),
      }),
      400,
      'O campo name deve ser um texto',
    );
    expectClean4xx(
      await call('POST', '/api/auth/register', {
        body: { name: 'Ana', email: ['a@b.com'], password: 'senha-segura-1' },
        ip: uniqueIp(),
      }),
      400,
      'O campo email deve ser um texto',
    );
    expectClean4xx(
      await call('POST', '/api/auth/register', {
        body: { name: 'Ana', email: uniqueEmail(), password: { $gt: '' } },
        ip: uniqueIp(),
      }),
      400,
      'Senha deve ter pelo menos 8 caracteres',
    );
    expectClean4xx(
      await call('POST', '/api/auth/login', {
        body: { email: 'vitima@exemplo.com', password: 'x', remember: 'sim' },
        ip: uniqueIp(),
      }),
      400,
      'Valor inválido para o campo remember',
    );
    expectClean4xx(
      await call('PUT', '/api/user/notifications', { token, body: { email: 1 } }),
      400,
      'O campo email deve ser verdadeiro ou falso',
    );
    for (const page of ['0x10', '1e3'])
      expectClean4xx(
        await call('GET', `/api/user/audit?page=${page}`, { token }),
        400,
        'Valor inválido para o campo page',
      );
    expectClean4xx(
      await call('GET', '/api/user/audit?page=abc', { token }),
      400,
      'Valor inválido para o campo page',
    );
  });

  it('unknown fields → 400 (no mass assignment of role or id)', async () => {
    const email = uniqueEmail();
    const res = await call('POST', '/api/auth/register', {
      body: { name: 'Ana', email, password: 'senha-segura-1', role: 'admin' },
      ip: uniqueIp(),
    });
    expectClean4xx(res, 400, 'Campo não permitido: role');
    expect((await sql.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount).toBe(0);
    expectClean4xx(
      await call('PUT', '/api/user/profile', {
        token,
        body: { name: 'Ana', email: 'vitima@exemplo.com', role: 'admin' },
      }),
      400,
      'Campo não permitido: role',
    );
    expectClean4xx(
      await call('PUT', '/api/user/profile', {
        token,
        body: { id: 'x', name: 'Ana', email: 'vitima@exemplo.com' },
      }),
      400,
      'Campo não permitido: id',
    );
    expectClean4xx(await call('GET', '/api/user/audit?sort=id', { token }), 400, 'Campo não permitido: sort');
  });

  it('an oversized body → 413 in pt-BR', async () => {
    const res = await call('POST', '/api/auth/register', {
      body: { name: 'A'.repeat(70_000), email: uniqueEmail(), password: 'senha-segura-1' },
      ip: uniqueIp(),
    });
    expectClean4xx(res, 413, 'O corpo da requisição é grande demais');
    expect(res.body.code).toBe('payload_too_large');
  });

  it('very long strings → 400', async () => {
    const ip = uniqueIp();
    expectClean4xx(
      await call('POST', '/api/auth/register', {
        body: { name: 'A'.repeat(121), email: uniqueEmail(), password: 'senha-segura-1' },
        ip,
      }),
      400,
      'Nome deve ter no máximo 120 caracteres',
    );
    expectClean4xx(
      await call('POST', '/api/auth/register', {
        body: { name: 'Ana', email: `${'a'.repeat(250)}@exemplo.com`, password: 'senha-segura-1' },
        ip,
      }),
      400,
      'Email inválido',
    );
    expectClean4xx(
      await call('POST', '/api/auth/register', {
        body: { name: 'Ana', email: uniqueEmail(), password: 'x'.repeat(129) },
        ip,
      }),
      400,
      'Senha deve ter no máximo 128 caracteres',
    );
    expectClean4xx(
      await call('POST', '/api/auth/login', {
        body: { email: 'vitima@exemplo.com', password: 'x'.repeat(10_000) },
        ip: uniqueIp(),
      }),
      400,
      'Senha deve ter no máximo 128 caracteres',
    );
    expectClean4xx(
      await call('POST', '/api/auth/login/2fa', {
        body: { challengeToken: 'x'.repeat(5000), code: '123456' },
        ip: uniqueIp(),
      }),
      400,
      'A verificação expirou. Entre novamente.',
    );
    expectClean4xx(
      await call('POST', '/api/user/2fa/enable', { token, body: { code: '1'.repeat(40) } }),
      400,
      'Código inválido. Tente novamente.',
    );
  });

  it('control characters (NUL) → 400, never a database error', async () => {
    expectClean4xx(
      await call('POST', '/api/auth/register', {
        body: { name: 'Ana\u0000', email: uniqueEmail(), password: 'senha-segura-1' },
        ip: uniqueIp(),
      }),
      400,
      'A requisição contém caracteres inválidos',
    );
    expectClean4xx(
      await call('POST', '/api/auth/login', {
        body: { email: 'vitima\u0000@exemplo.com', password: 'x' },
        ip: uniqueIp(),
      }),
      400,
      'A requisição contém caracteres inválidos',
    );
    expectClean4xx(
      await call('POST', '/api/auth/register', {
        body: { name: 'Ana\u0007', email: uniqueEmail(), password: 'senha-segura-1' },
        ip: uniqueIp(),
      }),
      400,
      'Nome contém caracteres inválidos',
    );
    const adminSearch = await call('GET', '/api/admin/users?search=%00', { token });
    expect(adminSearch.status).toBe(403);
  });

  it('SQL-injection-looking strings → 4xx where they are not valid, stored as plain text where they are', async () => {
    for (const email of ["' OR '1'='1", "vitima@exemplo.com' --", 'a@b.com; DROP TABLE users;--']) {
      expectClean4xx(await login(call, email, "' OR '1'='1"), 400, 'Email inválido');
      expectClean4xx(
        await call('POST', '/api/auth/forgot-password', { body: { email }, ip: uniqueIp() }),
        400,
        'Email inválido',
      );
    }
    expectClean4xx(
      await login(call, 'vitima@exemplo.com', "' OR '1'='1' --"),
      401,
      'Email ou senha incorretos',
    );
    expectClean4xx(
      await call('DELETE', `/api/user/sessions/${encodeURIComponent("1' OR '1'='1")}`, { token }),
      404,
      'Sessão não encontrada',
    );
    // A name is free text: the quote is data, not SQL.
    const name = "Robert'); DROP TABLE users;--";
    const bobby = await register(call, { name });
    expect(
      (await call<{ user: { name: string } }>('GET', '/api/auth/me', { token: bobby.token })).body.user.name,
    ).toBe(name);
    expect(
      (await sql.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [bobby.id])).rows[0]!.name,
    ).toBe(name);
    await sql.query('DELETE FROM users WHERE id = $1', [bobby.id]);
  });

  it('unknown routes → 404 in pt-BR', async () => {
    expectClean4xx(await call('GET', '/api/nao-existe', { token }), 404, 'Recurso não encontrado');
    expectClean4xx(await call('GET', '/api/nao-existe'), 404, 'Recurso não encontrado');
  });
});
