import { createHmac } from 'node:crypto';
import { Dec } from '../../market-data/money.js';
import type { LocalAnswer, LocalRequest, ProtocolAdapter } from './server.js';
import {
  Rejection,
  type Account,
  type LocalVenue,
  type MarketSpec,
  type OrderRequest,
  type VenueOrder,
} from './venue.js';

/**
 * Binance spot (api.binance.com, /api/v3 and the /sapi calls ccxt makes with a key), from Binance's public API
 * documentation (spot REST API: General info, Filters, Error codes) and what ccxt.binance parses:
 * - signed calls: X-MBX-APIKEY header; `signature` = hex HMAC-SHA256 (secret) of the query string followed by the
 *   form body (ccxt sends a POST's parameters in the body), `timestamp` within `recvWindow` (default 5000 ms) of
 *   the server's clock and at most 1000 ms ahead of it (-1021);
 * - errors: HTTP 400 {"code": -NNNN, "msg": "..."}, 401 for -2015; 429/418 with Retry-After and -1003.
 */
export const d8 = (x: Dec | string | number) => new Dec(x).toFixed(8);

/** Binance's id of a unified symbol: 'BTC/USDT' → 'BTCUSDT'. */
export const binanceId = (m: Pick<MarketSpec, 'base' | 'quote'>) => `${m.base}${m.quote}`;

/** Binance-family signing (Binance, MEXC): HMAC-SHA256 hex of the query then the body, each without `signature`. */
export function binanceStyleSignature(
  req: LocalRequest,
  secret: string,
): { given: string | null; expected: string } {
  const body = new URLSearchParams(req.body.startsWith('{') ? '' : req.body);
  const unsigned = (s: string) => s.replace(/&?signature=[0-9a-fA-F]*$/, '');
  const payload = unsigned(req.rawQuery) + unsigned(req.body.startsWith('{') ? '' : req.body);
  return {
    given: req.query.get('signature') ?? body.get('signature'),
    expected: createHmac('sha256', secret).update(payload).digest('hex'),
  };
}

/** Query and form-body parameters, without the signature. */
export function formParams(req: LocalRequest): Record<string, string> {
  const body = req.body && !req.body.startsWith('{') ? [...new URLSearchParams(req.body)] : [];
  return Object.fromEntries([...req.query, ...body].filter(([k]) => k !== 'signature'));
}

const json = (status: number, body: unknown): LocalAnswer => ({ status, json: body });

/** One network of Binance's `GET /sapi/v1/capital/config/getall` (the fields ccxt reads; Binance's documented shape). */
const network = (coin: string, net: string, fee: string, min: string, withdraw = true, deposit = true) => ({
  network: net,
  coin,
  withdrawIntegerMultiple: '0.00000001',
  isDefault: false,
  depositEnable: deposit,
  withdrawEnable: withdraw,
  depositDesc: deposit ? '' : 'Wallet Maintenance, Deposit Suspended',
  withdrawDesc: withdraw ? '' : 'Wallet Maintenance, Withdrawal Suspended',
  specialTips: '',
  name: net,
  resetAddressStatus: false,
  addressRegex: '',
  memoRegex: '',
  withdrawFee: fee,
  withdrawMin: min,
  withdrawMax: '9999999',
  minConfirm: 1,
  unLockConfirm: 2,
  sameAddress: false,
  estimatedArrivalTime: 5,
  busy: false,
});
const coin = (c: string, name: string, networkList: ReturnType<typeof network>[]) => ({
  coin: c,
  depositAllEnable: networkList.some((n) => n.depositEnable),
  withdrawAllEnable: networkList.some((n) => n.withdrawEnable),
  name,
  free: '0',
  locked: '0',
  freeze: '0',
  withdrawing: '0',
  ipoing: '0',
  ipoable: '0',
  storage: '0',
  isLegalMoney: false,
  trading: true,
  networkList,
});
/**
 * The wallet's coins and networks (issue 29: the transfer-fee refresh). Figures differ from the shipped table on
 * purpose, and USDT's TRC20 withdrawals are suspended, so a test sees the refresh take effect.
 */
const CAPITAL_CONFIG = [
  coin('BTC', 'Bitcoin', [
    network('BTC', 'BTC', '0.00013', '0.00026'),
    network('BTC', 'BSC', '0.0000046', '0.00001'),
  ]),
  coin('USDT', 'TetherUS', [
    network('USDT', 'ETH', '4.5', '9'),
    network('USDT', 'TRX', '1', '10', false),
    network('USDT', 'BSC', '0.29', '10'),
  ]),
];
const err = (code: number, msg: string, status = 400) => json(status, { code, msg });

