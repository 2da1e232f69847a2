import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, MESSAGES, type ExchangeValidatedEvent, type UserExchange } from '@arbitra/contracts';
import { CredentialCipher, ExchangeCredentialsRepository, createDataSource, type OwnerId } from '@arbitra/db';
import { useTestPlatform } from './support/test-platform.js';
import {
  ExchangeCredentialsService,
  type CredentialDisabledEvent,
} from '../src/modules/exchanges/exchange-credentials.service.js';
import { register, type RegisteredUser } from './support/http.js';

/** Realistic-looking Binance key material (64 alphanumerics each); unique per call. */
function binanceKeys() {
  const alnum = (n: number) =>
    randomBytes(n)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .padEnd(n, 'x')
      .slice(0, n);
  return { api_key: `Ak${alnum(62)}`, api_secret: `Sc${alnum(62)}` };
}

interface Saved {
  message: string;
  exchange: UserExchange;
}

describe('exchange credentials (issue 6): endpoints, secrets, validation through the engine', () => {
  const keysK1 = `k1:${randomBytes(32).toString('base64')}`;
  const t = useTestPlatform({
    engines: 1,
    env: { CREDENTIALS_KEYS: keysK1, LOG_LEVEL: 'trace', RATE_LIMIT_REGISTER_IP: '1000/1h' },
  });
  const { call, sql } = t;
  let ds: ReturnType<typeof createDataSource>;
  let credentials: ExchangeCredentialsRepository;
  const logLines: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Every api log line from now on is captured (and kept out of the test output).
    const capture = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    (t.platform.api.logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = capture;
    ds = await createDataSource(t.db.url).initialize();
    credentials = new ExchangeCredentialsRepository(ds);
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await ds?.destroy();
  });

  const add = (u: RegisteredUser, body: Record<string, unknown>) =>
    call<Saved>('POST', '/api/user/exchanges', { token: u.token, body });

  function listen(u: RegisteredUser): Promise<Socket> {
    const socket = io(t.platform.baseUrl, { auth: { token: u.token }, transports: ['websocket'] });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  function nextValidation(socket: Socket, id: string, timeoutMs = 30_000): Promise<ExchangeValidatedEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('exchange:validated não chegou')), timeoutMs);
      const handler = (e: ExchangeValidatedEvent) => {
        if (e.id !== id) return;
        clearTimeout(timer);
        socket.off(EVENTS.exchangeValidated, handler);
        resolve(e);
      };
      socket.on(EVENTS.exchangeValidated, handler);
    });
  }

  describe('GET /api/exchanges/supported — public', () => {
    it('lists the five exchanges with requires_passphrase as data', async () => {
      const res = await call<{ name: string; display_name: string; requires_passphrase: boolean }[]>(
        'GET',
        '/api/exchanges/supported',
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { name: 'binance', display_name: 'Binance', requires_passphrase: false },
        { name: 'mercadobitcoin', display_name: 'Mercado Bitcoin', requires_passphrase: false },
        { name: 'gateio', display_name: 'Gate.io', requires_passphrase: false },
        { name: 'mexc', display_name: 'MEXC', requires_passphrase: false },
        { name: 'bybit', display_name: 'Bybit', requires_passphrase: false },
      ]);
    });
  });

  describe('GET /api/user/plan-exchange-info', () => {
    it("answers the plan's limit (trial: Profissional, 5) and needs a session", async () => {
      const u = await register(call);
      const res = await call('GET', '/api/user/plan-exchange-info', { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        plan: 'Profissional',
        plan_id: 'professional',
        max_exchanges: 5,
        unlimited_exchanges: false,
        used_exchanges: 0,
      });
      expect((await call('GET', '/api/user/plan-exchange-info')).status).toBe(401);
      expect((await call('GET', '/api/user/exchanges')).status).toBe(401);
    });

    it('Enterprise is unlimited (-1)', async () => {
      const u = await register(call);
      await sql.query(`UPDATE subscriptions SET plan_id = 'enterprise' WHERE user_id = $1`, [u.id]);
      const res = await call('GET', '/api/user/plan-exchange-info', { token: u.token });
      expect(res.body).toMatchObject({ plan: 'Enterprise', max_exchanges: -1, unlimited_exchanges: true });
    });
  });

  describe('POST /api/user/exchanges', () => {
    it("saves a Binance key: 201 'Exchange adicionada com sucesso!', masked preview, no secret in the answer", async () => {
      const u = await register(call);
      const keys = binanceKeys();
      const res = await add(u, { exchange_name: 'binance', ...keys, passphrase: '', is_active: true });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.message).toBe('Exchange adicionada com sucesso!');
      const e = res.body.exchange;
      expect(e).toMatchObject({
        exchange_name: 'binance',
        display_name: 'Binance',
        api_key: keys.api_key,
        api_key_preview: `${keys.api_key.slice(0, 4)}••••${keys.api_key.slice(-4)}`,
        is_active: true,
        is_validated: false,
        validation_status: 'pending',
        validation_reason: null,
        permissions: null,
        can_withdraw: null,
        last_used_at: null,
      });
      expect(Object.keys(e)).not.toContain('api_secret');
      expect(Object.keys(e)).not.toContain('passphrase');
      expect(JSON.stringify(res.body)).not.toContain(keys.api_secret);
      const list = await call<UserExchange[]>('GET', '/api/user/exchanges', { token: u.token });
      expect(list.body.map((x) => x.id)).toEqual([e.id]);
      expect(JSON.stringify(list.body)).not.toContain(keys.api_secret);
    });

    it("answers SPEC §5's messages in order, then the format rules, one at a time", async () => {
      const u = await register(call);
      const k = binanceKeys();
      const cases: [unknown, string][] = [
        [{}, 'Selecione uma exchange'],
        [{ exchange_name: '' }, 'Selecione uma exchange'],
        [{ exchange_name: 'kraken', api_key: k.api_key, api_secret: k.api_secret }, 'Exchange não suportada'],
        [{ exchange_name: 'binance' }, 'API Key é obrigatória'],
        [{ exchange_name: 'binance', api_key: '   ', api_secret: k.api_secret }, 'API Key é obrigatória'],
        [{ exchange_name: 'binance', api_key: k.api_key }, 'API Secret é obrigatório'],
        [
          { exchange_name: 'binance', api_key: 'curta', api_secret: k.api_secret },
          MESSAGES.exchanges.apiKeyLength,
        ],
        [
          { exchange_name: 'binance', api_key: 'x'.repeat(257), api_secret: k.api_secret },
          MESSAGES.exchanges.apiKeyLength,
        ],
        [
          { exchange_name: 'binance', api_key: 'chave com espaços e acentuação', api_secret: k.api_secret },
          MESSAGES.exchanges.apiKeyCharset,
        ],
        [
          { exchange_name: 'binance', api_key: 1234567890123456, api_secret: k.api_secret },
          'API Key é obrigatória',
        ],
        [
          { exchange_name: 'binance', api_key: k.api_key, api_secret: 'y'.repeat(600) },
          MESSAGES.exchanges.apiSecretLength,
        ],
        [
          { exchange_name: 'binance', api_key: k.api_key, api_secret: 'segredo com espaço 1234' },
          MESSAGES.exchanges.apiSecretCharset,
        ],
        [{ exchange_name: 'binance', ...k, passphrase: 'minha-frase' }, 'Esta exchange não usa passphrase'],
        [{ exchange_name: 'binance', ...k, is_active: 'sim' }, 'Valor inválido para o campo is_active'],
        [{ exchange_name: 'binance', ...k, user_id: u.id }, 'Campo não permitido: user_id'],
        [[], 'Selecione uma exchange'],
      ];
      for (const [body, message] of cases) {
        const res = await add(u, body as Record<string, unknown>);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body, JSON.stringify(body)).toMatchObject({ message, code: 'validation_failed' });
      }
      const nul = await add(u, {
        exchange_name: 'binance',
        api_key: `${k.api_key}\u0000`,
        api_secret: k.api_secret,
      });
      expect(nul.body).toMatchObject({ code: 'invalid_characters' });
      const huge = await call('POST', '/api/user/exchanges', {
        token: u.token,
        rawBody: JSON.stringify({ exchange_name: 'binance', api_key: 'x'.repeat(70_000) }),
      });
      expect(huge.status).toBe(413);
      expect((await call<UserExchange[]>('GET', '/api/user/exchanges', { token: u.token })).body).toEqual([]);
    });

    it('accepts a PEM private key as the secret (Binance Ed25519 keys)', async () => {
      const u = await register(call);
      const pem =
        '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIGxN6f4qTq0X4sD0bKp1E8l3fQm0n0uZr0E3Yq3n3p6X\n-----END PRIVATE KEY-----';
      const res = await add(u, { exchange_name: 'binance', api_key: binanceKeys().api_key, api_secret: pem });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });

    it('one credential per exchange per user: 409', async () => {
      const u = await register(call);
      expect((await add(u, { exchange_name: 'gateio', ...binanceKeys() })).status).toBe(201);
      const again = await add(u, { exchange_name: 'gateio', ...binanceKeys() });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 'exchange_already_connected',
        message: MESSAGES.exchanges.alreadyConnected,
      });
      // Another user may connect the same exchange.
      const other = await register(call);
      expect((await add(other, { exchange_name: 'gateio', ...binanceKeys() })).status).toBe(201);
    });

    it("refuses past the plan's limit: 403 (Básico: 2), also for concurrent requests", async () => {
      const u = await register(call);
      await sql.query(`UPDATE subscriptions SET plan_id = 'basic' WHERE user_id = $1`, [u.id]);
      const results = await Promise.all(
        (['binance', 'mexc', 'bybit', 'gateio'] as const).map((exchange_name) =>
          add(u, { exchange_name, ...binanceKeys() }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 403, 403]);
      const refused = results.find((r) => r.status === 403);
      expect(refused?.body).toMatchObject({
        code: 'exchange_limit_reached',
        message: 'Seu plano permite até 2 exchanges. Faça upgrade para adicionar mais.',
      });
      const info = await call('GET', '/api/user/plan-exchange-info', { token: u.token });
      expect(info.body).toMatchObject({ plan: 'Básico', max_exchanges: 2, used_exchanges: 2 });
    });

    it('refuses when the subscription is not active (nothing to add to)', async () => {
      const u = await register(call);
      await sql.query(
        `UPDATE subscriptions SET status = 'canceled', current_period_start = now() - interval '40 days', current_period_end = now() - interval '1 day' WHERE user_id = $1`,
        [u.id],
      );
      const res = await add(u, { exchange_name: 'binance', ...binanceKeys() });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'no_active_plan' });
    });
  });

  describe('PUT /api/user/exchanges/:id', () => {
    it('toggles with only { is_active } and keeps the key (no new check)', async () => {
      const u = await register(call);
      const saved = (await add(u, { exchange_name: 'mexc', ...binanceKeys() })).body.exchange;
      const before = await sql.query(
        'SELECT check_version, api_secret_encrypted FROM exchange_credentials WHERE id = $1',
        [saved.id],
      );
      const off = await call<Saved>('PUT', `/api/user/exchanges/${saved.id}`, {
        token: u.token,
        body: { is_active: false },
      });
      expect(off.status).toBe(200);
      expect(off.body.message).toBe('Exchange atualizada com sucesso!');
      expect(off.body.exchange.is_active).toBe(false);
      const on = await call<Saved>('PUT', `/api/user/exchanges/${saved.id}`, {
        token: u.token,
        body: { is_active: true },
      });
      expect(on.body.exchange.is_active).toBe(true);
      const after = await sql.query(
        'SELECT check_version, api_secret_encrypted FROM exchange_credentials WHERE id = $1',
        [saved.id],
      );
      expect(after.rows[0]).toEqual(before.rows[0]);
      const bad = await call('PUT', `/api/user/exchanges/${saved.id}`, {
        token: u.token,
        body: { is_active: 'não' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: 'Valor inválido para o campo is_active' });
    });

    it('edits: the exchange cannot change; a blank secret keeps the stored one; a new key needs its secret', async () => {
      const u = await register(call);
      const k = binanceKeys();
      const saved = (await add(u, { exchange_name: 'bybit', ...k })).body.exchange;
      const v1 = await sql.query<{ check_version: number }>(
        'SELECT check_version FROM exchange_credentials WHERE id = $1',
        [saved.id],
      );

      const moved = await call('PUT', `/api/user/exchanges/${saved.id}`, {
        token: u.token,
        body: { exchange_name: 'binance', ...k },
      });
      expect(moved.status).toBe(400);
      expect(moved.body).toMatchObject({ message: 'A exchange não pode ser alterada na edição' });

      const same = await call<Saved>('PUT', `/api/user/exchanges/${saved.id}`, {
        token: u.token,
        body: { exchange_name: 'bybit', api_key: k.api_key, api_secret: '', passphrase: '', is_active: true },
      });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      const v2 = await sql.query<{ check_version: number }>(
        'SELECT check_version FROM exchange_credentials WHERE id = $1',
        [saved.id],
      );
      expect(v2.rows[0]?.check_version).toBe(v1.rows[0]?.check_version);

      const next = binanceKeys();
      const noSecret = await call('PUT', `/api/user/exchanges/${saved.id}`, {
        token: u.token,
        body: { exchange_name: 'bybit', api_key: next.api_key },
      });
      expect(noSecret.status).toBe(400);
      expect(noSecret.body).toMatchObject({ message: 'API Secret é obrigatório' });
      const empty = await call('PUT', `/api/user/exchanges/${saved.id}`, { token: u.token, body: {} });
      expect(empty.body).toMatchObject({ message: 'API Key é obrigatória' });

      const changed = await call<Saved>('PUT', `/api/user/exchanges/${saved.id}`, {
        token: u.token,
        body: { exchange_name: 'bybit', ...next },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.exchange).toMatchObject({
        api_key: next.api_key,
        validation_status: 'pending',
        is_validated: false,
      });
      const v3 = await sql.query<{ check_version: number }>(
        'SELECT check_version FROM exchange_credentials WHERE id = $1',
        [saved.id],
      );
      expect(v3.rows[0]?.check_version).toBe((v1.rows[0]?.check_version ?? 0) + 1);
    });
  });

  describe('DELETE /api/user/exchanges/:id, audit and LGPD export', () => {
    it("removes: 'Exchange removida com sucesso!', audited as exchange_key_added / exchange_key_removed", async () => {
      const u = await register(call);
      const k = binanceKeys();
      const saved = (await add(u, { exchange_name: 'binance', ...k })).body.exchange;
      const exp = await call<{ exchanges: Record<string, unknown>[] }>('GET', '/api/user/export', {
        token: u.token,
      });
      expect(exp.body.exchanges[0]).toMatchObject({ id: saved.id, api_key_preview: saved.api_key_preview });
      expect(JSON.stringify(exp.body)).not.toContain(k.api_secret);
      expect(JSON.stringify(exp.body)).not.toContain(k.api_key);

      const res = await call('DELETE', `/api/user/exchanges/${saved.id}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Exchange removida com sucesso!' });
      expect((await call<UserExchange[]>('GET', '/api/user/exchanges', { token: u.token })).body).toEqual([]);
      expect((await call('DELETE', `/api/user/exchanges/${saved.id}`, { token: u.token })).status).toBe(404);

      const audit = await call<{
        items: { action: string; label: string; metadata: Record<string, unknown> }[];
      }>('GET', '/api/user/audit', { token: u.token });
      const actions = audit.body.items.map((i) => i.action);
      expect(actions).toContain('exchange_key_added');
      expect(actions).toContain('exchange_key_removed');
      expect(audit.body.items.find((i) => i.action === 'exchange_key_removed')?.label).toBe(
        'Chave de API removida',
      );
      expect(JSON.stringify(audit.body)).not.toContain(k.api_secret);
    });
  });

  describe('ownership: another user’s credential is a 404 on every verb', () => {
    it('PUT (toggle and full), DELETE, validate → 404; the list shows only one’s own', async () => {
      const owner = await register(call);
      const intruder = await register(call);
      const k = binanceKeys();
      const saved = (await add(owner, { exchange_name: 'binance', ...k })).body.exchange;
      const path = `/api/user/exchanges/${saved.id}`;
      const attempts = [
        await call('PUT', path, { token: intruder.token, body: { is_active: false } }),
        await call('PUT', path, {
          token: intruder.token,
          body: { exchange_name: 'binance', ...binanceKeys() },
        }),
        await call('PUT', path, { token: intruder.token, body: { nonsense: true } }),
        await call('DELETE', path, { token: intruder.token }),
        await call('POST', `${path}/validate`, { token: intruder.token }),
      ];
      for (const r of attempts) {
        expect(r.status).toBe(404);
        expect(r.body).toMatchObject({ code: 'exchange_not_found', message: 'Exchange não encontrada' });
      }
      expect(
        (await call<UserExchange[]>('GET', '/api/user/exchanges', { token: intruder.token })).body,
      ).toEqual([]);
      expect(
        (
          await call('PUT', '/api/user/exchanges/nao-e-um-uuid', {
            token: owner.token,
            body: { is_active: false },
          })
        ).status,
      ).toBe(404);
      // Untouched.
      const mine = await call<UserExchange[]>('GET', '/api/user/exchanges', { token: owner.token });
      expect(mine.body[0]).toMatchObject({ id: saved.id, is_active: true, api_key: k.api_key });
    });
  });

  describe('validation with the exchange, run by the engine', () => {
    it("offline: the engine records 'unreachable' (not 'invalid': the exchange never judged the key) and tells the owner's browsers live", async () => {
      const u = await register(call);
      const socket = await listen(u);
      const k = binanceKeys();
      const saved = (await add(u, { exchange_name: 'binance', ...k })).body.exchange;
      const event = await nextValidation(socket, saved.id);
      expect(event).toMatchObject({
        id: saved.id,
        exchange_name: 'binance',
        is_validated: false,
        validation_status: 'unreachable',
        validation_reason: expect.stringMatching(/^não foi possível contatar a exchange: /) as unknown,
      });
      expect(JSON.stringify(event)).not.toContain(k.api_secret);
      const list = await call<UserExchange[]>('GET', '/api/user/exchanges', { token: u.token });
      expect(list.body[0]).toMatchObject({
        is_validated: false,
        validation_status: 'unreachable',
        validation_reason: expect.stringMatching(/^não foi possível contatar a exchange: /) as unknown,
      });

      // 'Validar novamente': pending at once, then the new result arrives.
      const again = nextValidation(socket, saved.id);
      const re = await call<Saved>('POST', `/api/user/exchanges/${saved.id}/validate`, { token: u.token });
      expect(re.status).toBe(202);
      expect(re.body.exchange.validation_status).toBe('pending');
      expect((await again).validation_reason).toMatch(/^não foi possível contatar a exchange: /);
    });

    it("another user's socket does not hear it", async () => {
      const a = await register(call);
      const b = await register(call);
      const socketB = await listen(b);
      const heard: ExchangeValidatedEvent[] = [];
      socketB.on(EVENTS.exchangeValidated, (e: ExchangeValidatedEvent) => heard.push(e));
      const socketA = await listen(a);
      const saved = (await add(a, { exchange_name: 'mexc', ...binanceKeys() })).body.exchange;
      await nextValidation(socketA, saved.id);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toEqual([]);
    });
  });

  describe('secrets at rest and in logs', () => {
    it('no secret, passphrase or API key in clear anywhere in the database, nor in any log line', async () => {
      const u = await register(call);
      const socket = await listen(u);
      const k = binanceKeys();
      const saved = (await add(u, { exchange_name: 'binance', ...k })).body.exchange;
      await nextValidation(socket, saved.id);
      await call('PUT', `/api/user/exchanges/${saved.id}`, {
        token: u.token,
        body: { exchange_name: 'binance', api_key: k.api_key, api_secret: `${k.api_secret}Z` },
      });
      // Bad requests carrying secrets are not logged with them either.
      await add(u, {
        exchange_name: 'binance',
        api_key: k.api_key,
        api_secret: k.api_secret,
        passphrase: 'frase-secreta-123',
      });

      const row = await sql.query('SELECT * FROM exchange_credentials WHERE id = $1', [saved.id]);
      expect(row.rows[0]).toMatchObject({ key_id: 'k1', passphrase_encrypted: null });
      const rowText = JSON.stringify(row.rows[0]);
      expect(rowText).not.toContain(k.api_secret);
      expect(rowText).not.toContain(k.api_key);

      // Every table of every schema (audit log, the job queue's tables, socket attachments…).
      const tables = await sql.query<{ s: string; t: string }>(
        `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(tables.rows.length).toBeGreaterThan(10);
      for (const { s, t } of tables.rows) {
        const dump = await sql.query(`SELECT row_to_json(x)::text AS j FROM "${s}"."${t}" x`);
        const text = dump.rows.map((r: { j: string }) => r.j).join('\n');
        expect(text, `${s}.${t}`).not.toContain(k.api_secret);
        expect(text, `${s}.${t}`).not.toContain(k.api_key);
        expect(text, `${s}.${t}`).not.toContain('frase-secreta-123');
      }

      const logs = logLines.join('');
      expect(logLines.length).toBeGreaterThan(0);
      expect(logs).not.toContain(k.api_secret);
      expect(logs).not.toContain(k.api_key);
      expect(logs).not.toContain('frase-secreta-123');
      // pino's redaction covers the credential fields should anyone log a body.
      t.platform.api.logger.info(
        { body: { api_key: k.api_key, api_secret: k.api_secret, passphrase: 'p' } },
        'teste de redação',
      );
      t.platform.api.logger.info({ api_secret: k.api_secret }, 'teste de redação');
      expect(logLines.join('')).not.toContain(k.api_secret);
    });
  });

  describe('key rotation (npm run credentials:rotate)', () => {
    it('re-encrypts every row under the new current key; the old key then reads nothing', async () => {
      const u = await register(call);
      const k = binanceKeys();
      const saved = (await add(u, { exchange_name: 'mercadobitcoin', ...k })).body.exchange;
      const keysK2 = `k2:${randomBytes(32).toString('base64')}`;
      const rotating = CredentialCipher.fromSpec(`${keysK2},${keysK1}`);
      const first = await credentials.rotate(rotating, 2);
      expect(first.currentKeyId).toBe('k2');
      expect(first.rotated).toBeGreaterThan(0);
      expect(first.failed).toEqual([]);
      const remaining = await sql.query(
        `SELECT count(*)::int AS n FROM exchange_credentials WHERE key_id <> 'k2'`,
      );
      expect(remaining.rows[0]).toEqual({ n: 0 });
      const row = (await sql.query('SELECT * FROM exchange_credentials WHERE id = $1', [saved.id]))
        .rows[0] as Record<string, string | null>;
      const opened = CredentialCipher.fromSpec(keysK2).open(saved.id, {
        keyId: row.key_id ?? '',
        apiKeyEncrypted: row.api_key_encrypted ?? '',
        apiSecretEncrypted: row.api_secret_encrypted ?? '',
        passphraseEncrypted: row.passphrase_encrypted ?? null,
      });
      expect(opened).toEqual({ apiKey: k.api_key, apiSecret: k.api_secret, passphrase: null });
      expect(() =>
        CredentialCipher.fromSpec(keysK1).open(saved.id, {
          keyId: 'k2',
          apiKeyEncrypted: row.api_key_encrypted ?? '',
          apiSecretEncrypted: '',
          passphraseEncrypted: null,
        }),
      ).toThrow();
      // Idempotent; then back under k1 (the key this platform runs with), which reads them again.
      expect((await credentials.rotate(rotating)).rotated).toBe(0);
      const back = await credentials.rotate(CredentialCipher.fromSpec(`${keysK1},${keysK2}`));
      expect(back.failed).toEqual([]);
      const list = await call<UserExchange[]>('GET', '/api/user/exchanges', { token: u.token });
      expect(list.body[0]?.api_key).toBe(k.api_key);
    });

    it('reports rows whose key is not in the ring and leaves them untouched', async () => {
      const u = await register(call);
      const saved = (await add(u, { exchange_name: 'binance', ...binanceKeys() })).body.exchange;
      const stranger = CredentialCipher.fromSpec(`k7:${randomBytes(32).toString('base64')}`);
      const result = await credentials.rotate(stranger);
      expect(result.failed.map((f) => f.id)).toContain(saved.id);
      const row = await sql.query<{ key_id: string }>(
        'SELECT key_id FROM exchange_credentials WHERE id = $1',
        [saved.id],
      );
      expect(row.rows[0]?.key_id).toBe('k1');
    });
  });

  describe('for the bots module: assertLiveReady and onCredentialDisabled', () => {
    it('names, in pt-BR, every exchange that is not ready for a live bot', async () => {
      const service = t.platform.api.app.get(ExchangeCredentialsService);
      const u = await register(call);
      const saved = (await add(u, { exchange_name: 'binance', ...binanceKeys() })).body.exchange;
      await sql.query(`UPDATE exchange_credentials SET validation_status = 'valid' WHERE id = $1`, [
        saved.id,
      ]);
      await expect(service.assertLiveReady(u.id as OwnerId, ['binance'])).resolves.toBeUndefined();
      const err = (await service.assertLiveReady(u.id as OwnerId, ['binance', 'bybit']).catch((e: unknown) => e)) as {
        status: number;
        code: string;
        message: string;
        details: { exchanges: { exchange: string; problem: string }[] };
      };
      expect(err).toMatchObject({ status: 409, code: 'live_credentials_not_ready' });
      expect(err.message).toBe(
        'Para operar em modo real, ajuste as credenciais de: Bybit (nenhuma credencial cadastrada).',
      );
      expect(err.details.exchanges).toEqual([
        {
          exchange: 'bybit',
          display_name: 'Bybit',
          problem: 'missing',
          problem_label: 'nenhuma credencial cadastrada',
        },
      ]);
      await call('PUT', `/api/user/exchanges/${saved.id}`, { token: u.token, body: { is_active: false } });
      await expect(service.assertLiveReady(u.id as OwnerId, ['binance'])).rejects.toThrow(
        'Binance (credencial desativada)',
      );
    });

    it('tells the listeners when a credential is deactivated, changed or removed (a failing listener does not undo it)', async () => {
      const service = t.platform.api.app.get(ExchangeCredentialsService);
      const events: CredentialDisabledEvent[] = [];
      const off1 = service.onCredentialDisabled((e) => {
        events.push(e);
      });
      const off2 = service.onCredentialDisabled(() => {
        throw new Error('listener com defeito');
      });
      try {
        const u = await register(call);
        const saved = (await add(u, { exchange_name: 'gateio', ...binanceKeys() })).body.exchange;
        await call('PUT', `/api/user/exchanges/${saved.id}`, { token: u.token, body: { is_active: false } });
        await call('PUT', `/api/user/exchanges/${saved.id}`, { token: u.token, body: { is_active: true } });
        await call('PUT', `/api/user/exchanges/${saved.id}`, {
          token: u.token,
          body: { exchange_name: 'gateio', ...binanceKeys() },
        });
        expect((await call('DELETE', `/api/user/exchanges/${saved.id}`, { token: u.token })).status).toBe(
          200,
        );
        const mine = events.filter((e) => e.credentialId === saved.id);
        expect(mine.map((e) => e.reason)).toEqual(['deactivated', 'key_changed', 'removed']);
        expect(mine[0]).toMatchObject({
          userId: u.id,
          exchange: 'gateio',
          message: 'Gate.io: As credenciais da exchange foram desativadas',
        });
      } finally {
        off1();
        off2();
      }
    });
  });
});
