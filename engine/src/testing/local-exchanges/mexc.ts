import { Dec } from '../../arbitrage/money.js';
import { binanceFamilyAuth, binanceFamilyPublic, binanceId, type BinanceFamily } from './binance.js';
import type { LocalAnswer, LocalRequest, ProtocolAdapter } from './server.js';
import { Rejection, type LocalVenue, type MarketSpec, type OrderRequest, type VenueOrder } from './venue.js';

/**
 * MEXC spot v3 (api.mexc.com/api/v3), from MEXC's public spot v3 documentation (General info, Market data,
 * Spot account/trade, Error codes) and what ccxt.mexc parses:
 * - signed calls: X-MEXC-APIKEY header; every parameter in the query string (ccxt sends a POST's too, with a JSON
 *   Content-Type and no body); `signature` = hex HMAC-SHA256 (secret) of the query string without it; `timestamp`
 *   within `recvWindow` (ccxt: 5000; at most 60000, 700005) of the server's clock, at most 1000 ms ahead (700003);
 * - errors: {"code": N, "msg": "..."} (HTTP 400; 429 when throttled);
 * - exchangeInfo: the amount step is 10^-baseAssetPrecision, the price tick 10^-quoteAssetPrecision, the minimum
 *   amount baseSizePrecision, the minimum order value quoteAmountPrecision; status "1" online, "2" paused;
 * - POST /api/v3/order answers only the order's id and what was asked (no status, no fills): the fill is read with
 *   GET /api/v3/order and the fees with GET /api/v3/myTrades.
 */
const json = (status: number, body: unknown): LocalAnswer => ({ status, json: body });
const err = (code: number, msg: string, status = 400) => json(status, { code, msg });
const decimals = (step: string) => Math.max(0, -new Dec(step).log(10).floor().toNumber());
const plain = (x: Dec | string | number) => new Dec(x).toFixed();

/** MEXC's order id for a venue order. */
const mexcOrderId = (o: VenueOrder) => `C02__${o.id}`;
const venueId = (orderId: string) => orderId.replace(/^C02__/, '');

const TYPES: Record<string, Pick<OrderRequest, 'type' | 'timeInForce'>> = {
  LIMIT: { type: 'limit', timeInForce: 'GTC' },
  MARKET: { type: 'market', timeInForce: 'IOC' },
  IMMEDIATE_OR_CANCEL: { type: 'limit', timeInForce: 'IOC' },
  FILL_OR_KILL: { type: 'limit', timeInForce: 'FOK' },
};

function symbolInfo(m: MarketSpec) {
  return {
    symbol: binanceId(m),
    status: m.status === 'open' ? '1' : '2',
    baseAsset: m.base,
    baseAssetPrecision: decimals(m.stepSize),
    quoteAsset: m.quote,
    quotePrecision: decimals(m.tickSize),
    quoteAssetPrecision: decimals(m.tickSize),
    baseCommissionPrecision: decimals(m.stepSize),
    quoteCommissionPrecision: decimals(m.tickSize),
    orderTypes: ['LIMIT', 'MARKET', 'LIMIT_MAKER'],
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    quoteAmountPrecision: plain(m.minNotional),
    baseSizePrecision: plain(m.minQty),
    permissions: ['SPOT'],
    filters: [],
    maxQuoteAmount: '2000000',
    makerCommission: '0',
    takerCommission: '0.0005',
    quoteAmountPrecisionMarket: plain(m.minNotional),
    maxQuoteAmountMarket: '100000',
    fullName: m.base,
    tradeSideType: 1,
  };
}

const statusOf = (o: VenueOrder) =>
  o.status === 'filled'
    ? 'FILLED'
    : o.status === 'open'
      ? o.filled.gt(0)
        ? 'PARTIALLY_FILLED'
        : 'NEW'
      : o.filled.gt(0)
        ? 'PARTIALLY_CANCELED'
        : 'CANCELED';

const typeOf = (o: VenueOrder) =>
  o.request.type === 'market'
    ? 'MARKET'
    : o.request.timeInForce === 'IOC'
      ? 'IMMEDIATE_OR_CANCEL'
      : o.request.timeInForce === 'FOK'
        ? 'FILL_OR_KILL'
        : 'LIMIT';

/** GET /api/v3/order, allOrders. */
function queried(o: VenueOrder, m: MarketSpec) {
  return {
    symbol: binanceId(m),
    orderId: mexcOrderId(o),
    orderListId: -1,
    clientOrderId: o.clientOrderId,
    price: plain(o.request.price ?? 0),
    origQty: plain(o.request.amount ?? 0),
    executedQty: plain(o.filled),
    cummulativeQuoteQty: plain(o.cost),
    status: statusOf(o),
    timeInForce: null,
    type: typeOf(o),
    side: o.request.side.toUpperCase(),
    stopPrice: null,
    icebergQty: null,
    time: o.time,
    updateTime: o.time,
    isWorking: true,
    origQuoteOrderQty: plain(o.request.quoteAmount ?? 0),
  };
}

function rejection(r: Rejection): LocalAnswer {
  switch (r.kind) {
    case 'unknown-market':
      return err(10007, 'bad symbol');
    case 'halted':
      return err(30000, 'suspended transaction for the symbol');
    case 'price-precision':
    case 'amount-precision':
      return err(10096, 'amount decimal places is too long');
    case 'min-qty':
    case 'min-notional':
      return err(30002, 'The minimum transaction volume cannot be less than :');
    case 'insufficient-balance':
      return err(30004, 'Insufficient position');
    case 'duplicate-client-id':
      return err(10098, 'risk control system detected abnormal');
    case 'no-trade-permission':
      return err(700007, 'No permission to access the endpoint.');
  }
}

