import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, MESSAGES, ROOMS, type ExchangeValidatedEvent } from '@arbitra/contracts';
import { CredentialCipher, ExchangeCredentialsRepository, createDataSource } from '@arbitra/db';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { startPlatform, type TestPlatform } from '../../scripts/test-support/platform.js';
import { client, register, type Client } from '../../api/test/support/http.js';
import { CredentialChecksProcessor } from '../src/credentials/credential-checks.processor.js';
import { CredentialStore, CredentialUnavailableError } from '../src/credentials/credential-store.js';
import { CredentialValidator } from '../src/credentials/credential-validator.js';
import { ccxtClientFactory, type ExchangeClientFactory } from '../src/credentials/exchange-client.factory.js';
import {
  pointAt,
  spotMarket,
  startLocalExchange,
  type AccountSpec,
  type LocalExchange,
} from '../src/testing/local-exchanges/index.js';

/** Binance's answer to a key: with withdrawals enabled (Arbitra refuses it), and a read-and-trade one. */
const KNOWN: AccountSpec = {
  apiKey: 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A',
  secret: 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j',
  canWithdraw: true,
  balances: { BTC: '0.5', USDT: '1250.75' },
};
const READ_TRADE: AccountSpec = {
  apiKey: 'rTrAdEoNlY0123456789abcdefABCDEF0123456789abcdefABCDEF01234567',
  secret: 'sEcReT0nLy0123456789abcdefABCDEF0123456789abcdefABCDEF01234567',
  canWithdraw: false,
  balances: { BTC: '0.5', USDT: '1250.75' },
};
const BTC_USDT = spotMarket('BTC', 'USDT', { bids: [['59990', '1']], asks: [['60000', '1']] });

/** 'hang': never answers; 'unavailable': 503 from a proxy (HTML); 'dns': the host name does not resolve. */
type ServerMode = 'serve' | 'hang' | 'unavailable' | 'dns';
const opened: LocalExchange[] = [];
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});

/**
 * The platform's factory (ccxt's real Binance class) pointed at a local Binance (engine/src/testing/
 * local-exchanges) that knows `accounts`: ccxt signs, sends and parses as it would with api.binance.com.
 */
function binanceFactory(
  accounts: AccountSpec[],
  mode: ServerMode = 'serve',
): ExchangeClientFactory & { last?: LocalExchange } {
  const factory: ExchangeClientFactory & { last?: LocalExchange } = async (
    exchange,
    credentials,
    options,
  ) => {
    const local = await startLocalExchange('binance', [BTC_USDT], accounts);
    opened.push(local);
    factory.last = local;
    if (mode === 'dns') {
      return pointAt(await ccxtClientFactory(exchange, credentials, options), 'http://arbitra-test.invalid');
    }
    if (mode !== 'serve') local.venue.faults.outage = mode;
    return local.clientFactory()(exchange, credentials, options);
  };
  return factory;
}

