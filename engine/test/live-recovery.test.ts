import type { Exchange } from 'ccxt';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExchangeId } from '@arbitra/contracts';
import { clientOrderId } from '../src/execution/cross-exchange.executor.js';
import { CcxtLiveGateway } from '../src/execution/live-gateway.js';
import { RECOVERY_UNWOUND, recoverExecution } from '../src/execution/recovery.js';
import type { PendingTrade } from '../src/execution/trade-ledger.js';
import {
  spotMarket,
  startLocalExchange,
  type AccountSpec,
  type LocalExchange,
} from '../src/testing/local-exchanges/index.js';

/**
 * The live order gateway and the recovery of an interrupted execution against ccxt's own Binance and Gate.io
 * classes, pointed at local exchanges (engine/src/testing/local-exchanges): ccxt builds and signs the real
 * requests (POST /api/v3/order with newClientOrderId, GET /api/v3/order with origClientOrderId; Gate's
 * GET /spot/orders/t-<id>), parses the exchanges' JSON answers with its parseOrder, and maps their error codes
 * (-2013, ORDER_NOT_FOUND → OrderNotFound) with its own handleErrors.
 * No database: the pending trade is built here as TradeLedger.pending() would read it back.
 */

const ACCOUNT: AccountSpec = {
  apiKey: 'LiVeTrAdEr0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789',
  secret: 'LiVeSeCrEt0123456789abcdefABCDEF0123456789abcdefABCDEF0123456789',
  balances: { USDT: '1000000', BTC: '100', ETH: '100' },
};

/** A market where the price is `price` on both sides, deep enough for any order here. */
const at = (base: string, price: string) =>
  spotMarket(base, 'USDT', { asks: [[price, '1000']], bids: [[price, '1000']] });
/** The market moves: both sides at `price`. */
const moveTo = (local: LocalExchange, price: string) => {
  const m = local.venue.markets.get('BTC/USDT')!;
  m.asks = [[price, '1000']];
  m.bids = [[price, '1000']];
};

const opened: LocalExchange[] = [];
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()));
});
async function exchange(id: ExchangeId, btc: string): Promise<LocalExchange> {
  const local = await startLocalExchange(id, [at('BTC', btc), at('ETH', '3000')], [ACCOUNT]);
  opened.push(local);
  return local;
}

/** A new ccxt client of ACCOUNT on that exchange (a new client: a new process), by the platform's factory. */
const client = (local: LocalExchange): Promise<Exchange> =>
  local.clientFactory()(local.adapter.exchange, ACCOUNT, { timeoutMs: 2_000 });

/** What reached the exchange since request number `from`. */
const posts = (local: LocalExchange, from = 0) =>
  local.placements().filter((r) => local.requests.indexOf(r) >= from);
const lookups = (local: LocalExchange, from = 0) =>
  local.requests
    .slice(from)
    .filter((r) => r.method === 'GET' && r.path === '/api/v3/order')
    .map((r) => r.params['origClientOrderId']);