/** What the Binance family (Binance, MEXC spot v3) serves the same way, each in its own words. */
export interface BinanceFamily {
  timezone: string;
  symbolInfo: (m: MarketSpec) => unknown;
  /** How the exchange writes a decimal (Binance: 8 decimals; MEXC: as is). */
  num: (x: Dec | string | number) => string;
  apiKeyHeader: string;
  /** The exchange's answer to a missing, malformed or unknown key (null: the key is fine). */
  keyError: (apiKey: string | undefined, known: boolean) => LocalAnswer | null;
  signatureError: LocalAnswer;
  recvWindowError: LocalAnswer;
  timestampError: LocalAnswer;
}

/** The public calls ccxt makes (ping, time, exchangeInfo, bookTicker); null for any other path. */
export function binanceFamilyPublic(
  req: LocalRequest,
  venue: LocalVenue,
  f: BinanceFamily,
): LocalAnswer | null {
  switch (req.path) {
    case '/api/v3/ping':
      return json(200, {});
    case '/api/v3/time':
      return json(200, { serverTime: venue.now() });
    case '/api/v3/exchangeInfo':
      return json(200, {
        timezone: f.timezone,
        serverTime: venue.now(),
        rateLimits: [],
        exchangeFilters: [],
        symbols: [...venue.markets.values()].map(f.symbolInfo),
      });
    case '/api/v3/ticker/24hr': {
      // fetchTicker: the 24 h statistics of one symbol. No trade history here: the last price is the best ask
      // (as the Gate adapter's `last`), the day's range the book's best prices.
      const m = [...venue.markets.values()].find((x) => binanceId(x) === req.query.get('symbol'));
      if (!m) return err(-1121, 'Invalid symbol.');
      const ask = m.asks[0]?.[0] ?? '0';
      const bid = m.bids[0]?.[0] ?? '0';
      const now = venue.now();
      return json(200, {
        symbol: binanceId(m),
        priceChange: f.num(0),
        priceChangePercent: f.num(0),
        weightedAvgPrice: f.num(ask),
        prevClosePrice: f.num(ask),
        lastPrice: f.num(ask),
        lastQty: f.num(0),
        bidPrice: f.num(bid),
        bidQty: f.num(m.bids[0]?.[1] ?? 0),
        askPrice: f.num(ask),
        askQty: f.num(m.asks[0]?.[1] ?? 0),
        openPrice: f.num(ask),
        highPrice: f.num(ask),
        lowPrice: f.num(bid),
        volume: f.num(0),
        quoteVolume: f.num(0),
        openTime: now - 86_400_000,
        closeTime: now,
        firstId: -1,
        lastId: -1,
        count: 0,
      });
    }
    case '/api/v3/ticker/bookTicker': {
      const m = [...venue.markets.values()].find((x) => binanceId(x) === req.query.get('symbol'));
      if (!m) return err(-1121, 'Invalid symbol.');
      return json(200, {
        symbol: binanceId(m),
        bidPrice: f.num(m.bids[0]?.[0] ?? 0),
        bidQty: f.num(m.bids[0]?.[1] ?? 0),
        askPrice: f.num(m.asks[0]?.[0] ?? 0),
        askQty: f.num(m.asks[0]?.[1] ?? 0),
      });
    }
  }
  return null;
}

/**
 * A signed (USER_DATA / TRADE) call checked the family's way: the key header, the HMAC-SHA256 signature of the
 * query then the body, `timestamp` within `recvWindow` (default 5000, at most 60000) of the server's clock and at
 * most 1000 ms ahead of it. The caller's account and parameters, or the exchange's error.
 */
export function binanceFamilyAuth(
  req: LocalRequest,
  venue: LocalVenue,
  f: BinanceFamily,
): { apiKey: string; account: Account; params: Record<string, string> } | LocalAnswer {
  const apiKey = req.headers[f.apiKeyHeader];
  const account = apiKey ? venue.accounts.get(apiKey) : undefined;
  const refused = f.keyError(apiKey, account !== undefined);
  if (refused || !apiKey || !account) return refused ?? f.keyError(undefined, false)!;
  const { given, expected } = binanceStyleSignature(req, account.secret);
  if (given !== expected) return f.signatureError;
  const params = formParams(req);
  const timestamp = Number(params['timestamp']);
  const recvWindow = Number(params['recvWindow'] ?? 5_000);
  if (recvWindow > 60_000) return f.recvWindowError;
  const now = venue.now();
  if (!(timestamp < now + 1_000 && now - timestamp <= recvWindow)) return f.timestampError;
  return { apiKey, account, params };
}

