import { Decimal } from 'decimal.js';
import type { ExchangeId, Opportunity, OpportunityLeg } from '@arbitra/contracts';
import type { BookSource, Level } from '../execution/paper-gateway.js';
import type { ExecutionRecord } from '../execution/trade-ledger.js';

type PositionEffects = Pick<
  ExecutionRecord,
  'botId' | 'userId' | 'openPosition' | 'closesPosition' | 'reducesPosition'
>;

/** The open statistical position of a bot: what its entry trade bought and sold, and the spread it entered at. */
export interface StatPosition {
  botId: string;
  userId: string;
  /** The entry opportunity's id ('statistical:ETH/USDT:gateio>binance'); its exit signal carries the same id. */
  id: string;
  symbol: string;
  /** Where the entry bought (cheap) and sold (rich). */
  buyExchange: ExchangeId;
  sellExchange: ExchangeId;
  /** Base amount both legs of the entry filled. */
  amount: string;
  entrySpreadBps: number;
  meanBps: number;
  firstSeen: number;
  /** An exit trade is queued. */
  closing: boolean;
}

/** Stop: the spread moved away from the entry's mean to this multiple of the entry's distance. */
export const STAT_STOP_MULTIPLE = 2;

/**
 * Open statistical positions per bot, in the runner's memory (one per bot and opportunity id). Opened when an
 * entry trade completes; closed by an exit trade, queued on the detector's exit signal (|z| back near the mean)
 * or on the stop (|spread − mean| ≥ 2 × the entry's distance, on the same side).
 */
export class StatisticalPositions {
  private readonly byBot = new Map<string, Map<string, StatPosition>>();

  open(pos: Omit<StatPosition, 'closing'>): void {
    let m = this.byBot.get(pos.botId);
    if (!m) this.byBot.set(pos.botId, (m = new Map<string, StatPosition>()));
    m.set(pos.id, { ...pos, closing: false });
  }

  get(botId: string, id: string): StatPosition | undefined {
    return this.byBot.get(botId)?.get(id);
  }

  close(botId: string, id: string): void {
    const m = this.byBot.get(botId);
    m?.delete(id);
    if (m?.size === 0) this.byBot.delete(botId);
  }

  /** An exit matched part of the position: what is left stays open. */
  reduce(botId: string, id: string, by: string): void {
    const pos = this.get(botId, id);
    if (!pos) return;
    const left = new Decimal(pos.amount).minus(by);
    if (left.lte(0)) this.close(botId, id);
    else pos.amount = left.toFixed();
  }

  ofBot(botId: string): StatPosition[] {
    return [...(this.byBot.get(botId)?.values() ?? [])];
  }

  /**
   * What a recorded trade did to its bot's positions (as the ledger wrote them): the position an entry opened
   * (only while the bot still runs: `running`), the one an exit closed or reduced.
   */
  apply(r: PositionEffects, running = true): void {
    const p = r.openPosition;
    if (p && running) {
      this.open({
        botId: r.botId,
        userId: r.userId,
        id: p.opportunityId,
        symbol: p.symbol,
        buyExchange: p.buyExchange as ExchangeId,
        sellExchange: p.sellExchange as ExchangeId,
        amount: p.amount,
        entrySpreadBps: p.entrySpreadBps,
        meanBps: p.meanBps,
        firstSeen: p.firstSeen,
      });
    }
    if (r.closesPosition) this.close(r.botId, r.closesPosition);
    if (r.reducesPosition) this.reduce(r.botId, r.reducesPosition.opportunityId, r.reducesPosition.amount);
  }

  dropBot(botId: string): void {
    this.byBot.delete(botId);
  }

  all(): StatPosition[] {
    return [...this.byBot.values()].flatMap((m) => [...m.values()]);
  }

  /** Positions the exit signal of `id` closes (not already closing). */
  exiting(id: string): StatPosition[] {
    return this.all().filter((p) => p.id === id && !p.closing);
  }

  /** Positions on `id` whose stop the current spread hits. */
  stopped(id: string, spreadBps: number): StatPosition[] {
    return this.all().filter((p) => p.id === id && !p.closing && stopHit(p, spreadBps));
  }
}

