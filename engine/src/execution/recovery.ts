import { Dec as Decimal } from '../market-data/money.js';
import {
  clientOrderId,
  deltasOf,
  legRecord,
  marksOf,
  orderAmount,
  quoteFee,
  type ExecutionContext,
  type MarketRules,
} from './cross-exchange.executor.js';
import { feesOf, type GatewayOrder, type OrderGateway } from './order-gateway.js';
import {
  profitAssetOf,
  realisedProfit,
  type ExecutionRecord,
  type LegRecord,
  type PendingTrade,
} from './trade-ledger.js';

export const RECOVERY_NOTHING_EXECUTED =
  'Execução interrompida antes de qualquer ordem ser confirmada; nada foi executado';
export const RECOVERY_BOT_GONE = 'Execução interrompida; o bot foi excluído antes da recuperação';
export const RECOVERY_UNWOUND =
  'Execução interrompida; o que ficou aberto foi desfeito para USDT na recuperação';

export interface RecoveryMarkets extends MarketRules {
  markUsdt?: ExecutionContext['markUsdt'];
  now?: () => Date;
}

/**
 * The recovery of an execution whose executor died between its journal entry ('pending') and its ledger
 * record. Every order it may have placed is asked for by its client order id (each leg sequence, on every
 * market of the plan); what the found orders left open (a non-USDT asset whose net change over the
 * execution is not zero, beyond dust) is sold or bought back at market, on the exchange that holds it; then the
 * trade is recorded like any other: 'completed' when every entry leg filled and nothing had to be unwound,
 * else 'failed' with the realised result. Paper orders die with their process, so a paper execution
 * interrupted that way is recorded as 'failed' with nothing executed (its balances never changed).
 */
