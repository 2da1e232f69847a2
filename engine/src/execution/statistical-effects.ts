import { Decimal } from 'decimal.js';
import type { ExecutionRecord, OpenPosition, Opportunity } from '@arbitra/contracts';

/** What a statistical execution does to its bot's positions, known before its first order (kept in its plan). */
export interface StatisticalPlan {
  /** An entry: the position it opens (its amount is what both legs match). */
  entry?: Omit<OpenPosition, 'amount'>;
  /** An exit: the position it closes, and that position's amount. */
  exitOf?: string;
  exitAmount?: string;
}

/** The statistical plan of an execution (undefined for other strategies). */
export function statisticalPlan(o: Opportunity, exitOf?: string): StatisticalPlan | undefined {
  if (exitOf) return { exitOf, exitAmount: o.size };
  const stat = o.statistical;
  const buy = o.legs.find((l) => l.side === 'buy');
  const sell = o.legs.find((l) => l.side === 'sell');
  if (!stat || !buy || !sell) return undefined;
  return {
    entry: {
      opportunityId: o.id,
      symbol: buy.symbol,
      buyExchange: buy.exchange,
      sellExchange: sell.exchange,
      entrySpreadBps: stat.spreadBps,
      meanBps: stat.meanBps,
      firstSeen: Math.round(o.firstSeen),
    },
  };
}

/** The base amount both entry legs filled (a hedged pair, whatever else happened). */
export function matchedAmount(r: ExecutionRecord): Decimal {
  const entries = r.legs.filter((l) => l.kind === 'entry');
  if (entries.length !== 2) return new Decimal(0);
  return Decimal.min(entries[0]!.filledAmount, entries[1]!.filledAmount);
}

/**
 * Sets the record's position effects. An entry opens a position for what both legs matched (even when the trade
 * failed: the unwind closed only the difference). An exit closes the position when it matched all of it, reduces
 * it by what it matched otherwise, and leaves it open when nothing matched (the next signal or stop tries again).
 */
export function applyStatisticalEffects(r: ExecutionRecord, plan: StatisticalPlan | undefined): void {
  if (!plan) return;
  const matched = matchedAmount(r);
  if (matched.lte(0)) return;
  if (plan.entry) r.openPosition = { ...plan.entry, amount: matched.toFixed() };
  if (plan.exitOf) {
    if (matched.gte(plan.exitAmount ?? '0')) r.closesPosition = plan.exitOf;
    else r.reducesPosition = { opportunityId: plan.exitOf, amount: matched.toFixed() };
  }
}
