import type { Exchange, Fee, Order } from 'ccxt';
import { Dec as Decimal } from '../market-data/money.js';
import { exchangeInfo, type ExchangeId } from '@arbitra/contracts';
import type { CredentialStore } from '../credentials/credential-store.js';
import { callExchange } from '../credentials/exchange-call.js';
import {
  loadCcxt,
  type CcxtModule,
  type ExchangeClientFactory,
} from '../credentials/exchange-client.factory.js';
import { exchangeDetail } from '../credentials/credential-validator.js';
import type { LiveGatewayFactory } from './executions.processor.js';
import { MarketCache } from './market-cache.js';
import type {
  CreateOrderArgs,
  GatewayFee,
  GatewayOrder,
  OrderGateway,
  OrderRequest,
  OrderSide,
  OrderType,
} from './order-gateway.js';

/** ccxt's request timeout for orders: long enough for a slow exchange, short enough to unwind in time. */
const ORDER_TIMEOUT_MS = 10_000;

/** ccxt answers numbers (floats parsed from the exchange's strings); we carry decimal strings from here on. */
const str = (n: number | undefined | null): string =>
  n === undefined || n === null || !Number.isFinite(n) ? '0' : String(n);

/** ccxt's order with every fee it parsed (`fees`, one per fill or currency; not in its typings). */
type CcxtOrder = Order & { fees?: Fee[] };

/**
 * Every fee of an order, summed per currency (exact), the first currency first: an order may pay in more than
 * one (Binance takes BNB until it runs out, then the asset received). Nothing charged: one zero fee in `quote`.
 */
export function feesByCurrency(fees: readonly (Fee | undefined)[], quote: string): GatewayFee[] {
  const sums = new Map<string, Decimal>();
  for (const f of fees) {
    if (!f || f.cost === undefined || f.cost === null || !Number.isFinite(f.cost)) continue;
    const currency = f.currency ?? quote;
    sums.set(currency, (sums.get(currency) ?? new Decimal(0)).plus(str(f.cost)));
  }
  const out = [...sums]
    .filter(([, c]) => !c.isZero())
    .map(([currency, c]) => ({ cost: c.toFixed(), currency }));
  return out.length > 0 ? out : [{ cost: '0', currency: quote }];
}

/** Why an order filled nothing, in pt-BR (the paper fill model's words where it has the same case). */
export const REJECTION = {
  halted: 'mercado suspenso na exchange',
  insufficient: 'saldo insuficiente',
  /** An IOC limit order with nothing at its price. */
  limit: 'preço limite',
  refused: (detail: string) => `ordem recusada pela exchange: ${detail}`,
} as const;

/** An order that filled nothing because it was refused: nothing was placed. */
function rejectedOrder(req: OrderRequest, reason: string): GatewayOrder {
  const quote = req.symbol.split('/')[1] ?? 'USDT';
  return {
    ...req,
    id: '',
    status: 'rejected',
    filled: '0',
    average: '0',
    cost: '0',
    fee: { cost: '0', currency: quote },
    reason,
  };
}

/**
 * Exchanges whose API has no client order id (Mercado Bitcoin's Trade API v3, ccxt `mercado`): an order is known
 * by the exchange's id only, so an order whose answer was lost cannot be found again by ours.
 */
const NO_CLIENT_ORDER_ID: ReadonlySet<string> = new Set(['mercadobitcoin']);

/** Exchanges whose errors ccxt does not map to classes (ccxt `mercado`: every one an ExchangeError). */
const NO_ERROR_CODES: ReadonlySet<string> = new Set(['mercadobitcoin']);

/**
 * An order's fees and cost where ccxt misreads them, from the exchange's own answer. Mercado Bitcoin (Trade API
 * v3): the order's `fee` is charged in the asset received (the API's example: a buy of 1 BTC at 0.30% pays 0.003,
 * BTC), while ccxt's mercado labels it in the quote and sums each operation's `fee_rate` (a percent) as a fee; and
 * it has no cost (ccxt multiplies the amount by `executed_price_avg`, rounded to 5 decimals): the cost is the sum
 * of its operations.
 */
function exchangeFigures(
  exchange: string,
  o: CcxtOrder,
  base: string,
  quote: string,
): { fees: Fee[]; cost: string } | null {
  if (exchange !== 'mercadobitcoin') return null;
  const info = (o.info ?? {}) as { fee?: string; operations?: { quantity?: string; price?: string }[] };
  const cost = (info.operations ?? []).reduce(
    (sum, op) => sum.plus(new Decimal(op.quantity ?? 0).mul(op.price ?? 0)),
    new Decimal(0),
  );
  return {
    fees: [{ cost: Number(info.fee ?? 0), currency: o.side === 'buy' ? base : quote }],
    cost: cost.toFixed(),
  };
}