export async function recoverExecution(
  p: PendingTrade,
  gateway: OrderGateway,
  markets: RecoveryMarkets,
): Promise<ExecutionRecord> {
  const { legs: entries, unwindMarkets, maxOrders } = p.plan;
  // the cash asset the trade ends in: USDT, or BRL for a BRL pair (its unwinds go to ASSET/BRL)
  const cashAsset = profitAssetOf(p.pair);
  const candidates = dedupe([...entries, ...unwindMarkets]);
  const found: { seq: number; order: GatewayOrder; kind: LegRecord['kind'] }[] = [];
  const unwindSymbols = new Set<string>();
  const find = async (seq: number, markets: readonly { exchange: string; symbol: string }[]) => {
    const cid = clientOrderId(p.executionKey, seq);
    for (const m of markets) {
      const order = await gateway.fetchOrderByClientId(cid, m.exchange, m.symbol);
      if (!order) continue;
      const entry = entries[seq - 1];
      const kind = entry && entry.exchange === m.exchange && entry.symbol === m.symbol ? 'entry' : 'unwind';
      found.push({ seq, order, kind });
      return true;
    }
    return false;
  };
  // The execution's own orders (any of them may be missing: legs are placed concurrently).
  for (let seq = 1; seq <= maxOrders; seq++) await find(seq, candidates);
  // An earlier recovery's unwinds (placed one after the other after maxOrders, on any asset's USDT market).
  for (const f of found)
    for (const d of deltasOf(f.order))
      if (d.asset !== cashAsset) unwindSymbols.add(`${d.exchange}|${d.asset}`);
  const recoveryMarkets = [...unwindSymbols].map((k) => {
    const [exchange, asset] = k.split('|') as [string, string];
    return { exchange, symbol: `${asset}/${cashAsset}` };
  });
  let seq = maxOrders;
  while (recoveryMarkets.length > 0 && (await find(seq + 1, recoveryMarkets))) seq++;

  // What is still open: the net change of each asset the plan trades (not USDT; not a fee-only asset like BNB),
  // with where it sits. A shortfall no larger than the fees charged in that asset (a buy's fee in the base
  // received) is what the fees took, not a position: the executor leaves it too.
  const traded = new Set(candidates.flatMap((m) => m.symbol.split('/')));
  const net = new Map<string, { total: Decimal; fees: Decimal; byExchange: Map<string, Decimal> }>();
  for (const f of found) {
    for (const d of deltasOf(f.order)) {
      if (d.asset === cashAsset || !traded.has(d.asset)) continue;
      const a = net.get(d.asset) ?? {
        total: new Decimal(0),
        fees: new Decimal(0),
        byExchange: new Map<string, Decimal>(),
      };
      a.total = a.total.plus(d.delta);
      a.byExchange.set(d.exchange, (a.byExchange.get(d.exchange) ?? new Decimal(0)).plus(d.delta));
      net.set(d.asset, a);
    }
    for (const fee of feesOf(f.order)) {
      const a = net.get(fee.currency);
      if (a) a.fees = a.fees.plus(fee.cost);
    }
  }
  const orders = found.map((f) => f.order);
  const legs = found.map((f) => legRecord(f.seq, f.kind, f.order));
  const naked: Record<string, string> = {};
  let unwound = found.some((f) => f.seq > maxOrders);
  for (const [asset, a] of net) {
    if (a.total.isZero() || (a.total.lt(0) && a.total.abs().lte(a.fees))) continue;
    const long = a.total.gt(0);
    // The exchange holding the most of it (long) or owing the most (short).
    const [exchange] = [...a.byExchange].sort(([, x], [, y]) => (long ? y.cmp(x) : x.cmp(y)))[0]!;
    const symbol = `${asset}/${cashAsset}`;
    const price = orders.find((o) => o.symbol === symbol && new Decimal(o.filled).gt(0))?.average;
    const amount = orderAmount(markets, exchange, symbol, a.total.abs(), price);
    if (!amount) continue; // dust: stays in the balances, valued in the trade's profit
    unwound = true;
    let filled = new Decimal(0);
    try {
      const order = await gateway.createOrder(
        exchange,
        symbol,
        'market',
        long ? 'sell' : 'buy',
        amount.toFixed(),
        undefined,
        clientOrderId(p.executionKey, ++seq),
      );
      orders.push(order);
      legs.push(legRecord(seq, 'unwind', order));
      filled = new Decimal(order.filled);
    } catch {
      // not placed: what it should have closed stays open, reported below
    }
    const left = amount.minus(filled);
    if (left.gt(0)) naked[`${exchange}:${asset}`] = (long ? left : left.negated()).toFixed();
  }

  const entryFilled = entries.every((_, i) =>
    found.some((f) => f.seq === i + 1 && f.kind === 'entry' && new Decimal(f.order.filled).gt(0)),
  );
  const completed = found.length > 0 && entryFilled && !unwound;
  let failureReason: string | null = null;
  if (found.length === 0) failureReason = RECOVERY_NOTHING_EXECUTED;
  else if (!completed) failureReason = RECOVERY_UNWOUND;
  if (Object.keys(naked).length > 0)
    failureReason += ` (exposição aberta: ${Object.entries(naked)
      .map(([k, v]) => `${v} ${k.split(':')[1]}`)
      .join(', ')})`;

  const deltas = orders.flatMap(deltasOf);
  const marks = marksOf(deltas, legs, p.usdtBrl, markets.markUsdt);
  const profit = realisedProfit(deltas, legs, p.pair, p.usdtBrl, marks);
  const first = found.find((f) => f.seq === 1 && f.kind === 'entry')?.order;
  const lastEntry = found.find((f) => f.seq === entries.length && f.kind === 'entry')?.order;
  const capital = first ? new Decimal(first.cost).plus(quoteFee(first)) : new Decimal(0);
  const filledOf = (o?: GatewayOrder) => (o && new Decimal(o.filled).gt(0) ? o : undefined);
  const { plan: _plan, tradeId: _id, ageMs: _age, ...trade } = p;
  return {
    ...trade,
    buyPrice: filledOf(first)?.average ?? p.buyPrice,
    sellPrice: filledOf(lastEntry)?.average ?? p.sellPrice,
    profit: profit.usdt.toFixed(),
    profitPercent: capital.gt(0) ? profit.inQuote.mul(100).div(capital).toFixed(8) : '0',
    status: failureReason ? 'failed' : 'completed',
    failureReason,
    executedAt: (markets.now ?? (() => new Date()))(),
    legs,
    deltas,
    ...(marks ? { marks } : {}),
    ...(Object.keys(naked).length ? { nakedExposure: naked } : {}),
  };
}

function dedupe(
  list: readonly { exchange: string; symbol: string }[],
): { exchange: string; symbol: string }[] {
  const seen = new Set<string>();
  return list.filter((m) => {
    const k = `${m.exchange}|${m.symbol}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
