import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type LiveChecklistExchange } from '@arbitra/contracts';
import {
  BTC_AND_ETH_USDT,
  startLocalExchange,
  type AccountSpec,
  type LocalExchange,
} from '../testing/local-exchanges/index.js';
import { CredentialUnavailableError, type CredentialStore } from './credential-store.js';
import { CredentialValidator } from './credential-validator.js';
import { createCcxtClientFactory } from './exchange-client.factory.js';
import { LiveChecklistChecker, minimumOrder } from './live-checklist.js';

const key = (n: string) => `${n}0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcd`.slice(0, 64);
const GOOD: AccountSpec = {
  apiKey: key('GoOd'),
  secret: key('sEcGoOd'),
  balances: { BTC: '0.5', ETH: '2', USDT: '1250.75' },
};
const WITHDRAWS: AccountSpec = {
  apiKey: key('WiThDrAw'),
  secret: key('sEcWd'),
  canWithdraw: true,
  balances: {},
};
const POOR: AccountSpec = {
  apiKey: key('PoOr'),
  secret: key('sEcPoOr'),
  balances: { BTC: '0.00001', USDT: '2' },
};

/** The store's answer for one user: the account's keys, or no usable credential. */
const storeOf = (account: AccountSpec | null) =>
  ({
    decryptForExecution: async () => {
      if (!account) throw new CredentialUnavailableError('missing', 'Binance: nenhuma credencial cadastrada');
      return { apiKey: account.apiKey, secret: account.secret };
    },
  }) as unknown as CredentialStore;

