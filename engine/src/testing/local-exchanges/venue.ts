import { Dec } from '../../arbitrage/money.js';

/**
 * The protocol-agnostic state of one local exchange: accounts (keys, permissions, balances), an order book per
 * market with its trading rules, the orders placed (with their client order ids) and the fault switches the HTTP
 * server applies. Each exchange's protocol adapter (binance.ts, mexc.ts, gate.ts, …) translates its requests into
 * the calls below and the results into that exchange's JSON.
 */

/** One price level: [price, amount in base], decimal strings. */
export type Level = readonly [price: string, amount: string];

export interface MarketSpec {
  /** Unified, ccxt's: 'BTC/USDT'. Adapters build their own ids from base and quote (BTCUSDT, BTC_USDT…). */
  symbol: string;
  base: string;
  quote: string;
  /** Price increment. */
  tickSize: string;
  /** Amount (base) increment. */
  stepSize: string;
  /** Smallest amount (base). */
  minQty: string;
  /** Smallest amount × price (quote). */
  minNotional: string;
  /** 'halted': listed, but no order is accepted (Binance status BREAK, Gate trade_status untradable…). */
  status: 'open' | 'halted';
  /** Best first (highest bid, lowest ask). Consumed by fills. */
  bids: Level[];
  asks: Level[];
}

/**
 * A spot market with BTC/USDT-like rules (tick 0.01, step and minimum 0.00001, minimum value 5 in quote), for tests.
 */
export function spotMarket(
  base: string,
  quote: string,
  book: { asks: Level[]; bids: Level[] },
  status: MarketSpec['status'] = 'open',
): MarketSpec {
  return {
    symbol: `${base}/${quote}`,
    base,
    quote,
    tickSize: '0.01',
    stepSize: '0.00001',
    minQty: '0.00001',
    minNotional: '5',
    status,
    asks: book.asks,
    bids: book.bids,
  };
}

export interface AccountSpec {
  apiKey: string;
  secret: string;
  /** Where the exchange has one (Gate, Bybit: none; Mercado Bitcoin: none; ccxt `password`). */
  passphrase?: string;
  canTrade?: boolean;
  canWithdraw?: boolean;
  /** Free balance per asset, decimal strings. */
  balances: Record<string, string>;
}

export interface Account {
  apiKey: string;
  secret: string;
  passphrase?: string;
  canTrade: boolean;
  canWithdraw: boolean;
  free: Map<string, Dec>;
  locked: Map<string, Dec>;
}

export interface Fill {
  tradeId: number;
  price: Dec;
  amount: Dec;
  /** Fee charged in `feeAsset` (the asset received: base on a buy, quote on a sell). */
  fee: Dec;
  feeAsset: string;
  time: number;
}

export type OrderSide = 'buy' | 'sell';

export interface OrderRequest {
  symbol: string;
  side: OrderSide;
  type: 'limit' | 'market';
  /** Base amount. Absent on a market buy by quote. */
  amount?: string;
  /** Quote to spend (market buy by cost: Binance quoteOrderQty, Gate market buy `amount`, MEXC quoteOrderQty). */
  quoteAmount?: string;
  price?: string;
  /** Limit orders here are IOC (GTC rests; FOK fills all or nothing). */
  timeInForce: 'IOC' | 'GTC' | 'FOK';
  clientOrderId: string;
}

export interface VenueOrder {
  /** The exchange's numeric order id, as a string. */
  id: string;
  clientOrderId: string;
  apiKey: string;
  request: OrderRequest;
  /** filled: everything; canceled: an IOC remainder (partial or none) or expired; open: resting GTC. */
  status: 'filled' | 'canceled' | 'open';
  /** Base amount asked (for a buy by quote: what the quote bought). */
  amount: Dec;
  filled: Dec;
  /** Quote exchanged before fees. */
  cost: Dec;
  fills: Fill[];
  time: number;
}

/** Why the venue refused an order; each adapter answers it with its exchange's own code and message. */
export type RejectionKind =
  | 'unknown-market'
  | 'halted'
  | 'price-precision'
  | 'amount-precision'
  | 'min-qty'
  | 'min-notional'
  | 'insufficient-balance'
  | 'duplicate-client-id'
  | 'no-trade-permission';

export class Rejection {
  constructor(
    readonly kind: RejectionKind,
    readonly detail = '',
  ) {}
}

