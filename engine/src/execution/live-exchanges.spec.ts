import { describe, expect, it } from 'vitest';
import { MESSAGES, type ExchangeId } from '@arbitra/contracts';
import type { CredentialStore } from '../credentials/credential-store.js';
import { CredentialValidator } from '../credentials/credential-validator.js';
import type { ExchangeClientCredentials } from '../credentials/exchange-client.factory.js';
import {
  spotMarket,
  startLocalExchange,
  type AccountSpec,
  type LocalExchange,
  type MarketSpec,
  unpacedClientFactory,
} from '../testing/local-exchanges/index.js';
import { REJECTION, liveGatewayFactory } from './live-gateway.js';
import type { OrderGateway } from './order-gateway.js';

/**
 * The live scenarios on every exchange (issue 26 item 2): one row per exchange × scenario, each through the
 * platform's own LiveGateway (liveGatewayFactory) and CredentialValidator, with the platform's ccxt client factory
 * building ccxt's REAL class for the exchange, its URLs pointed at a local exchange (engine/src/testing/
 * local-exchanges: an HTTP server that signs, checks and answers as that exchange does).
 *
 * To add an exchange: register its adapter in local-exchanges/index.ts ADAPTERS and add a row to EXCHANGES.
 * A scenario that cannot apply to an exchange says so in its `applies` (with the reason in the row's fields).
 */

/** What differs between exchanges, as far as the scenarios are concerned. */
interface ExchangeRow {
  exchange: ExchangeId;
  /** Does the exchange report a key's withdrawal permission to the key itself? (Gate.io, Mercado Bitcoin: no.) */
  reportsWithdrawals: boolean;
  /** The throttling statuses the exchange answers (Binance: 429, then 418 when the IP is banned). */
  throttleStatuses: readonly (429 | 418)[];
  /** ccxt's `password` where the exchange has a passphrase. */
  passphrase?: string;
}

const EXCHANGES: readonly ExchangeRow[] = [
  { exchange: 'binance', reportsWithdrawals: true, throttleStatuses: [429, 418] },
  { exchange: 'mexc', reportsWithdrawals: true, throttleStatuses: [429] },
  { exchange: 'gateio', reportsWithdrawals: false, throttleStatuses: [429] },
];

const SYMBOL = 'BTC/USDT';
const market = (status: MarketSpec['status'] = 'open'): MarketSpec =>
  spotMarket(
    'BTC',
    'USDT',
    {
      asks: [
        ['60000', '0.01'],
        ['60010', '0.02'],
        ['60100', '1'],
      ],
      bids: [
        ['59990', '0.01'],
        ['59980', '0.02'],
        ['59900', '1'],
      ],
    },
    status,
  );
const TRADER: AccountSpec = {
  apiKey: 'tr4d3rK3y0123456789abcdefABCDEF0123456789abcdefABCDEF012345678',
  secret: 'tr4d3rS3cr3t0123456789abcdefABCDEF0123456789abcdefABCDEF0123456',
  canWithdraw: false,
  balances: { USDT: '10000', BTC: '0.05' },
};
const WITHDRAWER: AccountSpec = {
  apiKey: 'w1thdr4wK3y0123456789abcdefABCDEF0123456789abcdefABCDEF0123456',
  secret: 'w1thdr4wS3cr3t0123456789abcdefABCDEF0123456789abcdefABCDEF01234',
  canWithdraw: true,
  balances: { USDT: '100' },
};

/** One row's world: a fresh local exchange, the platform's gateway and validator pointed at it. */
interface World {
  row: ExchangeRow;
  local: LocalExchange;
  gateway: OrderGateway;
  validator: CredentialValidator;
  credentials: (a: AccountSpec) => ExchangeClientCredentials;
  /** The venue's free balance of an asset, as a decimal string. */
  free: (asset: string, account?: AccountSpec) => string;
  /** Orders the venue holds with that client order id (the exchange's truth: never more than one). */
  ordersWith: (clientOrderId: string) => number;
  /** Placement requests that reached the exchange and were answered 2xx / at all. */
  accepted: () => number;
}

