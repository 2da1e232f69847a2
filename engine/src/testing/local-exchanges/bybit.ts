import { createHmac } from 'node:crypto';
import { binanceId } from './binance.js';
import type { LocalAnswer, LocalRequest, ProtocolAdapter } from './server.js';
import { LocalVenue, Rejection, type MarketSpec, type RejectionKind, type VenueOrder } from './venue.js';

/**
 * Bybit's v5 API (spot, unified trading account) as ccxt's `bybit` class speaks it
 * (https://bybit-exchange.github.io/docs/v5/guide): every answer is `{retCode, retMsg, result, retExtInfo, time}`
 * with HTTP 200, errors included (ccxt's bybit.handleErrors reads retCode). Private requests carry X-BAPI-API-KEY,
 * X-BAPI-TIMESTAMP, X-BAPI-RECV-WINDOW and X-BAPI-SIGN = hex HMAC-SHA256(secret, timestamp + apiKey + recvWindow +
 * (GET: the query string | POST: the JSON body)); the timestamp must lie in [server − recvWindow, server + 1 s).
 */

const ok = (venue: LocalVenue, result: unknown): LocalAnswer => ({
  status: 200,
  json: { retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: venue.now() },
});

const fail = (venue: LocalVenue, retCode: number, retMsg: string): LocalAnswer => ({
  status: 200,
  json: { retCode, retMsg, result: {}, retExtInfo: {}, time: venue.now() },
});

/** Bybit's symbol id is Binance's: BTCUSDT. */
const idOf = binanceId;

function marketById(venue: LocalVenue, id: string | null): MarketSpec | undefined {
  return [...venue.markets.values()].find((m) => idOf(m) === id);
}

/** The venue's refusals in Bybit's spot codes (ccxt's bybit `exceptions.exact`). */
const REJECTIONS: Record<RejectionKind, [number, string]> = {
  'unknown-market': [170121, 'Invalid symbol.'],
  halted: [170157, 'The trading pair is not available for api trading.'],
  'price-precision': [170134, 'Order price has too many decimals.'],
  'amount-precision': [170137, 'Order quantity has too many decimals.'],
  'min-qty': [170136, 'Order quantity lower than the minimum.'],
  'min-notional': [170140, 'Order value exceeded lower limit.'],
  'insufficient-balance': [170131, 'Insufficient balance.'],
  'duplicate-client-id': [170141, 'Duplicate clientOrderId.'],
  'no-trade-permission': [10005, 'Permission denied, please check your API key permissions.'],
};

/** Bybit's orderStatus of a spot order: an IOC remainder canceled after a partial fill is PartiallyFilledCanceled. */
function orderStatus(o: VenueOrder): string {
  if (o.status === 'filled') return 'Filled';
  if (o.status === 'open') return o.filled.gt(0) ? 'PartiallyFilled' : 'New';
  return o.filled.gt(0) ? 'PartiallyFilledCanceled' : 'Cancelled';
}

