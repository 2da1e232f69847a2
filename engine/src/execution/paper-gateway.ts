// decimal.js at 34 digits (money.ts): a balance of 10 integer digits and 18 decimals stays exact
import type { Decimal as DecimalJs } from 'decimal.js';
import { Dec as Decimal } from '../arbitrage/money.js';
import type { GatewayOrder, OrderGateway, OrderSide, OrderType } from './order-gateway.js';

export type Level = readonly [number, number];

export interface BookView {
  bids: readonly Level[];
  asks: readonly Level[];
  spec: { amountStep: number; minAmount: number; minNotional: number };
}

export type BookSource = (exchange: string, symbol: string) => BookView | undefined;
export type FeeSource = (exchange: string) => number | string;

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

/** Rounds an amount down to a multiple of `step`. */
export function floorToStep(amount: DecimalJs.Value, step: number): Decimal {
  const s = new Decimal(step > 0 ? String(step) : '1e-8');
  return new Decimal(amount).div(s).floor().mul(s);
}

/**
 * The simulated exchange behind paper mode: orders fill at once against the CURRENT book (walking the levels:
 * slippage), capped by the book's depth and by the bot's virtual balance (partial fills), within the limit
 * price when one is given (IOC: the rest is canceled). Taker fee on the quote amount, charged in the quote
 * asset, for buys and sells alike. Balances are per exchange and asset, for one bot.
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

  /** The balance change of a fill: fees in the quote asset. */
  private settle(o: GatewayOrder): void {
    const [base, quote] = o.symbol.split('/') as [string, string];
    const filled = new Decimal(o.filled);
    if (filled.isZero()) return;
    const cost = new Decimal(o.cost);
    const fee = new Decimal(o.fee.cost);
    if (o.side === 'buy') {
      this.add(o.exchange, base, filled);
      this.add(o.exchange, quote, cost.plus(fee).negated());
    } else {
      this.add(o.exchange, base, filled.negated());
      this.add(o.exchange, quote, cost.minus(fee));
    }
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
    // Exchanges refuse a client order id already in use (Binance: among open orders); paper refuses any reuse.
    if (clientOrderId && this.registry.get(clientOrderId))
      throw new Error(`ordem duplicada (${clientOrderId})`);
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    const order = this.fill(exchange, symbol, type, side, amount, type === 'limit' ? price : undefined);
    if (clientOrderId) {
      order.clientOrderId = clientOrderId;
      this.registry.set(order);
    }
    return order;
  }

  private fill(
    exchange: string,
    symbol: string,
    type: OrderType,
    side: OrderSide,
    amount: string,
    limit?: string,
  ): GatewayOrder {
    const [base, quote] = symbol.split('/') as [string, string];
    const id = `paper-${++sequence}`;
    const book = this.books(exchange, symbol);
    const feeRate = new Decimal(this.fees(exchange));
    const done = (filled: Decimal, cost: Decimal, reason?: string): GatewayOrder => {
      const fee = cost.mul(feeRate);
      const order: GatewayOrder = {
        id,
        exchange,
        symbol,
        side,
        type,
        status: filled.isZero() ? 'rejected' : filled.eq(amount) ? 'closed' : 'canceled',
        amount,
        filled: filled.toFixed(),
        average: filled.isZero() ? '0' : cost.div(filled).toFixed(),
        cost: cost.toFixed(),
        fee: { cost: fee.toFixed(), currency: quote },
        ...(reason && filled.lt(amount) ? { reason } : {}),
      };
      this.orders.set(id, order);
      this.settle(order);
      return order;
    };
    if (!book) return done(new Decimal(0), new Decimal(0), 'sem livro de ofertas');
    const step = book.spec.amountStep;
    let remaining = floorToStep(amount, step);
    let reason: string | undefined;
    if (side === 'sell') {
      const held = floorToStep(this.balance(exchange, base), step);
      if (held.lt(remaining)) {
        remaining = Decimal.max(held, 0);
        reason = 'saldo insuficiente';
      }
    }
    let quoteLeft = this.balance(exchange, quote);
    const levels = side === 'buy' ? book.asks : book.bids;
    // What earlier paper orders already took from this very book (until the market sends a new one).
    const consumed = this.registry.consumed(levels);
    const takes: [number, Decimal][] = [];
    let filled = new Decimal(0);
    let cost = new Decimal(0);
    for (const [p, a] of levels) {
      if (remaining.lte(0)) break;
      const lp = new Decimal(String(p));
      if (limit !== undefined && (side === 'buy' ? lp.gt(limit) : lp.lt(limit))) {
        reason ??= 'preço limite';
        break;
      }
      const available = new Decimal(String(a)).minus(consumed.get(p) ?? 0);
      if (available.lte(0)) continue;
      let take = Decimal.min(remaining, available);
      if (side === 'buy') {
        const affordable = floorToStep(quoteLeft.div(lp.mul(feeRate.plus(1))), step);
        if (affordable.lt(take)) {
          take = affordable;
          reason = 'saldo insuficiente';
        }
      }
      if (take.lte(0)) break;
      takes.push([p, take]);
      filled = filled.plus(take);
      cost = cost.plus(take.mul(lp));
      remaining = remaining.minus(take);
      if (side === 'buy') quoteLeft = quoteLeft.minus(take.mul(lp).mul(feeRate.plus(1)));
    }
    if (remaining.gt(0)) reason ??= 'profundidade do livro';
    if (filled.gt(0) && filled.lt(book.spec.minAmount))
      return done(new Decimal(0), new Decimal(0), 'abaixo do mínimo');
    for (const [p, take] of takes) consumed.set(p, (consumed.get(p) ?? new Decimal(0)).plus(take));
    return done(filled, cost, reason);
  }
}
