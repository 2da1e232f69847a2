import { OrderNotFound, type Exchange, type Fee, type Order } from 'ccxt';
import { Dec as Decimal } from '../market-data/money.js';
import type { ExchangeId } from '@arbitra/contracts';
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
  const quote = (o.symbol ?? '').split('/')[1] ?? 'USDT';
  const fees = feesByCurrency(o.fees && o.fees.length > 0 ? o.fees : [o.fee], quote);
  const status: GatewayOrder['status'] =
    o.status === 'closed' ? 'closed' : filled > 0 || o.status === 'canceled' ? 'canceled' : 'rejected';
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
    ...(status === 'rejected' ? { reason: `ordem ${o.status ?? 'sem status'} na exchange` } : {}),
  };
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
    let limit = price;
    if (
      type === 'market' &&
      side === 'buy' &&
      limit === undefined &&
      client.options['createMarketBuyOrderRequiresPrice']
    ) {
      // Gate.io places a market buy by its cost: ccxt needs a price to turn the amount into it (the ask now).
      const ticker = await client.fetchTicker(symbol);
      const ask = ticker.ask ?? ticker.last;
      limit = ask === undefined || ask === null ? undefined : str(ask);
    }
    // Decimal strings to the exchange, cut to the market's precision by ccxt (amount truncated, price rounded):
    // no binary float between our decimals and the request.
    const size = client.amountToPrecision(symbol, amount);
    const at = limit === undefined ? undefined : client.priceToPrecision(symbol, limit);
    const order = await client.createOrder(symbol, type, side, size as unknown as number, at as unknown as number, {
      ...(clientOrderId ? { clientOrderId } : {}),
      // Our limit orders are immediate-or-cancel: what does not fill at once must not rest on the book.
      ...(type === 'limit' ? { timeInForce: 'IOC' } : {}),
    });
    return { ...toGatewayOrder(exchange, order), ...(clientOrderId ? { clientOrderId } : {}) };
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
    try {
      const order = await this.withFee(
        client,
        await client.fetchOrder('', symbol, { clientOrderId }),
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
    return toGatewayOrder(exchange, await this.client(exchange).fetchOrder(id, symbol));
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