/** ccxt's spot createOrder features of a client (which time-in-force it takes, whether a market buy needs a price). */
function spotOrderFeatures(client: Exchange): { ioc: boolean; marketBuyRequiresPrice: boolean } {
  const features = (
    client as unknown as { features?: Record<string, Record<string, Record<string, unknown>>> }
  ).features;
  const create = (features?.['spot']?.['createOrder'] ?? {}) as {
    timeInForce?: { IOC?: boolean };
    marketBuyRequiresPrice?: boolean;
  };
  // ccxt's option (Gate.io: top level; Bybit: under createOrder, false for unified accounts) wins over its features
  const nested = client.options['createOrder'] as Record<string, unknown> | undefined;
  const option = (client.options['createMarketBuyOrderRequiresPrice'] ??
    nested?.['createMarketBuyOrderRequiresPrice']) as boolean | undefined;
  return {
    ioc: create.timeInForce?.IOC !== false,
    marketBuyRequiresPrice: option ?? create.marketBuyRequiresPrice === true,
  };
}

/**
 * A look-up's exchange-specific parameters: Bybit's fetchOrder needs `acknowledged` (it reads only the last 500
 * orders) and takes our id as `orderLinkId`; the others take ccxt's `clientOrderId`.
 */
function lookupParams(exchange: string, clientOrderId?: string): Record<string, unknown> {
  if (exchange === 'bybit')
    return { acknowledged: true, ...(clientOrderId ? { orderLinkId: clientOrderId } : {}) };
  return clientOrderId ? { clientOrderId } : {};
}

function toGatewayOrder(exchange: string, o: CcxtOrder): GatewayOrder {
  const filled = o.filled ?? 0;
  const [base = '', quote = 'USDT'] = (o.symbol ?? '').split('/');
  const fixed = exchangeFigures(exchange, o, base, quote);
  const fees = feesByCurrency(fixed?.fees ?? (o.fees && o.fees.length > 0 ? o.fees : [o.fee]), quote);
  const cost = fixed?.cost ?? str(o.cost);
  // Nothing filled is 'rejected' whatever the exchange calls it (Binance EXPIRED, MEXC CANCELED, Gate ioc), as in
  // paper trading (fill-model). 'closed' is not 'fully filled' everywhere: Bybit closes an IOC partly filled
  // (PartiallyFilledCanceled).
  const whole = o.status === 'closed' && (o.amount === undefined || filled >= o.amount);
  const status: GatewayOrder['status'] = whole ? 'closed' : filled > 0 ? 'canceled' : 'rejected';
  // The average as the trade's cost over its amount, exact (ccxt's `average` is a float, rounded by the exchange).
  const average =
    filled > 0 && !new Decimal(cost).isZero()
      ? new Decimal(cost).div(str(filled)).toFixed()
      : str(o.average ?? 0);
  const ioc = o.type === 'limit' && (o.status === 'canceled' || o.status === 'expired');
  return {
    id: o.id ?? '',
    exchange,
    symbol: o.symbol ?? '',
    side: o.side as OrderSide,
    type: (o.type as OrderType | undefined) ?? 'market',
    status,
    amount: str(o.amount),
    filled: str(filled),
    average,
    cost,
    fee: fees[0]!,
    ...(fees.length > 1 ? { fees } : {}),
    ...(status === 'rejected'
      ? { reason: ioc ? REJECTION.limit : `ordem ${o.status ?? 'sem status'} na exchange` }
      : {}),
  };
}

/**
 * The live order gateway: ccxt with the bot owner's credentials, one authenticated client per exchange,
 * built inside the executor for this execution only (the secrets never leave this object).
 */
export class CcxtLiveGateway implements OrderGateway {
  constructor(
    private readonly clients: ReadonlyMap<string, Exchange>,
    /** Shared by the gateways of one factory: one markets download per exchange and TTL, not per execution. */
    private readonly markets: MarketCache = new MarketCache(),
  ) {}

  /** The exchange's markets on `client`, from the shared cache (`reload`: download them again). */
  private loadMarkets(exchange: string, client: Exchange, ccxt: CcxtModule, reload = false): Promise<void> {
    return this.markets.load(
      exchange,
      client,
      () => callExchange(client, ccxt, () => client.loadMarkets(true)),
      reload,
    );
  }

  private client(exchange: string): Exchange {
    const c = this.clients.get(exchange);
    if (!c) throw new Error(`sem credencial para ${exchange}`);
    return c;
  }

