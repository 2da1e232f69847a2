import { Decimal } from 'decimal.js';
import {
  tradeValue,
  type BalanceDelta,
  type ExecutionRecord,
  type LegRecord,
  type TradeStatus,
} from '@arbitra/contracts';
import type {
  ExecutionPlan as StoredPlan,
  LedgerBotRow,
  LedgerResult,
  PendingExecution as StoredPending,
  PendingTrade as StoredPendingTrade,
  TradesRepository,
} from '@arbitra/db';
import { riskStopReason } from './risk-stops.js';
import type { StatisticalPlan } from './statistical-effects.js';

export { dailyLossLimitUsdt } from './risk-stops.js';
export type { BalanceDelta, ExecutionRecord, LegRecord, OpenPosition } from '@arbitra/contracts';
export type { BalanceRow, BotTotals, LedgerResult } from '@arbitra/db';

export const QUOTE_ASSET = 'USDT';

/** Where an execution's orders may go (with the statistical effects a recovery applies too). */
export type ExecutionPlan = StoredPlan<StatisticalPlan>;
export type PendingExecution = StoredPending<StatisticalPlan>;
export type PendingTrade = StoredPendingTrade<StatisticalPlan>;

/** Sum of the USDT deltas (the realised profit as the balances see it). */
export function quoteDelta(deltas: readonly BalanceDelta[]): Decimal {
  return assetDelta(deltas, QUOTE_ASSET);
}

/** Sum of the deltas of one asset. */
export function assetDelta(deltas: readonly BalanceDelta[], asset: string): Decimal {
  return deltas.filter((d) => d.asset === asset).reduce((s, d) => s.plus(d.delta), new Decimal(0));
}

/** The currency a trade realises its profit in: BRL for a BRL pair (issue 15), else USDT. */
export function profitAssetOf(pair: string): 'BRL' | 'USDT' {
  return pair.endsWith('/BRL') ? 'BRL' : QUOTE_ASSET;
}

/**
 * The realised profit as the ledger records it (issue 25): the value of every balance change of the trade — every
 * asset on every exchange, fees in any asset — at the trade's own prices (tradeValue in contracts: the legs'
 * average prices, the marks for assets no leg traded). `usdt`: in USDT; `inQuote`: in the currency the trade
 * realises its profit in (BRL for a BRL pair: exact reais, ÷ the trade's USDT/BRL for `usdt`), so the bot's
 * totals and daily loss stay in one currency. What a trade leaves in an asset (a triangular cycle's remainder
 * below a market's step) stays in the bot's balances and counts here at the trade's price of that asset.
 */
export function realisedProfit(
  deltas: readonly BalanceDelta[],
  legs: readonly LegRecord[],
  pair: string,
  usdtBrl: string,
  marks?: Readonly<Record<string, string>>,
): { usdt: Decimal; inQuote: Decimal } {
  const asset = profitAssetOf(pair);
  const inQuote = tradeValue(deltas, legs, asset, usdtBrl, marks).value;
  // written with the 18 decimals the ledger's numeric columns keep (half away from zero, as Postgres rounds)
  const usdt = (asset === 'BRL' ? inQuote.div(usdtBrl) : inQuote).toDecimalPlaces(18, Decimal.ROUND_HALF_UP);
  return { usdt, inQuote };
}

/**
 * The trade ledger: the execution journal and the one database transaction that writes the trade, its legs, the
 * bot's balances and totals, and applies the risk stops (SQL in @arbitra/db's TradesRepository). Idempotent by
 * the unique execution key: the same execution recorded twice changes nothing the second time. All arithmetic is
 * exact (Postgres numeric, decimal.js).
 */
export class TradeLedger {
  constructor(private readonly trades: TradesRepository) {}

  /**
   * The journal entry, before any order: the trade 'pending' with its plan. false: this execution key is
   * already there (a retried or duplicated job), and nothing was written.
   */
  begin(p: PendingExecution): Promise<boolean> {
    return this.trades.begin(p);
  }

  /** The execution placed no order (skipped): its pending entry goes. */
  abandon(executionKey: string): Promise<void> {
    return this.trades.abandon(executionKey);
  }

  /** A pending trade that cannot be recovered (its bot is gone): failed, with the reason. */
  fail(executionKey: string, reason: string): Promise<void> {
    return this.trades.fail(executionKey, reason);
  }

  /** The status of an execution key: null (never begun), 'pending', or the recorded status. */
  status(executionKey: string): Promise<TradeStatus | null> {
    return this.trades.status(executionKey);
  }

  /** Pending trades (all, or those older than `olderThanMs`, or one key). */
  pending(filter: { olderThanMs?: number; executionKey?: string }): Promise<PendingTrade[]> {
    return this.trades.pending<StatisticalPlan>(filter);
  }

  async record(r: ExecutionRecord): Promise<LedgerResult> {
    assertProfit(r);
    return this.trades.record(r, (bot) => riskStop(bot, r));
  }
}

/**
 * The profit of a record must be the value of its balance changes (realisedProfit); the live and backtest ledgers
 * check it.
 */
export function assertProfit(r: ExecutionRecord): void {
  const realised = realisedProfit(r.deltas, r.legs, r.pair, r.usdtBrl, r.marks).usdt;
  if (!realised.eq(r.profit))
    throw new Error(`ledger: profit ${r.profit} != value of the balance changes ${realised.toFixed()}`);
}

/** The live ledger's view of the risk stops (the rules: risk-stops.ts, shared with the backtest). */
function riskStop(bot: LedgerBotRow, r: ExecutionRecord): string | null {
  return riskStopReason(
    {
      active: bot.active,
      consecutiveFailures: bot.consecutive_failures,
      maxInvestment: bot.max_investment,
      riskLevel: bot.risk_level,
      dayProfit: bot.day_profit ?? '0',
    },
    r.usdtBrl,
  );
}