/** |spread − mean| ≥ 2 × |entry spread − mean|, on the entry's side of the mean. */
export function stopHit(p: Pick<StatPosition, 'entrySpreadBps' | 'meanBps'>, spreadBps: number): boolean {
  const entry = p.entrySpreadBps - p.meanBps;
  const now = spreadBps - p.meanBps;
  if (entry === 0 || Math.sign(now) !== Math.sign(entry)) return false;
  return Math.abs(now) >= STAT_STOP_MULTIPLE * Math.abs(entry);
}

/** Walks `levels` for `amount`: average and worst price (null when the side is empty). */
function walk(
  levels: readonly Level[],
  amount: Decimal,
): { avg: Decimal; worst: Decimal; notional: Decimal } | null {
  let left = amount;
  let notional = new Decimal(0);
  let worst: Decimal | null = null;
  for (const [p, a] of levels) {
    if (left.lte(0)) break;
    const take = Decimal.min(left, String(a));
    worst = new Decimal(String(p));
    notional = notional.plus(take.mul(worst));
    left = left.minus(take);
  }
  if (!worst) return null;
  const filled = amount.minus(Decimal.max(left, 0));
  return { avg: notional.div(filled), worst, notional };
}

/**
 * The exit of a position as a two-leg opportunity for the cross-exchange executor: buy back on the exchange
 * the entry sold on, sell on the exchange it bought on, the entry's amount, IOC at the worst level of the
 * current books that covers it. id `${entry id}:exit` (execution key unique per position). Null without books.
 */
export function exitOpportunity(
  pos: StatPosition,
  books: BookSource,
  fee: (exchange: ExchangeId) => number | string,
  usdtBrl: string,
  nowMs: number,
): Opportunity | null {
  const amount = new Decimal(pos.amount);
  const buyBook = books(pos.sellExchange, pos.symbol);
  const sellBook = books(pos.buyExchange, pos.symbol);
  const buy = buyBook && walk(buyBook.asks, amount);
  const sell = sellBook && walk(sellBook.bids, amount);
  if (!buy || !sell) return null;
  const buyFee = new Decimal(fee(pos.sellExchange));
  const sellFee = new Decimal(fee(pos.buyExchange));
  const cost = amount.mul(buy.avg);
  const revenue = amount.mul(sell.avg);
  const profit = revenue.mul(new Decimal(1).minus(sellFee)).minus(cost.mul(buyFee.plus(1)));
  const pct = cost.gt(0) ? profit.mul(100).div(cost) : new Decimal(0);
  const leg = (
    exchange: ExchangeId,
    side: 'buy' | 'sell',
    w: { avg: Decimal; worst: Decimal },
    rate: Decimal,
  ): OpportunityLeg => ({
    exchange,
    symbol: pos.symbol,
    side,
    amount: amount.toFixed(),
    price: w.avg.toFixed(),
    limitPrice: w.worst.toFixed(),
    notional: amount.mul(w.avg).toFixed(),
    feeRate: rate.toFixed(),
  });
  return {
    id: `${pos.id}:exit`,
    strategy: 'statistical',
    exchanges: [pos.sellExchange, pos.buyExchange],
    symbols: [pos.symbol],
    direction: `${pos.sellExchange}>${pos.buyExchange}`,
    legs: [leg(pos.sellExchange, 'buy', buy, buyFee), leg(pos.buyExchange, 'sell', sell, sellFee)],
    netPct: pct.toNumber(),
    netPercent: pct.toFixed(4),
    size: amount.toFixed(),
    sizeAsset: pos.symbol.split('/')[0]!,
    capitalUsdt: cost.toFixed(8),
    profitUsdt: profit.toFixed(8),
    profitBrl: profit.mul(usdtBrl).toFixed(8),
    usdtBrl,
    openedAt: pos.firstSeen,
    firstSeen: pos.firstSeen,
    lastSeen: nowMs,
    ageMs: nowMs - pos.firstSeen,
  };
}
