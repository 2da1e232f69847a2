import { Decimal } from 'decimal.js';
import type { TradeStatus } from '@arbitra/contracts';
import type {
  BalanceDelta,
  ExecutionPlan as StoredPlan,
  ExecutionRecord,
  LedgerBotRow,
  LedgerResult,
  PendingExecution as StoredPending,
  PendingTrade as StoredPendingTrade,
  TradesRepository,
} from '@arbitra/db';
import { riskStopReason } from './risk-stops.js';
import type { StatisticalPlan } from './statistical-effects.js';

export { dailyLossLimitUsdt } from './risk-stops.js';
export type {
  BalanceDelta,
  BalanceRow,
  BotTotals,
  ExecutionRecord,
  LedgerResult,
  LegRecord,
  OpenPosition,
} from '@arbitra/db';

export const QUOTE_ASSET = 'USDT';

/** Where an execution's orders may go (with the statistical effects a recovery applies too). */
export type ExecutionPlan = StoredPlan<StatisticalPlan>;
export type PendingExecution = StoredPending<StatisticalPlan>;
export type PendingTrade = StoredPendingTrade<StatisticalPlan>;

/** Sum of the USDT deltas (the realised profit as the balances see it). */
export function quoteDelta(deltas: readonly BalanceDelta[]): Decimal {
  return deltas.filter((d) => d.asset === QUOTE_ASSET).reduce((s, d) => s.plus(d.delta), new Decimal(0));
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
    if (!quoteDelta(r.deltas).eq(r.profit)) {
      throw new Error(`ledger: profit ${r.profit} != USDT balance change ${quoteDelta(r.deltas).toFixed()}`);
    }
    return this.trades.record(r, (bot) => riskStop(bot, r));
  }
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