/** Fault switches, read and consumed by the HTTP server (server.ts) on each request. */
export interface Faults {
  /** The next `remaining` requests answer `status` with Retry-After `retryAfterSec` (the exchange's JSON). */
  throttle: { remaining: number; status: 429 | 418; retryAfterSec: number } | null;
  /** The exchange's clock runs this far ahead (+) or behind (-) the process's. */
  clockSkewMs: number;
  /**
   * The next `remaining` order placements are accepted (the order is on the book and filled), then the
   * connection is destroyed ('drop') or left without an answer until the client gives up ('hang').
   */
  afterAccept: { remaining: number; mode: 'drop' | 'hang' } | null;
  /**
   * Every request is left unanswered ('hang': the client's timeout fires) or answered by a proxy's
   * '503 Service Temporarily Unavailable' HTML page ('unavailable').
   */
  outage: 'hang' | 'unavailable' | null;
}

const ZERO = new Dec(0);
const isMultiple = (x: Dec, step: string) => x.mod(step).isZero();

export class LocalVenue {
  readonly markets = new Map<string, MarketSpec>();
  readonly accounts = new Map<string, Account>();
  readonly orders: VenueOrder[] = [];
  readonly faults: Faults = { throttle: null, clockSkewMs: 0, afterAccept: null, outage: null };
  private nextOrderId = 28_457_000_001;
  private nextTradeId = 3_901_000_001;

  constructor(
    markets: readonly MarketSpec[],
    accounts: readonly AccountSpec[],
    /** Taker fee rate, charged in the asset received. */
    readonly takerFee = '0.001',
  ) {
    for (const m of markets) this.markets.set(m.symbol, { ...m, bids: [...m.bids], asks: [...m.asks] });
    for (const a of accounts) this.addAccount(a);
  }

  addAccount(a: AccountSpec): void {
    this.accounts.set(a.apiKey, {
      apiKey: a.apiKey,
      secret: a.secret,
      ...(a.passphrase ? { passphrase: a.passphrase } : {}),
      canTrade: a.canTrade ?? true,
      canWithdraw: a.canWithdraw ?? false,
      free: new Map(Object.entries(a.balances).map(([k, v]) => [k, new Dec(v)])),
      locked: new Map(),
    });
  }

  /** The exchange's clock (ms), with the injected skew. */
  now(): number {
    return Date.now() + this.faults.clockSkewMs;
  }

  market(symbol: string): MarketSpec | undefined {
    return this.markets.get(symbol);
  }

  /** The order on this key with that exchange id or client order id (the latest, if reused). */
  findOrder(
    apiKey: string,
    by: { id?: string; clientOrderId?: string },
    symbol?: string,
  ): VenueOrder | undefined {
    return this.orders
      .filter((o) => o.apiKey === apiKey && (symbol === undefined || o.request.symbol === symbol))
      .filter((o) => (by.id !== undefined ? o.id === by.id : o.clientOrderId === by.clientOrderId))
      .at(-1);
  }

  ordersOf(apiKey: string, symbol?: string, since = 0): VenueOrder[] {
    return this.orders.filter(
      (o) => o.apiKey === apiKey && (symbol === undefined || o.request.symbol === symbol) && o.time >= since,
    );
  }

