import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { DataSource, In, type SelectQueryBuilder } from 'typeorm';
import {
  roundForDisplay,
  type EquityPoint,
  type Trade,
  type TradeStats,
  type TradesQuery,
  type TradesResponse,
} from '@arbitra/contracts';
import { TradeEntity, TradeLegEntity } from '@arbitra/db';
import { toTrade } from './trade.mapper.js';
import { saoPauloDay, tradesCsv } from './trades-csv.js';

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

export type TradeFilters = Pick<TradesQuery, 'dateRange' | 'status' | 'bot'>;

/** Most rows a CSV export holds (the whole filtered set up to this). */
const EXPORT_MAX_ROWS = 100_000;

/** The trade history of one user (ownership: every query is keyed by the user id). */
@Injectable()
export class TradesService {
  constructor(private readonly ds: DataSource) {}

  private filtered(userId: string, f: TradeFilters, now = new Date()): SelectQueryBuilder<TradeEntity> {
    const qb = this.ds
      .getRepository(TradeEntity)
      .createQueryBuilder('t')
      .where('t.user_id = :userId', { userId });
    if (f.dateRange !== 'all') {
      const since = new Date(now.getTime() - Number(f.dateRange) * 24 * 3600 * 1000);
      qb.andWhere('t.executed_at >= :since', { since });
    }
    if (f.status !== 'all') qb.andWhere('t.status = :status', { status: f.status });
    if (f.bot !== 'all') qb.andWhere('t.bot_id = :botId', { botId: f.bot });
    return qb;
  }

  async list(userId: string, q: TradesQuery): Promise<TradesResponse> {
    const rows = await this.filtered(userId, q)
      .orderBy('t.executed_at', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .offset((q.page - 1) * q.pageSize)
      .limit(q.pageSize)
      .getMany();
    const stats = await this.stats(userId, q);
    return { trades: rows.map(toTrade), stats, page: q.page, pageSize: q.pageSize, total: stats.totalTrades };
  }

  /** Stats over the whole filtered set (DECISIONS §9), summed exactly in Postgres numeric. */
  async stats(userId: string, f: TradeFilters): Promise<TradeStats> {
    const raw = await this.filtered(userId, f)
      .select('COUNT(*)::int', 'total')
      .addSelect(`COUNT(*) FILTER (WHERE t.status = 'completed')::int`, 'completed')
      .addSelect('COALESCE(SUM(t.profit), 0)::text', 'profit')
      .getRawOne<{ total: number; completed: number; profit: string }>();
    const total = raw?.total ?? 0;
    const profit = new Decimal(raw?.profit ?? '0');
    return {
      totalTrades: total,
      totalProfit: roundForDisplay(profit, 2),
      successRate: total === 0 ? 0 : roundForDisplay(new Decimal(raw?.completed ?? 0).mul(100).div(total), 1),
      avgProfit: total === 0 ? 0 : roundForDisplay(profit.div(total), 2),
    };
  }

  async exportCsv(
    userId: string,
    f: TradeFilters,
    now = new Date(),
  ): Promise<{ filename: string; csv: string }> {
    const rows = await this.filtered(userId, f, now)
      .orderBy('t.executed_at', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .limit(EXPORT_MAX_ROWS)
      .getMany();
    return { filename: `trades_${saoPauloDay(now)}.csv`, csv: tradesCsv(rows) };
  }

  /** LGPD export: every trade of the user (newest first) with its legs, exact figures as stored. */
  async exportAllForUser(
    userId: string,
  ): Promise<(Trade & { profitExact: string; legs: TradeLegExport[] })[]> {
    const rows = await this.ds
      .getRepository(TradeEntity)
      .find({ where: { userId }, order: { executedAt: 'DESC', id: 'DESC' } });
    const legs = rows.length
      ? await this.ds
          .getRepository(TradeLegEntity)
          .find({ where: { tradeId: In(rows.map((r) => r.id)) }, order: { tradeId: 'ASC', seq: 'ASC' } })
      : [];
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

  /** A bot's latest trades (the caller checked the bot belongs to the user). */
  async recentForBot(userId: string, botId: string, limit = 20): Promise<Trade[]> {
    const rows = await this.ds.getRepository(TradeEntity).find({
      where: { userId, botId },
      order: { executedAt: 'DESC', id: 'DESC' },
      take: limit,
    });
    return rows.map(toTrade);
  }

  /** Cumulative profit after each of the bot's trades (the last `limit`), and the expected/realised sums. */
  async equityForBot(
    userId: string,
    botId: string,
    limit = 500,
  ): Promise<{ equity: EquityPoint[]; expectedProfit: number; realisedProfit: number }> {
    const rows: { executed_at: Date; cumulative: string }[] = await this.ds.query(
      `SELECT executed_at, cumulative::text FROM (
         SELECT executed_at, id, SUM(profit) OVER (ORDER BY executed_at, id) AS cumulative
           FROM trades WHERE user_id = $1 AND bot_id = $2
       ) s ORDER BY executed_at DESC, id DESC LIMIT $3`,
      [userId, botId, limit],
    );
    const sums: { expected: string; realised: string }[] = await this.ds.query(
      `SELECT COALESCE(SUM(expected_profit),0)::text AS expected, COALESCE(SUM(profit),0)::text AS realised
         FROM trades WHERE user_id = $1 AND bot_id = $2`,
      [userId, botId],
    );
    return {
      equity: rows
        .reverse()
        .map((r) => ({
          at: new Date(r.executed_at).toISOString(),
          equity: roundForDisplay(r.cumulative, 2),
        })),
      expectedProfit: roundForDisplay(sums[0]?.expected ?? '0', 2),
      realisedProfit: roundForDisplay(sums[0]?.realised ?? '0', 2),
    };
  }
}
