import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  type Bot,
  type BotDetail,
  type LiveChecklist,
  type UserExchange,
} from '@arbitra/contracts';
import { waitFor } from '../../scripts/test-support/wait.js';
import {
  BTC_AND_ETH_USDT,
  startLocalExchange,
  type AccountSpec,
  type LocalExchange,
} from '../../engine/src/testing/local-exchanges/index.js';
import { useTestPlatform } from './support/test-platform.js';

const key = (n: string) => `${n}0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789abcd`.slice(0, 64);
/** A Binance key that can withdraw (Arbitra refuses it for live), then the key that replaces it. */
const WITHDRAWS: AccountSpec = {
  apiKey: key('WiThDrAwS'),
  secret: key('SeCrEtWd'),
  canWithdraw: true,
  balances: { BTC: '0.5', ETH: '2', USDT: '1000' },
};
const TRADES: AccountSpec = {
  apiKey: key('TrAdEsOnLy'),
  secret: key('SeCrEtTr'),
  balances: { BTC: '0.5', ETH: '2', USDT: '1000' },
};
const GATE: AccountSpec = {
  apiKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  secret: key('GaTeSeCrEt'),
  balances: { BTC: '0.2', ETH: '3', USDT: '800' },
};

const bot = {
  name: 'Bot real',
  strategy: 'arbitrage',
  pairs: ['BTC/USDT', 'ETH/USDT'],
  exchanges: ['binance', 'gateio'],
  riskLevel: 'medium',
  maxInvestment: 1000,
  minProfitPercent: 1.5,
  active: false,
};

/**
 * 'Pronto para operar ao vivo' end to end (issue 26 §5): keys saved through the api, checked by an engine with
 * ccxt's real Binance and Gate classes talking over HTTP to local exchanges (LocalExchange, EXCHANGE_API_ORIGINS);
 * the api refuses 'Modo real' until every item passes.
 */
