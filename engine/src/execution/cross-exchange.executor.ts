import { createHash } from 'node:crypto';
import { Dec as Decimal } from '../market-data/money.js';
import { floorToStepExact } from '../market-data/precision.js';
import {
  MESSAGES,
  formatQuantityPtBr,
  tradeSides,
  tradeValue,
  type BotMode,
  type BotStrategy,
  type Opportunity,
  type TradeSides,
} from '@arbitra/contracts';
import { feesOf, type GatewayOrder, type OrderGateway } from './order-gateway.js';
import {
  profitAssetOf,
  realisedProfit,
  type BalanceDelta,
  type ExecutionPlan,
  type ExecutionRecord,
  type LegRecord,
  type PendingExecution,
} from './trade-ledger.js';

export interface ExecutionContext {
  executionKey: string;
  bot: { id: string; userId: string; name: string; strategy: BotStrategy; mode: BotMode };
  opportunity: Opportunity;
  budgetUsdt: string;
  gateway: OrderGateway;
  /** Amount step of a market (the coarser of the two legs' steps is used). */
  amountStep: (exchange: string, symbol: string) => number;
  minAmount: (exchange: string, symbol: string) => number;
  /** Minimum order value in quote (0 or absent: none known). */
  minNotional?: (exchange: string, symbol: string) => number;
  /** USDT per unit of an asset on an exchange now (null: unknown): values a fee in an asset no leg traded. */
  markUsdt?: (exchange: string, asset: string) => string | null;
  now?: () => Date;
  /**
   * The journal: called once, right before the first order, with where the orders may go and the trade as
   * planned. false: this execution is already journaled (a duplicate): nothing is placed.
   */
  begin?: (plan: ExecutionPlan, planned: TradeFigures) => Promise<boolean>;
}

/**
 * Our client order id for leg `seq` of an execution: deterministic (a restarted executor asks the exchange for
 * it), short and alphanumeric (Gate.io takes 28 characters with its 't-' prefix; Binance 36).
 */
export function clientOrderId(executionKey: string, seq: number): string {
  return `arb${createHash('sha256').update(executionKey).digest('hex').slice(0, 16)}s${seq}`;
}

export type ExecutionOutcome =
  { kind: 'skipped'; reason: string } | { kind: 'executed'; record: ExecutionRecord };

export function legRecord(seq: number, kind: LegRecord['kind'], o: GatewayOrder): LegRecord {
  return {
    seq,
    kind,
    exchange: o.exchange,
    symbol: o.symbol,
    side: o.side,
    requestedAmount: o.amount,
    filledAmount: o.filled,
    // the average price as the ledger keeps it (18 decimals): the price the trade's profit values its assets at
    avgPrice: new Decimal(o.average).toDecimalPlaces(18, Decimal.ROUND_HALF_UP).toFixed(),
    quoteAmount: o.cost,
    fee: o.fee.cost,
    feeAsset: o.fee.currency,
    ...(o.fees && o.fees.length > 1 ? { otherFees: o.fees.slice(1).map((f) => ({ ...f })) } : {}),
    status: o.status === 'closed' ? 'filled' : new Decimal(o.filled).gt(0) ? 'partial' : 'failed',
    orderId: o.id,
  };
}

/**
 * Balance changes of one order. Each fee is taken from the asset the exchange charged it in: the quote (paper,
 * and most exchanges), the base received (Binance without BNB), or another asset (BNB): then a delta of its own;
 * an order may pay in several (feesOf).
 */
export function deltasOf(o: GatewayOrder): BalanceDelta[] {
  const [base, quote] = o.symbol.split('/') as [string, string];
  const filled = new Decimal(o.filled);
  if (filled.isZero()) return [];
  const cost = new Decimal(o.cost);
  const fees = feesOf(o).map((f) => ({ asset: f.currency || quote, cost: new Decimal(f.cost) }));
  const feeIn = (asset: string) =>
    fees.filter((f) => f.asset === asset).reduce((s, f) => s.plus(f.cost), new Decimal(0));
  const out: BalanceDelta[] = [
    {
      exchange: o.exchange,
      asset: base,
      delta: (o.side === 'buy' ? filled : filled.negated()).minus(feeIn(base)).toFixed(),
    },
    {
      exchange: o.exchange,
      asset: quote,
      delta: (o.side === 'buy' ? cost.negated() : cost).minus(feeIn(quote)).toFixed(),
    },
  ];
  for (const f of fees)
    if (!f.cost.isZero() && f.asset !== base && f.asset !== quote)
      out.push({ exchange: o.exchange, asset: f.asset, delta: f.cost.negated().toFixed() });
  return out;
}

