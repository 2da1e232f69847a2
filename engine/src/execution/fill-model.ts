// decimal.js at 34 digits (money.ts): a balance of 10 integer digits and 18 decimals stays exact
import type { Decimal as DecimalJs } from 'decimal.js';
import { Dec as Decimal } from '../market-data/money.js';
import type { ExecutionLatency } from '@arbitra/contracts';
import { Rng } from '../market-data/prng.js';
import type { GatewayOrder, OrderRequest } from './order-gateway.js';

/**
 * The execution model of paper trading and of the backtest — one module, so the two cannot drift:
 *
 *  - WHEN an order reaches the book: `LatencyModel`, the delay from detection to the order's arrival (the queue,
 *    the executor's start, the exchange round trip). Paper trading lives it (its queue is real); the backtest
 *    draws it from the live path's measured p50/p99 (a log-normal through both) and runs the execution then, on
 *    the book of that moment — an opportunity gone by then gives a miss, an IOC remainder or an unwind, as paper.
 *  - HOW it fills: `fillOrder`, the walk of that book's levels (slippage) within the limit price (IOC: the rest
 *    is canceled), minus the depth the bot's own earlier orders took from this very book (`PaperOrders.consumed`),
 *    capped by the balance held on that exchange (inventory runs out: nothing refills it), rounded down to the
 *    market's amount step, refused under its minimum amount or minimum notional; taker fee per fill in the asset
 *    received (base on a buy, quote on a sell), 8 decimals up, as the exchanges charge it.
 */

export type Level = readonly [number, number];

export interface BookView {
  bids: readonly Level[];
  asks: readonly Level[];
  spec: { amountStep: number; minAmount: number; minNotional: number };
}

export type BookSource = (exchange: string, symbol: string) => BookView | undefined;
export type FeeSource = (exchange: string) => number | string;

/** Rounds an amount down to a multiple of `step`. */
export function floorToStep(amount: DecimalJs.Value, step: number): Decimal {
  const s = new Decimal(step > 0 ? String(step) : '1e-8');
  return new Decimal(amount).div(s).floor().mul(s);
}

/**
 * A job older than this is dropped: its opportunity is gone. It is also how long a job waits for its bot's lock
 * (from its enqueue), and how long a recovery waits for it. The backtest drops its executions at the same age.
 */
export const MAX_JOB_AGE_MS = 5_000;

/** z of the 99th percentile of a standard normal. */
const Z99 = 2.326347874;

/**
 * Detection-to-order delays drawn from a log-normal whose median is p50 and whose 99th percentile is p99
 * (p99 ≤ p50: every delay is p50). Seeded: the same settings give the same delays, run after run.
 */
export class LatencyModel {
  private readonly mu: number;
  private readonly sigma: number;
  private readonly rng: Rng;

  constructor(
    readonly latency: ExecutionLatency,
    seed = 1,
  ) {
    const p50 = Math.max(0, latency.p50Ms);
    this.mu = p50 > 0 ? Math.log(p50) : -Infinity;
    this.sigma = p50 > 0 && latency.p99Ms > p50 ? Math.log(latency.p99Ms / p50) / Z99 : 0;
    this.rng = new Rng(seed);
  }

  /** One delay, ms. */
  next(): number {
    if (this.mu === -Infinity) return 0;
    return Math.exp(this.mu + this.sigma * this.rng.normal());
  }
}

export interface FillRequest extends OrderRequest {
  /** IOC limit price (buy: at most; sell: at least); undefined for a market order. */
  limit?: string;
  /** The order's id (the gateway's). */
  id: string;
}

export interface Fill {
  order: GatewayOrder;
  /** Depth this fill takes from the book side it walked: [price, amount] (commit with `consumed`). */
  takes: [number, Decimal][];
}

/**
 * Fills one order against `book` as it is now. `consumed`: what earlier orders took from this side of this book
 * (price → amount); `balance(asset)`: what the bot holds of an asset on this exchange. Pure: the caller settles the
 * balances and records the takes.
 */
export function fillOrder(
  req: FillRequest,
  book: BookView | undefined,
  feeRate: Decimal,
  balance: (asset: string) => Decimal,
  consumed: ReadonlyMap<number, Decimal>,
): Fill {
  const { exchange, symbol, type, side, amount, limit, id } = req;
  const quote = symbol.split('/')[1] as string;
  const base = symbol.split('/')[0] as string;
  // The taker fee of each fill, in the asset received (base on a buy, quote on a sell), to 8 decimals up: as the
  // exchanges charge it (Binance without BNB, Bybit, Gate.io, Mercado Bitcoin) and the local exchanges do.
  const feeOf = (takes: Fill['takes']) =>
    takes.reduce(
      (s, [p, take]) =>
        s.plus(
          (side === 'buy' ? take : take.mul(String(p))).mul(feeRate).toDecimalPlaces(8, Decimal.ROUND_UP),
        ),
      new Decimal(0),
    );
  const done = (filled: Decimal, cost: Decimal, takes: Fill['takes'], reason?: string): Fill => ({
    takes,
    order: {
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
      // nothing charged: a zero fee in the quote (as the live gateway reports it)
      fee: { cost: feeOf(takes).toFixed(), currency: side === 'buy' && takes.length > 0 ? base : quote },
      ...(reason && filled.lt(amount) ? { reason } : {}),
    },
  });
  const none = (reason: string) => done(new Decimal(0), new Decimal(0), [], reason);
  if (!book) return none('sem livro de ofertas');
  const step = book.spec.amountStep;
  let remaining = floorToStep(amount, step);
  let reason: string | undefined;
  if (side === 'sell') {
    const held = floorToStep(balance(base), step);
    if (held.lt(remaining)) {
      remaining = Decimal.max(held, 0);
      reason = 'saldo insuficiente';
    }
  }
  let quoteLeft = balance(quote);
  const levels = side === 'buy' ? book.asks : book.bids;
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
      const affordable = floorToStep(quoteLeft.div(lp), step);
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
    if (side === 'buy') quoteLeft = quoteLeft.minus(take.mul(lp));
  }
  if (remaining.gt(0)) reason ??= 'profundidade do livro';
  if (filled.gt(0) && (filled.lt(book.spec.minAmount) || cost.lt(book.spec.minNotional)))
    return none('abaixo do mínimo');
  return done(filled, cost, takes, reason);
}
