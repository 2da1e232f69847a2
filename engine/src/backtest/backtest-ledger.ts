import { Decimal } from 'decimal.js';
import type { BacktestBotConfig } from '@arbitra/contracts';
import { riskStopReason, saoPauloDay } from '../execution/risk-stops.js';
import { assertProfit, type BalanceRow, type ExecutionRecord } from '../execution/trade-ledger.js';

/**
 * The backtest's ledger, in memory: what the live TradeLedger does in its transaction — the profit must equal
 * the USDT balance change, the deltas move the bot's balances, the totals and consecutive failures move, and the
 * same risk stops apply (riskStopReason) — without a database. Nothing here reaches trades, balances or bots.
 */
export class BacktestLedger {
  private readonly balances = new Map<string, Decimal>();
  totalProfit = new Decimal(0);
  totalTrades = 0;
  consecutiveFailures = 0;
  active = true;
  private day = Number.NaN;
  private dayProfit = new Decimal(0);
  /** Transfers on their way (rebalancing): credited to `exchange` at market time `at`, unavailable until then. */
  private readonly transit: { at: number; exchange: string; asset: string; amount: Decimal }[] = [];

  constructor(private readonly bot: Pick<BacktestBotConfig, 'maxInvestment' | 'riskLevel'>) {}

  seed(rows: readonly (readonly [string, string, string])[]): void {
    for (const [exchange, asset, amount] of rows)
      this.balances.set(`${exchange}|${asset}`, new Decimal(amount));
  }

  rows(): BalanceRow[] {
    return [...this.balances].map(([key, amount]) => {
      const [exchange, asset] = key.split('|') as [string, string];
      return { exchange, asset, amount: amount.toFixed() };
    });
  }

  /**
   * A transfer between two of the bot's exchanges: `amount` leaves `from` now; `received` (amount − the network's
   * fee) reaches `to` at market time `arrivesAt` and cannot be traded before (settle()).
   */
  transfer(
    asset: string,
    from: string,
    to: string,
    amount: string,
    received: string,
    arrivesAt: number,
  ): void {
    const key = `${from}|${asset}`;
    this.balances.set(key, (this.balances.get(key) ?? new Decimal(0)).minus(amount));
    this.transit.push({ at: arrivesAt, exchange: to, asset, amount: new Decimal(received) });
  }

  /** Credits the transfers that arrived by market time `nowMs`; true when any did. */
  settle(nowMs: number): boolean {
    const before = this.transit.length;
    for (let i = 0; i < this.transit.length;) {
      const t = this.transit[i]!;
      if (t.at > nowMs) {
        i++;
        continue;
      }
      const key = `${t.exchange}|${t.asset}`;
      this.balances.set(key, (this.balances.get(key) ?? new Decimal(0)).plus(t.amount));
      this.transit.splice(i, 1);
    }
    return this.transit.length < before;
  }

  /** Transfers still on their way (the bot's money, not tradable yet: the equity counts them). */
  inTransit(): BalanceRow[] {
    return this.transit.map((t) => ({ exchange: t.exchange, asset: t.asset, amount: t.amount.toFixed() }));
  }

  /** Records a trade at market time `nowMs`; answers the risk stop it triggered, if any (the bot stops). */
  record(r: ExecutionRecord, nowMs: number): string | null {
    assertProfit(r);
    for (const d of r.deltas) {
      const key = `${d.exchange}|${d.asset}`;
      this.balances.set(key, (this.balances.get(key) ?? new Decimal(0)).plus(d.delta));
    }
    const day = saoPauloDay(nowMs);
    if (day !== this.day) {
      this.day = day;
      this.dayProfit = new Decimal(0);
    }
    this.dayProfit = this.dayProfit.plus(r.profit);
    this.totalProfit = this.totalProfit.plus(r.profit);
    this.totalTrades++;
    this.consecutiveFailures = r.status === 'failed' ? this.consecutiveFailures + 1 : 0;
    const reason = riskStopReason(
      {
        active: this.active,
        consecutiveFailures: this.consecutiveFailures,
        maxInvestment: String(this.bot.maxInvestment),
        riskLevel: this.bot.riskLevel,
        dayProfit: this.dayProfit.toFixed(),
      },
      r.usdtBrl,
    );
    if (reason) this.active = false;
    return reason;
  }

  /** A new São Paulo day after a stop: the bot runs again (as its owner would start it again), failures reset. */
  resume(): void {
    this.active = true;
    this.consecutiveFailures = 0;
  }
}
