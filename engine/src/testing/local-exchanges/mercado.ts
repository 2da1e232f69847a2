import { createHmac } from 'node:crypto';
import { Dec } from '../../market-data/money.js';
import { formParams } from './binance.js';
import type { LocalAnswer, LocalRequest, ProtocolAdapter } from './server.js';
import { LocalVenue, Rejection, type MarketSpec, type RejectionKind, type VenueOrder } from './venue.js';

/**
 * Mercado Bitcoin as ccxt's `mercado` class speaks it (the platform's ccxt id for mercadobitcoin; ccxt has no
 * newer Mercado Bitcoin class): the public Data API (GET /api/coins, /api/{coin}/ticker/, /api/{coin}/orderbook/)
 * and the Trade API v3 (POST /tapi/v3/, form body with tapi_method and tapi_nonce; headers TAPI-ID and TAPI-MAC =
 * hex HMAC-SHA512(secret, '/tapi/v3/?' + body)). Every market is {COIN}/BRL, id BRL{COIN} (coin_pair).
 * Answers `{response_data, status_code: 100, server_unix_timestamp}`; errors `{status_code, error_message,
 * server_unix_timestamp}` with HTTP 200, 429 when over the request limit (ccxt's mercado.handleErrors throws
 * ExchangeError on any error_message). The Trade API has no immediate-or-cancel and no client order id: a
 * limit order rests on the book until canceled, and an order is known by its numeric order_id only. Fees are
 * charged in the asset received (the Trade API example: a buy of 1 BTC at 0.30% pays fee 0.003).
 */

/** status of a Trade API order: 2 open, 3 canceled, 4 filled. */
function orderStatus(o: VenueOrder): number {
  return o.status === 'open' ? 2 : o.status === 'filled' ? 4 : 3;
}

const coinPair = (m: Pick<MarketSpec, 'base'>) => `BRL${m.base}`;
const seconds = (ms: number) => String(Math.floor(ms / 1000));
const d8 = (x: Dec) => x.toFixed(8);
const d5 = (x: Dec) => x.toFixed(5);

/** An order as the Trade API answers it (place_*, get_order, list_orders, cancel_order). */
function orderJson(venue: LocalVenue, o: VenueOrder) {
  const m = venue.market(o.request.symbol)!;
  return {
    order_id: Number(o.id),
    coin_pair: coinPair(m),
    order_type: o.request.side === 'buy' ? 1 : 2,
    status: orderStatus(o),
    has_fills: o.fills.length > 0,
    quantity: d8(o.amount),
    limit_price: d5(new Dec(o.request.price ?? (o.filled.gt(0) ? o.cost.div(o.filled) : 0))),
    executed_quantity: d8(o.filled),
    executed_price_avg: d5(o.filled.gt(0) ? o.cost.div(o.filled) : new Dec(0)),
    fee: d8(LocalVenue.feeOf(o)),
    created_timestamp: seconds(o.time),
    updated_timestamp: seconds(o.time),
    operations: o.fills.map((f) => ({
      operation_id: f.tradeId,
      quantity: d8(f.amount),
      price: d5(f.price),
      fee_rate: new Dec(venue.takerFee).mul(100).toFixed(2),
      executed_timestamp: seconds(f.time),
    })),
  };
}

/**
 * The venue's refusals as Trade API errors. ccxt reads only `error_message` (any one: ExchangeError); the
 * authentication codes 201-204 and 429 are the Trade API's, the order refusals' codes here are in its 2xx error
 * range but not taken from its table.
 */
const REJECTIONS: Record<RejectionKind, [number, string]> = {
  'unknown-market': [205, 'Valor do parâmetro coin_pair inválido.'],
  halted: [432, 'Negociação temporariamente suspensa para este par.'],
  'price-precision': [211, 'Valor do parâmetro limit_price inválido.'],
  'amount-precision': [207, 'Valor do parâmetro quantity inválido.'],
  'min-qty': [207, 'Valor do parâmetro quantity abaixo do mínimo permitido.'],
  'min-notional': [207, 'Valor da ordem abaixo do mínimo permitido.'],
  'insufficient-balance': [216, 'Saldo insuficiente para realizar a operação.'],
  'duplicate-client-id': [200, 'Ordem duplicada.'],
  'no-trade-permission': [240, 'Chave de API sem permissão de negociação.'],
};

export class MercadoBitcoinAdapter implements ProtocolAdapter {
  readonly exchange = 'mercadobitcoin' as const;
  /** The last tapi_nonce of each key: the Trade API refuses one not greater than the last. */
  private readonly nonces = new Map<string, number>();

  isPlacement(req: LocalRequest): boolean {
    return req.path === '/tapi/v3/' && /^place_/.test(new URLSearchParams(req.body).get('tapi_method') ?? '');
  }

  throttled(status: 429 | 418): LocalAnswer {
    return {
      status,
      json: {
        status_code: 429,
        error_message: 'Taxa de requisições excedida.',
        server_unix_timestamp: seconds(Date.now()),
      },
    };
  }

