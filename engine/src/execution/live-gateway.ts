import { OrderNotFound, type Exchange, type Fee, type Order } from 'ccxt';
import { Dec as Decimal } from '../arbitrage/money.js';
import { exchangeInfo, type ExchangeId } from '@arbitra/contracts';
import type { CredentialStore } from '../credentials/credential-store.js';
import type { ExchangeClientFactory } from '../credentials/exchange-client.factory.js';
import type { LiveGatewayFactory } from './executions.processor.js';
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
  const out = [...sums].filter(([, c]) => !c.isZero()).map(([currency, c]) => ({ cost: c.toFixed(), currency }));
  return out.length > 0 ? out : [{ cost: '0', currency: quote }];
}

function toGatewayOrder(exchange: string, o: CcxtOrder): GatewayOrder {
  const filled = o.filled ?? 0;
  const [base = '', quote = 'USDT'] = (o.symbol ?? '').split('/');
  const fees = feesByCurrency(
    exchangeFees(exchange, o, base, quote) ?? (o.fees && o.fees.length > 0 ? o.fees : [o.fee]),
    quote,
  );
  // 'closed' is not 'fully filled' everywhere: Bybit closes an IOC partly filled (PartiallyFilledCanceled).
  const whole = o.status === 'closed' && (o.amount === undefined || filled >= o.amount);
  const status: GatewayOrder['status'] =
    whole ? 'closed' : filled > 0 || o.status === 'canceled' || o.status === 'closed' ? 'canceled' : 'rejected';
  // The average as the trade's cost over its amount, exact (ccxt's `average` is a float, rounded by the exchange).
  const average =
    filled > 0 && o.cost ? new Decimal(str(o.cost)).div(str(filled)).toFixed() : str(o.average ?? 0);
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
    cost: str(o.cost),
    fee: fees[0]!,
    ...(fees.length > 1 ? { fees } : {}),
    ...(status === 'rejected' ? { reason: `ordem ${o.status ?? 'sem status'} na exchange` } : {}),
  };
}

/**
 * A look-up's exchange-specific parameters: Bybit's fetchOrder needs `acknowledged` (it reads only the last 500
 * orders) and takes our id as `orderLinkId`; the others take ccxt's `clientOrderId`.
 */
/**
 * Exchanges whose API has no client order id (Mercado Bitcoin's Trade API v3, ccxt `mercado`): an order is known
 * by the exchange's id only, so an order whose answer was lost cannot be found again by ours.
 */
const NO_CLIENT_ORDER_ID: ReadonlySet<string> = new Set(['mercadobitcoin']);

/**
 * The fees of an order where ccxt misreads them, from the exchange's own answer. Mercado Bitcoin (Trade API v3):
 * the order's `fee` is charged in the asset received (the API's example: a buy of 1 BTC at 0.30% pays 0.003, BTC),
 * while ccxt's mercado labels it in the quote and sums each operation's `fee_rate` (a percent) as a fee.
 */
function exchangeFees(exchange: string, o: CcxtOrder, base: string, quote: string): Fee[] | null {
  if (exchange !== 'mercadobitcoin') return null;
  const fee = Number((o.info as Record<string, unknown> | undefined)?.['fee'] ?? 0);
  return [{ cost: fee, currency: o.side === 'buy' ? base : quote }];
}