describe("'Pronto para operar ao vivo' against ccxt's Binance talking to a local Binance (LocalExchange) over HTTP", () => {
  let double: LocalExchange;
  const checkerFor = (account: AccountSpec | null) => {
    const factory = createCcxtClientFactory({ binance: double.url });
    return new LiveChecklistChecker(
      storeOf(account),
      factory,
      new CredentialValidator(factory, 3_000),
      3_000,
    );
  };
  const binance = async (account: AccountSpec | null, pairs = ['BTC/USDT']): Promise<LiveChecklistExchange> =>
    (await checkerFor(account).check('u1', { exchanges: ['binance'], pairs })).exchanges[0]!;
  const status = (e: LiveChecklistExchange) => Object.fromEntries(e.items.map((i) => [i.id, i.status]));

  beforeAll(async () => {
    double = await startLocalExchange('binance', BTC_AND_ETH_USDT, [GOOD, WITHDRAWS, POOR]);
  });
  afterAll(async () => {
    await double?.close();
  });

  it('a trading key without withdrawals, enough balance, clock in sync, market open: every item ok', async () => {
    const result = await checkerFor(GOOD).check('u1', {
      exchanges: ['binance'],
      pairs: ['BTC/USDT', 'ETH/USDT'],
    });
    expect(result.ready).toBe(true);
    expect(status(result.exchanges[0]!)).toEqual({
      key_valid: 'ok',
      trading_allowed: 'ok',
      withdrawals_disabled: 'ok',
      clock_in_sync: 'ok',
      balance: 'ok',
      market_open: 'ok',
    });
    // Read-only: nothing was posted.
    expect(double.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a key that can withdraw fails, with what to do, as the validator refuses it (DECISIONS §13)', async () => {
    const e = await binance(WITHDRAWS);
    expect(e.ready).toBe(false);
    expect(e.items[0]).toMatchObject({
      id: 'key_valid',
      status: 'failed',
      reason: MESSAGES.exchanges.reasonWithdrawRefused,
    });
    const w = e.items.find((i) => i.id === 'withdrawals_disabled')!;
    expect(w).toMatchObject({ status: 'failed', reason: MESSAGES.liveChecklist.withdrawAllowed });
    expect(w.action).toBe(MESSAGES.liveChecklist.withdrawAllowedAction);

    // The saved key already refused for that (validation 'invalid', can_withdraw true): the same item fails.
    const refused = {
      decryptForExecution: async () => {
        throw new CredentialUnavailableError('not_validated', 'Binance: credencial inválida', true);
      },
    } as unknown as CredentialStore;
    const factory = createCcxtClientFactory({ binance: double.url });
    const stored = (
      await new LiveChecklistChecker(refused, factory, new CredentialValidator(factory, 3_000), 3_000).check(
        'u1',
        { exchanges: ['binance'], pairs: ['BTC/USDT'] },
      )
    ).exchanges[0]!;
    expect(status(stored)).toMatchObject({ key_valid: 'failed', withdrawals_disabled: 'failed' });
    expect(stored.items.find((i) => i.id === 'withdrawals_disabled')!.action).toBe(
      MESSAGES.liveChecklist.withdrawAllowedAction,
    );
  });

  it('Gate.io, which does not report permissions: withdrawals unverified, with what the user must confirm', async () => {
    const account: AccountSpec = {
      apiKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      secret: key('GaTe'),
      balances: { BTC: '0.2', USDT: '800' },
    };
    const gate = await startLocalExchange('gateio', BTC_AND_ETH_USDT, [account]);
    try {
      const factory = createCcxtClientFactory({ gateio: gate.url });
      const checker = new LiveChecklistChecker(
        storeOf(account),
        factory,
        new CredentialValidator(factory, 3_000),
        3_000,
      );
      const e = (await checker.check('u1', { exchanges: ['gateio'], pairs: ['BTC/USDT'] })).exchanges[0]!;
      expect(e.ready).toBe(true);
      expect(e.items.find((i) => i.id === 'withdrawals_disabled')).toMatchObject({
        status: 'unverified',
        reason: MESSAGES.liveChecklist.permissionsUnreported('Gate.io'),
        action: MESSAGES.liveChecklist.withdrawUnverifiedAction,
      });
    } finally {
      await gate.close();
    }
  });

  it('a balance under the minimum order names the pair, the asset, what there is and what is needed', async () => {
    const e = await binance(POOR);
    const b = e.items.find((i) => i.id === 'balance')!;
    expect(b.status).toBe('failed');
    // Binance's NOTIONAL filter: 5 USDT; at 60000 that is 0.00008334 BTC (rounded up).
    expect(b.reason).toBe(
      'Saldo livre abaixo da ordem mínima: BTC/USDT: BTC 0,00001 (mínimo 0,0000833334); BTC/USDT: USDT 2 (mínimo 5).',
    );
  });

  it('a clock 3 s off fails; an unknown pair fails the market item; no key fails the first item', async () => {
    double.venue.faults.clockSkewMs = 3_000;
    try {
      expect((await binance(GOOD)).items.find((i) => i.id === 'clock_in_sync')).toMatchObject({
        status: 'failed',
        action: MESSAGES.liveChecklist.clockOffAction,
      });
    } finally {
      double.venue.faults.clockSkewMs = 0;
    }
    expect((await binance(GOOD, ['SOL/USDT'])).items.find((i) => i.id === 'market_open')).toMatchObject({
      status: 'failed',
      reason: 'A exchange não lista o par: SOL/USDT.',
    });
    const none = await binance(null);
    expect(none.ready).toBe(false);
    expect(status(none).key_valid).toBe('failed');
  });

  it("an exchange that is not there: 'Não foi possível contatar a exchange', not invalid keys", async () => {
    const factory = createCcxtClientFactory({ binance: 'http://127.0.0.1:9' });
    const checker = new LiveChecklistChecker(
      storeOf(GOOD),
      factory,
      new CredentialValidator(factory, 2_000),
      2_000,
    );
    const e = (await checker.check('u1', { exchanges: ['binance'], pairs: ['BTC/USDT'] })).exchanges[0]!;
    expect(e.items[0]!.reason).toMatch(/^Não foi possível contatar a exchange/);
    expect(e.items[0]!.action).toBe(MESSAGES.liveChecklist.unreachableAction);
  });

  it('minimumOrder: the larger of the minimum amount and the minimum cost on each side', () => {
    const m = minimumOrder({ limits: { amount: { min: 0.001 }, cost: { min: 5 } } } as never, 10_000);
    expect([m.base.toFixed(), m.quote.toFixed()]).toEqual(['0.001', '10']);
  });
});