export class MexcAdapter implements ProtocolAdapter {
  readonly exchange = 'mexc' as const;

  isPlacement(req: LocalRequest): boolean {
    return req.method === 'POST' && req.path === '/api/v3/order';
  }

  throttled(status: 429 | 418): LocalAnswer {
    return err(429, 'Too Many Requests', status);
  }

  private readonly family: BinanceFamily = {
    timezone: 'CST',
    symbolInfo,
    num: plain,
    apiKeyHeader: 'x-mexc-apikey',
    keyError: (apiKey, known) => (apiKey && known ? null : err(10072, 'Api key info invalid')),
    signatureError: err(700002, 'Signature for this request is not valid.'),
    recvWindowError: err(700005, 'recvWindow must less than 60000'),
    timestampError: err(700003, 'Timestamp for this request is outside of the recvWindow.'),
  };

  handle(req: LocalRequest, venue: LocalVenue): LocalAnswer {
    // ccxt.mexc loads the futures markets too: none here.
    if (req.path === '/api/v1/contract/detail') return json(200, { success: true, code: 0, data: [] });
    const open = binanceFamilyPublic(req, venue, this.family);
    if (open) return open;
    const auth = binanceFamilyAuth(req, venue, this.family);
    if (!('apiKey' in auth)) return auth;
    const { apiKey, account, params } = auth;
    const byId = new Map([...venue.markets.values()].map((m) => [binanceId(m), m]));
    const market = byId.get(params['symbol'] ?? '');
    switch (`${req.method} ${req.path}`) {
      case 'POST /api/v3/order':
        return this.place(venue, apiKey, params, market);
      case 'GET /api/v3/order': {
        if (!market) return err(-1121, 'Invalid symbol.');
        if (params['orderId'] === undefined && params['origClientOrderId'] === undefined)
          return err(
            700004,
            "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!",
          );
        const o = venue.findOrder(
          apiKey,
          params['orderId'] !== undefined
            ? { id: venueId(params['orderId']) }
            : { clientOrderId: params['origClientOrderId']! },
          market.symbol,
        );
        return o ? json(200, queried(o, market)) : err(-2013, 'Order does not exist.');
      }
      case 'GET /api/v3/allOrders':
        if (!market) return err(-1121, 'Invalid symbol.');
        return json(
          200,
          venue
            .ordersOf(apiKey, market.symbol, Number(params['startTime'] ?? 0))
            .map((o) => queried(o, market)),
        );
      case 'GET /api/v3/myTrades': {
        if (!market) return err(-1121, 'Invalid symbol.');
        const orders = venue
          .ordersOf(apiKey, market.symbol)
          .filter((o) => params['orderId'] === undefined || o.id === venueId(params['orderId']));
        return json(
          200,
          orders.flatMap((o) =>
            o.fills.map((f) => ({
              symbol: binanceId(market),
              id: `${f.tradeId.toString(16)}a1b2c3d4e5f6`,
              orderId: mexcOrderId(o),
              orderListId: -1,
              price: plain(f.price),
              qty: plain(f.amount),
              quoteQty: plain(f.price.mul(f.amount)),
              commission: plain(f.fee),
              commissionAsset: f.feeAsset,
              time: f.time,
              isBuyer: o.request.side === 'buy',
              isMaker: false,
              isBestMatch: true,
              isSelfTrade: false,
              clientOrderId: o.clientOrderId,
            })),
          ),
        );
      }
      case 'GET /api/v3/account':
        return json(200, {
          makerCommission: null,
          takerCommission: null,
          buyerCommission: null,
          sellerCommission: null,
          canTrade: account.canTrade,
          canWithdraw: account.canWithdraw,
          canDeposit: true,
          updateTime: null,
          accountType: 'SPOT',
          balances: venue
            .balances(apiKey)
            .map((b) => ({ asset: b.asset, free: plain(b.free), locked: plain(b.locked) })),
          permissions: ['SPOT'],
        });
      case 'GET /api/v3/capital/config/getall':
        return json(200, []);
    }
    return err(404, 'Not Found', 404);
  }

  private place(
    venue: LocalVenue,
    apiKey: string,
    p: Record<string, string>,
    m: MarketSpec | undefined,
  ): LocalAnswer {
    if (!m) return err(-1121, 'Invalid symbol.');
    const side = p['side'];
    const kind = TYPES[p['type'] ?? ''];
    if ((side !== 'BUY' && side !== 'SELL') || !kind)
      return err(700008, 'Illegal characters found in parameter.');
    if (kind.type === 'limit' && (p['price'] === undefined || p['quantity'] === undefined))
      return err(700004, "Mandatory parameter 'quantity' or 'price' was not sent.");
    if (kind.type === 'market' && p['quantity'] === undefined && p['quoteOrderQty'] === undefined)
      return err(10095, 'amount cannot be null');
    const clientOrderId = p['newClientOrderId'] ?? '';
    const req: OrderRequest = {
      symbol: m.symbol,
      side: side === 'BUY' ? 'buy' : 'sell',
      ...kind,
      ...(p['quantity'] !== undefined ? { amount: p['quantity'] } : { quoteAmount: p['quoteOrderQty']! }),
      ...(p['price'] !== undefined && kind.type === 'limit' ? { price: p['price'] } : {}),
      clientOrderId,
    };
    const o = venue.place(apiKey, req);
    if (o instanceof Rejection) return rejection(o);
    return json(200, {
      symbol: binanceId(m),
      orderId: mexcOrderId(o),
      orderListId: -1,
      price: plain(p['price'] ?? 0),
      origQty: plain(p['quantity'] ?? 0),
      type: p['type'],
      side,
      transactTime: o.time,
    });
  }
}