describe('CcxtLiveGateway against ccxt.binance and a local Binance', () => {
  it('createOrder: our client order id reaches Binance as newClientOrderId; the FULL answer maps to decimal strings', async () => {
    const local = await exchange('binance', '60000');
    const gateway = new CcxtLiveGateway(new Map([['binance', await client(local)]]));
    const cid = clientOrderId('bot-a|arbitrage:BTC/USDT:binance>gateio|7', 1);

    const buy = await gateway.createOrder('binance', 'BTC/USDT', 'market', 'buy', '0.01', undefined, cid);
    // 0.01 BTC at 60000 = 600 USDT; Binance's 0.1 % taker commission in the asset received: 0.00001 BTC.
    expect(buy).toEqual({
      id: local.venue.orders[0]!.id,
      exchange: 'binance',
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'market',
      status: 'closed',
      amount: '0.01',
      filled: '0.01',
      average: '60000',
      cost: '600',
      fee: { cost: '0.00001', currency: 'BTC' },
      clientOrderId: cid,
    });
    const [post] = posts(local);
    expect(post?.headers['x-mbx-apikey']).toBe(ACCOUNT.apiKey);
    expect(post?.params).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '0.01',
      newClientOrderId: cid,
      newOrderRespType: 'FULL',
    });
    expect(post?.params).not.toHaveProperty('clientOrderId'); // ccxt renamed it (Binance refuses unread params: -1104)
    expect(local.venue.orders[0]).toMatchObject({ clientOrderId: cid, status: 'filled' });
    expect(local.venue.orders[0]?.filled.toFixed()).toBe('0.01');

    // A sell: the commission is in USDT, 0.1 % of 0.02 × 60000 = 1200.
    const sell = await gateway.createOrder(
      'binance',
      'BTC/USDT',
      'limit',
      'sell',
      '0.02',
      '59990',
      clientOrderId('k', 2),
    );
    expect(sell).toMatchObject({
      status: 'closed',
      amount: '0.02',
      filled: '0.02',
      average: '60000',
      cost: '1200',
      fee: { cost: '1.2', currency: 'USDT' },
    });
  });

  it('Binance checks the signature of a POST body: a wrong secret is refused (-1022) and no order is placed', async () => {
    const local = await exchange('binance', '60000');
    const wrong = await client(local);
    await wrong.loadMarkets(); // with the right secret (its signed calls pass); then the secret changes
    wrong.secret = `x${ACCOUNT.secret.slice(1)}`;
    const gateway = new CcxtLiveGateway(new Map([['binance', wrong]]));
    await expect(
      gateway.createOrder('binance', 'BTC/USDT', 'market', 'buy', '0.01', undefined, 'arbx1'),
    ).rejects.toThrow('Signature for this request is not valid.');
    expect(posts(local)).toHaveLength(1);
    expect(local.venue.orders).toEqual([]);
  });

  it('fetchOrderByClientId: the placed order (same fills), and null for an id Binance does not know (-2013 → OrderNotFound)', async () => {
    const local = await exchange('binance', '60000');
    const cid = clientOrderId('bot-b|arbitrage:BTC/USDT:binance>gateio|1', 1);
    const placed = await new CcxtLiveGateway(new Map([['binance', await client(local)]])).createOrder(
      'binance',
      'BTC/USDT',
      'limit',
      'buy',
      '0.01',
      '60000',
      cid,
    );

    const from = local.requests.length;
    const gateway = new CcxtLiveGateway(new Map([['binance', await client(local)]])); // another process
    const found = await gateway.fetchOrderByClientId(cid, 'binance', 'BTC/USDT');
    expect(found).toMatchObject({
      id: placed.id,
      clientOrderId: cid,
      side: 'buy',
      type: 'limit',
      status: 'closed',
      amount: '0.01',
      filled: placed.filled,
      average: placed.average,
      cost: placed.cost,
    });
    const lookup = local.requests.slice(from).find((r) => r.method === 'GET' && r.path === '/api/v3/order');
    expect(lookup?.params).toMatchObject({ symbol: 'BTCUSDT', origClientOrderId: cid });
    expect(lookup?.params).not.toHaveProperty('orderId'); // the '' id is not sent

    const unknown = clientOrderId('bot-b|arbitrage:BTC/USDT:binance>gateio|1', 2);
    expect(await gateway.fetchOrderByClientId(unknown, 'binance', 'BTC/USDT')).toBeNull();
    // Same id, other market: Binance looks orders up per symbol.
    expect(await gateway.fetchOrderByClientId(cid, 'binance', 'ETH/USDT')).toBeNull();
    // Answered by OrderNotFound itself, with no fallback to allOrders.
    expect(local.requests.map((r) => r.path)).not.toContain('/api/v3/allOrders');
    expect(lookups(local, from)).toEqual([cid, unknown, cid]);
  });
});