describe("the switch to 'Modo real' waits for 'Pronto para operar ao vivo'", () => {
  let binance: LocalExchange;
  let gate: LocalExchange;
  beforeAll(async () => {
    binance = await startLocalExchange('binance', BTC_AND_ETH_USDT, [WITHDRAWS, TRADES]);
    gate = await startLocalExchange('gateio', BTC_AND_ETH_USDT, [GATE]);
  });
  afterAll(async () => {
    await binance?.close();
    await gate?.close();
  });
  const t = useTestPlatform({
    engines: 1,
    env: () => ({ EXCHANGE_API_ORIGINS: JSON.stringify({ binance: binance.url, gateio: gate.url }) }),
  });
  const { call, sql } = t;

  const validated = (token: string, id: string) =>
    waitFor(async () => {
      const list = await call<UserExchange[]>('GET', '/api/user/exchanges', { token });
      const row = list.body.find((e) => e.id === id);
      return row && row.validation_status !== 'pending' ? row : undefined;
    }, 30_000);

  it('shows each failing item with its reason and what to do, refuses the switch, and allows it once all pass', async () => {
    const maria = await t.register({ name: 'Maria' });
    await sql.query(
      `UPDATE subscriptions SET plan_id = 'professional', status = 'active' WHERE user_id = $1`,
      [maria.id],
    );
    const add = async (exchange_name: string, api_key: string, api_secret: string) => {
      const res = await call<{ exchange: { id: string } }>('POST', '/api/user/exchanges', {
        token: maria.token,
        body: { exchange_name, api_key, api_secret, is_active: true },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.exchange.id;
    };
    const binanceId = await add('binance', WITHDRAWS.apiKey, WITHDRAWS.secret);
    const gateId = await add('gateio', GATE.apiKey, GATE.secret);
    // DECISIONS §13: a key that can withdraw is refused at validation.
    expect(await validated(maria.token, binanceId)).toMatchObject({
      validation_status: 'invalid',
      validation_reason: MESSAGES.exchanges.reasonWithdrawRefused,
      can_withdraw: true,
    });
    expect(await validated(maria.token, gateId)).toMatchObject({ validation_status: 'valid' });

    // A paper bot; its checklist as the bot page and /security show it.
    const paper = await call<{ bot: Bot }>('POST', '/api/bots', { token: maria.token, body: bot });
    expect(paper.status).toBe(201);
    const ask = async (): Promise<LiveChecklist> => {
      const res = await call<BotDetail>('GET', `/api/bots/${paper.body.bot.id}?liveChecklist=true`, {
        token: maria.token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.liveChecklist!;
    };
    const withdrawItem = {
      label: 'Saques não permitidos',
      status: 'failed',
      reason: MESSAGES.liveChecklist.withdrawAllowed,
      action: MESSAGES.liveChecklist.withdrawAllowedAction,
    };
    const first = await ask();
    expect(first.ready).toBe(false);
    const [b, g] = first.exchanges;
    expect(b).toMatchObject({ exchange: 'binance', displayName: 'Binance', ready: false });
    // The refused key: not usable, and 'Saques não permitidos' says why (it agrees with the validator).
    expect(b!.items.map((i) => [i.id, i.status])).toEqual([
      ['key_valid', 'failed'],
      ['trading_allowed', 'unverified'],
      ['withdrawals_disabled', 'failed'],
      ['clock_in_sync', 'unverified'],
      ['balance', 'unverified'],
      ['market_open', 'unverified'],
    ]);
    expect(b!.items[2]).toMatchObject(withdrawItem);
    // Gate.io does not report a key's permissions: shown as unverified (with what to confirm), not blocking.
    expect(g).toMatchObject({ exchange: 'gateio', ready: true });
    expect(g!.items.find((i) => i.id === 'withdrawals_disabled')).toMatchObject({
      status: 'unverified',
      action: MESSAGES.liveChecklist.withdrawUnverifiedAction,
    });

    // Refused: a new live bot, and the paper bot switched to live (stays paper).
    const createLive = () =>
      call<{ message: string; code: string; details: { checklist: LiveChecklist } }>('POST', '/api/bots', {
        token: maria.token,
        body: { ...bot, mode: 'live', confirmLive: true },
      });
    const refused = await createLive();
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('live_credentials_not_ready');
    expect(refused.body.message).toBe(
      MESSAGES.exchanges.liveNotReady(`Binance (${MESSAGES.exchanges.liveInvalid})`),
    );
    const toLive = () =>
      call<{ bot: Bot; message: string }>('PUT', `/api/bots/${paper.body.bot.id}`, {
        token: maria.token,
        // A minimum profit no simulated opportunity reaches: the running live bot places no order here.
        body: { ...bot, minProfitPercent: 50, mode: 'live', confirmLive: true, active: true },
      });
    expect((await toLive()).status).toBe(409);
    expect(
      (await call<BotDetail>('GET', `/api/bots/${paper.body.bot.id}`, { token: maria.token })).body.bot.mode,
    ).toBe('paper');

    // The user replaces the Binance key by one without withdrawals: valid.
    const put = await call('PUT', `/api/user/exchanges/${binanceId}`, {
      token: maria.token,
      body: { exchange_name: 'binance', api_key: TRADES.apiKey, api_secret: TRADES.secret },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await validated(maria.token, binanceId)).toMatchObject({
      validation_status: 'valid',
      can_withdraw: false,
    });

    // Withdrawals enabled on that key at the exchange afterwards: the checklist (checked now, not the saved
    // validation) fails it, and the switch is refused with the checklist's reason.
    binance.venue.accounts.get(TRADES.apiKey)!.canWithdraw = true;
    const enabled = (await ask()).exchanges[0]!;
    expect(enabled.ready).toBe(false);
    expect(enabled.items[0]).toMatchObject({
      id: 'key_valid',
      status: 'failed',
      reason: MESSAGES.exchanges.reasonWithdrawRefused,
    });
    expect(enabled.items[2]).toMatchObject(withdrawItem);
    const refusedByChecklist = await createLive();
    expect(refusedByChecklist.status).toBe(409);
    expect(refusedByChecklist.body.code).toBe('live_checklist_failed');
    expect(refusedByChecklist.body.message).toBe(
      MESSAGES.liveChecklist.notReady(`Binance — Chave válida: ${MESSAGES.exchanges.reasonWithdrawRefused}`),
    );
    expect(refusedByChecklist.body.details.checklist.exchanges[0]!.items[2]!.status).toBe('failed');

    // Withdrawals disabled again: every item passes, the switch goes through.
    binance.venue.accounts.get(TRADES.apiKey)!.canWithdraw = false;
    expect((await ask()).ready).toBe(true);
    const live = await toLive();
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body.bot).toMatchObject({ mode: 'live', status: 'running' });
    // Nothing was ever posted to either exchange: the checks are read-only.
    expect([...binance.requests, ...gate.requests].filter((r) => r.method !== 'GET')).toEqual([]);

    // A key removed stops the live bot with a reason naming the exchange.
    expect((await call('DELETE', `/api/user/exchanges/${gateId}`, { token: maria.token })).status).toBe(200);
    const after = await call<BotDetail>('GET', `/api/bots/${paper.body.bot.id}`, { token: maria.token });
    expect(after.body.bot).toMatchObject({ status: 'error', active: false });
    expect(after.body.bot.statusReason).toContain('Gate.io');
  });

  it('the checklist is asked only on request, of an owned bot, with a valid flag (pt-BR 400)', async () => {
    const u = await t.register({ name: 'Joana' });
    const other = await t.register({ name: 'Outro' });
    const created = await call<{ bot: Bot }>('POST', '/api/bots', { token: u.token, body: bot });
    const detail = await call<BotDetail>('GET', `/api/bots/${created.body.bot.id}`, { token: u.token });
    expect(detail.body).not.toHaveProperty('liveChecklist');
    const bad = await call<{ message: string }>('GET', `/api/bots/${created.body.bot.id}?liveChecklist=sim`, {
      token: u.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.validation.invalidField('liveChecklist'));
    const foreign = await call('GET', `/api/bots/${created.body.bot.id}?liveChecklist=true`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
  });
});