const ORDER_TIMEOUT_MS = 1_500;

const unpaced = unpacedClientFactory;

async function world(row: ExchangeRow, status: MarketSpec['status'] = 'open'): Promise<World> {
  const local = await startLocalExchange(row.exchange, [market(status)], [TRADER, WITHDRAWER]);
  const credentials = (a: AccountSpec): ExchangeClientCredentials => ({
    apiKey: a.apiKey,
    secret: a.secret,
    ...(row.passphrase ? { password: row.passphrase } : {}),
  });
  const store = {
    decryptForExecution: () => Promise.resolve(credentials(TRADER)),
  } as unknown as CredentialStore;
  const gateway = await liveGatewayFactory(store, local.clientFactory(unpaced), ORDER_TIMEOUT_MS).forBot(
    'u1',
    [row.exchange],
  );
  return {
    row,
    local,
    gateway,
    validator: new CredentialValidator(local.clientFactory(unpaced), 3_000),
    credentials,
    free: (asset, account = TRADER) =>
      local.venue
        .balances(account.apiKey)
        .find((b) => b.asset === asset)
        ?.free.toFixed() ?? '0',
    ordersWith: (cid) => local.venue.orders.filter((o) => o.clientOrderId.replace(/^t-/, '') === cid).length,
    accepted: () => local.placements().filter((r) => typeof r.status === 'number' && r.status < 300).length,
  };
}

interface Scenario {
  name: string;
  applies?: (row: ExchangeRow) => boolean;
  /** The market's state when the row starts. */
  status?: MarketSpec['status'];
  run: (w: World) => Promise<void>;
}

const buy = (w: World, amount: string, price: string, cid?: string) =>
  w.gateway.createOrder(w.row.exchange, SYMBOL, 'limit', 'buy', amount, price, cid);
