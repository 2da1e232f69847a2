import { createHash, createHmac } from 'node:crypto';
import { Dec } from '../../arbitrage/money.js';
import type { LocalAnswer, LocalRequest, ProtocolAdapter } from './server.js';
import { Rejection, type LocalVenue, type MarketSpec, type OrderRequest, type VenueOrder } from './venue.js';

/**
 * Gate.io spot, API v4 (api.gateio.ws/api/v4), from Gate's public API v4 documentation (Authentication, Spot,
 * Error labels) and what ccxt.gate parses:
 * - signed calls: headers KEY, Timestamp (seconds) and SIGN = hex HMAC-SHA512 (secret) of
 *   "METHOD\n/api/v4/path\nquery\nhex SHA512 of the body\ntimestamp"; a Timestamp more than 60 s from the server's
 *   clock is REQUEST_EXPIRED;
 * - errors: {"label": "...", "message": "..."}; 401 for authentication, 400 otherwise, 429 TOO_MANY_REQUESTS;
 * - a market buy's `amount` is the quote to spend; `text` is the client order id ('t-' prefixed), and
 *   GET /spot/orders/{order_id} takes it in place of the id.
 */
const json = (status: number, body: unknown): LocalAnswer => ({ status, json: body });
const err = (label: string, message: string, status = 400) => json(status, { label, message });
const decimals = (step: string) => Math.max(0, -new Dec(step).log(10).floor().toNumber());
const plain = (x: Dec | string | number) => new Dec(x).toFixed();
const PREFIX = '/api/v4';
/** Gate: the request's Timestamp may differ from the server's clock by at most 60 s. */
const WINDOW_S = 60;

export const gateId = (m: Pick<MarketSpec, 'base' | 'quote'>) => `${m.base}_${m.quote}`;

function pairInfo(m: MarketSpec, fee: string) {
  return {
    id: gateId(m),
    base: m.base,
    base_name: m.base,
    quote: m.quote,
    quote_name: m.quote,
    fee: plain(new Dec(fee).mul(100)),
    min_base_amount: plain(m.minQty),
    min_quote_amount: plain(m.minNotional),
    max_quote_amount: '5000000',
    amount_precision: decimals(m.stepSize),
    precision: decimals(m.tickSize),
    trade_status: m.status === 'open' ? 'tradable' : 'untradable',
    sell_start: 1607313600,
    buy_start: 1607313600,
    type: 'normal',
  };
}

/** A spot order as Gate answers it (create, get). */
function orderJson(o: VenueOrder, m: MarketSpec) {
  const byQuote = o.request.amount === undefined;
  const asked = byQuote ? new Dec(o.request.quoteAmount!) : new Dec(o.request.amount!);
  const left = byQuote ? asked.minus(o.cost) : asked.minus(o.filled);
  const fee = feeOfOrder(o);
  return {
    id: o.id,
    text: o.clientOrderId || 'apiv4',
    amend_text: '-',
    create_time: String(Math.floor(o.time / 1000)),
    update_time: String(Math.floor(o.time / 1000)),
    create_time_ms: o.time,
    update_time_ms: o.time,
    status: o.status === 'open' ? 'open' : o.status === 'filled' ? 'closed' : 'cancelled',
    currency_pair: gateId(m),
    type: o.request.type,
    account: 'spot',
    side: o.request.side,
    amount: plain(asked),
    price: plain(o.request.price ?? 0),
    time_in_force: o.request.timeInForce.toLowerCase(),
    iceberg: '0',
    left: plain(left),
    filled_amount: plain(o.filled),
    fill_price: plain(o.cost),
    filled_total: plain(o.cost),
    avg_deal_price: o.filled.gt(0) ? plain(o.cost.div(o.filled)) : '0',
    fee: plain(fee.cost),
    fee_currency: fee.currency,
    point_fee: '0',
    gt_fee: '0',
    gt_maker_fee: '0',
    gt_taker_fee: '0',
    gt_discount: false,
    rebated_fee: '0',
    rebated_fee_currency: m.quote,
    finish_as:
      o.status === 'open'
        ? 'open'
        : o.status === 'filled'
          ? 'filled'
          : o.request.timeInForce === 'IOC'
            ? 'ioc'
            : 'cancelled',
  };
}

function feeOfOrder(o: VenueOrder): { cost: Dec; currency: string } {
  const cost = o.fills.reduce((s, f) => s.plus(f.fee), new Dec(0));
  const currency =
    o.fills[0]?.feeAsset ??
    (o.request.side === 'buy' ? o.request.symbol.split('/')[0]! : o.request.symbol.split('/')[1]!);
  return { cost, currency };
}