/** The fees of an order charged in `asset`. */
export function feeIn(o: GatewayOrder, asset: string): Decimal {
  return feesOf(o)
    .filter((f) => f.currency === asset)
    .reduce((s, f) => s.plus(f.cost), new Decimal(0));
}

/** The fees of an order in its quote asset (0 when charged in another asset). */
export function quoteFee(o: GatewayOrder): Decimal {
  const quote = o.symbol.split('/')[1];
  return feesOf(o)
    .filter((f) => (f.currency || quote) === quote)
    .reduce((s, f) => s.plus(f.cost), new Decimal(0));
}

/** What an order needs of its market: the amount step and the minimums (ExecutionContext, RecoveryMarkets). */
export interface MarketRules {
  amountStep: (exchange: string, symbol: string) => number;
  minAmount: (exchange: string, symbol: string) => number;
  minNotional?: (exchange: string, symbol: string) => number;
}

/**
 * An order's amount: `amount` rounded down to the market's step (or `step`, the coarser of two markets'), exact;
 * null when that is nothing, under the market's minimum amount, or worth less than its minimum value at `price`
 * (not checked without a price).
 */
export function orderAmount(
  m: MarketRules,
  exchange: string,
  symbol: string,
  amount: Decimal | string,
  price: Decimal | string | undefined,
  step: number | string = m.amountStep(exchange, symbol),
): Decimal | null {
  const a = floorToStepExact(amount, step);
  if (a.lte(0) || a.lt(String(m.minAmount(exchange, symbol)))) return null;
  const minNotional = m.minNotional?.(exchange, symbol) ?? 0;
  return minNotional > 0 && price !== undefined && a.mul(price).lt(String(minNotional)) ? null : a;
}

/**
 * How far past the detected price a statistical leg may fill (5 bps). A statistical trade bets on the spread's
 * return to its mean, tens of bps away; an IOC limit at the exact detected price is canceled by the first book
 * refresh against it between detection and order, and the unwind then costs more than this. Arbitrage legs keep
 * the opportunity's own limit (its profit is the difference of those prices).
 */
export const STATISTICAL_SLIPPAGE = '0.0005';

export function limitWithAllowance(strategy: string, side: 'buy' | 'sell', limit: string): string {
  if (strategy !== 'statistical') return limit;
  const k = new Decimal(1)[side === 'buy' ? 'plus' : 'minus'](STATISTICAL_SLIPPAGE);
  return new Decimal(limit).mul(k).toFixed();
}

/**
 * Two legs on two exchanges (arbitrage, and the statistical entry): buy where it is cheap, sell where it is
 * rich, at the same time, as IOC limit orders at the opportunity's worst level price. Sized by the budget
 * (riskLevel × maxInvestment), the buy exchange's USDT and the sell exchange's base balance.
 * Leg risk: when the filled amounts differ, the difference is unwound at once at market (sell back what
 * was bought, or buy back what was sold) and the trade is 'failed' with the realised loss; what an unwind
 * could not close is reported as naked exposure.
 */