  async createOrder(
    ...[exchange, symbol, type, side, amount, price, clientOrderId]: CreateOrderArgs
  ): Promise<GatewayOrder> {
    const ccxt = await loadCcxt();
    const client = this.client(exchange);
    const refused = (reason: string) => ({
      ...rejectedOrder({ exchange, symbol, type, side, amount }, reason),
      ...(clientOrderId ? { clientOrderId } : {}),
    });
    await this.loadMarkets(exchange, client, ccxt); // cached: the market's precision and state
    // A market the exchange lists as not trading (Binance BREAK, MEXC paused, Gate untradable): nothing is sent.
    if (client.market(symbol).active === false) return refused(REJECTION.halted);
    const features = spotOrderFeatures(client);
    let limit = price;
    if (type === 'market' && side === 'buy' && limit === undefined && features.marketBuyRequiresPrice) {
      // Gate.io and Mercado Bitcoin place a market buy by its cost: ccxt needs a price to turn the amount into it
      // (the ask now).
      const ticker = await callExchange(client, ccxt, () => client.fetchTicker(symbol));
      const ask = ticker.ask ?? ticker.last;
      limit = ask === undefined || ask === null ? undefined : str(ask);
    }
    let order: CcxtOrder;
    try {
      // Decimal strings to the exchange, cut to the market's precision by ccxt (amount truncated, price rounded):
      // no binary float between our decimals and the request. Below one step of the amount: ccxt refuses.
      const size = client.amountToPrecision(symbol, amount);
      const at = limit === undefined ? undefined : client.priceToPrecision(symbol, limit);
      const place = () =>
        client.createOrder(symbol, type, side, size as unknown as number, at as unknown as number, {
          ...(clientOrderId && !NO_CLIENT_ORDER_ID.has(exchange) ? { clientOrderId } : {}),
          // Our limit orders are immediate-or-cancel: what does not fill at once must not rest on the book.
          ...(type === 'limit' && features.ioc ? { timeInForce: 'IOC' } : {}),
        });
      // Before any retry (throttled, clock resynchronised) the order is looked up by our id: never placed twice.
      const placedAlready = async (): Promise<CcxtOrder | null> =>
        clientOrderId ? await this.lookup(client, ccxt, exchange, clientOrderId, symbol) : null;
      order = await callExchange(client, ccxt, place, { beforeRetry: placedAlready });
    } catch (e) {
      // The exchange's definitive refusals (nothing was placed): the balance, the market's rules or state.
      if (e instanceof ccxt.InsufficientFunds) return refused(REJECTION.insufficient);
      if (e instanceof ccxt.MarketClosed) {
        // The cached markets are stale: reloaded, the next executions refuse it before sending anything.
        await this.loadMarkets(exchange, client, ccxt, true).catch(() => undefined);
        return refused(REJECTION.halted);
      }
      const detail = () => REJECTION.refused(exchangeDetail((e as Error).message, client.id, []));
      if (e instanceof ccxt.ExchangeError && !(e instanceof ccxt.AuthenticationError)) {
        // Refused without a specific code (MEXC 30000 'suspended transaction', Gate INVALID_CURRENCY_PAIR, Bybit
        // 170157 'not available for api trading'): if the market stopped trading since it was loaded, that is why.
        const reloaded = await this.loadMarkets(exchange, client, ccxt, true).then(
          () => true,
          () => false,
        );
        if (reloaded && client.market(symbol).active === false) return refused(REJECTION.halted);
        // Mercado Bitcoin answers every refusal with an error_message ccxt reads as a bare ExchangeError (its own
        // words: 'Saldo insuficiente…', the request limit…): the Trade API answered, the order was not placed.
        if (
          e instanceof ccxt.InvalidOrder ||
          e instanceof ccxt.BadRequest ||
          e instanceof ccxt.OperationRejected ||
          NO_ERROR_CODES.has(exchange)
        )
          return refused(detail());
      }
      // No answer (timeout, connection lost): the exchange may have accepted the order. Found by our id, it is
      // the order; not found, the error stands (placing it again could buy twice).
      if (e instanceof ccxt.NetworkError && clientOrderId) {
        const found = await this.lookup(client, ccxt, exchange, clientOrderId, symbol).catch(() => null);
        if (found) return { ...toGatewayOrder(exchange, found), clientOrderId };
      }
      throw e;
    }
    // Some exchanges answer a new order with its id only (MEXC, Bybit): its fill is read back.
    const id = order.id;
    if ((order.status === undefined || order.filled === undefined) && id) {
      order = await this.withFee(
        client,
        await callExchange(client, ccxt, () => client.fetchOrder(id, symbol, lookupParams(exchange))),
        symbol,
      );
    }
    // No IOC on the exchange (Mercado Bitcoin): what rests of a limit order is canceled at once, as IOC would.
    if (type === 'limit' && !features.ioc && order.status === 'open' && id)
      order = await callExchange(client, ccxt, () => client.cancelOrder(id, symbol));
    return { ...toGatewayOrder(exchange, order), ...(clientOrderId ? { clientOrderId } : {}) };
  }

