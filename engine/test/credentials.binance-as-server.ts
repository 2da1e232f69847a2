import { createHmac } from 'node:crypto';
import ccxt from 'ccxt';

/** A key pair the fake Binance knows, with what its apiRestrictions say. */
export interface BinanceAccount {
  apiKey: string;
  secret: string;
  enableWithdrawals?: boolean;
}

interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json;charset=UTF-8' } });

const filters = [
  { filterType: 'PRICE_FILTER', minPrice: '0.01000000', maxPrice: '1000000.00000000', tickSize: '0.01000000' },
  { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
  { filterType: 'NOTIONAL', minNotional: '5.00000000', applyMinToMarket: true, maxNotional: '9000000.00000000', applyMaxToMarket: false, avgPriceMins: 5 },
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

/**
 * ccxt's own Binance class, answering as api.binance.com would: ccxt signs the requests, sends them
 * through its normal fetch path (timeouts, response handling) and parses the answers and the error
 * JSON with binance.handleErrors. Only the transport is replaced: `fetchImplementation` is the server.
 * The server checks the X-MBX-APIKEY header and the HMAC-SHA256 signature like Binance does.
 */
export class BinanceAsServer extends ccxt.binance {
  readonly requests: { method: string; path: string; apiKey: string | undefined }[] = [];

  constructor(
    config: Record<string, unknown>,
    private readonly knownAccounts: readonly BinanceAccount[],
    private readonly serverMode: 'serve' | 'hang' = 'serve',
  ) {
    super(config);
    const server = (url: string, init: FetchInit) => this.serve(url, init);
    (this as unknown as { fetchImplementation: unknown }).fetchImplementation = server;
  }

  private async serve(url: string, init: FetchInit): Promise<Response> {
    const u = new URL(url);
    const headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const apiKey = headers['x-mbx-apikey'];
    this.requests.push({ method: init.method ?? 'GET', path: u.pathname, apiKey });
    if (this.serverMode === 'hang') {
      // Never answers: ccxt's own timeout aborts the request.
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
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
    const signed = u.searchParams.has('signature');
    if (signed || apiKey !== undefined) {
      const account = this.knownAccounts.find((a) => a.apiKey === apiKey);
      if (!apiKey || !/^[A-Za-z0-9]{16,128}$/.test(apiKey)) return json(400, { code: -2014, msg: 'API-key format invalid.' });
      if (!account) return json(401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
      const query = u.search.slice(1).replace(/&signature=[0-9a-f]+$/, '');
      const expected = createHmac('sha256', account.secret).update(query).digest('hex');
      if (u.searchParams.get('signature') !== expected) {
        return json(400, { code: -1022, msg: 'Signature for this request is not valid.' });
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
            commissionRates: { maker: '0.00100000', taker: '0.00100000', buyer: '0.00000000', seller: '0.00000000' },
            canTrade: true,
            canWithdraw: account.enableWithdrawals ?? false,
            canDeposit: true,
            brokered: false,
            requireSelfTradePrevention: false,
            preventSor: false,
            updateTime: Date.now(),
            accountType: 'SPOT',
            balances: [
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