  /**
   * Checks an order against the market's rules and the account's balance, then matches it against the book
   * (walking levels, consuming them), moves the balances and charges the taker fee in the asset received.
   */
  place(apiKey: string, req: OrderRequest): VenueOrder | Rejection {
    const account = this.accounts.get(apiKey);
    const m = this.markets.get(req.symbol);
    if (!account) throw new Error('place: unknown account (the adapter authenticates first)');
    if (!m) return new Rejection('unknown-market');
    if (!account.canTrade) return new Rejection('no-trade-permission');
    if (m.status === 'halted') return new Rejection('halted');
    if (
      req.clientOrderId &&
      this.orders.some(
        (o) => o.apiKey === apiKey && o.clientOrderId === req.clientOrderId && o.status === 'open',
      )
    ) {
      return new Rejection('duplicate-client-id');
    }
    const levels = req.side === 'buy' ? m.asks : m.bids;
    const limit = req.type === 'limit' ? new Dec(req.price ?? NaN) : null;
    if (limit && (!limit.isFinite() || limit.lte(0) || !isMultiple(limit, m.tickSize)))
      return new Rejection('price-precision', req.price);
    const byQuote = req.amount === undefined;
    if (byQuote && (req.type !== 'market' || req.side !== 'buy' || req.quoteAmount === undefined))
      return new Rejection('amount-precision', 'amount missing');
    let amount = byQuote ? ZERO : new Dec(req.amount!);
    if (!byQuote) {
      if (!amount.isFinite() || amount.lte(0) || !isMultiple(amount, m.stepSize))
        return new Rejection('amount-precision', req.amount);
      if (amount.lt(m.minQty)) return new Rejection('min-qty', req.amount);
    }
    // Notional: at the limit price, or at the best price on the other side for a market order.
    const reference = limit ?? (levels[0] ? new Dec(levels[0][0]) : null);
    const notional = byQuote ? new Dec(req.quoteAmount!) : reference ? amount.mul(reference) : ZERO;
    if (notional.lt(m.minNotional)) return new Rejection('min-notional', notional.toFixed());

    // What would fill: walk the book.
    const takes: { level: number; price: Dec; amount: Dec }[] = [];
    let wanted = amount;
    let budget = byQuote ? new Dec(req.quoteAmount!) : ZERO;
    for (let i = 0; i < levels.length; i++) {
      const price = new Dec(levels[i]![0]);
      if (limit && (req.side === 'buy' ? price.gt(limit) : price.lt(limit))) break;
      let size = new Dec(levels[i]![1]);
      if (byQuote) {
        size = Dec.min(size, budget.div(price).toNearest(m.stepSize, Dec.ROUND_DOWN));
        if (size.lte(0)) break;
        budget = budget.minus(size.mul(price));
      } else {
        size = Dec.min(size, wanted);
        wanted = wanted.minus(size);
      }
      takes.push({ level: i, price, amount: size });
      if (!byQuote && wanted.isZero()) break;
    }
    const filled = takes.reduce((s, t) => s.plus(t.amount), ZERO);
    const cost = takes.reduce((s, t) => s.plus(t.amount.mul(t.price)), ZERO);
    if (byQuote) amount = filled;
    if (req.timeInForce === 'FOK' && !filled.eq(amount)) takes.length = 0;

    // Balance: what is paid must be free (a limit buy reserves amount × limit, as exchanges check before matching).
    const paid = req.side === 'buy' ? m.quote : m.base;
    const needed =
      req.side === 'buy' ? (byQuote ? new Dec(req.quoteAmount!) : limit ? amount.mul(limit) : cost) : amount;
    if ((account.free.get(paid) ?? ZERO).lt(needed)) return new Rejection('insufficient-balance', paid);

    const time = this.now();
    const fills: Fill[] = [];
    for (const t of takes) {
      const received = req.side === 'buy' ? t.amount : t.amount.mul(t.price);
      fills.push({
        tradeId: this.nextTradeId++,
        price: t.price,
        amount: t.amount,
        fee: received.mul(this.takerFee).toDecimalPlaces(8, Dec.ROUND_UP),
        feeAsset: req.side === 'buy' ? m.base : m.quote,
        time,
      });
    }
    consume(levels, takes);
    const got = req.side === 'buy' ? m.base : m.quote;
    const out = fills.reduce((s, f) => s.plus(req.side === 'buy' ? f.amount.mul(f.price) : f.amount), ZERO);
    const inn = fills.reduce(
      (s, f) => s.plus((req.side === 'buy' ? f.amount : f.amount.mul(f.price)).minus(f.fee)),
      ZERO,
    );
    account.free.set(paid, (account.free.get(paid) ?? ZERO).minus(out));
    account.free.set(got, (account.free.get(got) ?? ZERO).plus(inn));
    const doneFilled = fills.reduce((s, f) => s.plus(f.amount), ZERO);
    const order: VenueOrder = {
      id: String(this.nextOrderId++),
      clientOrderId: req.clientOrderId,
      apiKey,
      request: req,
      status:
        doneFilled.eq(amount) && doneFilled.gt(0)
          ? 'filled'
          : req.timeInForce === 'GTC'
            ? 'open'
            : 'canceled',
      amount,
      filled: doneFilled,
      cost: fills.reduce((s, f) => s.plus(f.amount.mul(f.price)), ZERO),
      fills,
      time,
    };
    this.orders.push(order);
    return order;
  }

  /** Free and locked per asset (every asset the account ever held). */
  balances(apiKey: string): { asset: string; free: Dec; locked: Dec }[] {
    const a = this.accounts.get(apiKey);
    if (!a) return [];
    const assets = new Set([...a.free.keys(), ...a.locked.keys()]);
    return [...assets].map((asset) => ({
      asset,
      free: a.free.get(asset) ?? ZERO,
      locked: a.locked.get(asset) ?? ZERO,
    }));
  }

  /** Fee of an order, summed (one asset per order here: the asset received). */
  static feeOf(o: VenueOrder): Dec {
    return o.fills.reduce((s, f) => s.plus(f.fee), ZERO);
  }
}

function consume(levels: Level[], takes: readonly { level: number; amount: Dec }[]): void {
  for (const t of [...takes].reverse()) {
    const left = new Dec(levels[t.level]![1]).minus(t.amount);
    if (left.lte(0)) levels.splice(t.level, 1);
    else levels[t.level] = [levels[t.level]![0], left.toFixed()];
  }
}
