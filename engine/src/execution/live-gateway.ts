import type { Exchange, Fee, Order } from 'ccxt';
import { Dec as Decimal } from '../market-data/money.js';
import type { ExchangeId } from '@arbitra/contracts';
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
import type { GatewayFee, GatewayOrder, OrderGateway, OrderSide, OrderType } from './order-gateway.js';

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
function rejectedOrder(
  exchange: string,
  symbol: string,
  type: OrderType,
  side: OrderSide,
  amount: string,
  reason: string,
): GatewayOrder {
  const quote = symbol.split('/')[1] ?? 'USDT';
  return {
    id: '',
    exchange,
    symbol,
    side,
    type,
    status: 'rejected',
    amount,
    filled: '0',
    average: '0',
    cost: '0',
    fee: { cost: '0', currency: quote },
    reason,
  };
}

function toGatewayOrder(exchange: string, o: CcxtOrder): GatewayOrder {
  const filled = o.filled ?? 0;
  const quote = (o.symbol ?? '').split('/')[1] ?? 'USDT';
  const fees = feesByCurrency(o.fees && o.fees.length > 0 ? o.fees : [o.fee], quote);
  // Nothing filled is 'rejected' whatever the exchange calls it (Binance EXPIRED, MEXC CANCELED, Gate ioc), as in
  // paper trading (fill-model).
  const status: GatewayOrder['status'] =
    o.status === 'closed' ? 'closed' : filled > 0 ? 'canceled' : 'rejected';
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
    average: str(o.average ?? (filled > 0 && o.cost ? o.cost / filled : 0)),
    cost: str(o.cost),
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
    exchange: string,
    symbol: string,
    type: OrderType,
    side: OrderSide,
    amount: string,
    price?: string,
    clientOrderId?: string,
  ): Promise<GatewayOrder> {
    const ccxt = await loadCcxt();
    const client = this.client(exchange);
    const refused = (reason: string) => ({
      ...rejectedOrder(exchange, symbol, type, side, amount, reason),
      ...(clientOrderId ? { clientOrderId } : {}),
    });
    await this.loadMarkets(exchange, client, ccxt); // cached: the market's precision and state
    // A market the exchange lists as not trading (Binance BREAK, MEXC paused, Gate untradable): nothing is sent.
    if (client.market(symbol).active === false) return refused(REJECTION.halted);
    let limit = price;
    if (
      type === 'market' &&
      side === 'buy' &&
      limit === undefined &&
      client.options['createMarketBuyOrderRequiresPrice']
    ) {
      // Gate.io places a market buy by its cost: ccxt needs a price to turn the amount into it (the ask now).
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
          ...(clientOrderId ? { clientOrderId } : {}),
          // Our limit orders are immediate-or-cancel: what does not fill at once must not rest on the book.
          ...(type === 'limit' ? { timeInForce: 'IOC' } : {}),
        });
      // Before any retry (throttled, clock resynchronised) the order is looked up by our id: never placed twice.
      const placedAlready = async (): Promise<CcxtOrder | null> =>
        clientOrderId ? await this.lookup(client, ccxt, clientOrderId, symbol) : null;
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
      if (e instanceof ccxt.InvalidOrder) return refused(detail());
      if (e instanceof ccxt.ExchangeError && !(e instanceof ccxt.AuthenticationError)) {
        // Refused without a specific code (MEXC 30000 'suspended transaction', Gate INVALID_CURRENCY_PAIR): if
        // the market stopped trading since it was loaded, that is why.
        const reloaded = await this.loadMarkets(exchange, client, ccxt, true).then(
          () => true,
          () => false,
        );
        if (reloaded && client.market(symbol).active === false) return refused(REJECTION.halted);
        if (e instanceof ccxt.BadRequest || e instanceof ccxt.OperationRejected) return refused(detail());
      }
      // No answer (timeout, connection lost): the exchange may have accepted the order. Found by our id, it is
      // the order; not found, the error stands (placing it again could buy twice).
      if (e instanceof ccxt.NetworkError && clientOrderId) {
        const found = await this.lookup(client, ccxt, clientOrderId, symbol).catch(() => null);
        if (found) return { ...toGatewayOrder(exchange, found), clientOrderId };
      }
      throw e;
    }
    // Some exchanges answer a new order with its id only (MEXC): its fill is read back.
    const id = order.id;
    if ((order.status === undefined || order.filled === undefined) && id) {
      order = await this.withFee(
        client,
        await callExchange(client, ccxt, () => client.fetchOrder(id, symbol)),
        symbol,
      );
    }
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
    clientOrderId: string,
    symbol: string,
  ): Promise<CcxtOrder | null> {
    try {
      const order = await callExchange(client, ccxt, () => client.fetchOrder('', symbol, { clientOrderId }));
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
    const found = await this.lookup(this.client(exchange), await loadCcxt(), clientOrderId, symbol);
    return found ? { ...toGatewayOrder(exchange, found), clientOrderId } : null;
  }

  async fetchOrder(id: string, exchange: string, symbol: string) {
    const client = this.client(exchange);
    return toGatewayOrder(
      exchange,
      await callExchange(client, await loadCcxt(), () => client.fetchOrder(id, symbol)),
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