/** The parameters POST /api/v3/order reads (anything else: -1104). */
const ORDER_PARAMS = new Set([
  'symbol',
  'side',
  'type',
  'timeInForce',
  'quantity',
  'quoteOrderQty',
  'price',
  'newClientOrderId',
  'strategyId',
  'strategyType',
  'stopPrice',
  'trailingDelta',
  'icebergQty',
  'newOrderRespType',
  'selfTradePreventionMode',
  'recvWindow',
  'timestamp',
]);

const decimals = (step: string) => Math.max(0, -new Dec(step).log(10).floor().toNumber());

function symbolInfo(m: MarketSpec) {
  return {
    symbol: binanceId(m),
    status: m.status === 'open' ? 'TRADING' : 'BREAK',
    baseAsset: m.base,
    baseAssetPrecision: 8,
    quoteAsset: m.quote,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    baseCommissionPrecision: 8,
    quoteCommissionPrecision: 8,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
    icebergAllowed: true,
    ocoAllowed: true,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: true,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: d8(m.tickSize),
        maxPrice: '1000000.00000000',
        tickSize: d8(m.tickSize),
      },
      { filterType: 'LOT_SIZE', minQty: d8(m.minQty), maxQty: '9000.00000000', stepSize: d8(m.stepSize) },
      {
        filterType: 'NOTIONAL',
        minNotional: d8(m.minNotional),
        applyMinToMarket: true,
        maxNotional: '9000000.00000000',
        applyMaxToMarket: false,
        avgPriceMins: 5,
      },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
  };
}

/** Binance's status of a venue order: an IOC remainder (partial or none) is EXPIRED. */
const statusOf = (o: VenueOrder) =>
  o.status === 'filled' ? 'FILLED' : o.status === 'open' ? 'NEW' : 'EXPIRED';

/** An order as GET /api/v3/order and allOrders answer it (no fills). */
function queried(o: VenueOrder, venue: LocalVenue) {
  const m = venue.market(o.request.symbol)!;
  return {
    symbol: binanceId(m),
    orderId: Number(o.id),
    orderListId: -1,
    clientOrderId: o.clientOrderId,
    price: d8(o.request.price ?? 0),
    origQty: d8(o.request.amount ?? 0),
    executedQty: d8(o.filled),
    cummulativeQuoteQty: d8(o.cost),
    status: statusOf(o),
    timeInForce: o.request.type === 'limit' ? o.request.timeInForce : 'GTC',
    type: o.request.type.toUpperCase(),
    side: o.request.side.toUpperCase(),
    stopPrice: d8(0),
    icebergQty: d8(0),
    time: o.time,
    updateTime: o.time,
    isWorking: true,
    workingTime: o.time,
    origQuoteOrderQty: d8(o.request.quoteAmount ?? 0),
    selfTradePreventionMode: 'EXPIRE_MAKER',
  };
}

function rejection(r: Rejection): LocalAnswer {
  switch (r.kind) {
    case 'unknown-market':
      return err(-1121, 'Invalid symbol.');
    case 'halted':
      return err(-1013, 'Market is closed.');
    case 'price-precision':
      return err(-1013, 'Filter failure: PRICE_FILTER');
    case 'amount-precision':
    case 'min-qty':
      return err(-1013, 'Filter failure: LOT_SIZE');
    case 'min-notional':
      return err(-1013, 'Filter failure: NOTIONAL');
    case 'insufficient-balance':
      return err(-2010, 'Account has insufficient balance for requested action.');
    case 'duplicate-client-id':
      return err(-2010, 'Duplicate order sent.');
    case 'no-trade-permission':
      return err(-2010, 'This account may not place or cancel orders.');
  }
}

export class BinanceAdapter implements ProtocolAdapter {
  readonly exchange = 'binance' as const;

  isPlacement(req: LocalRequest): boolean {
    return req.method === 'POST' && req.path === '/api/v3/order';
  }

  throttled(status: 429 | 418): LocalAnswer {
    return status === 429
      ? err(
          -1003,
          'Too many requests; current limit of IP(127.0.0.1) is 6000 requests per minute. Please use the websocket for live updates to avoid polling the API.',
          429,
        )
      : err(
          -1003,
          'Way too much request weight used; IP banned until 1764300000000. Please use the websocket for live updates to avoid bans.',
          418,
        );
  }