/** An order as GET /v5/order/realtime and /v5/order/history list it (spot). */
function orderJson(venue: LocalVenue, o: VenueOrder) {
  const m = venue.market(o.request.symbol)!;
  const r = o.request;
  const byQuote = r.amount === undefined;
  const fee = LocalVenue.feeOf(o);
  const feeAsset = o.fills[0]?.feeAsset;
  return {
    orderId: o.id,
    orderLinkId: o.clientOrderId,
    blockTradeId: '',
    symbol: idOf(m),
    price: r.type === 'limit' ? r.price : '0',
    qty: byQuote ? r.quoteAmount : o.amount.toFixed(),
    side: r.side === 'buy' ? 'Buy' : 'Sell',
    isLeverage: '0',
    positionIdx: 0,
    orderStatus: orderStatus(o),
    cancelType: 'UNKNOWN',
    rejectReason: 'EC_NoError',
    avgPrice: o.filled.gt(0) ? o.cost.div(o.filled).toFixed() : '0',
    leavesQty: o.status === 'open' ? o.amount.minus(o.filled).toFixed() : '0',
    leavesValue: '0',
    cumExecQty: o.filled.toFixed(),
    cumExecValue: o.cost.toFixed(),
    cumExecFee: fee.toFixed(),
    // v5 spot: the fee per coin (ccxt reads the first); empty before any fill.
    cumFeeDetail: feeAsset ? { [feeAsset]: fee.toFixed() } : {},
    timeInForce: r.timeInForce,
    orderType: r.type === 'limit' ? 'Limit' : 'Market',
    stopOrderType: '',
    orderIv: '',
    marketUnit: r.type === 'market' ? (byQuote ? 'quoteCoin' : 'baseCoin') : '',
    triggerPrice: '0.00',
    takeProfit: '0.00',
    stopLoss: '0.00',
    tpTriggerBy: '',
    slTriggerBy: '',
    triggerDirection: 0,
    triggerBy: '',
    lastPriceOnCreated: '',
    reduceOnly: false,
    closeOnTrigger: false,
    smpType: 'None',
    smpGroup: 0,
    smpOrderId: '',
    placeType: '',
    createdTime: String(o.time),
    updatedTime: String(o.time),
  };
}

function instrument(m: MarketSpec) {
  return {
    symbol: idOf(m),
    baseCoin: m.base,
    quoteCoin: m.quote,
    innovation: '0',
    // Bybit lists a suspended pair as Closed (instrument status: PreLaunch, Trading, Closed).
    status: m.status === 'open' ? 'Trading' : 'Closed',
    marginTrading: 'none',
    stTag: '0',
    lotSizeFilter: {
      basePrecision: m.stepSize,
      quotePrecision: '0.00000001',
      minOrderQty: m.minQty,
      maxOrderQty: '9000',
      minOrderAmt: m.minNotional,
      maxOrderAmt: '2000000',
    },
    priceFilter: { tickSize: m.tickSize },
    riskParameters: { priceLimitRatioX: '0.05', priceLimitRatioY: '0.1' },
  };
}