function rejection(r: Rejection, m: MarketSpec | undefined): LocalAnswer {
  switch (r.kind) {
    case 'unknown-market':
      return err('INVALID_CURRENCY_PAIR', 'Invalid currency pair');
    case 'halted':
      return err('INVALID_CURRENCY_PAIR', `Currency pair ${m ? gateId(m) : ''} is not tradable`);
    case 'price-precision':
    case 'amount-precision':
      return err('INVALID_PRECISION', 'Invalid precision');
    case 'min-qty':
    case 'min-notional':
      return err(
        'INVALID_PARAM_VALUE',
        `Your order size ${r.detail} ${m?.quote ?? ''} is too small. The minimum is ${m ? plain(m.minNotional) : ''} ${m?.quote ?? ''}`,
      );
    case 'insufficient-balance':
      return err('BALANCE_NOT_ENOUGH', 'Not enough balance');
    case 'duplicate-client-id':
      return err('REPEATED_CREATION', 'Repeated creation');
    case 'no-trade-permission':
      return err('FORBIDDEN', 'API key has no permission to trade', 403);
  }
}

export class GateAdapter implements ProtocolAdapter {
  readonly exchange = 'gateio' as const;

  isPlacement(req: LocalRequest): boolean {
    return req.method === 'POST' && req.path === `${PREFIX}/spot/orders`;
  }

  throttled(status: 429 | 418): LocalAnswer {
    return err('TOO_MANY_REQUESTS', 'Request Rate limit Exceeded', status);
  }

