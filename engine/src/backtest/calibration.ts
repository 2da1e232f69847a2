import { Decimal } from 'decimal.js';
import type { BacktestCalibration, CalibrationPoint } from '@arbitra/contracts';
import type { PaperTradeRow } from '@arbitra/db';

/** A trade as calibration compares it: when, where (pair, buy and sell exchange), profit in USDT, its status. */
export type CalibrationTrade = PaperTradeRow;

/** Two trades of one route this close in market time are the same opportunity taken by both runs. */
export const CALIBRATION_WINDOW_MS = 5_000;

const route = (t: CalibrationTrade) => `${t.pair} ${t.buyExchange} → ${t.sellExchange}`;

function summary(trades: readonly CalibrationTrade[]): BacktestCalibration['paper'] {
  const completed = trades.filter((t) => t.status === 'completed').length;
  return {
    trades: trades.length,
    profitUsdt: trades.reduce((s, t) => s.plus(t.profit), new Decimal(0)).toFixed(),
    successRate: trades.length > 0 ? (completed * 100) / trades.length : 0,
  };
}

/**
 * The paper trades of a bot beside a backtest's over the same market: the totals of each, and the trades matched by
 * route and time — each paper trade (in time order) with the closest backtest trade of its route not matched yet,
 * within `windowMs`; what is left of either side stands alone (a trade only one run made).
 */
export function calibrate(
  paper: readonly CalibrationTrade[],
  backtest: readonly CalibrationTrade[],
  windowMs = CALIBRATION_WINDOW_MS,
): BacktestCalibration {
  const byRoute = new Map<string, { t: CalibrationTrade; used: boolean }[]>();
  for (const t of backtest) {
    const list = byRoute.get(route(t)) ?? [];
    list.push({ t, used: false });
    byRoute.set(route(t), list);
  }
  const points: CalibrationPoint[] = [];
  let matched = 0;
  for (const p of [...paper].sort((a, b) => a.at - b.at)) {
    let best: { t: CalibrationTrade; used: boolean } | null = null;
    for (const c of byRoute.get(route(p)) ?? []) {
      const d = Math.abs(c.t.at - p.at);
      if (c.used || d > windowMs) continue;
      if (!best || d < Math.abs(best.t.at - p.at)) best = c;
    }
    if (best) {
      best.used = true;
      matched++;
    }
    points.push({
      at: p.at,
      route: route(p),
      paperProfitUsdt: p.profit,
      backtestProfitUsdt: best ? best.t.profit : null,
    });
  }
  for (const list of byRoute.values())
    for (const c of list)
      if (!c.used)
        points.push({ at: c.t.at, route: route(c.t), paperProfitUsdt: null, backtestProfitUsdt: c.t.profit });
  points.sort((a, b) => a.at - b.at);
  return { paper: summary(paper), backtest: summary(backtest), windowMs, matched, points };
}
