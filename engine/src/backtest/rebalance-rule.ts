import { Decimal } from 'decimal.js';
import {
  BACKTEST_MAX_REBALANCES,
  SHIPPED_TRANSFER_FEES,
  planRebalance,
  splitSkew,
  targetFromInitialSplit,
  type BacktestRebalance,
  type BacktestRebalancing,
  type ExchangeId,
  type Holding,
  type TransferFeeTable,
} from '@arbitra/contracts';
import type { BacktestLedger } from './backtest-ledger.js';

const MINUTE_MS = 60_000;

/**
 * 'Rebalancear quando o desvio passar de X %' (issue 29, item 5): after each trade, when an asset's skew against the
 * starting split (splitSkew) passes X %, the backtest executes the rebalancing plan (planRebalance towards
 * targetFromInitialSplit, on the shared fee table): each transfer leaves its exchange at once and its amount minus
 * the network's fee arrives after the route's expected minutes of MARKET time (BacktestLedger.transfer: not tradable
 * before). No new rebalance while transfers are on their way. The result counts the rebalances, the fees (USDT at
 * the books of that moment) and the profit after rebalancing (trades' profit − fees).
 */
export class RebalanceRule {
  private initial: Holding[] = [];
  private arrivesAt = -Infinity;
  private count = 0;
  private fees = new Decimal(0);
  /** Fees in R$, each at the rate of its moment (null once one had no rate). */
  private feesBrl: Decimal | null = new Decimal(0);
  private readonly log: BacktestRebalance[] = [];

  constructor(
    readonly skewPercent: number,
    private readonly table: TransferFeeTable = SHIPPED_TRANSFER_FEES,
  ) {}

  /** The starting split: the balances the bot was seeded with. */
  start(initial: readonly (readonly [string, string, string])[]): void {
    this.initial = initial.map(([ex, asset, amount]) => [ex as ExchangeId, asset, amount] as const);
  }

  /**
   * Rebalances when the skew passes the threshold (and no transfer is on its way); answers the rebalance made, or
   * null. `priceUsdt(asset)` values the fees (null: unpriced, left out of the USDT total and named by the plan).
   */
  check(
    ledger: BacktestLedger,
    nowMs: number,
    priceUsdt: (asset: string) => Decimal.Value | null,
    usdtBrl: string | null,
  ): BacktestRebalance | null {
    if (this.initial.length === 0 || nowMs < this.arrivesAt) return null;
    const holdings: Holding[] = ledger
      .rows()
      .map((r) => [r.exchange as ExchangeId, r.asset, r.amount] as const);
    const worst = splitSkew(holdings, this.initial)[0];
    if (!worst || !worst.percent.gt(this.skewPercent)) return null;
    const plan = planRebalance(
      holdings,
      targetFromInitialSplit(holdings, this.initial),
      this.table,
      priceUsdt,
    );
    if (plan.transfers.length === 0) return null;
    for (const t of plan.transfers)
      ledger.transfer(t.asset, t.from, t.to, t.amount, t.received, nowMs + t.minutes * MINUTE_MS);
    this.arrivesAt = nowMs + plan.minutes * MINUTE_MS;
    this.count++;
    this.fees = this.fees.plus(plan.totalFeeUsdt);
    this.feesBrl =
      usdtBrl === null || this.feesBrl === null
        ? null
        : this.feesBrl.plus(new Decimal(plan.totalFeeUsdt).mul(usdtBrl));
    const done: BacktestRebalance = {
      at: nowMs,
      asset: worst.asset,
      skewPercent: worst.percent.toDecimalPlaces(2).toFixed(),
      transfers: plan.transfers.map((t) => ({
        asset: t.asset,
        from: t.from,
        to: t.to,
        network: t.network,
        amount: t.amount,
        fee: t.fee,
        feeUsdt: t.feeUsdt,
        minutes: t.minutes,
      })),
      feesUsdt: plan.totalFeeUsdt,
    };
    if (this.log.length < BACKTEST_MAX_REBALANCES) this.log.push(done);
    return done;
  }

  /** The result's part, from the trades' totals (profitBrl null: the source has no USDT/BRL rate). */
  summary(profitUsdt: Decimal.Value, profitBrl: Decimal.Value | null): BacktestRebalancing {
    const feesBrl = profitBrl === null ? null : this.feesBrl;
    return {
      skewPercent: this.skewPercent,
      count: this.count,
      feesUsdt: this.fees.toFixed(),
      feesBrl: feesBrl === null ? null : feesBrl.toFixed(2),
      profitAfterUsdt: new Decimal(profitUsdt).minus(this.fees).toFixed(),
      profitAfterBrl: feesBrl === null ? null : new Decimal(profitBrl!).minus(feesBrl).toFixed(2),
      rebalances: this.log,
      table: { source: this.table.source, asOf: this.table.asOf },
    };
  }
}
