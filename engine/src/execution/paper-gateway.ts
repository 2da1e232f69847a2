// decimal.js at 34 digits (money.ts): a balance of 10 integer digits and 18 decimals stays exact
import { Dec as Decimal } from '../market-data/money.js';
import type { Decimal as DecimalJs } from 'decimal.js';
import { fillOrder, type BookSource, type FeeSource, type FillRequest, type Level } from './fill-model.js';
import { deltasOf } from './cross-exchange.executor.js';
import type { CreateOrderArgs, GatewayOrder, OrderGateway } from './order-gateway.js';

export { floorToStep, type BookSource, type BookView, type FeeSource, type Level } from './fill-model.js';

let sequence = 0;

/**
 * The paper exchange's order book of record in this process: recent orders by client order id, shared by
 * every PaperGateway, so a retried job finds what its first attempt filled. Bounded (oldest dropped). When the
 * process dies, its paper orders die with it: nothing of them reached the bot's balances (only the ledger
 * writes those), so a recovery that finds none records that nothing was executed.
 */
export class PaperOrders {
  private readonly byClientId = new Map<string, GatewayOrder>();
  /** Depth taken by paper orders, per book side as the feed sent it (a new book starts afresh). */
  private readonly taken = new WeakMap<readonly Level[], Map<number, Decimal>>();
  constructor(private readonly capacity = 20_000) {}

  /**
   * The amount paper orders took at each price of this side of a book. Every bot of the process trades the same
   * market: two orders on one book cannot both take its best level.
   */
  consumed(levels: readonly Level[]): Map<number, Decimal> {
    let m = this.taken.get(levels);
    if (!m) this.taken.set(levels, (m = new Map<number, Decimal>()));
    return m;
  }

  get(clientOrderId: string): GatewayOrder | undefined {
    return this.byClientId.get(clientOrderId);
  }

  set(order: GatewayOrder): void {
    if (!order.clientOrderId) return;
    this.byClientId.set(order.clientOrderId, order);
    if (this.byClientId.size > this.capacity) {
      const oldest = this.byClientId.keys().next().value;
      if (oldest !== undefined) this.byClientId.delete(oldest);
    }
  }
}

/**
 * The simulated exchange behind paper mode: orders fill against the book of their arrival (walking the levels:
 * slippage), capped by the book's depth and by the bot's virtual balance (partial fills), within the limit
 * price when one is given (IOC: the rest is canceled). Taker fee in the asset received (fill-model.ts). Balances
 * are per exchange and asset, for one bot.
 */
export class PaperGateway implements OrderGateway {
  private readonly balances = new Map<string, Decimal>();
  private readonly orders = new Map<string, GatewayOrder>();

  constructor(
    private readonly books: BookSource,
    private readonly fees: FeeSource,
    initial: Iterable<{ exchange: string; asset: string; amount: DecimalJs.Value }> = [],
    private readonly registry: PaperOrders = new PaperOrders(),
    /** The simulated round trip of an order: it fills against the book as it is when it "arrives". */
    private readonly latencyMs = 0,
    /**
     * Where an order sent now meets the market, `latencyMs` later: the books of that moment. Default: the current
     * books once `latencyMs` of this process's time has passed. The executor gives the books of the order's market
     * time (a fast-forwarded market: executions.processor).
     */
    private readonly arrive?: (latencyMs: number) => Promise<BookSource>,
  ) {
    for (const b of initial) this.balances.set(`${b.exchange}|${b.asset}`, new Decimal(b.amount));
  }

  balance(exchange: string, asset: string): Decimal {
    return this.balances.get(`${exchange}|${asset}`) ?? new Decimal(0);
  }

  private add(exchange: string, asset: string, delta: Decimal): void {
    this.balances.set(`${exchange}|${asset}`, this.balance(exchange, asset).plus(delta));
  }

  async fetchBalance(exchange: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const [key, v] of this.balances) {
      const [ex, asset] = key.split('|') as [string, string];
      if (ex === exchange) out[asset] = v.toFixed();
    }
    return Promise.resolve(out);
  }

  async fetchOrder(id: string): Promise<GatewayOrder> {
    const o = this.orders.get(id);
    if (!o) throw new Error(`ordem ${id} não encontrada`);
    return Promise.resolve(o);
  }

  /**
   * An order of this bot found again (a retry in the same process): its fills were not recorded, so they are
   * not in the balances this gateway started from; they are counted in now, once.
   */
  async fetchOrderByClientId(
    clientOrderId: string,
    exchange: string,
    symbol: string,
  ): Promise<GatewayOrder | null> {
    const o = this.registry.get(clientOrderId);
    if (!o || o.exchange !== exchange || o.symbol !== symbol) return Promise.resolve(null);
    if (!this.orders.has(o.id)) {
      this.orders.set(o.id, o);
      this.settle(o);
    }
    return Promise.resolve(o);
  }

  /** The balance change of a fill, its fee taken from the asset it was charged in (deltasOf). */
  private settle(o: GatewayOrder): void {
    for (const d of deltasOf(o)) this.add(d.exchange, d.asset, new Decimal(d.delta));
  }

  async createOrder(
    ...[exchange, symbol, type, side, amount, price, clientOrderId]: CreateOrderArgs
  ): Promise<GatewayOrder> {
    // Exchanges refuse a client order id already in use (Binance: among open orders); paper refuses any reuse.
    if (clientOrderId && this.registry.get(clientOrderId))
      throw new Error(`ordem duplicada (${clientOrderId})`);
    let books = this.books;
    if (this.arrive) books = await this.arrive(this.latencyMs);
    else if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    const order = this.fill(books, {
      exchange,
      symbol,
      type,
      side,
      amount,
      limit: type === 'limit' ? price : undefined,
    });
    if (clientOrderId) {
      order.clientOrderId = clientOrderId;
      this.registry.set(order);
    }
    return order;
  }

  private fill(books: BookSource, req: Omit<FillRequest, 'id'>): GatewayOrder {
    const { exchange, symbol, side } = req;
    const book = books(exchange, symbol);
    const levels = book ? (side === 'buy' ? book.asks : book.bids) : null;
    // What earlier paper orders already took from this very book (until the market sends a new one).
    const consumed = levels ? this.registry.consumed(levels) : new Map<number, Decimal>();
    const { order, takes } = fillOrder(
      { ...req, id: `paper-${++sequence}` },
      book,
      new Decimal(this.fees(exchange)),
      (asset) => this.balance(exchange, asset),
      consumed,
    );
    for (const [p, take] of takes) consumed.set(p, (consumed.get(p) ?? new Decimal(0)).plus(take));
    this.orders.set(order.id, order);
    this.settle(order);
    return order;
  }
}
