import { Decimal } from 'decimal.js';
import {
  BACKTEST_MAX_TRADES,
  type BacktestFunnel,
  type BacktestGroup,
  type BacktestResult,
  type BacktestSourceInfo,
  type BacktestStop,
  type BacktestTrade,
} from '@arbitra/contracts';

/** Most points of the equity curve kept in a result. */
export const EQUITY_POINTS = 600;
/** How often the equity is marked to market, market time (and after each trade). */
export const MARK_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Collects a backtest's trades as they are recorded and its marked-to-market equity as it is sampled, and builds
 * the result (totals exact, decimal.js). Drawdown and return are on the equity marks (every asset at its book's
 * mid), not on the realised profit: inventory that moves against the bot shows.
 */
export class ResultBuilder {
  private readonly trades: BacktestTrade[] = [];
  private count = 0;
  private completed = 0;
  private profit = new Decimal(0);
  private profitBrl = new Decimal(0);
  private fees = new Decimal(0);
  private feesBrl = new Decimal(0);
  private peak: Decimal;
  private maxDrawdown = new Decimal(0);
  private maxDrawdownPct = 0;
  private readonly curve: { t: number; equity: number; drawdown: number }[] = [];
  private readonly byPair = new Map<string, { trades: number; profit: Decimal }>();
  private readonly byExchangePair = new Map<string, { trades: number; profit: Decimal }>();
  readonly stops: BacktestStop[] = [];
  readonly funnel: BacktestFunnel = { seen: 0, attempted: 0, filled: 0, missed: 0, unwound: 0, skipped: 0 };
  private readonly startEquity: Decimal;
  private equity: Decimal;
  private readonly start: number;

  /** `equity`: the seeded balances marked to market at `start` (USDT). */
  constructor(
    private readonly capital: Decimal,
    start: number,
    equity: Decimal = capital,
  ) {
    this.start = start;
    this.startEquity = equity;
    this.equity = equity;
    this.peak = equity;
    this.curve.push({ t: start, equity: equity.toNumber(), drawdown: 0 });
  }

  /** A mark of the equity (USDT, every asset at its book's mid) at market time `t`. */
  mark(t: number, equity: Decimal): void {
    this.equity = equity;
    if (equity.gt(this.peak)) this.peak = equity;
    const dd = this.peak.minus(equity);
    if (dd.gt(this.maxDrawdown)) {
      this.maxDrawdown = dd;
      this.maxDrawdownPct = this.peak.gt(0) ? dd.mul(100).div(this.peak).toNumber() : 0;
    }
    this.curve.push({ t, equity: equity.toNumber(), drawdown: -dd.toNumber() });
  }

  get tradeCount(): number {
    return this.count;
  }

  /** A recorded trade; `usdtBrl` is the source's rate at that moment (null: none in the source). */
  add(trade: BacktestTrade, usdtBrl: string | null): void {
    this.count++;
    if (trade.status === 'completed') this.completed++;
    const profitBrl = usdtBrl === null ? null : new Decimal(trade.profit).mul(usdtBrl);
    const feesBrl = usdtBrl === null ? null : new Decimal(trade.fees).mul(usdtBrl);
    if (this.trades.length < BACKTEST_MAX_TRADES)
      this.trades.push({
        ...trade,
        profitBrl: profitBrl?.toFixed() ?? null,
        feesBrl: feesBrl?.toFixed() ?? null,
      });
    this.profit = this.profit.plus(trade.profit);
    this.fees = this.fees.plus(trade.fees);
    if (profitBrl && feesBrl) {
      this.profitBrl = this.profitBrl.plus(profitBrl);
      this.feesBrl = this.feesBrl.plus(feesBrl);
    }
    group(this.byPair, trade.pair, trade.profit);
    group(this.byExchangePair, `${trade.buyExchange} → ${trade.sellExchange}`, trade.profit);
  }

  /** The result; `usdtBrl`: the rate at the end for the equity in R$ (null: none in the source). */
  build(source: BacktestSourceInfo, end: number, wallMs: number, usdtBrl: string | null): BacktestResult {
    const rateKnown = usdtBrl !== null;
    const last = this.curve[this.curve.length - 1]!;
    const curve =
      last.t < end ? [...this.curve, { t: end, equity: last.equity, drawdown: last.drawdown }] : this.curve;
    const returnPercent = this.startEquity.gt(0)
      ? this.equity.minus(this.startEquity).mul(100).div(this.startEquity).toNumber()
      : 0;
    const days = Math.max(end - this.start, 1) / DAY_MS;
    return {
      totals: {
        capitalUsdt: this.capital.toFixed(8),
        profitUsdt: this.profit.toFixed(),
        profitBrl: rateKnown ? this.profitBrl.toFixed(2) : null,
        feesUsdt: this.fees.toFixed(),
        feesBrl: rateKnown ? this.feesBrl.toFixed(2) : null,
        trades: this.count,
        completed: this.completed,
        failed: this.count - this.completed,
        successRate: this.count > 0 ? (this.completed * 100) / this.count : 0,
        avgProfitUsdt: this.count > 0 ? this.profit.div(this.count).toFixed(8) : '0',
        avgProfitBrl: rateKnown
          ? this.count > 0
            ? this.profitBrl.div(this.count).toFixed(2)
            : '0.00'
          : null,
        maxDrawdownUsdt: this.maxDrawdown.toFixed(),
        maxDrawdownPercent: this.maxDrawdownPct,
        returnPercent,
        returnPerDayPercent: returnPercent / days,
        returnPerMonthPercent: (returnPercent / days) * 30,
        equityUsdt: this.equity.toFixed(8),
        equityBrl: usdtBrl === null ? null : this.equity.mul(usdtBrl).toFixed(2),
        funnel: { ...this.funnel },
      },
      equity: downsample(curve, EQUITY_POINTS),
      byPair: groups(this.byPair),
      byExchangePair: groups(this.byExchangePair),
      trades: this.trades,
      tradesTruncated: this.count > this.trades.length,
      stops: this.stops,
      source,
      marketMs: end - source.from,
      wallMs,
    };
  }
}

function group(map: Map<string, { trades: number; profit: Decimal }>, key: string, profit: string): void {
  const g = map.get(key) ?? { trades: 0, profit: new Decimal(0) };
  g.trades++;
  g.profit = g.profit.plus(profit);
  map.set(key, g);
}

function groups(map: Map<string, { trades: number; profit: Decimal }>): BacktestGroup[] {
  return [...map]
    .map(([key, g]) => ({ key, trades: g.trades, profitUsdt: g.profit.toFixed() }))
    .sort((a, b) => new Decimal(b.profitUsdt).cmp(a.profitUsdt) || a.key.localeCompare(b.key));
}

/** At most `max` points: evenly spaced ones, plus the deepest drawdown, first and last. */
export function downsample<T extends { drawdown: number }>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  let deepest = 0;
  for (let i = 1; i < points.length; i++) if (points[i]!.drawdown < points[deepest]!.drawdown) deepest = i;
  const keep = new Set<number>([0, points.length - 1, deepest]);
  const step = (points.length - 1) / (max - 3);
  for (let k = 0; k * step < points.length; k++) keep.add(Math.round(k * step));
  return [...keep]
    .filter((i) => i < points.length)
    .sort((a, b) => a - b)
    .map((i) => points[i]!);
}