  handle(req: LocalRequest, venue: LocalVenue): LocalAnswer {
    if (!req.path.startsWith(PREFIX)) return err('NOT_FOUND', 'Not Found', 404);
    const path = req.path.slice(PREFIX.length);
    const byId = new Map([...venue.markets.values()].map((m) => [gateId(m), m]));
    switch (path) {
      case '/spot/time':
        return json(200, { server_time: venue.now() });
      case '/spot/currency_pairs':
        return json(
          200,
          [...venue.markets.values()].map((m) => pairInfo(m, venue.takerFee)),
        );
      case '/margin/currency_pairs':
        return json(200, []);
      case '/spot/currencies':
        return json(200, []);
      case '/spot/tickers': {
        const pair = req.query.get('currency_pair');
        const list = [...venue.markets.values()].filter((m) => !pair || gateId(m) === pair);
        if (pair && list.length === 0) return err('INVALID_CURRENCY_PAIR', `Invalid currency pair ${pair}`);
        return json(
          200,
          list.map((m) => ({
            currency_pair: gateId(m),
            last: m.asks[0]?.[0] ?? m.bids[0]?.[0] ?? '0',
            lowest_ask: m.asks[0]?.[0] ?? '',
            highest_bid: m.bids[0]?.[0] ?? '',
            change_percentage: '0',
            base_volume: '0',
            quote_volume: '0',
            high_24h: m.asks[0]?.[0] ?? '0',
            low_24h: m.bids[0]?.[0] ?? '0',
          })),
        );
      }
    }
    const apiKey = req.headers['key'];
    const ts = req.headers['timestamp'];
    const sign = req.headers['sign'];
    if (!apiKey || !ts || !sign) return err('MISSING_REQUIRED_HEADER', 'Missing required header', 401);
    const account = venue.accounts.get(apiKey);
    if (!account) return err('INVALID_KEY', 'Invalid key provided', 401);
    const payload = [
      req.method,
      req.path,
      decodeURIComponent(req.rawQuery),
      createHash('sha512').update(req.body).digest('hex'),
      ts,
    ].join('\n');
    if (createHmac('sha512', account.secret).update(payload).digest('hex') !== sign)
      return err('INVALID_SIGNATURE', 'Signature mismatch', 401);
    if (Math.abs(venue.now() / 1000 - Number(ts)) > WINDOW_S)
      return err('REQUEST_EXPIRED', `gap between request Timestamp and server time exceeds ${WINDOW_S}`, 401);

    const pair = req.query.get('currency_pair') ?? '';
    const orderPath = /^\/spot\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && orderPath) {
      const m = byId.get(pair);
      if (!m) return err('INVALID_CURRENCY_PAIR', `Invalid currency pair ${pair}`);
      const key = decodeURIComponent(orderPath[1]!);
      const o = key.startsWith('t-')
        ? venue.findOrder(apiKey, { clientOrderId: key }, m.symbol)
        : venue.findOrder(apiKey, { id: key }, m.symbol);
      return o ? json(200, orderJson(o, m)) : err('ORDER_NOT_FOUND', 'Order not found');
    }
    switch (`${req.method} ${path}`) {
      case 'GET /account/detail':
        return json(200, {
          user_id: 1667201533,
          ip_whitelist: [],
          currency_pairs: [],
          key: { mode: 1 },
          tier: 2,
        });
      case 'GET /spot/accounts':
        return json(
          200,
          venue.balances(apiKey).map((b) => ({
            currency: b.asset,
            available: plain(b.free),
            locked: plain(b.locked),
            update_id: 1,
          })),
        );
      case 'POST /spot/orders':
        return this.place(venue, apiKey, req.body, byId);
      case 'GET /spot/orders': {
        const m = byId.get(pair);
        if (!m) return err('INVALID_CURRENCY_PAIR', `Invalid currency pair ${pair}`);
        const status = req.query.get('status') ?? 'open';
        const list = venue
          .ordersOf(apiKey, m.symbol, Number(req.query.get('from') ?? 0) * 1000)
          .filter((o) => (status === 'open' ? o.status === 'open' : o.status !== 'open'));
        return json(
          200,
          list.map((o) => orderJson(o, m)),
        );
      }
      case 'GET /spot/my_trades': {
        const m = byId.get(pair);
        if (!m) return err('INVALID_CURRENCY_PAIR', `Invalid currency pair ${pair}`);
        const orderId = req.query.get('order_id');
        const orders = venue.ordersOf(apiKey, m.symbol).filter((o) => !orderId || o.id === orderId);
        return json(
          200,
          orders.flatMap((o) =>
            o.fills.map((f) => ({
              id: String(f.tradeId),
              create_time: String(Math.floor(f.time / 1000)),
              create_time_ms: `${f.time}.000`,
              currency_pair: gateId(m),
              side: o.request.side,
              role: 'taker',
              amount: plain(f.amount),
              price: plain(f.price),
              order_id: o.id,
              fee: plain(f.fee),
              fee_currency: f.feeAsset,
              point_fee: '0',
              gt_fee: '0',
              amend_text: '-',
              sequence_id: String(f.tradeId),
              text: o.clientOrderId,
            })),
          ),
        );
      }
    }
    return err('NOT_FOUND', 'Not Found', 404);
  }

  private place(venue: LocalVenue, apiKey: string, body: string, byId: Map<string, MarketSpec>): LocalAnswer {
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return err('INVALID_REQUEST_BODY', 'Invalid request body');
    }
    const s = (k: string) => (typeof p[k] === 'string' ? p[k] : undefined);
    const m = byId.get(s('currency_pair') ?? '');
    if (!m) return err('INVALID_CURRENCY_PAIR', `Invalid currency pair ${s('currency_pair') ?? ''}`);
    const side = s('side');
    const type = s('type') ?? 'limit';
    const amount = s('amount');
    if (side !== 'buy' && side !== 'sell') return err('INVALID_PARAM_VALUE', 'invalid argument: side');
    if (type !== 'limit' && type !== 'market') return err('INVALID_PARAM_VALUE', 'invalid argument: type');
    if (!amount) return err('MISSING_REQUIRED_PARAM', 'Missing required parameter: amount');
    const tif = (s('time_in_force') ?? 'gtc').toLowerCase();
    if (type === 'limit' && !s('price'))
      return err('MISSING_REQUIRED_PARAM', 'Missing required parameter: price');
    if (type === 'market' && tif !== 'ioc' && tif !== 'fok')
      return err('INVALID_PARAM_VALUE', 'invalid argument: time_in_force');
    const text = s('text');
    if (text !== undefined && !/^t-[0-9A-Za-z_.-]{1,28}$/.test(text))
      return err('INVALID_PARAM_VALUE', 'invalid argument: text');
    const byQuote = type === 'market' && side === 'buy';
    const req: OrderRequest = {
      symbol: m.symbol,
      side,
      type,
      ...(byQuote ? { quoteAmount: amount } : { amount }),
      ...(type === 'limit' ? { price: s('price')! } : {}),
      timeInForce: tif === 'ioc' ? 'IOC' : tif === 'fok' ? 'FOK' : 'GTC',
      clientOrderId: text ?? '',
    };
    const o = venue.place(apiKey, req);
    if (o instanceof Rejection) return rejection(o, m);
    return json(201, orderJson(o, m));
  }
}