  handle(req: LocalRequest, venue: LocalVenue): LocalAnswer {
    if (req.method === 'GET' && req.path === '/api/coins') {
      return { status: 200, json: [...new Set([...venue.markets.values()].map((m) => m.base))] };
    }
    const pub = /^\/api\/([A-Za-z0-9]+)\/(ticker|orderbook)\/?$/.exec(req.path);
    if (req.method === 'GET' && pub) {
      const m = [...venue.markets.values()].find(
        (x) => x.base === pub[1]!.toUpperCase() && x.quote === 'BRL',
      );
      if (!m) return { status: 404, text: 'Not Found' };
      if (pub[2] === 'orderbook') {
        const side = (levels: MarketSpec['bids']) => levels.map(([p, a]) => [Number(p), Number(a)]);
        return { status: 200, json: { asks: side(m.asks), bids: side(m.bids) } };
      }
      const [bid, ask] = [m.bids[0]?.[0] ?? '0', m.asks[0]?.[0] ?? '0'];
      return {
        status: 200,
        json: {
          ticker: {
            high: ask,
            low: bid,
            vol: '0',
            last: ask,
            buy: bid,
            sell: ask,
            open: ask,
            date: Math.floor(venue.now() / 1000),
          },
        },
      };
    }
    if (req.method === 'POST' && req.path === '/tapi/v3/') return this.tapi(req, venue);
    return { status: 404, text: 'Not Found' };
  }

  private tapi(req: LocalRequest, venue: LocalVenue): LocalAnswer {
    const now = seconds(venue.now());
    const ok = (response_data: unknown): LocalAnswer => ({
      status: 200,
      json: { response_data, status_code: 100, server_unix_timestamp: now },
    });
    const fail = (code: number, message: string): LocalAnswer => ({
      status: 200,
      json: { status_code: code, error_message: message, server_unix_timestamp: now },
    });
    const account = venue.accounts.get(req.headers['tapi-id'] ?? '');
    if (!account) return fail(201, 'Valor do TAPI-ID inválido.');
    const mac = createHmac('sha512', account.secret).update(`/tapi/v3/?${req.body}`).digest('hex');
    if (req.headers['tapi-mac'] !== mac) return fail(202, 'Valor do TAPI-MAC inválido.');
    const p = formParams(req);
    const nonce = Number(p['tapi_nonce']);
    if (!Number.isInteger(nonce) || nonce <= (this.nonces.get(account.apiKey) ?? 0))
      return fail(203, 'Valor do tapi_nonce inválido.');
    this.nonces.set(account.apiKey, nonce);
    const method = p['tapi_method'] ?? '';
    if (method === 'get_account_info') {
      const balance = Object.fromEntries(
        venue
          .balances(account.apiKey)
          .map((b) => [
            b.asset.toLowerCase(),
            {
              available: d8(b.free),
              total: d8(b.free.plus(b.locked)),
              ...(b.asset === 'BRL' ? {} : { amount_open_orders: 0 }),
            },
          ]),
      );
      return ok({ balance, withdrawal_limits: {} });
    }
    const m = [...venue.markets.values()].find((x) => coinPair(x) === p['coin_pair']);
    if (!m) return fail(205, 'Valor do parâmetro coin_pair inválido.');
    const mine = (id: string | undefined) =>
      venue.ordersOf(account.apiKey, m.symbol).find((o) => o.id === id && /^\d+$/.test(id ?? ''));
    switch (method) {
      case 'place_buy_order':
      case 'place_sell_order':
      case 'place_market_buy_order':
      case 'place_market_sell_order': {
        const side = method.includes('buy') ? 'buy' : 'sell';
        const market = method.includes('market');
        const byCost = market && side === 'buy';
        const amount = byCost ? p['cost'] : p['quantity'];
        if (!amount) return fail(207, `Valor do parâmetro ${byCost ? 'cost' : 'quantity'} inválido.`);
        if (!market && !p['limit_price']) return fail(211, 'Valor do parâmetro limit_price inválido.');
        const placed = venue.place(account.apiKey, {
          symbol: m.symbol,
          side,
          type: market ? 'market' : 'limit',
          ...(byCost ? { quoteAmount: amount } : { amount }),
          ...(market ? {} : { price: p['limit_price']! }),
          // no IOC on the Trade API: a limit order's remainder rests on the book
          timeInForce: market ? 'IOC' : 'GTC',
          clientOrderId: '',
        });
        if (placed instanceof Rejection) return fail(...REJECTIONS[placed.kind]);
        return ok({ order: orderJson(venue, placed) });
      }
      case 'get_order': {
        const o = mine(p['order_id']);
        return o ? ok({ order: orderJson(venue, o) }) : fail(213, 'Valor do parâmetro order_id inválido.');
      }
      case 'cancel_order': {
        const o = mine(p['order_id']);
        if (!o) return fail(213, 'Valor do parâmetro order_id inválido.');
        if (o.status !== 'open') return fail(214, 'Ordem já finalizada, não pode ser cancelada.');
        o.status = 'canceled'; // the resting remainder leaves the book (nothing was reserved for it)
        return ok({ order: orderJson(venue, o) });
      }
      case 'list_orders': {
        const statuses = p['status_list'] ? (JSON.parse(p['status_list']) as number[]) : null;
        const orders = venue
          .ordersOf(account.apiKey, m.symbol)
          .filter((o) => !statuses || statuses.includes(orderStatus(o)))
          .filter((o) => p['has_fills'] === undefined || o.fills.length > 0 === (p['has_fills'] === 'true'))
          .reverse()
          .map((o) => orderJson(venue, o));
        return ok({ orders });
      }
    }
    return fail(204, 'Valor do tapi_method inválido.');
  }
}