/** Query string or body parameters of a request (Bybit's v5: GET query, POST JSON). */
function paramsOf(req: LocalRequest): Record<string, unknown> {
  if (req.method === 'GET') return Object.fromEntries(req.query);
  try {
    const parsed: unknown = JSON.parse(req.body || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export class BybitAdapter implements ProtocolAdapter {
  readonly exchange = 'bybit' as const;

  isPlacement(req: LocalRequest): boolean {
    return req.method === 'POST' && req.path === '/v5/order/create';
  }

  /**
   * Bybit's per-key limit answer (retCode 10006, "Too many visits!"), with its limit headers: the requests left and
   * when the window resets (ms). Bybit sends no Retry-After (the local server adds one to every throttled answer).
   */
  throttled(status: 429 | 418): LocalAnswer {
    const now = Date.now();
    return {
      status,
      json: { retCode: 10006, retMsg: 'Too many visits!', result: {}, retExtInfo: {}, time: now },
      headers: {
        'X-Bapi-Limit': '20',
        'X-Bapi-Limit-Status': '0',
        'X-Bapi-Limit-Reset-Timestamp': String(now + 1_000),
      },
    };
  }

  handle(req: LocalRequest, venue: LocalVenue): LocalAnswer {
    switch (`${req.method} ${req.path}`) {
      case 'GET /v5/market/time': {
        const now = venue.now();
        return ok(venue, {
          timeSecond: String(Math.floor(now / 1000)),
          timeNano: `${now}000000`,
        });
      }
      case 'GET /v5/market/instruments-info': {
        if (req.query.get('category') !== 'spot')
          return ok(venue, { category: req.query.get('category'), list: [] });
        const id = req.query.get('symbol');
        const list = [...venue.markets.values()].filter((m) => !id || idOf(m) === id).map(instrument);
        return ok(venue, { category: 'spot', list, nextPageCursor: '' });
      }
    }
    if (!req.path.startsWith('/v5/')) return fail(venue, 10017, 'route not found');
    return this.private(req, venue);
  }

  private private(req: LocalRequest, venue: LocalVenue): LocalAnswer {
    const apiKey = req.headers['x-bapi-api-key'];
    const timestamp = req.headers['x-bapi-timestamp'];
    const sign = req.headers['x-bapi-sign'];
    const recvWindow = Number(req.headers['x-bapi-recv-window'] ?? 5_000);
    if (!apiKey || !timestamp || !sign) return fail(venue, 10003, 'API key is invalid.');
    const account = venue.accounts.get(apiKey);
    if (!account) return fail(venue, 10003, 'API key is invalid.');
    const payload = req.method === 'GET' ? req.rawQuery : req.body;
    const expected = createHmac('sha256', account.secret)
      .update(`${timestamp}${apiKey}${recvWindow}${payload}`)
      .digest('hex');
    if (sign !== expected)
      return fail(venue, 10004, `error sign! origin_string[${timestamp}${apiKey}${recvWindow}${payload}]`);
    const server = venue.now();
    const t = Number(timestamp);
    if (!(t >= server - recvWindow && t < server + 1_000)) {
      return fail(
        venue,
        10002,
        `invalid request, please check your server timestamp or recv_window param. req_timestamp[${t}],server_timestamp[${server}],recv_window[${recvWindow}]`,
      );
    }
    const p = paramsOf(req);
    switch (`${req.method} ${req.path}`) {
      case 'GET /v5/user/query-api':
        return ok(venue, {
          id: '13770661',
          note: 'arbitra',
          apiKey,
          readOnly: account.canTrade ? 0 : 1,
          secret: '',
          permissions: {
            ContractTrade: [],
            Spot: account.canTrade ? ['SpotTrade'] : [],
            Wallet: account.canWithdraw ? ['AccountTransfer', 'Withdraw'] : ['AccountTransfer'],
            Options: [],
            Derivatives: [],
            CopyTrading: [],
            BlockTrade: [],
            Exchange: [],
            NFT: [],
            Affiliate: [],
          },
          ips: ['*'],
          type: 1,
          deadlineDay: 83,
          expiredAt: '2027-05-15T03:21:05Z',
          createdAt: '2026-10-16T02:24:40Z',
          unified: 0,
          uta: 1,
          userID: 24600000,
          inviterID: 0,
          vipLevel: 'No VIP',
          mktMakerLevel: '0',
          affiliateID: 0,
          rsaPublicKey: '',
          isMaster: true,
        });
      case 'GET /v5/account/info':
        return ok(venue, {
          marginMode: 'REGULAR_MARGIN',
          updatedTime: String(server),
          unifiedMarginStatus: 6,
          dcpStatus: 'OFF',
          timeWindow: 10,
          smpGroup: 0,
          isMasterTrader: false,
          spotHedgingStatus: 'OFF',
        });
      case 'GET /v5/asset/coin/query-info': {
        const coins = new Set([...venue.markets.values()].flatMap((m) => [m.base, m.quote]));
        return ok(venue, {
          rows: [...coins].map((coin) => ({ name: coin, coin, remainAmount: '150000', chains: [] })),
        });
      }
      case 'GET /v5/account/wallet-balance': {
        if (p['accountType'] !== 'UNIFIED') return fail(venue, 10001, 'accountType only support UNIFIED.');
        // availableToWithdraw is deprecated for UNIFIED (answered ''): ccxt takes walletBalance − locked.
        const coin = venue.balances(apiKey).map((b) => ({
          coin: b.asset,
          equity: b.free.plus(b.locked).toFixed(),
          usdValue: '0',
          walletBalance: b.free.plus(b.locked).toFixed(),
          locked: b.locked.toFixed(),
          spotHedgingQty: '0',
          borrowAmount: '0',
          accruedInterest: '0',
          totalOrderIM: '0',
          totalPositionIM: '0',
          totalPositionMM: '0',
          unrealisedPnl: '0',
          cumRealisedPnl: '0',
          bonus: '0',
          marginCollateral: true,
          collateralSwitch: true,
        }));
        return ok(venue, { list: [{ accountType: 'UNIFIED', totalEquity: '0', coin }] });
      }
      case 'POST /v5/order/create':
        return this.create(venue, apiKey, p);
      case 'GET /v5/order/realtime':
      case 'GET /v5/order/history':
        return this.query(venue, apiKey, p, req.path.endsWith('history'));
    }
    return fail(venue, 10017, 'route not found');
  }

  /** POST /v5/order/create: answers the ids only (the fill is read back with /v5/order/realtime). */
  private create(venue: LocalVenue, apiKey: string, p: Record<string, unknown>): LocalAnswer {
    if (p['category'] !== 'spot') return fail(venue, 10001, 'params error: category only support spot here');
    const m = marketById(venue, str(p['symbol']) ?? null);
    if (!m) return fail(venue, 170121, 'Invalid symbol.');
    const side = p['side'] === 'Buy' ? 'buy' : p['side'] === 'Sell' ? 'sell' : null;
    const type = p['orderType'] === 'Limit' ? 'limit' : p['orderType'] === 'Market' ? 'market' : null;
    const qty = str(p['qty']);
    if (!side || !type || !qty)
      return fail(venue, 10001, 'params error: side, orderType and qty are required');
    const tif = str(p['timeInForce']) ?? 'GTC';
    if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK')
      return fail(venue, 10001, 'params error: timeInForce invalid');
    const orderLinkId = str(p['orderLinkId']) ?? '';
    if (orderLinkId.length > 36) return fail(venue, 10001, 'params error: orderLinkId is too long');
    // A market buy's qty is quote unless marketUnit=baseCoin (Bybit spot, UTA).
    const byQuote = type === 'market' && side === 'buy' && p['marketUnit'] !== 'baseCoin';
    if (type === 'limit' && !str(p['price'])) return fail(venue, 10001, 'params error: price is required');
    const placed = venue.place(apiKey, {
      symbol: m.symbol,
      side,
      type,
      ...(byQuote ? { quoteAmount: qty } : { amount: qty }),
      ...(type === 'limit' ? { price: str(p['price'])! } : {}),
      timeInForce: type === 'market' ? 'IOC' : tif,
      clientOrderId: orderLinkId,
    });
    if (placed instanceof Rejection) {
      const [code, msg] = REJECTIONS[placed.kind];
      return fail(venue, code, msg);
    }
    return ok(venue, { orderId: placed.id, orderLinkId: placed.clientOrderId });
  }

  /**
   * GET /v5/order/realtime (open orders; by orderId or orderLinkId also the recent closed ones) and
   * /v5/order/history (closed). Priority orderId > orderLinkId > symbol; an empty value is not a filter.
   */
  private query(
    venue: LocalVenue,
    apiKey: string,
    p: Record<string, unknown>,
    history: boolean,
  ): LocalAnswer {
    if (p['category'] !== 'spot') return fail(venue, 10001, 'params error: category only support spot here');
    const m = str(p['symbol']) ? marketById(venue, str(p['symbol'])!) : undefined;
    if (str(p['symbol']) && !m) return fail(venue, 170121, 'Invalid symbol.');
    const orderId = str(p['orderId']);
    const orderLinkId = str(p['orderLinkId']);
    let list = venue.ordersOf(apiKey, m?.symbol);
    if (orderId) list = list.filter((o) => o.id === orderId);
    else if (orderLinkId) list = list.filter((o) => o.clientOrderId === orderLinkId);
    else if (!history && p['openOnly'] !== '1') list = list.filter((o) => o.status === 'open');
    if (history) list = list.filter((o) => o.status !== 'open');
    return ok(venue, {
      category: 'spot',
      list: list
        .slice(-500)
        .reverse()
        .map((o) => orderJson(venue, o)),
      nextPageCursor: '',
    });
  }
}
