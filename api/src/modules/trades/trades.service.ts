import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import {
  brlForDisplay,
  roundForDisplay,
  toTrade,
  type BotMode,
  type EquityPoint,
  type OverviewResponse,
  type PnlWindow,
  type Trade,
  type TradeStats,
  type TradesQuery,
  type TradesResponse,
} from '@arbitra/contracts';
import { TradesRepository, type TradeFilters, type TradeLegEntity, type TradeTotals } from '@arbitra/db';
import { saoPauloDay, tradesBrlCsv, tradesCsv } from './trades-csv.js';
import type { OwnerId } from '@arbitra/db';

export type TradeLegExport = Pick<
  TradeLegEntity,
  | 'seq'
  | 'kind'
  | 'exchange'
  | 'symbol'
  | 'side'
  | 'requestedAmount'
  | 'filledAmount'
  | 'avgPrice'
  | 'quoteAmount'
  | 'fee'
  | 'feeAsset'
  | 'status'
>;

export type { TradeFilters };

/** Most rows a CSV export holds (the whole filtered set up to this). */
const EXPORT_MAX_ROWS = 100_000;

/** The trade history of one user (ownership: every query is keyed by the user id). */
@Injectable()
export class TradesService {
  constructor(private readonly repo: TradesRepository) {}

  /** A page of the filtered set and the stats of the whole set, read in one statement (issue 13). */
  async list(userId: OwnerId, q: TradesQuery): Promise<TradesResponse> {
    const { rows, totals } = await this.repo.history(userId, q, (q.page - 1) * q.pageSize, q.pageSize);
    const stats = this.stats(totals);
    return { trades: rows.map(toTrade), stats, page: q.page, pageSize: q.pageSize, total: stats.totalTrades };
  }

  /** Stats over the whole filtered set (DECISIONS §9), from its totals summed exactly in Postgres numeric. */
  stats(raw: TradeTotals): TradeStats {
    const total = raw.total;
    const profit = new Decimal(raw.profit);
    const profitBrl = new Decimal(raw.profitBrl);
    return {
      totalTrades: total,
      totalProfit: roundForDisplay(profit, 2),
      totalProfitBrl: brlForDisplay(profitBrl),
      successRate: total === 0 ? 0 : roundForDisplay(new Decimal(raw.completed).mul(100).div(total), 1),
      avgProfit: total === 0 ? 0 : roundForDisplay(profit.div(total), 2),
      avgProfitBrl: total === 0 ? '0.00' : brlForDisplay(profitBrl.div(total)),
    };
  }

  async exportCsv(
    userId: OwnerId,
    f: TradeFilters,
    now = new Date(),
  ): Promise<{ filename: string; csv: string }> {
    const rows = await this.repo.forExport(userId, f, now, EXPORT_MAX_ROWS);
    return { filename: `trades_${saoPauloDay(now)}.csv`, csv: tradesCsv(rows) };
  }

  /** The second export (issue 15): SPEC's columns plus the rate and the R$ figures. */
  async exportBrlCsv(
    userId: OwnerId,
    f: TradeFilters,
    now = new Date(),
  ): Promise<{ filename: string; csv: string }> {
    const rows = await this.repo.forExport(userId, f, now, EXPORT_MAX_ROWS);
    return { filename: `trades_brl_${saoPauloDay(now)}.csv`, csv: tradesBrlCsv(rows) };
  }

  /** LGPD export: every trade of the user (newest first) with its legs, exact figures as stored. */
  async exportAllForUser(
    userId: OwnerId,
  ): Promise<(Trade & { profitExact: string; legs: TradeLegExport[] })[]> {
    const { trades: rows, legs } = await this.repo.allForUser(userId);
    const byTrade = new Map<string, TradeLegExport[]>();
    for (const l of legs) {
      const list = byTrade.get(l.tradeId) ?? [];
      list.push({
        seq: l.seq,
        kind: l.kind,
        exchange: l.exchange,
        symbol: l.symbol,
        side: l.side,
        requestedAmount: l.requestedAmount,
        filledAmount: l.filledAmount,
        avgPrice: l.avgPrice,
        quoteAmount: l.quoteAmount,
        fee: l.fee,
        feeAsset: l.feeAsset,
        status: l.status,
      });
      byTrade.set(l.tradeId, list);
    }
    return rows.map((r) => ({ ...toTrade(r), profitExact: r.profit, legs: byTrade.get(r.id) ?? [] }));
  }

  /**
   * 'Visão geral' (DECISIONS §13): the P&L windows and the equity curve of one mode; without a mode, live when the
   * user has live trades, else paper.
   */
  async overview(userId: OwnerId, requested: BotMode | undefined, now = new Date()): Promise<OverviewResponse> {
    const tradedModes = await this.repo.tradedModes(userId);
    const mode = requested ?? (tradedModes.includes('live') ? 'live' : 'paper');
    const [{ windows: w, days }, last] = await Promise.all([
      this.repo.overview(userId, mode, now),
      this.repo.lastTradeOfEachBot(userId),
    ]);
    const pnl = (trades: number, usdt: Decimal.Value, brl: Decimal.Value): PnlWindow => ({
      trades,
      brl: brlForDisplay(brl),
      usdt: roundForDisplay(usdt, 2),
    });
    let trades = 0;
    let usdt = new Decimal(0);
    let brl = new Decimal(0);
    const equity = days.map((d) => {
      trades += d.trades;
      usdt = usdt.plus(d.usdt);
      brl = brl.plus(d.brl);
      return { day: d.day, brl: roundForDisplay(brl, 2), usdt: roundForDisplay(usdt, 2) };
    });
    return {
      mode,
      tradedModes,
      pnl: {
        today: pnl(w.todayTrades, w.todayUsdt, w.todayBrl),
        days7: pnl(w.days7Trades, w.days7Usdt, w.days7Brl),
        days30: pnl(w.days30Trades, w.days30Usdt, w.days30Brl),
        total: pnl(trades, usdt, brl),
      },
      equity,
      lastTrades: last.map((l) => ({
        botId: l.botId,
        executedAt: new Date(l.executedAt).toISOString(),
        status: l.status,
        profitBrl: brlForDisplay(l.profitBrl),
      })),
    };
  }

  /** A bot's latest trades (the caller checked the bot belongs to the user). */
  async recentForBot(userId: OwnerId, botId: string, limit = 20): Promise<Trade[]> {
    const rows = await this.repo.recentForBot(userId, botId, limit);
    return rows.map(toTrade);
  }

  /** Cumulative profit after each of the bot's trades (the last `limit`), and the expected/realised sums. */
  async equityForBot(
    userId: OwnerId,
    botId: string,
    limit = 500,
  ): Promise<{
    equity: EquityPoint[];
    expectedProfit: number;
    realisedProfit: number;
    expectedProfitBrl: string;
    realisedProfitBrl: string;
  }> {
    const { points: rows, expected, realised, expectedBrl, realisedBrl } = await this.repo.equityForBot(
      userId,
      botId,
      limit,
    );
    return {
      equity: rows
        .reverse()
        .map((r) => ({
          at: new Date(r.executed_at).toISOString(),
          equity: roundForDisplay(r.cumulative, 2),
          equityBrl: roundForDisplay(r.cumulative_brl, 2),
        })),
      expectedProfit: roundForDisplay(expected, 2),
      realisedProfit: roundForDisplay(realised, 2),
      expectedProfitBrl: brlForDisplay(expectedBrl),
      realisedProfitBrl: brlForDisplay(realisedBrl),
    };
  }
}
