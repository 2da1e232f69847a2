import { Decimal } from 'decimal.js';
import {
  BACKTEST_MAX_TRADES,
  type BacktestGroup,
  type BacktestResult,
  type BacktestSourceInfo,
  type BacktestStop,
  type BacktestTrade,
} from '@arbitra/contracts';

/** Most points of the equity curve kept in a result. */
export const EQUITY_POINTS = 600;

/** Collects a backtest's trades as they are recorded and builds the result (totals exact, decimal.js). */
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

  constructor(
    private readonly capital: Decimal,
    start: number,
  ) {
    this.peak = capital;
    this.curve.push({ t: start, equity: capital.toNumber(), drawdown: 0 });
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
    const equity = this.capital.plus(this.profit);
    if (equity.gt(this.peak)) this.peak = equity;
    const dd = this.peak.minus(equity);
    if (dd.gt(this.maxDrawdown)) {
      this.maxDrawdown = dd;
      this.maxDrawdownPct = this.peak.gt(0) ? dd.mul(100).div(this.peak).toNumber() : 0;
    }
    this.curve.push({ t: trade.at, equity: equity.toNumber(), drawdown: -dd.toNumber() });
  }

  build(source: BacktestSourceInfo, end: number, wallMs: number, rateKnown: boolean): BacktestResult {
    const last = this.curve[this.curve.length - 1]!;
    const curve = [...this.curve, { t: end, equity: last.equity, drawdown: last.drawdown }];
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
        returnPercent: this.capital.gt(0) ? this.profit.mul(100).div(this.capital).toNumber() : 0,
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