  private readonly family: BinanceFamily = {
    timezone: 'UTC',
    symbolInfo,
    num: d8,
    apiKeyHeader: 'x-mbx-apikey',
    keyError: (apiKey, known) =>
      !apiKey || !/^[A-Za-z0-9]{16,128}$/.test(apiKey)
        ? err(-2014, 'API-key format invalid.')
        : known
          ? null
          : err(-2015, 'Invalid API-key, IP, or permissions for action.', 401),
    signatureError: err(-1022, 'Signature for this request is not valid.'),
    recvWindowError: err(-1131, 'recvWindow must be less than 60000'),
    timestampError: err(-1021, 'Timestamp for this request is outside of the recvWindow.'),
  };

  handle(req: LocalRequest, venue: LocalVenue): LocalAnswer {
    const open = binanceFamilyPublic(req, venue, this.family);
    if (open) return open;
    const auth = binanceFamilyAuth(req, venue, this.family);
    if (!('apiKey' in auth)) return auth;
    const { apiKey, account, params } = auth;
    const now = venue.now();
    const byId = new Map([...venue.markets.values()].map((m) => [binanceId(m), m]));
    const market = () => byId.get(params['symbol'] ?? '');
    switch (`${req.method} ${req.path}`) {
      case 'POST /api/v3/order':
        return this.place(venue, apiKey, params, market());
      case 'GET /api/v3/order': {
        const m = market();
        if (!m) return err(-1121, 'Invalid symbol.');
        if (params['orderId'] === undefined && params['origClientOrderId'] === undefined)
          return err(-1102, "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!");
        const o = venue.findOrder(
          apiKey,
          params['orderId'] !== undefined
            ? { id: params['orderId'] }
            : { clientOrderId: params['origClientOrderId']! },
          m.symbol,
        );
        return o ? json(200, queried(o, venue)) : err(-2013, 'Order does not exist.');
      }
      case 'GET /api/v3/allOrders': {
        const m = market();
        if (!m) return err(-1121, 'Invalid symbol.');
        return json(
          200,
          venue.ordersOf(apiKey, m.symbol, Number(params['startTime'] ?? 0)).map((o) => queried(o, venue)),
        );
      }
      case 'GET /api/v3/myTrades': {
        const m = market();
        if (!m) return err(-1121, 'Invalid symbol.');
        const orders = venue
          .ordersOf(apiKey, m.symbol)
          .filter((o) => params['orderId'] === undefined || o.id === params['orderId']);
        return json(
          200,
          orders.flatMap((o) =>
            o.fills.map((f) => ({
              symbol: binanceId(m),
              id: f.tradeId,
              orderId: Number(o.id),
              orderListId: -1,
              price: d8(f.price),
              qty: d8(f.amount),
              quoteQty: d8(f.price.mul(f.amount)),
              commission: d8(f.fee),
              commissionAsset: f.feeAsset,
              time: f.time,
              isBuyer: o.request.side === 'buy',
              isMaker: false,
              isBestMatch: true,
            })),
          ),
        );
      }
      case 'GET /api/v3/account':
        return json(200, {
          makerCommission: 10,
          takerCommission: 10,
          buyerCommission: 0,
          sellerCommission: 0,
          commissionRates: {
            maker: '0.00100000',
            taker: d8(venue.takerFee),
            buyer: '0.00000000',
            seller: '0.00000000',
          },
          canTrade: account.canTrade,
          canWithdraw: account.canWithdraw,
          canDeposit: true,
          brokered: false,
          requireSelfTradePrevention: false,
          preventSor: false,
          updateTime: now,
          accountType: 'SPOT',
          balances: venue
            .balances(apiKey)
            .map((b) => ({ asset: b.asset, free: d8(b.free), locked: d8(b.locked) })),
          permissions: ['SPOT'],
          uid: 354937868,
        });
      case 'GET /sapi/v1/capital/config/getall':
        return json(200, CAPITAL_CONFIG);
      case 'GET /sapi/v1/margin/allPairs':
      case 'GET /sapi/v1/margin/isolated/allPairs':
        return json(200, []);
      case 'GET /sapi/v1/account/apiRestrictions':
        return json(200, {
          ipRestrict: false,
          createTime: 1698645219000,
          enableReading: true,
          enableWithdrawals: account.canWithdraw,
          enableInternalTransfer: false,
          enableMargin: false,
          enableFutures: false,
          permitsUniversalTransfer: false,
          enableVanillaOptions: false,
          enableFixApiTrade: false,
          enableFixReadOnly: false,
          enableSpotAndMarginTrading: account.canTrade,
          enablePortfolioMarginTrading: false,
        });
    }
    return err(-1100, `Illegal characters found in a parameter.`, 404);
  }