/** ccxt's spot createOrder features of a client (which time-in-force it takes, whether a market buy needs a price). */
function spotOrderFeatures(client: Exchange): { ioc: boolean; marketBuyRequiresPrice: boolean } {
  const features = (client as unknown as { features?: Record<string, Record<string, Record<string, unknown>>> })
    .features;
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

function lookupParams(exchange: string, clientOrderId?: string): Record<string, unknown> {
  if (exchange === 'bybit') return { acknowledged: true, ...(clientOrderId ? { orderLinkId: clientOrderId } : {}) };
  return clientOrderId ? { clientOrderId } : {};
}

/**
 * The live order gateway: ccxt with the bot owner's credentials, one authenticated client per exchange,
 * built inside the executor for this execution only (the secrets never leave this object).
 */
export class CcxtLiveGateway implements OrderGateway {
  constructor(private readonly clients: ReadonlyMap<string, Exchange>) {}

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
  ) {
    const client = this.client(exchange);
    await client.loadMarkets(); // cached: the market's precision for the strings below
    const features = spotOrderFeatures(client);
    let limit = price;
    if (type === 'market' && side === 'buy' && limit === undefined && features.marketBuyRequiresPrice) {
      // Gate.io and Mercado Bitcoin place a market buy by its cost: ccxt needs a price to turn the amount into it
      // (the ask now).
      const ticker = await client.fetchTicker(symbol);
      const ask = ticker.ask ?? ticker.last;
      limit = ask === undefined || ask === null ? undefined : str(ask);
    }
    // Decimal strings to the exchange, cut to the market's precision by ccxt (amount truncated, price rounded):
    // no binary float between our decimals and the request.
    const size = client.amountToPrecision(symbol, amount);
    const at = limit === undefined ? undefined : client.priceToPrecision(symbol, limit);
    const order = await client.createOrder(symbol, type, side, size as unknown as number, at as unknown as number, {
      ...(clientOrderId && !NO_CLIENT_ORDER_ID.has(exchange) ? { clientOrderId } : {}),
      // Our limit orders are immediate-or-cancel: what does not fill at once must not rest on the book.
      ...(type === 'limit' && features.ioc ? { timeInForce: 'IOC' } : {}),
    });
    // An acknowledgement only (Bybit answers the ids, no status): the order is read back for its fills.
    let known =
      order.status === undefined && order.id
        ? await this.withFee(client, await client.fetchOrder(order.id, symbol, lookupParams(exchange)), symbol)
        : order;
    // No IOC on the exchange (Mercado Bitcoin): what rests of a limit order is canceled at once, as IOC would.
    if (type === 'limit' && !features.ioc && known.status === 'open' && known.id)
      known = await client.cancelOrder(known.id, symbol);
    return { ...toGatewayOrder(exchange, known), ...(clientOrderId ? { clientOrderId } : {}) };
  }

  /**
   * An order looked up again may come without its commission (Binance answers GET /api/v3/order without fills):
   * then it is read from the order's trades — every fee of every trade, in every currency.
   */
  private async withFee(client: Exchange, o: CcxtOrder, symbol: string): Promise<CcxtOrder> {
    if (o.fee || (o.fees && o.fees.length > 0) || !(o.filled && o.filled > 0) || !o.id) return o;
    if (!client.has['fetchOrderTrades']) return o;
    const trades = await client.fetchOrderTrades(o.id, symbol);
    const fees = trades.flatMap((t) => {
      const all = (t as { fees?: Fee[] }).fees;
      return all && all.length > 0 ? all : t.fee ? [t.fee] : [];
    });
    return fees.length === 0 ? o : { ...o, fees };
  }

  /**
   * ccxt's fetchOrder by our client order id (Binance, Bybit, Gate.io and MEXC take it as a param); where the
   * exchange cannot, its recent orders on that market are searched. OrderNotFound: the order was never placed.
   */
  async fetchOrderByClientId(clientOrderId: string, exchange: string, symbol: string) {
    const client = this.client(exchange);
    // Not found would say "never placed" (a recovery then records nothing executed): where the exchange cannot
    // know our id, that is not known, and the look-up fails instead (the pending trade waits for a person).
    if (NO_CLIENT_ORDER_ID.has(exchange))
      throw new Error(`${exchangeInfo(exchange as ExchangeId).displayName} não identifica ordens pelo id do cliente (${clientOrderId})`);
    try {
      const order = await this.withFee(
        client,
        await client.fetchOrder('', symbol, lookupParams(exchange, clientOrderId)),
        symbol,
      );
      return { ...toGatewayOrder(exchange, order), clientOrderId };
    } catch (e) {
      if (e instanceof OrderNotFound) return null;
      if (!client.has['fetchOrders']) throw e;
    }
    const recent = await client.fetchOrders(symbol, Date.now() - 24 * 3_600_000);
    // Gate.io reports our id with its 't-' prefix.
    const found = recent.find(
      (o) => o.clientOrderId === clientOrderId || o.clientOrderId === `t-${clientOrderId}`,
    );
    return found
      ? { ...toGatewayOrder(exchange, await this.withFee(client, found, symbol)), clientOrderId }
      : null;
  }

  async fetchOrder(id: string, exchange: string, symbol: string) {
    return toGatewayOrder(exchange, await this.client(exchange).fetchOrder(id, symbol, lookupParams(exchange)));
  }

  async fetchBalance(exchange: string): Promise<Record<string, string>> {
    const balance = await this.client(exchange).fetchBalance();
    const free = (balance.free ?? {}) as unknown as Record<string, number | undefined>;
    return Object.fromEntries(Object.entries(free).map(([asset, n]) => [asset, str(n)]));
  }
}

/** Decrypts the owner's validated credentials (CredentialStore refuses inactive or unvalidated ones). */
export function liveGatewayFactory(
  store: CredentialStore,
  createClient: ExchangeClientFactory,
): LiveGatewayFactory {
  return {
    async forBot(userId: string, exchanges: readonly ExchangeId[]) {
      const clients = new Map<string, Exchange>();
      for (const exchange of exchanges) {
        const credentials = await store.decryptForExecution(userId, exchange);
        clients.set(exchange, await createClient(exchange, credentials, { timeoutMs: ORDER_TIMEOUT_MS }));
      }
      return new CcxtLiveGateway(clients);
    },
  };
}