describe('recoverExecution with the live gateway: an executor that died after the buy leg', () => {
  const KEY = 'bot-live|arbitrage:BTC/USDT:binance>gateio|42';
  const cid = (seq: number) => clientOrderId(KEY, seq);
  const MAX_ORDERS = 3; // what executeCrossExchange journals: 2 entries + 1 unwind
  const pending: PendingTrade = {
    tradeId: 't-live',
    ageMs: 180_000,
    executionKey: KEY,
    botId: 'bot-live',
    userId: 'u-live',
    botName: 'Bot ao vivo',
    opportunityId: 'arbitrage:BTC/USDT:binance>gateio',
    strategy: 'arbitrage',
    mode: 'live',
    pair: 'BTC/USDT',
    buyExchange: 'binance',
    sellExchange: 'gateio',
    buyPrice: '60000',
    sellPrice: '60300',
    amount: '0.01',
    expectedProfit: '1.8',
    expectedProfitPercent: '0.3',
    usdtBrl: '5.45',
    executedAt: new Date('2026-01-01T00:00:00Z'),
    plan: {
      legs: [
        { exchange: 'binance', symbol: 'BTC/USDT' },
        { exchange: 'gateio', symbol: 'BTC/USDT' },
      ],
      unwindMarkets: [
        { exchange: 'binance', symbol: 'BTC/USDT' },
        { exchange: 'gateio', symbol: 'BTC/USDT' },
      ],
      maxOrders: MAX_ORDERS,
    },
  };
  // The BTC/USDT LOT_SIZE the local exchanges serve: step and minimum 0.00001.
  const markets = {
    amountStep: () => 0.00001,
    minAmount: () => 0.00001,
    now: () => new Date('2026-01-01T00:03:00Z'),
  };

  /** A process's gateway: new ccxt clients of the two exchanges (ccxt.binance and ccxt.gate). */
  const processGateway = async (binance: LocalExchange, gateio: LocalExchange) =>
    new CcxtLiveGateway(
      new Map([
        ['binance', await client(binance)],
        ['gateio', await client(gateio)],
      ]),
    );
  /** Gate.io is asked for an order by our id with its 't-' prefix, in the path. */
  const gateLookups = (gateio: LocalExchange, from = 0) =>
    gateio.requests
      .slice(from)
      .filter((r) => r.method === 'GET' && r.path.startsWith('/api/v4/spot/orders/'))
      .map((r) => decodeURIComponent(r.path.slice('/api/v4/spot/orders/'.length)));

  async function interruptedExecution() {
    const binance = await exchange('binance', '60000');
    const gateio = await exchange('gateio', '60300');
    // The first process: journaled the trade, placed the buy leg (IOC limit at the ask, 60000), and died
    // before its sell leg (seq 2 on gateio) left the machine.
    const first = await processGateway(binance, gateio);
    const buy = await first.createOrder('binance', 'BTC/USDT', 'limit', 'buy', '0.01', '60000', cid(1));
    expect(buy).toMatchObject({ status: 'closed', filled: '0.01', average: '60000', cost: '600' });
    // While nobody watched, BTC fell 1 %.
    moveTo(binance, '59400');
    return { binance, gateio };
  }

  it('finds the buy by its client order id, sells it back at market once, records the loss; a second recovery places nothing', async () => {
    const { binance, gateio } = await interruptedExecution();

    // The recovering process: new ccxt clients, the same exchanges.
    const fromB = binance.requests.length;
    const fromG = gateio.requests.length;
    const record = await recoverExecution(pending, await processGateway(binance, gateio), markets);

    // It asked Binance for seq 1 (found), 2, 3 (its own orders) and 4 (an earlier recovery's unwind);
    // Gate.io for 2 and 3 (seq 1 was already found on binance), as 't-<id>'.
    expect(lookups(binance, fromB)).toEqual([cid(1), cid(2), cid(3), cid(MAX_ORDERS + 1)]);
    expect(gateLookups(gateio, fromG)).toEqual([`t-${cid(2)}`, `t-${cid(3)}`]);
    expect(posts(gateio)).toEqual([]);

    // Exactly one new order: a MARKET SELL of what the buy left, 0.01 − 0.00001 (its BTC commission) =
    // 0.00999 BTC, with the next client order id.
    expect(posts(binance, fromB)).toHaveLength(1);
    expect(posts(binance, fromB)[0]?.params).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'MARKET',
      quantity: '0.00999',
      newClientOrderId: clientOrderId(KEY, MAX_ORDERS + 1),
    });
    expect(
      binance.venue.orders.map((o) => [
        o.clientOrderId,
        o.request.side,
        o.request.type,
        o.filled.toFixed(),
        o.status,
      ]),
    ).toEqual([
      [cid(1), 'buy', 'limit', '0.01', 'filled'],
      [cid(4), 'sell', 'market', '0.00999', 'filled'],
    ]);

    expect(record.status).toBe('failed');
    expect(record.failureReason).toBe(RECOVERY_UNWOUND);
    expect(record.nakedExposure).toBeUndefined();
    expect(
      record.legs.map((l) => [l.seq, l.kind, l.exchange, l.side, l.filledAmount, l.avgPrice, l.status]),
    ).toEqual([
      [1, 'entry', 'binance', 'buy', '0.01', '60000', 'filled'],
      [4, 'unwind', 'binance', 'sell', '0.00999', '59400', 'filled'],
    ]);
    expect(record.legs.map((l) => l.orderId)).toEqual(binance.venue.orders.map((o) => o.id));
    // USDT result of the fills: the buy paid 0.01 × 60000 = 600 USDT (its commission, 0.00001 BTC, is not
    // USDT); the sell received 0.00999 × 59400 = 593.406 USDT less 0.1 % commission 0.593406 USDT.
    // −600 + 593.406 − 0.593406 = −7.187406 USDT; on the 600 USDT engaged: −1.197901 %.
    expect(record.profit).toBe('-7.187406');
    expect(record.profitPercent).toBe('-1.19790100');
    const btc = record.deltas.filter((d) => d.asset === 'BTC').reduce((sum, d) => sum + Number(d.delta), 0);
    expect(btc).toBeCloseTo(0, 12);
    expect(record.buyPrice).toBe('60000');
    expect(record.sellPrice).toBe('60300'); // the sell never happened: the planned price stays

    // That recovery died too before its record: a third process recovers again. It finds the buy and the
    // unwind, sees no BTC left open, and sends Binance no order.
    const again0 = binance.requests.length;
    const again = await recoverExecution(pending, await processGateway(binance, gateio), markets);
    expect(lookups(binance, again0)).toEqual([cid(1), cid(2), cid(3), cid(4), cid(5)]);
    expect(posts(binance, again0)).toEqual([]);
    expect(binance.venue.orders).toHaveLength(2);
    expect(again.status).toBe('failed');
    expect(again.failureReason).toBe(RECOVERY_UNWOUND);
    expect(again.legs.map((l) => [l.seq, l.kind, l.side, l.filledAmount, l.avgPrice, l.orderId])).toEqual(
      record.legs.map((l) => [l.seq, l.kind, l.side, l.filledAmount, l.avgPrice, l.orderId]),
    );
    // The same result: the commission of an order found again is read from its trades (GET /api/v3/order has none).
    expect(again.profit).toBe(record.profit);
    expect(again.deltas).toEqual(record.deltas);
  });
});

describe('CcxtLiveGateway limit orders are immediate-or-cancel', () => {
  it('a limit order reaches Binance with timeInForce IOC, and one that does not cross leaves nothing open', async () => {
    const local = await exchange('binance', '60000');
    const gateway = new CcxtLiveGateway(new Map([['binance', await client(local)]]));
    // A buy limit under the market: an IOC order expires unfilled.
    const order = await gateway.createOrder(
      'binance',
      'BTC/USDT',
      'limit',
      'buy',
      '0.01',
      '59000',
      clientOrderId('k', 1),
    );
    // Not ccxt's default GTC: an order resting on the book would be reported 'rejected' yet still live.
    expect(posts(local)[0]?.params['timeInForce']).toBe('IOC');
    expect(order.status).toBe('rejected');
    expect(local.venue.orders.filter((o) => o.status === 'open')).toEqual([]);
  });
});