export async function executeCrossExchange(ctx: ExecutionContext): Promise<ExecutionOutcome> {
  const o = ctx.opportunity;
  const buyLeg = o.legs.find((l) => l.side === 'buy');
  const sellLeg = o.legs.find((l) => l.side === 'sell');
  if (!buyLeg || !sellLeg || o.legs.length !== 2)
    return { kind: 'skipped', reason: 'oportunidade sem duas pernas' };
  const symbol = buyLeg.symbol;
  const [base, quote] = symbol.split('/') as [string, string];
  const step = Decimal.max(
    String(ctx.amountStep(buyLeg.exchange, symbol)),
    String(ctx.amountStep(sellLeg.exchange, symbol)),
  ).toFixed();
  const feeBuy = new Decimal(buyLeg.feeRate);

  const [buyBal, sellBal] = await Promise.all([
    ctx.gateway.fetchBalance(buyLeg.exchange),
    ctx.gateway.fetchBalance(sellLeg.exchange),
  ]);
  // a BRL pair spends reais: the USDT budget back at the opportunity's rate (maxInvestment is in R$ already)
  const budget =
    profitAssetOf(symbol) === 'BRL' ? new Decimal(ctx.budgetUsdt).mul(o.usdtBrl) : ctx.budgetUsdt;
  const cash = Decimal.min(budget, buyBal[quote] ?? '0');
  const buyLimit = limitWithAllowance(o.strategy, 'buy', buyLeg.limitPrice);
  const sellLimit = limitWithAllowance(o.strategy, 'sell', sellLeg.limitPrice);
  const byBudget = cash.div(new Decimal(buyLimit).mul(feeBuy.plus(1)));
  const wanted = Decimal.min(o.size, byBudget, sellBal[base] ?? '0');
  const amount = orderAmount(ctx, buyLeg.exchange, symbol, wanted, buyLimit, step);
  if (!amount || !orderAmount(ctx, sellLeg.exchange, symbol, amount, sellLimit, step))
    return { kind: 'skipped', reason: 'saldo ou orçamento insuficiente' };

  const markets = [
    { exchange: buyLeg.exchange, symbol },
    { exchange: sellLeg.exchange, symbol },
  ];
  const planned: TradeFigures = {
    pair: symbol,
    buyExchange: buyLeg.exchange,
    sellExchange: sellLeg.exchange,
    buyPrice: buyLeg.price,
    sellPrice: sellLeg.price,
    amount: amount.toFixed(),
    capital: amount.mul(buyLeg.price),
    expectedProfit: new Decimal(o.profitUsdt).mul(amount).div(o.size),
  };
  if (ctx.begin && !(await ctx.begin({ legs: markets, unwindMarkets: markets, maxOrders: 3 }, planned)))
    return { kind: 'skipped', reason: 'execução já registrada' };
  const cid = (seq: number) => clientOrderId(ctx.executionKey, seq);
  const [buy, sell] = await Promise.all([
    ctx.gateway.createOrder(buyLeg.exchange, symbol, 'limit', 'buy', amount.toFixed(), buyLimit, cid(1)),
    ctx.gateway.createOrder(sellLeg.exchange, symbol, 'limit', 'sell', amount.toFixed(), sellLimit, cid(2)),
  ]);
  const legs = [legRecord(1, 'entry', buy), legRecord(2, 'entry', sell)];
  const orders = [buy, sell];
  const bought = new Decimal(buy.filled);
  const sold = new Decimal(sell.filled);
  const diff = bought.minus(sold);
  const naked: Record<string, string> = {};
  let failureReason: string | null = null;
  if (!diff.isZero()) {
    // Unwind the difference at once, at market, on the side that filled more (what is under the market's minimums
    // cannot be an order: it stays in the balances, valued in the trade's profit).
    const [exchange, side, price] = diff.gt(0)
      ? ([buyLeg.exchange, 'sell', buy.average] as const)
      : ([sellLeg.exchange, 'buy', sell.average] as const);
    // What the buy left after its fees in the base (Binance, Bybit, paper): selling more would take the bot's own.
    const held = diff.gt(0) ? diff.minus(feeIn(buy, base)) : diff.abs();
    const size = orderAmount(ctx, exchange, symbol, held, price);
    const unwind = size
      ? await ctx.gateway.createOrder(exchange, symbol, 'market', side, size.toFixed(), undefined, cid(3))
      : null;
    if (unwind) {
      orders.push(unwind);
      legs.push(legRecord(3, 'unwind', unwind));
    }
    const left = size ? size.minus(unwind!.filled) : new Decimal(0);
    failureReason = diff.gt(0)
      ? MESSAGES.trades.legShortfall(
          'Perna de venda',
          formatQuantityPtBr(sold),
          formatQuantityPtBr(amount),
          base,
          'compra desfeita',
        )
      : MESSAGES.trades.legShortfall(
          'Perna de compra',
          formatQuantityPtBr(bought),
          formatQuantityPtBr(amount),
          base,
          'venda desfeita',
        );
    if (left.gt(0)) {
      naked[`${exchange}:${base}`] = (diff.gt(0) ? left : left.negated()).toFixed();
      failureReason += ` (exposição aberta de ${left.toFixed()} ${base})`;
    }
  } else if (bought.isZero()) {
    failureReason = 'Oportunidade não estava mais disponível na execução';
  }
  const matched = Decimal.min(bought, sold);
  return executedOutcome(ctx, orders, legs, failureReason, naked, {
    pair: symbol,
    buyExchange: buyLeg.exchange,
    sellExchange: sellLeg.exchange,
    buyPrice: bought.gt(0) ? buy.average : buyLeg.price,
    sellPrice: sold.gt(0) ? sell.average : sellLeg.price,
    amount: (matched.gt(0) ? matched : amount).toFixed(),
    capital: new Decimal(buy.cost).gt(0) ? new Decimal(buy.cost) : amount.mul(buyLeg.price),
    expectedProfit: new Decimal(o.profitUsdt).mul(matched.gt(0) ? matched : amount).div(o.size),
  });
}

