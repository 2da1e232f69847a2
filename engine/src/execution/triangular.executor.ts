import { Dec as Decimal } from '../market-data/money.js';
import { MESSAGES, formatQuantityPtBr } from '@arbitra/contracts';
import type { GatewayOrder } from './order-gateway.js';
import {
  clientOrderId,
  deltasOf,
  executedOutcome,
  legRecord,
  orderAmount,
  quoteFee,
  type ExecutionContext,
  type ExecutionOutcome,
} from './cross-exchange.executor.js';
import { QUOTE_ASSET, type LegRecord } from './trade-ledger.js';

/** Net change of `asset` on `exchange` over the orders of this execution. */
function held(orders: readonly GatewayOrder[], exchange: string, asset: string): Decimal {
  return orders
    .flatMap(deltasOf)
    .filter((d) => d.exchange === exchange && d.asset === asset)
    .reduce((s, d) => s.plus(d.delta), new Decimal(0));
}

/**
 * Three legs on one exchange (triangular), USDT → X → Y → USDT, one after the other through the same
 * OrderGateway, each an IOC limit order at the opportunity's worst level price for that leg. Leg 1 is sized
 * by the budget (riskLevel × maxInvestment), the exchange's USDT and the opportunity's size; legs 2 and 3
 * trade what the previous leg brought (rounded down to the market's step; what the rounding leaves is dust
 * that stays in the balances, valued in the trade's profit at the trade's price of that asset). No order is
 * placed under its market's minimum amount or minimum value. Leg risk: when leg 2 or 3 does not fill completely, every intermediate asset
 * this execution still holds is sold back to USDT at once, at market, on its USDT market (the cycle's first
 * or last market); the trade is 'failed' with the realised loss; what an unwind could not sell is reported
 * as naked exposure. A leg 1 that fills nothing is a failed trade with no fills (profit 0).
 */