const sell = (w: World, amount: string, price: string, cid?: string) =>
  w.gateway.createOrder(w.row.exchange, SYMBOL, 'limit', 'sell', amount, price, cid);

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'balances: the validator accepts the key, the gateway reads the free balances',
    run: async (w) => {
      const outcome = await w.validator.check(w.row.exchange, w.credentials(TRADER));
      expect(outcome).toMatchObject({
        status: 'valid',
        reason: MESSAGES.exchanges.reasonValid,
        reachedExchange: true,
      });
      expect(outcome.canWithdraw).toBe(w.row.reportsWithdrawals ? false : null);
      const balances = await w.gateway.fetchBalance(w.row.exchange);
      expect(balances['USDT']).toBe('10000');
      expect(balances['BTC']).toBe('0.05');
    },
  },
  {
    name: 'markets: precision and minimum notional as the exchange lists them',
    run: async (w) => {
      const client = await w.local.clientFactory(unpaced)(w.row.exchange, w.credentials(TRADER), {
        timeoutMs: 3_000,
      });
      await client.loadMarkets();
      const m = client.market(SYMBOL);
      expect(m.active).toBe(true);
      expect(m.precision).toMatchObject({ amount: 0.00001, price: 0.01 });
      expect(m.limits.amount?.min).toBe(0.00001);
      expect(m.limits.cost?.min).toBe(5);
    },
  },
  {
    name: 'IOC fully filled: walks one level, fee in the asset received, balances moved',
    run: async (w) => {
      const o = await buy(w, '0.01', '60000', 'arbfull1');
      expect(o).toMatchObject({ status: 'closed', filled: '0.01', average: '60000', cost: '600' });
      expect(o.fee).toEqual({ cost: '0.00001', currency: 'BTC' });
      expect(w.free('USDT')).toBe('9400');
      expect(w.free('BTC')).toBe('0.05999');
    },
  },
  {
    name: 'IOC partially filled: what is beyond the limit is canceled, not read as filled',
    run: async (w) => {
      const o = await sell(w, '0.04', '59980', 'arbpart1');
      expect(o.status).toBe('canceled');
      expect(o.filled).toBe('0.03');
      expect(o.cost).toBe('1799.5'); // 0.01 × 59990 + 0.02 × 59980
      expect(o.fee).toEqual({ cost: '1.7995', currency: 'USDT' });
      expect(w.free('BTC')).toBe('0.02');
      expect(w.ordersWith('arbpart1')).toBe(1);
    },
  },
  {
    name: 'IOC with nothing at the limit: no fill, balances untouched',
    run: async (w) => {
      const o = await buy(w, '0.01', '59000', 'arbnone1');
      expect(o).toMatchObject({ status: 'rejected', filled: '0', reason: REJECTION.limit });
      expect(w.free('USDT')).toBe('10000');
      expect(w.free('BTC')).toBe('0.05');
    },
  },
  {
    name: 'insufficient balance: refused by the exchange, reported as a rejected order',
    run: async (w) => {
      const o = await buy(w, '0.5', '60100', 'arbpoor1');
      expect(o).toMatchObject({ status: 'rejected', filled: '0', reason: REJECTION.insufficient });
      expect(w.local.placements()).toHaveLength(1);
      expect(w.accepted()).toBe(0);
      expect(w.free('USDT')).toBe('10000');
    },
  },
  {
    name: 'precision: the amount is cut to the step (never rounded up); below one step nothing is sent',
    run: async (w) => {
      const cut = await buy(w, '0.0123456', '60010', 'arbprec1');
      expect(cut.filled).toBe('0.01234');
      expect(w.local.venue.orders[0]?.request.amount).toBe('0.01234');
      const tiny = await buy(w, '0.000004', '60010', 'arbprec2');
      expect(tiny.status).toBe('rejected');
      expect(tiny.reason).toMatch(/^ordem recusada pela exchange: /);
      expect(w.local.placements()).toHaveLength(1);
    },
  },
  {
    name: 'minimum notional: an order under the minimum value is refused, nothing filled',
    run: async (w) => {
      const o = await buy(w, '0.00005', '60000', 'arbsmall'); // 3 USDT < 5
      expect(o.status).toBe('rejected');
      expect(o.reason).toMatch(/^ordem recusada pela exchange: /);
      expect(w.ordersWith('arbsmall')).toBe(0);
      expect(w.free('USDT')).toBe('10000');
    },
  },
  ...([429, 418] as const).map((status): Scenario => ({
    name: `${status} with Retry-After: waits, then one order (looked up first, never a duplicate)`,
    applies: (row) => row.throttleStatuses.includes(status),
    run: async (w) => {
      await w.gateway.fetchBalance(w.row.exchange); // markets loaded: the next request is the placement
      w.local.venue.faults.throttle = { remaining: 1, status, retryAfterSec: 1 };
      const started = Date.now();
      const o = await buy(w, '0.01', '60000', `arbthr${status}`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      expect(o).toMatchObject({ status: 'closed', filled: '0.01' });
      // Placed twice on the wire: throttled, then accepted (Gate answers 201 Created).
      expect(w.local.placements().map((r) => r.status)).toHaveLength(2);
      expect(w.local.placements()[0]?.status).toBe(status);
      expect(w.accepted()).toBe(1);
      expect(w.ordersWith(`arbthr${status}`)).toBe(1);
      // A ban longer than the gateway waits: fails now, places nothing.
      w.local.venue.faults.throttle = { remaining: 5, status, retryAfterSec: 120 };
      const before = Date.now();
      await expect(buy(w, '0.01', '60010', `arbban${status}`)).rejects.toThrow();
      expect(Date.now() - before).toBeLessThan(1_000);
      expect(w.ordersWith(`arbban${status}`)).toBe(0);
    },
  })),
  {
    name: 'timestamp outside the window: the clock is resynchronised and the order placed once',
    run: async (w) => {
      await w.gateway.fetchBalance(w.row.exchange); // markets loaded: the next request is the placement
      w.local.venue.faults.clockSkewMs = 120_000; // the exchange's clock is 2 min ahead of ours
      const o = await buy(w, '0.01', '60000', 'arbclock');
      expect(o).toMatchObject({ status: 'closed', filled: '0.01' });
      expect(w.ordersWith('arbclock')).toBe(1);
      expect(w.local.placements()).toHaveLength(2); // refused for its timestamp, then placed
      expect(w.accepted()).toBe(1);
      expect(w.local.requests.some((r) => r.path.endsWith('/time'))).toBe(true);
      // A new client (the validator's) with the same clock: valid, not 'Credenciais inválidas'.
      const outcome = await w.validator.check(w.row.exchange, w.credentials(TRADER));
      expect(outcome.status).toBe('valid');
    },
  },
  {
    name: 'no answer after the exchange accepted the order: found by its client order id, never placed twice',
    run: async (w) => {
      for (const mode of ['hang', 'drop'] as const) {
        w.local.venue.faults.afterAccept = { remaining: 1, mode };
        const o = await buy(w, '0.01', mode === 'hang' ? '60010' : '60100', `arblost${mode}`);
        expect(o).toMatchObject({ status: 'closed', filled: '0.01', clientOrderId: `arblost${mode}` });
        expect(w.ordersWith(`arblost${mode}`)).toBe(1);
      }
      expect(w.local.placements()).toHaveLength(2);
      expect(w.free('BTC')).toBe('0.06998');
    },
  },
  {
    name: 'halted market: nothing is placed, the order is rejected as suspended',
    status: 'halted',
    run: async (w) => {
      const o = await buy(w, '0.01', '60000', 'arbhalt1');
      expect(o).toMatchObject({ status: 'rejected', filled: '0', reason: REJECTION.halted });
      expect(w.local.placements()).toHaveLength(0);
    },
  },
  {
    name: 'market halted after the markets were loaded: the exchange refuses, reported as suspended',
    run: async (w) => {
      await buy(w, '0.00010', '59000', 'arbwarm1'); // loads the markets (nothing at 59000)
      w.local.venue.markets.get(SYMBOL)!.status = 'halted';
      const o = await buy(w, '0.01', '60000', 'arbhalt2');
      expect(o).toMatchObject({ status: 'rejected', filled: '0', reason: REJECTION.halted });
      expect(w.ordersWith('arbhalt2')).toBe(0);
      expect(w.free('USDT')).toBe('10000');
    },
  },
  {
    name: 'a key that can withdraw is refused at validation',
    applies: (row) => row.reportsWithdrawals,
    run: async (w) => {
      const outcome = await w.validator.check(w.row.exchange, w.credentials(WITHDRAWER));
      expect(outcome).toMatchObject({
        status: 'invalid',
        reason: MESSAGES.exchanges.reasonWithdrawRefused,
        reachedExchange: true,
        canWithdraw: true,
      });
    },
  },
  {
    name: 'unreachable exchange: "Não foi possível contatar a exchange", not "Credenciais inválidas"',
    run: async (w) => {
      await w.local.close();
      const outcome = await w.validator.check(w.row.exchange, w.credentials(TRADER));
      expect(outcome.status).toBe('unreachable');
      expect(outcome.reachedExchange).toBe(false);
      expect(outcome.reason.startsWith(MESSAGES.exchanges.reasonUnreachable)).toBe(true);
      expect(outcome.reason).not.toContain(MESSAGES.exchanges.reasonInvalidPrefix.trim());
      await expect(w.gateway.fetchBalance(w.row.exchange)).rejects.toThrow();
    },
  },
];

const ROWS = EXCHANGES.flatMap((row) =>
  SCENARIOS.filter((s) => s.applies?.(row) ?? true).map((s) => ({
    row,
    s,
    name: `${row.exchange}: ${s.name}`,
  })),
);

// The rows wait on timers (Retry-After, ccxt's own request throttle, timeouts), not on the CPU: run concurrently.
describe.concurrent(
  'live trading scenarios against local exchanges (ccxt real classes, platform gateway)',
  () => {
    it.each(ROWS)('$name', { timeout: 30_000 }, async ({ row, s }) => {
      const w = await world(row, s.status);
      try {
        await s.run(w);
      } finally {
        await w.local.close();
      }
    });
  },
);