  /**
   * An order looked up again may come without its commission (Binance answers GET /api/v3/order without fills):
   * then it is read from the order's trades — every fee of every trade, in every currency.
   */
  private async withFee(client: Exchange, o: CcxtOrder, symbol: string): Promise<CcxtOrder> {
    if (o.fee || (o.fees && o.fees.length > 0) || !(o.filled && o.filled > 0) || !o.id) return o;
    const id = o.id;
    if (!client.has['fetchOrderTrades']) return o;
    const trades = await callExchange(client, await loadCcxt(), () => client.fetchOrderTrades(id, symbol));
    const fees = trades.flatMap((t) => {
      const all = (t as { fees?: Fee[] }).fees;
      return all && all.length > 0 ? all : t.fee ? [t.fee] : [];
    });
    return fees.length === 0 ? o : { ...o, fees };
  }

  /**
   * ccxt's fetchOrder by our client order id (Binance, Bybit, Gate.io and MEXC take it as a param); where the
   * exchange cannot (or does not say OrderNotFound: MEXC), its recent orders on that market are searched.
   * null: the order was never placed.
   */
  private async lookup(
    client: Exchange,
    ccxt: CcxtModule,
    exchange: string,
    clientOrderId: string,
    symbol: string,
  ): Promise<CcxtOrder | null> {
    // Not found would say "never placed" (a retry would place it again, a recovery records nothing executed): where
    // the exchange cannot know our id that is not known, and the look-up fails instead.
    if (NO_CLIENT_ORDER_ID.has(exchange))
      throw new Error(
        `${exchangeInfo(exchange as ExchangeId).displayName} não identifica ordens pelo id do cliente`,
      );
    try {
      const order = await callExchange(client, ccxt, () =>
        client.fetchOrder('', symbol, lookupParams(exchange, clientOrderId)),
      );
      return await this.withFee(client, order, symbol);
    } catch (e) {
      if (e instanceof ccxt.OrderNotFound) return null;
      if (!client.has['fetchOrders'] || !(e instanceof ccxt.ExchangeError)) throw e;
    }
    const recent = await callExchange(client, ccxt, () =>
      client.fetchOrders(symbol, Date.now() - 24 * 3_600_000),
    );
    // Gate.io reports our id with its 't-' prefix.
    const found = recent.find(
      (o) => o.clientOrderId === clientOrderId || o.clientOrderId === `t-${clientOrderId}`,
    );
    return found ? await this.withFee(client, found, symbol) : null;
  }

  async fetchOrderByClientId(clientOrderId: string, exchange: string, symbol: string) {
    const found = await this.lookup(this.client(exchange), await loadCcxt(), exchange, clientOrderId, symbol);
    return found ? { ...toGatewayOrder(exchange, found), clientOrderId } : null;
  }

  async fetchOrder(id: string, exchange: string, symbol: string) {
    const client = this.client(exchange);
    return toGatewayOrder(
      exchange,
      await callExchange(client, await loadCcxt(), () =>
        client.fetchOrder(id, symbol, lookupParams(exchange)),
      ),
    );
  }

  async fetchBalance(exchange: string): Promise<Record<string, string>> {
    const client = this.client(exchange);
    const balance = await callExchange(client, await loadCcxt(), () => client.fetchBalance());
    const free = (balance.free ?? {}) as unknown as Record<string, number | undefined>;
    return Object.fromEntries(Object.entries(free).map(([asset, n]) => [asset, str(n)]));
  }
}

/** Decrypts the owner's validated credentials (CredentialStore refuses inactive or unvalidated ones). */
export function liveGatewayFactory(
  store: CredentialStore,
  createClient: ExchangeClientFactory,
  orderTimeoutMs = ORDER_TIMEOUT_MS,
): LiveGatewayFactory {
  const markets = new MarketCache();
  return {
    async forBot(userId: string, exchanges: readonly ExchangeId[]) {
      const clients = new Map<string, Exchange>();
      for (const exchange of exchanges) {
        const credentials = await store.decryptForExecution(userId, exchange);
        clients.set(exchange, await createClient(exchange, credentials, { timeoutMs: orderTimeoutMs }));
      }
      return new CcxtLiveGateway(clients, markets);
    },
  };
}
