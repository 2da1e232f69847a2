import { createHash } from 'node:crypto';
import { Decimal } from 'decimal.js';
import {
  MESSAGES,
  formatQuantityPtBr,
  type BotMode,
  type BotStrategy,
  type Opportunity,
} from '@arbitra/contracts';
import type { GatewayOrder, OrderGateway } from './order-gateway.js';
import { floorToStep } from './paper-gateway.js';
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
    avgPrice: o.average,
    quoteAmount: o.cost,
    fee: o.fee.cost,
    feeAsset: o.fee.currency,
    status: o.status === 'closed' ? 'filled' : new Decimal(o.filled).gt(0) ? 'partial' : 'failed',
    orderId: o.id,
  };
}

/**
 * Balance changes of one order. The fee is taken from the asset the exchange charged it in: the quote (paper,
 * and most exchanges), the base received (Binance without BNB), or another asset (BNB): then a delta of its own.
 */
export function deltasOf(o: GatewayOrder): BalanceDelta[] {
  const [base, quote] = o.symbol.split('/') as [string, string];
  const filled = new Decimal(o.filled);
  if (filled.isZero()) return [];
  const cost = new Decimal(o.cost);
  const fee = new Decimal(o.fee.cost);
  const feeAsset = o.fee.currency || quote;
  const out: BalanceDelta[] = [
    {
      exchange: o.exchange,
      asset: base,
      delta: (o.side === 'buy' ? filled : filled.negated()).minus(feeAsset === base ? fee : 0).toFixed(),
    },
    {
      exchange: o.exchange,
      asset: quote,
      delta: (o.side === 'buy' ? cost.negated() : cost).minus(feeAsset === quote ? fee : 0).toFixed(),
    },
  ];
  if (!fee.isZero() && feeAsset !== base && feeAsset !== quote)
    out.push({ exchange: o.exchange, asset: feeAsset, delta: fee.negated().toFixed() });
  return out;
}

/** The fee of an order in its quote asset (0 when charged in another asset). */
export function quoteFee(o: GatewayOrder): Decimal {
  const quote = o.symbol.split('/')[1];
  return (o.fee.currency || quote) === quote ? new Decimal(o.fee.cost) : new Decimal(0);
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
  const step = Math.max(ctx.amountStep(buyLeg.exchange, symbol), ctx.amountStep(sellLeg.exchange, symbol));
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
  const amount = floorToStep(Decimal.min(o.size, byBudget, sellBal[base] ?? '0'), step);
  const minAmount = Math.max(ctx.minAmount(buyLeg.exchange, symbol), ctx.minAmount(sellLeg.exchange, symbol));
  if (amount.lte(0) || amount.lt(minAmount))
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
    // Unwind the difference at once, at market, on the side that filled more.
    const unwind = diff.gt(0)
      ? await ctx.gateway.createOrder(
          buyLeg.exchange,
          symbol,
          'market',
          'sell',
          diff.toFixed(),
          undefined,
          cid(3),
        )
      : await ctx.gateway.createOrder(
          sellLeg.exchange,
          symbol,
          'market',
          'buy',
          diff.negated().toFixed(),
          undefined,
          cid(3),
        );
    orders.push(unwind);
    legs.push(legRecord(3, 'unwind', unwind));
    const left = diff.abs().minus(unwind.filled);
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
      naked[`${unwind.exchange}:${base}`] = (diff.gt(0) ? left : left.negated()).toFixed();
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
export interface TradeFigures {
  pair: string;
  buyExchange: string;
  sellExchange: string;
  buyPrice: string;
  sellPrice: string;
  amount: string;
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
    pair: t.pair,
    buyExchange: t.buyExchange,
    sellExchange: t.sellExchange,
    buyPrice: t.buyPrice,
    sellPrice: t.sellPrice,
    amount: t.amount,
    expectedProfit: t.expectedProfit.toFixed(18),
    expectedProfitPercent: new Decimal(o.netPercent).toFixed(8),
    usdtBrl: o.usdtBrl,
    executedAt: (ctx.now ?? (() => new Date()))(),
  };
}

/**
 * The record of an execution, for the ledger: the realised profit is the USDT balance change of every
 * order (entries and unwinds, fees included) — for a BRL pair the BRL change at the trade's USDT/BRL, its
 * percent on the reais engaged (realisedProfit); the rest is the same for every strategy.
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
  const profit = realisedProfit(deltas, t.pair, head.usdtBrl);
  const record: ExecutionRecord = {
    ...head,
    profit: profit.usdt.toFixed(),
    profitPercent: t.capital.gt(0) ? profit.inQuote.mul(100).div(t.capital).toFixed(8) : '0',
    status: failureReason ? 'failed' : 'completed',
    failureReason,
    legs,
    deltas,
    ...(Object.keys(naked).length ? { nakedExposure: naked } : {}),
  };
  return { kind: 'executed', record };
}