/** What differs between strategies in the trade an execution records. */
export interface TradeFigures extends TradeSides {
  /** Quote engaged (USDT; R$ for a BRL pair): the base of profitPercent. */
  capital: Decimal;
  /** The opportunity's estimate scaled to what was traded, in USDT. */
  expectedProfit: Decimal;
}

/** What a trade is before its fills: who, which opportunity, the planned figures and what was expected. */
export function tradeHead(ctx: ExecutionContext, t: TradeFigures): Omit<PendingExecution, 'plan'> {
  const o = ctx.opportunity;
  return {
    executionKey: ctx.executionKey,
    botId: ctx.bot.id,
    userId: ctx.bot.userId,
    botName: ctx.bot.name,
    opportunityId: o.id,
    strategy: ctx.bot.strategy,
    mode: ctx.bot.mode,
    ...tradeSides(t),
    expectedProfit: t.expectedProfit.toFixed(18),
    expectedProfitPercent: new Decimal(o.netPercent).toFixed(8),
    usdtBrl: o.usdtBrl,
    executedAt: (ctx.now ?? (() => new Date()))(),
  };
}

/**
 * The record of an execution, for the ledger: the realised profit is the value of every balance change of every
 * order (entries and unwinds, every asset on every exchange, fees in any asset) at the trade's own prices, in
 * USDT — for a BRL pair in reais at the trade's USDT/BRL, its percent on the reais engaged (realisedProfit); an
 * asset no leg prices (a fee in BNB) at its mark now (`markUsdt`), kept with the trade; the rest is the same for
 * every strategy.
 */
export function executedOutcome(
  ctx: ExecutionContext,
  orders: readonly GatewayOrder[],
  legs: LegRecord[],
  failureReason: string | null,
  naked: Record<string, string>,
  t: TradeFigures,
): ExecutionOutcome {
  const deltas = orders.flatMap(deltasOf);
  const head = tradeHead(ctx, t);
  const marks = marksOf(deltas, legs, head.usdtBrl, ctx.markUsdt);
  const profit = realisedProfit(deltas, legs, t.pair, head.usdtBrl, marks);
  const record: ExecutionRecord = {
    ...head,
    profit: profit.usdt.toFixed(),
    profitPercent: t.capital.gt(0) ? profit.inQuote.mul(100).div(t.capital).toFixed(8) : '0',
    status: failureReason ? 'failed' : 'completed',
    failureReason,
    legs,
    deltas,
    ...(marks ? { marks } : {}),
    ...(Object.keys(naked).length ? { nakedExposure: naked } : {}),
  };
  return { kind: 'executed', record };
}

/**
 * The marks a record needs: USDT per unit of each asset its balance changes hold that its legs do not price (a
 * fee in BNB), from the market now, on the exchange the change happened. undefined: none needed (or none known:
 * that asset is then left out of the profit, as of the R$ fees).
 */
export function marksOf(
  deltas: readonly BalanceDelta[],
  legs: readonly LegRecord[],
  usdtBrl: string,
  markUsdt: ExecutionContext['markUsdt'],
): Record<string, string> | undefined {
  if (!markUsdt) return undefined;
  const { unpriced } = tradeValue(deltas, legs, 'USDT', usdtBrl);
  const marks: Record<string, string> = {};
  for (const asset of unpriced) {
    const d = deltas.find((x) => x.asset === asset)!;
    const mark = markUsdt(d.exchange, asset);
    if (mark !== null) marks[asset] = mark;
  }
  return Object.keys(marks).length > 0 ? marks : undefined;
}
