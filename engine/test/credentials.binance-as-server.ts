import { createHmac } from 'node:crypto';
import ccxt from 'ccxt';
import { Decimal } from 'decimal.js';

/** A key pair the fake Binance knows, with what its apiRestrictions say. */
export interface BinanceAccount {
  apiKey: string;
  secret: string;
  enableWithdrawals?: boolean;
  /** Free balances /api/v3/account answers (default: 0.5 BTC and 1250.75 USDT). */
  balances?: Record<string, string>;
}

interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json;charset=UTF-8' },
  });

const filters = [
  {
    filterType: 'PRICE_FILTER',
    minPrice: '0.01000000',
    maxPrice: '1000000.00000000',
    tickSize: '0.01000000',
  },
  { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
  {
    filterType: 'NOTIONAL',
    minNotional: '5.00000000',
    applyMinToMarket: true,
    maxNotional: '9000000.00000000',
    applyMaxToMarket: false,
    avgPriceMins: 5,
  },
];

function symbol(base: string, quote: string) {
  return {
    symbol: `${base}${quote}`,
    status: 'TRADING',
    baseAsset: base,
    baseAssetPrecision: 8,
    quoteAsset: quote,
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
    isMarginTradingAllowed: true,
    filters,
    permissions: [],
    permissionSets: [['SPOT', 'MARGIN']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
  };
}

/** A fill of a spot order, as Binance reports it (FULL order response, myTrades). */
export interface BinanceFill {
  tradeId: number;
  price: string;
  qty: string;
  commission: string;
  commissionAsset: string;
}

/** An order as the fake Binance keeps it (strings with 8 decimals, as Binance answers them). */
export interface BinanceOrder {
  apiKey: string;
  symbol: string;
  orderId: number;
  clientOrderId: string;
  side: 'BUY' | 'SELL';
  type: 'MARKET' | 'LIMIT';
  timeInForce: string;
  price: string;
  origQty: string;
  executedQty: string;
  cummulativeQuoteQty: string;
  status: 'NEW' | 'FILLED' | 'EXPIRED';
  time: number;
  fills: BinanceFill[];
}

const MARKETS: Record<string, { base: string; quote: string }> = {
  BTCUSDT: { base: 'BTC', quote: 'USDT' },
  ETHUSDT: { base: 'ETH', quote: 'USDT' },
};
const STEP = '0.00001';
const TICK = '0.01';
const MIN_NOTIONAL = '5';
const d8 = (x: Decimal.Value) => new Decimal(x).toFixed(8);
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

/**
 * The exchange's own state behind BinanceAsServer: the last price of each symbol (both sides of the book,
 * deep enough for any order here) and every account's orders. Shared by the BinanceAsServer clients built on
 * it, so a new ccxt client (a restarted process) sees the orders an earlier one placed. Taker commission
 * `commissionRate`, charged as Binance does without BNB: in the asset received (base on a buy, quote on a
 * sell). Balances are not debited (the account answer is fixed).
 */
export class BinanceSpot {
  readonly orders: BinanceOrder[] = [];
  private nextOrderId = 28_457_000_001;
  private nextTradeId = 3_901_000_001;

  constructor(
    /** Last price per Binance symbol id, e.g. { BTCUSDT: '60000' }: mutable (the market moves). */
    readonly prices: Record<string, string> = {},
    readonly commissionRate = '0.001',
  ) {}

  /** POST /api/v3/order: a MARKET order fills at the price; a LIMIT order fills there if it crosses it, else
   *  IOC/FOK expire with nothing filled and GTC rests on the book (NEW). */
  place(apiKey: string, p: Record<string, string>): { status: number; body: unknown } {
    const err = (code: number, msg: string) => ({ status: 400, body: { code, msg } });
    const symbol = p['symbol'] ?? '';
    const market = MARKETS[symbol];
    if (!market) return err(-1121, 'Invalid symbol.');
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
    }
    const clientOrderId = p['newClientOrderId'] ?? `web_${this.nextOrderId.toString(16)}`;
    if (!/^[.A-Z:/a-z0-9_-]{1,36}$/.test(clientOrderId)) {
      return err(
        -1100,
        "Illegal characters found in parameter 'newClientOrderId'; legal range is '^[\\.A-Z\\:/a-z0-9_-]{1,36}$'.",
      );
    }
    // Binance: newClientOrderId is "a unique id among open orders".
    if (
      this.orders.some((o) => o.apiKey === apiKey && o.clientOrderId === clientOrderId && o.status === 'NEW')
    ) {
      return err(-2010, 'Duplicate order sent.');
    }
    const last = this.prices[symbol];
    if (last === undefined) return err(-1013, 'Market is closed.');
    let qty: Decimal;
    if (p['quantity'] !== undefined) qty = new Decimal(p['quantity']);
    else if (type === 'MARKET' && p['quoteOrderQty'] !== undefined)
      qty = new Decimal(p['quoteOrderQty']).div(last).toNearest(STEP, Decimal.ROUND_DOWN);
    else return err(-1102, "Mandatory parameter 'quantity' was not sent, was empty/null, or malformed.");
    const timeInForce = type === 'LIMIT' ? p['timeInForce'] : 'GTC';
    if (type === 'LIMIT') {
      if (p['price'] === undefined)
        return err(-1102, "Mandatory parameter 'price' was not sent, was empty/null, or malformed.");
      if (timeInForce !== 'GTC' && timeInForce !== 'IOC' && timeInForce !== 'FOK')
        return err(-1102, "Mandatory parameter 'timeInForce' was not sent, was empty/null, or malformed.");
      if (!new Decimal(p['price']).mod(TICK).isZero()) return err(-1013, 'Filter failure: PRICE_FILTER');
    }
    if (qty.lt(STEP) || !qty.mod(STEP).isZero()) return err(-1013, 'Filter failure: LOT_SIZE');
    if (qty.mul(last).lt(MIN_NOTIONAL)) return err(-1013, 'Filter failure: NOTIONAL');

    const crosses =
      type === 'MARKET' ||
      (side === 'BUY' ? new Decimal(p['price']!).gte(last) : new Decimal(p['price']!).lte(last));
    const now = Date.now();
    const order: BinanceOrder = {
      apiKey,
      symbol,
      orderId: this.nextOrderId++,
      clientOrderId,
      side,
      type,
      timeInForce: timeInForce!,
      price: d8(type === 'LIMIT' ? p['price']! : 0),
      origQty: d8(qty),
      executedQty: d8(0),
      cummulativeQuoteQty: d8(0),
      status: crosses ? 'FILLED' : timeInForce === 'GTC' ? 'NEW' : 'EXPIRED',
      time: now,
      fills: [],
    };
    if (crosses) {
      const quote = qty.mul(last);
      const received = side === 'BUY' ? qty : quote;
      order.executedQty = d8(qty);
      order.cummulativeQuoteQty = d8(quote);
      order.fills.push({
        tradeId: this.nextTradeId++,
        price: d8(last),
        qty: d8(qty),
        commission: d8(received.mul(this.commissionRate).toDecimalPlaces(8, Decimal.ROUND_UP)),
        commissionAsset: side === 'BUY' ? market.base : market.quote,
      });
    }
    this.orders.push(order);
    const ack = { symbol, orderId: order.orderId, orderListId: -1, clientOrderId, transactTime: now };
    const respType = p['newOrderRespType'] ?? 'FULL';
    if (respType === 'ACK') return { status: 200, body: ack };
    const result = {
      ...ack,
      price: order.price,
      origQty: order.origQty,
      executedQty: order.executedQty,
      origQuoteOrderQty: d8(p['quoteOrderQty'] ?? 0),
      cummulativeQuoteQty: order.cummulativeQuoteQty,
      status: order.status,
      timeInForce: order.timeInForce,
      type,
      side,
      workingTime: now,
      selfTradePreventionMode: 'EXPIRE_MAKER',
    };
    if (respType === 'RESULT') return { status: 200, body: result };
    return { status: 200, body: { ...result, fills: order.fills } };
  }

  /** GET /api/v3/order: by orderId or origClientOrderId; Binance's answer carries no fills (no commission). */
  query(apiKey: string, p: Record<string, string>): { status: number; body: unknown } {
    if (!MARKETS[p['symbol'] ?? '']) return { status: 400, body: { code: -1121, msg: 'Invalid symbol.' } };
    if (p['orderId'] === undefined && p['origClientOrderId'] === undefined) {
      return {
        status: 400,
        body: {
          code: -1102,
          msg: "Param 'origClientOrderId' or 'orderId' must be sent, but both were empty/null!",
        },
      };
    }
    const order = this.orders
      .filter((o) => o.apiKey === apiKey && o.symbol === p['symbol'])
      .filter((o) =>
        p['orderId'] !== undefined
          ? String(o.orderId) === p['orderId']
          : o.clientOrderId === p['origClientOrderId'],
      )
      .at(-1);
    if (!order) return { status: 400, body: { code: -2013, msg: 'Order does not exist.' } };
    return { status: 200, body: queried(order) };
  }

  /** GET /api/v3/allOrders (since startTime). */
  all(apiKey: string, p: Record<string, string>): { status: number; body: unknown } {
    if (!MARKETS[p['symbol'] ?? '']) return { status: 400, body: { code: -1121, msg: 'Invalid symbol.' } };
    const since = Number(p['startTime'] ?? 0);
    const list = this.orders.filter(
      (o) => o.apiKey === apiKey && o.symbol === p['symbol'] && o.time >= since,
    );
    return { status: 200, body: list.map(queried) };
  }

  /** GET /api/v3/myTrades (of one order with orderId): the fills with their commission. */
  trades(apiKey: string, p: Record<string, string>): { status: number; body: unknown } {
    if (!MARKETS[p['symbol'] ?? '']) return { status: 400, body: { code: -1121, msg: 'Invalid symbol.' } };
    const list = this.orders
      .filter((o) => o.apiKey === apiKey && o.symbol === p['symbol'])
      .filter((o) => p['orderId'] === undefined || String(o.orderId) === p['orderId'])
      .flatMap((o) =>
        o.fills.map((f) => ({
          symbol: o.symbol,
          id: f.tradeId,
          orderId: o.orderId,
          orderListId: -1,
          price: f.price,
          qty: f.qty,
          quoteQty: d8(new Decimal(f.price).mul(f.qty)),
          commission: f.commission,
          commissionAsset: f.commissionAsset,
          time: o.time,
          isBuyer: o.side === 'BUY',
          isMaker: false,
          isBestMatch: true,
        })),
      );
    return { status: 200, body: list };
  }
}

/** GET /api/v3/ticker/24hr of one symbol at its last price (both sides of the book there). */
function ticker24hr(symbol: string, last: string) {
  const now = Date.now();
  return {
    symbol,
    priceChange: d8(0),
    priceChangePercent: '0.000',
    weightedAvgPrice: d8(last),
    prevClosePrice: d8(last),
    lastPrice: d8(last),
    lastQty: d8('0.001'),
    bidPrice: d8(last),
    bidQty: d8(1),
    askPrice: d8(last),
    askQty: d8(1),
    openPrice: d8(last),
    highPrice: d8(last),
    lowPrice: d8(last),
    volume: d8(100),
    quoteVolume: d8(new Decimal(last).mul(100)),
    openTime: now - 86_400_000,
    closeTime: now,
    firstId: 1,
    lastId: 100,
    count: 100,
  };
}

/** An order as GET /api/v3/order and allOrders answer it. */
function queried(o: BinanceOrder) {
  return {
    symbol: o.symbol,
    orderId: o.orderId,
    orderListId: -1,
    clientOrderId: o.clientOrderId,
    price: o.price,
    origQty: o.origQty,
    executedQty: o.executedQty,
    cummulativeQuoteQty: o.cummulativeQuoteQty,
    status: o.status,
    timeInForce: o.timeInForce,
    type: o.type,
    side: o.side,
    stopPrice: d8(0),
    icebergQty: d8(0),
    time: o.time,
    updateTime: o.time,
    isWorking: true,
    workingTime: o.time,
    origQuoteOrderQty: d8(0),
    selfTradePreventionMode: 'EXPIRE_MAKER',
  };
}

/**
 * ccxt's own Binance class, answering as api.binance.com would: ccxt signs the requests, sends them
 * through its normal fetch path (timeouts, response handling) and parses the answers and the error
 * JSON with binance.handleErrors. Only the transport is replaced: `fetchImplementation` is the server.
 * The server checks the X-MBX-APIKEY header and the HMAC-SHA256 signature like Binance does (over the query
 * string followed by the request body: ccxt sends a signed POST's parameters in a form-urlencoded body, a
 * GET's in the query string), and the timestamp against the 5 s recvWindow. Spot orders are served from
 * `spot` (POST/GET /api/v3/order, allOrders, myTrades).
 */
/** 'hang': never answers; 'unavailable': 503 from a proxy (HTML); 'dns': the host name does not resolve. */
export type ServerMode = 'serve' | 'hang' | 'unavailable' | 'dns';

export class BinanceAsServer extends ccxt.binance {
  /** Every request received, with its parameters (query string and body, without the signature). */
  readonly requests: {
    method: string;
    path: string;
    apiKey: string | undefined;
    params: Record<string, string>;
  }[] = [];

  constructor(
    config: Record<string, unknown>,
    private readonly knownAccounts: readonly BinanceAccount[],
    private readonly serverMode: ServerMode = 'serve',
    readonly spot: BinanceSpot = new BinanceSpot(),
    /** How far this Binance's clock is ahead of ours (GET /api/v3/time). */
    public clockOffsetMs = 0,
  ) {
    super(config);
    const server = (url: string, init: FetchInit) => this.serve(url, init);
    (this as unknown as { fetchImplementation: unknown }).fetchImplementation = server;
  }

  /** Answers one request as api.binance.com (public: the HTTP double of ./support/exchange-http.ts serves it). */
  async serve(url: string, init: FetchInit): Promise<Response> {
    const u = new URL(url);
    const headers = Object.fromEntries(
      Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const apiKey = headers['x-mbx-apikey'];
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : '';
    const bodyParams = new URLSearchParams(body);
    const params = Object.fromEntries([...u.searchParams, ...bodyParams].filter(([k]) => k !== 'signature'));
    this.requests.push({ method, path: u.pathname, apiKey, params });
    if (this.serverMode === 'hang') {
      // Never answers: ccxt's own timeout aborts the request.
      return new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    if (this.serverMode === 'unavailable') {
      return new Response('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>', {
        status: 503,
        statusText: 'Service Temporarily Unavailable',
        headers: { 'content-type': 'text/html' },
      });
    }
    if (this.serverMode === 'dns') {
      // What Node's fetch (undici) throws when getaddrinfo fails.
      const cause = Object.assign(new Error(`getaddrinfo ENOTFOUND ${u.hostname}`), { code: 'ENOTFOUND' });
      throw new TypeError('fetch failed', { cause });
    }
    if (u.pathname === '/api/v3/time') return json(200, { serverTime: Date.now() + this.clockOffsetMs });
    if (u.pathname === '/api/v3/ticker/24hr') {
      const id = u.searchParams.get('symbol') ?? '';
      const last = this.spot.prices[id];
      if (!MARKETS[id] || last === undefined) return json(400, { code: -1121, msg: 'Invalid symbol.' });
      return json(200, ticker24hr(id, last));
    }
    if (u.pathname === '/api/v3/exchangeInfo') {
      return json(200, {
        timezone: 'UTC',
        serverTime: Date.now(),
        rateLimits: [],
        exchangeFilters: [],
        symbols: [symbol('BTC', 'USDT'), symbol('ETH', 'USDT')],
      });
    }
    const signed = u.searchParams.has('signature') || bodyParams.has('signature');
    if (signed || apiKey !== undefined) {
      const account = this.knownAccounts.find((a) => a.apiKey === apiKey);
      if (!apiKey || !/^[A-Za-z0-9]{16,128}$/.test(apiKey))
        return json(400, { code: -2014, msg: 'API-key format invalid.' });
      if (!account) return json(401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
      // Binance: the signature is the HMAC of totalParams, the query string concatenated with the body.
      const unsigned = (s: string) => s.replace(/&?signature=[0-9a-f]+$/, '');
      const totalParams = unsigned(u.search.slice(1)) + unsigned(body);
      const expected = createHmac('sha256', account.secret).update(totalParams).digest('hex');
      if ((u.searchParams.get('signature') ?? bodyParams.get('signature')) !== expected) {
        return json(400, { code: -1022, msg: 'Signature for this request is not valid.' });
      }
      const timestamp = Number(params['timestamp']);
      const recvWindow = Number(params['recvWindow'] ?? 5_000);
      if (!(timestamp > Date.now() - recvWindow && timestamp < Date.now() + 1_000)) {
        return json(400, { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' });
      }
      const answer = (r: { status: number; body: unknown }) => json(r.status, r.body);
      switch (`${method} ${u.pathname}`) {
        case 'POST /api/v3/order':
          return answer(this.spot.place(apiKey, params));
        case 'GET /api/v3/order':
          return answer(this.spot.query(apiKey, params));
        case 'GET /api/v3/allOrders':
          return answer(this.spot.all(apiKey, params));
        case 'GET /api/v3/myTrades':
          return answer(this.spot.trades(apiKey, params));
      }
      switch (u.pathname) {
        case '/sapi/v1/capital/config/getall':
        case '/sapi/v1/margin/allPairs':
        case '/sapi/v1/margin/isolated/allPairs':
          return json(200, []);
        case '/api/v3/account':
          return json(200, {
            makerCommission: 10,
            takerCommission: 10,
            buyerCommission: 0,
            sellerCommission: 0,
            commissionRates: {
              maker: '0.00100000',
              taker: '0.00100000',
              buyer: '0.00000000',
              seller: '0.00000000',
            },
            canTrade: true,
            canWithdraw: account.enableWithdrawals ?? false,
            canDeposit: true,
            brokered: false,
            requireSelfTradePrevention: false,
            preventSor: false,
            updateTime: Date.now(),
            accountType: 'SPOT',
            balances: account.balances
              ? Object.entries(account.balances).map(([asset, free]) => ({
                  asset,
                  free,
                  locked: '0.00000000',
                }))
              : [
                  { asset: 'BTC', free: '0.50000000', locked: '0.00000000' },
                  { asset: 'USDT', free: '1250.75000000', locked: '10.00000000' },
                ],
            permissions: ['SPOT'],
            uid: 354937868,
          });
        case '/sapi/v1/account/apiRestrictions':
          return json(200, {
            ipRestrict: false,
            createTime: 1698645219000,
            enableReading: true,
            enableWithdrawals: account.enableWithdrawals ?? false,
            enableInternalTransfer: false,
            enableMargin: false,
            enableFutures: false,
            permitsUniversalTransfer: false,
            enableVanillaOptions: false,
            enableFixApiTrade: false,
            enableFixReadOnly: false,
            enableSpotAndMarginTrading: true,
            enablePortfolioMarginTrading: false,
          });
      }
    }
    return json(404, { code: -1100, msg: `unknown path ${u.pathname}` });
  }
}