  /** POST /api/v3/order: the parameter checks Binance makes, then the venue; FULL/RESULT/ACK answers. */
  private place(
    venue: LocalVenue,
    apiKey: string,
    p: Record<string, string>,
    m: MarketSpec | undefined,
  ): LocalAnswer {
    if (!m) return err(-1121, 'Invalid symbol.');
    const side = p['side'];
    const type = p['type'];
    if (side !== 'BUY' && side !== 'SELL')
      return err(-1102, "Mandatory parameter 'side' was not sent, was empty/null, or malformed.");
    if (type !== 'MARKET' && type !== 'LIMIT') return err(-1116, 'Invalid orderType.');
    const unread = Object.keys(p).filter((k) => !ORDER_PARAMS.has(k));
    if (unread.length > 0) {
      return err(
        -1104,
        `Not all sent parameters were read; read '${Object.keys(p).length - unread.length}' parameter(s) but was sent '${Object.keys(p).length}'.`,
      );
    }
    if (type === 'MARKET') {
      const extra = ['timeInForce', 'price'].find((k) => p[k] !== undefined);
      if (extra) return err(-1106, `Parameter '${extra}' sent when not required.`);
      if (p['quantity'] === undefined && p['quoteOrderQty'] === undefined)
        return err(-1102, "Mandatory parameter 'quantity' was not sent, was empty/null, or malformed.");
    } else {
      for (const k of ['quantity', 'price', 'timeInForce'])
        if (p[k] === undefined)
          return err(-1102, `Mandatory parameter '${k}' was not sent, was empty/null, or malformed.`);
      if (!['GTC', 'IOC', 'FOK'].includes(p['timeInForce']!)) return err(-1115, 'Invalid timeInForce.');
    }
    const clientOrderId = p['newClientOrderId'] ?? `web_${Date.now().toString(16)}`;
    if (!/^[.A-Z:/a-z0-9_-]{1,36}$/.test(clientOrderId)) {
      return err(
        -1100,
        "Illegal characters found in parameter 'newClientOrderId'; legal range is '^[\\.A-Z\\:/a-z0-9_-]{1,36}$'.",
      );
    }
    // Binance answers a price or quantity with more decimals than the filter allows with -1111.
    for (const [k, step] of [
      ['price', m.tickSize],
      ['quantity', m.stepSize],
    ] as const) {
      const v = p[k];
      if (v !== undefined && (v.split('.')[1]?.replace(/0+$/, '').length ?? 0) > Math.max(decimals(step), 8))
        return err(-1111, `Parameter '${k}' has too much precision.`);
    }
    const req: OrderRequest = {
      symbol: m.symbol,
      side: side === 'BUY' ? 'buy' : 'sell',
      type: type === 'LIMIT' ? 'limit' : 'market',
      ...(p['quantity'] !== undefined ? { amount: p['quantity'] } : { quoteAmount: p['quoteOrderQty']! }),
      ...(p['price'] !== undefined ? { price: p['price'] } : {}),
      timeInForce: type === 'LIMIT' ? (p['timeInForce'] as OrderRequest['timeInForce']) : 'IOC',
      clientOrderId,
    };
    const o = venue.place(apiKey, req);
    if (o instanceof Rejection) return rejection(o);
    const ack = {
      symbol: binanceId(m),
      orderId: Number(o.id),
      orderListId: -1,
      clientOrderId,
      transactTime: o.time,
    };
    const respType = p['newOrderRespType'] ?? (type === 'MARKET' || type === 'LIMIT' ? 'FULL' : 'ACK');
    if (respType === 'ACK') return json(200, ack);
    const result = {
      ...ack,
      price: d8(o.request.price ?? 0),
      origQty: d8(o.request.amount ?? o.amount),
      executedQty: d8(o.filled),
      origQuoteOrderQty: d8(o.request.quoteAmount ?? 0),
      cummulativeQuoteQty: d8(o.cost),
      status: statusOf(o),
      timeInForce: req.timeInForce === 'IOC' && type === 'MARKET' ? 'GTC' : req.timeInForce,
      type,
      side,
      workingTime: o.time,
      selfTradePreventionMode: 'EXPIRE_MAKER',
    };
    if (respType === 'RESULT') return json(200, result);
    return json(200, {
      ...result,
      fills: o.fills.map((f) => ({
        price: d8(f.price),
        qty: d8(f.amount),
        commission: d8(f.fee),
        commissionAsset: f.feeAsset,
        tradeId: f.tradeId,
      })),
    });
  }
}