export async function executeTriangular(ctx: ExecutionContext): Promise<ExecutionOutcome> {
  const o = ctx.opportunity;
  const path = o.direction.split('>');
  const exchange = o.exchanges[0];
  const [first, , last] = o.legs;
  if (o.legs.length !== 3 || path.length !== 4 || !exchange || !first || !last)
    return { kind: 'skipped', reason: 'oportunidade sem três pernas' };
  if (
    path[0] !== QUOTE_ASSET ||
    path[3] !== QUOTE_ASSET ||
    first.side !== 'buy' ||
    first.symbol !== `${path[1]}/${QUOTE_ASSET}` ||
    last.side !== 'sell' ||
    last.symbol !== `${path[2]}/${QUOTE_ASSET}`
  )
    return { kind: 'skipped', reason: 'ciclo triangular não começa em USDT' };

  const balance = await ctx.gateway.fetchBalance(exchange);
  const usdt = Decimal.min(ctx.budgetUsdt, balance[QUOTE_ASSET] ?? '0');
  const byBudget = usdt.div(new Decimal(first.limitPrice).mul(new Decimal(first.feeRate).plus(1)));
  const amount1 = orderAmount(ctx, exchange, first.symbol, Decimal.min(first.amount, byBudget), first.limitPrice);
  if (!amount1) return { kind: 'skipped', reason: 'saldo ou orçamento insuficiente' };

  const capital0 = amount1.mul(first.price);
  const plan = {
    legs: o.legs.map((l) => ({ exchange, symbol: l.symbol })),
    unwindMarkets: [path[1]!, path[2]!].map((asset) => ({ exchange, symbol: `${asset}/${QUOTE_ASSET}` })),
    maxOrders: 5,
  };
  const planned = {
    pair: o.direction,
    buyExchange: exchange,
    sellExchange: exchange,
    buyPrice: first.price,
    sellPrice: last.price,
    amount: capital0.toFixed(),
    capital: capital0,
    expectedProfit: new Decimal(o.profitUsdt).mul(amount1).div(first.amount),
  };
  if (ctx.begin && !(await ctx.begin(plan, planned)))
    return { kind: 'skipped', reason: 'execução já registrada' };

  const orders: GatewayOrder[] = [];
  const legs: LegRecord[] = [];
  const place = async (
    kind: LegRecord['kind'],
    exchange: string,
    symbol: string,
    type: 'limit' | 'market',
    side: 'buy' | 'sell',
    amount: string,
    price?: string,
  ) => {
    const seq = legs.length + 1;
    const order = await ctx.gateway.createOrder(
      exchange,
      symbol,
      type,
      side,
      amount,
      price,
      clientOrderId(ctx.executionKey, seq),
    );
    orders.push(order);
    legs.push(legRecord(legs.length + 1, kind, order));
    return order;
  };

  let failureReason: string | null = null;
  const leg1 = await place(
    'entry',
    exchange,
    first.symbol,
    'limit',
    'buy',
    amount1.toFixed(),
    first.limitPrice,
  );
  if (new Decimal(leg1.filled).isZero())
    failureReason = 'Oportunidade não estava mais disponível na execução';
  for (let k = 1; k < 3 && !failureReason; k++) {
    const leg = o.legs[k]!;
    const from = path[k]!;
    const have = held(orders, exchange, from);
    const amount = orderAmount(
      ctx,
      exchange,
      leg.symbol,
      leg.side === 'buy' ? have.div(new Decimal(leg.limitPrice).mul(new Decimal(leg.feeRate).plus(1))) : have,
      leg.limitPrice,
    );
    if (!amount) {
      failureReason = `Perna ${k + 1} (${leg.symbol}) abaixo do mínimo; ciclo desfeito para USDT`;
      break;
    }
    const order = await place(
      'entry',
      exchange,
      leg.symbol,
      'limit',
      leg.side,
      amount.toFixed(),
      leg.limitPrice,
    );
    if (order.status !== 'closed')
      failureReason = MESSAGES.trades.legShortfall(
        `Perna ${k + 1} (${leg.symbol})`,
        formatQuantityPtBr(order.filled),
        formatQuantityPtBr(amount),
        leg.symbol.split('/')[0]!, // order amounts are in the base asset
        'ciclo desfeito para USDT',
      );
  }

  const naked: Record<string, string> = {};
  if (failureReason && orders.some((x) => new Decimal(x.filled).gt(0))) {
    // Back to the start asset: sell every intermediate asset still held on its USDT market, at market.
    for (const [asset, price] of [
      [path[1]!, first.price],
      [path[2]!, last.price],
    ] as const) {
      const symbol = `${asset}/${QUOTE_ASSET}`;
      const amount = orderAmount(ctx, exchange, symbol, held(orders, exchange, asset), price);
      if (!amount) continue; // dust: stays in the balances, valued in the trade's profit
      const unwind = await place('unwind', exchange, symbol, 'market', 'sell', amount.toFixed());
      const left = amount.minus(unwind.filled);
      if (left.gt(0)) {
        naked[`${exchange}:${asset}`] = left.toFixed();
        failureReason += ` (exposição aberta de ${left.toFixed()} ${asset})`;
      }
    }
  }

  const spent = new Decimal(leg1.cost).plus(quoteFee(leg1));
  const lastOrder = orders.find((x, i) => i === 2 && legs[i]!.kind === 'entry');
  const scale = new Decimal(leg1.filled).gt(0) ? new Decimal(leg1.filled) : amount1;
  const capital = spent.gt(0) ? spent : capital0;
  return executedOutcome(ctx, orders, legs, failureReason, naked, {
    pair: o.direction,
    buyExchange: exchange,
    sellExchange: exchange,
    buyPrice: new Decimal(leg1.filled).gt(0) ? leg1.average : first.price,
    sellPrice: lastOrder && new Decimal(lastOrder.filled).gt(0) ? lastOrder.average : last.price,
    amount: capital.toFixed(),
    capital,
    expectedProfit: new Decimal(o.profitUsdt).mul(scale).div(first.amount),
  });
}