describe('CredentialValidator against ccxt.binance answering as Binance (fetchBalance, read-only)', () => {
  it('a key that can withdraw: refused (DECISIONS §13), with the permissions Binance reports', async () => {
    const factory = binanceFactory([KNOWN]);
    const outcome = await new CredentialValidator(factory, 2_000).check('binance', {
      apiKey: KNOWN.apiKey,
      secret: KNOWN.secret,
    });
    expect(outcome).toMatchObject({
      status: 'invalid',
      reason: MESSAGES.exchanges.reasonWithdrawRefused,
      reachedExchange: true,
      permissions: ['read', 'trade', 'withdraw'],
      canWithdraw: true,
    });
    // ccxt signed the calls with the key (header) and the secret (the server checked the HMAC).
    const account = factory.last?.requests.find((r) => r.path === '/api/v3/account');
    expect(account?.headers['x-mbx-apikey']).toBe(KNOWN.apiKey);
    expect(factory.last?.requests.map((r) => r.method)).not.toContain('POST');
  });

  it('a key without withdrawals: valid, can_withdraw false', async () => {
    const outcome = await new CredentialValidator(binanceFactory([READ_TRADE]), 2_000).check('binance', {
      apiKey: READ_TRADE.apiKey,
      secret: READ_TRADE.secret,
    });
    expect(outcome).toMatchObject({ status: 'valid', permissions: ['read', 'trade'], canWithdraw: false });
  });

  it("an unknown key: Binance's -2015, parsed by ccxt's handleErrors → 'Credenciais inválidas: …'", async () => {
    const outcome = await new CredentialValidator(binanceFactory([KNOWN]), 2_000).check('binance', {
      apiKey: READ_TRADE.apiKey,
      secret: READ_TRADE.secret,
    });
    expect(outcome.status).toBe('invalid');
    expect(outcome.reachedExchange).toBe(true);
    expect(outcome.errorClass).toBe('AuthenticationError');
    expect(outcome.reason).toBe(
      'Credenciais inválidas: Invalid API-key, IP, or permissions for action. (-2015)',
    );
  });

  it("a malformed key: Binance's -2014", async () => {
    const outcome = await new CredentialValidator(binanceFactory([KNOWN]), 2_000).check('binance', {
      apiKey: 'chave_com_formato_ruim',
      secret: KNOWN.secret,
    });
    expect(outcome.reason).toBe('Credenciais inválidas: API-key format invalid. (-2014)');
  });

  it('the right key with a wrong secret: the signature is refused (-1022), and the secret is not in the reason', async () => {
    const wrong = 'WrongSecret0123456789WrongSecret0123456789WrongSecret0123456789ab';
    const outcome = await new CredentialValidator(binanceFactory([KNOWN]), 2_000).check('binance', {
      apiKey: KNOWN.apiKey,
      secret: wrong,
    });
    expect(outcome.reason).toBe('Credenciais inválidas: Signature for this request is not valid. (-1022)');
    expect(outcome.reason).not.toContain(wrong);
    expect(outcome.reason).not.toContain(KNOWN.apiKey);
  });

  it("an exchange that does not answer: ccxt's RequestTimeout → 'unreachable', not 'Credenciais inválidas'", async () => {
    const started = Date.now();
    const outcome = await new CredentialValidator(binanceFactory([KNOWN], 'hang'), 300).check('binance', {
      apiKey: KNOWN.apiKey,
      secret: KNOWN.secret,
    });
    expect(outcome).toMatchObject({
      status: 'unreachable',
      reason: 'não foi possível contatar a exchange: ela não respondeu no prazo. Tente validar novamente.',
      reachedExchange: false,
    });
    expect(outcome.errorClass).toBe('RequestTimeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ['unavailable', 'ExchangeNotAvailable', MESSAGES.exchanges.reasonNotAvailable],
    ['dns', 'NetworkError', MESSAGES.exchanges.reasonNetwork],
  ] as const)(
    "a fake key while the exchange cannot be contacted (%s): 'unreachable' (%s), never 'Credenciais inválidas'",
    async (mode, errorClass, reason) => {
      const outcome = await new CredentialValidator(binanceFactory([KNOWN], mode), 2_000).check('binance', {
        apiKey: READ_TRADE.apiKey,
        secret: READ_TRADE.secret,
      });
      expect(outcome).toMatchObject({ status: 'unreachable', reason, reachedExchange: false, errorClass });
      expect(outcome.reason).not.toMatch(/inválidas/i);
    },
  );

  it('a factory that throws (a bug) is an outcome, not a crash', async () => {
    const outcome = await new CredentialValidator(() => Promise.reject(new Error('boom')), 1_000).check(
      'binance',
      {
        apiKey: KNOWN.apiKey,
        secret: KNOWN.secret,
      },
    );
    expect(outcome).toMatchObject({ status: 'invalid', reason: MESSAGES.exchanges.reasonUnexpected });
  });
});

describe('the check job: a credential saved through the api, checked by the engine worker with the subclass', () => {
  const keys = `k1:${randomBytes(32).toString('base64')}`;
  let db: TestDatabase;
  let platform: TestPlatform;
  let call: Client;
  let pool: pg.Pool;
  let store: CredentialStore;
  let ds: ReturnType<typeof createDataSource>;
  let credentials: ExchangeCredentialsRepository;
  const emitted: { room: string; event: string; payload: ExchangeValidatedEvent }[] = [];
  const io = {
    to: (room: string) => ({
      emit: (event: string, payload: ExchangeValidatedEvent) => {
        emitted.push({ room, event, payload });
        return true;
      },
    }),
  };
  const processorWith = (factory: ExchangeClientFactory) =>
    new CredentialChecksProcessor(
      {} as never, // the queue is not used: check() is called directly
      io as never,
      new CredentialValidator(factory, 2_000),
      store,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    // No engine: the api enqueues, and this test runs the worker's handler itself with the subclass factory.
    platform = await startPlatform({ databaseUrl: db.url, engines: 0, env: { CREDENTIALS_KEYS: keys } });
    call = client(platform.baseUrl);
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    ds = await createDataSource(db.url).initialize();
    credentials = new ExchangeCredentialsRepository(ds);
    store = new CredentialStore(credentials, CredentialCipher.fromSpec(keys));
  });

  afterAll(async () => {
    await pool?.end();
    await ds?.destroy();
    await platform?.close();
    await db?.drop();
  });

  async function addBinance(token: string, account: AccountSpec): Promise<string> {
    const res = await call<{ exchange: { id: string; validation_status: string } }>(
      'POST',
      '/api/user/exchanges',
      {
        token,
        body: { exchange_name: 'binance', api_key: account.apiKey, api_secret: account.secret },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.exchange.validation_status).toBe('pending');
    return res.body.exchange.id;
  }

  it('valid: records is_validated and permissions, tells user:<owner>, and is idempotent', async () => {
    const u = await register(call);
    const id = await addBinance(u.token, READ_TRADE);
    const processor = processorWith(binanceFactory([READ_TRADE]));
    expect(await processor.check(id)).toEqual({ outcome: 'recorded', status: 'valid' });

    const list = await call<Record<string, unknown>[]>('GET', '/api/user/exchanges', { token: u.token });
    expect(list.body[0]).toMatchObject({
      id,
      is_validated: true,
      validation_status: 'valid',
      validation_reason: MESSAGES.exchanges.reasonValid,
      permissions: ['read', 'trade'],
      can_withdraw: false,
    });
    expect(list.body[0]?.last_used_at).toEqual(expect.any(String));
    const event = emitted.find((e) => e.payload.id === id);
    expect(event).toMatchObject({
      room: ROOMS.user(u.id),
      event: EVENTS.exchangeValidated,
      payload: { is_validated: true },
    });
    // A duplicate job for the same check changes nothing.
    expect(await processor.check(id)).toEqual({ outcome: 'skipped', why: 'not_pending' });
  });

  it('a key that can withdraw: recorded as refused, with the permissions and can_withdraw (the warning shows)', async () => {
    const u = await register(call);
    const id = await addBinance(u.token, KNOWN);
    expect(await processorWith(binanceFactory([KNOWN])).check(id)).toEqual({
      outcome: 'recorded',
      status: 'invalid',
    });
    const list = await call<Record<string, unknown>[]>('GET', '/api/user/exchanges', { token: u.token });
    expect(list.body[0]).toMatchObject({
      is_validated: false,
      validation_status: 'invalid',
      validation_reason: MESSAGES.exchanges.reasonWithdrawRefused,
      permissions: ['read', 'trade', 'withdraw'],
      can_withdraw: true,
    });
    await expect(store.decryptForExecution(u.id, 'binance')).rejects.toThrow(
      'Binance: credenciais inválidas',
    );
  });

  it("invalid: 'Credenciais inválidas: …' recorded and published", async () => {
    const u = await register(call);
    const id = await addBinance(u.token, READ_TRADE);
    expect(await processorWith(binanceFactory([KNOWN])).check(id)).toEqual({
      outcome: 'recorded',
      status: 'invalid',
    });
    const list = await call<Record<string, unknown>[]>('GET', '/api/user/exchanges', { token: u.token });
    expect(list.body[0]).toMatchObject({
      is_validated: false,
      validation_status: 'invalid',
      validation_reason: 'Credenciais inválidas: Invalid API-key, IP, or permissions for action. (-2015)',
      permissions: null,
      can_withdraw: null,
    });
  });

  it('a result for a key that changed meanwhile is dropped (the newer check wins)', async () => {
    const u = await register(call);
    const id = await addBinance(u.token, KNOWN);
    const stale = await store.load(id);
    const put = await call('PUT', `/api/user/exchanges/${id}`, {
      token: u.token,
      body: { exchange_name: 'binance', api_key: READ_TRADE.apiKey, api_secret: READ_TRADE.secret },
    });
    expect(put.status).toBe(200);
    // The old version's result arrives late: not recorded.
    expect(stale).not.toBeNull();
    const outcome = await new CredentialValidator(binanceFactory([READ_TRADE]), 2_000).check(
      'binance',
      store.open(stale!),
    );
    expect(await store.recordCheck(stale!, outcome)).toBeNull();
    // The current version is checked with the NEW key (decrypted from the row).
    expect(await processorWith(binanceFactory([READ_TRADE])).check(id)).toEqual({
      outcome: 'recorded',
      status: 'valid',
    });
  });

  it('a removed credential is skipped', async () => {
    const u = await register(call);
    const id = await addBinance(u.token, KNOWN);
    expect((await call('DELETE', `/api/user/exchanges/${id}`, { token: u.token })).status).toBe(200);
    expect(await processorWith(binanceFactory([KNOWN])).check(id)).toEqual({
      outcome: 'skipped',
      why: 'gone',
    });
  });

  it('decryptForExecution gives the live executor the active, validated credential only', async () => {
    const u = await register(call);
    await expect(store.decryptForExecution(u.id, 'binance')).rejects.toThrow(
      'Binance: nenhuma credencial cadastrada',
    );
    const id = await addBinance(u.token, READ_TRADE);
    await expect(store.decryptForExecution(u.id, 'binance')).rejects.toThrow(
      'Binance: validação em andamento',
    );
    await processorWith(binanceFactory([READ_TRADE])).check(id);
    const creds = await store.decryptForExecution(u.id, 'binance');
    expect(creds).toEqual({ apiKey: READ_TRADE.apiKey, secret: READ_TRADE.secret, password: undefined });
    await call('PUT', `/api/user/exchanges/${id}`, { token: u.token, body: { is_active: false } });
    const err = await store.decryptForExecution(u.id, 'binance').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CredentialUnavailableError);
    expect((err as CredentialUnavailableError).message).toBe('Binance: credencial desativada');
  });

  it('a row under a key the engine does not have is recorded as unreadable, not crashed on', async () => {
    const u = await register(call);
    const id = await addBinance(u.token, KNOWN);
    const otherStore = new CredentialStore(
      credentials,
      CredentialCipher.fromSpec(`k9:${randomBytes(32).toString('base64')}`),
    );
    const processor = new CredentialChecksProcessor(
      {} as never,
      io as never,
      new CredentialValidator(binanceFactory([KNOWN]), 2_000),
      otherStore,
    );
    expect(await processor.check(id)).toEqual({ outcome: 'recorded', status: 'invalid' });
    const row = await pool.query<{ validation_reason: string }>(
      'SELECT validation_reason FROM exchange_credentials WHERE id = $1',
      [id],
    );
    expect(row.rows[0]?.validation_reason).toBe(MESSAGES.exchanges.reasonUndecryptable);
  });
});
