import type { DataSource } from 'typeorm';
import {
  BACKTEST_STATUS_LABELS,
  type Backtest,
  type BacktestBotConfig,
  type BacktestDetail,
  type BacktestProgress,
  type BacktestResult,
  type BacktestSource,
  type BacktestStatus,
  type BacktestTotals,
} from '@arbitra/contracts';
import { ownerOfRow, type OwnerId } from '../tenancy.js';

interface Row {
  id: string;
  user_id: string;
  bot_id: string | null;
  name: string;
  config: BacktestBotConfig;
  source: BacktestSource;
  source_label: string;
  status: BacktestStatus;
  progress: BacktestProgress;
  totals: BacktestTotals | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  result?: BacktestResult | null;
  queue_ahead?: number | null;
  queue_eta?: string | null;
}

const COLUMNS = `id, user_id, bot_id, name, config, source, source_label, status, progress, totals, error,
  created_at, started_at, finished_at`;
/**
 * Where a queued backtest stands (SELECT … FROM backtests only): the user's runs ahead of it (one runs at a time per
 * user), and the wall time left of the one running.
 */
const QUEUE_COLUMNS = `
  CASE WHEN status = 'queued' THEN (SELECT count(*)::int FROM backtests o WHERE o.user_id = backtests.user_id
    AND o.status IN ('queued', 'running') AND o.created_at < backtests.created_at) END AS queue_ahead,
  CASE WHEN status = 'queued' THEN (SELECT (o.progress->>'etaMs')::bigint FROM backtests o
    WHERE o.user_id = backtests.user_id AND o.status = 'running' ORDER BY o.started_at LIMIT 1) END AS queue_eta`;

/** What the engine needs to run a backtest. */
export interface BacktestWork {
  id: string;
  /** The backtest's owner: the engine reads the owner's paper trades with it. */
  userId: OwnerId;
  /** The saved bot it simulates (its 'Simular'), or null from an unsaved form. */
  botId: string | null;
  status: BacktestStatus;
  config: BacktestBotConfig;
  source: BacktestSource;
}

/** A paper trade as a backtest's calibration reads it (profit: USDT, decimal string). */
export interface PaperTradeRow {
  at: number;
  pair: string;
  buyExchange: string;
  sellExchange: string;
  profit: string;
  status: 'completed' | 'failed';
}

/** Every statement on the backtests table (api: create, list, read, cancel, delete; engine: run, progress, end). */
export class BacktestsRepository {
  constructor(private readonly ds: DataSource) {}

  async create(b: {
    userId: OwnerId;
    botId: string | null;
    name: string;
    config: BacktestBotConfig;
    source: BacktestSource;
    sourceLabel: string;
  }): Promise<Backtest> {
    const rows: Row[] = await this.ds.query(
      `INSERT INTO backtests (user_id, bot_id, name, config, source, source_label)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [b.userId, b.botId, b.name, JSON.stringify(b.config), JSON.stringify(b.source), b.sourceLabel],
    );
    return toBacktest(rows[0]!);
  }

  /** The user's backtests waiting or running now. */
  async countActive(userId: OwnerId): Promise<number> {
    const rows: { n: number }[] = await this.ds.query(
      `SELECT count(*)::int AS n FROM backtests WHERE user_id = $1 AND status IN ('queued', 'running')`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  /** Backtests the user started since midnight in São Paulo (the plan's daily limit). */
  async countToday(userId: OwnerId): Promise<number> {
    const rows: { n: number }[] = await this.ds.query(
      `SELECT count(*)::int AS n FROM backtests WHERE user_id = $1 AND created_at >=
         (date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo')`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  async list(userId: OwnerId, limit = 100): Promise<Backtest[]> {
    const rows: Row[] = await this.ds.query(
      `SELECT ${COLUMNS}, ${QUEUE_COLUMNS} FROM backtests WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map(toBacktest);
  }

  /** The user's backtest with its result, or null (another user's backtest is null too). */
  async get(userId: OwnerId, id: string): Promise<BacktestDetail | null> {
    const rows: Row[] = await this.ds.query(
      `SELECT ${COLUMNS}, ${QUEUE_COLUMNS}, result FROM backtests WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    const r = rows[0];
    return r ? { ...toBacktest(r), result: r.result ?? null } : null;
  }

  /** Deletes the user's backtest unless it is queued or running. 'running': refused; null: not theirs. */
  async delete(userId: OwnerId, id: string): Promise<'deleted' | 'running' | null> {
    const rows: { status: BacktestStatus }[] = await this.ds.query(
      `SELECT status FROM backtests WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    const status = rows[0]?.status;
    if (!status) return null;
    if (status === 'queued' || status === 'running') return 'running';
    await this.ds.query(`DELETE FROM backtests WHERE id = $1 AND user_id = $2`, [id, userId]);
    return 'deleted';
  }

  /**
   * 'Cancelar': a queued backtest ends now; a running one is flagged and its engine stops at its next progress
   * write (within a second). Answers the status after the request, or null when it is not the user's.
   */
  async requestCancel(userId: OwnerId, id: string): Promise<BacktestStatus | null> {
    const rows = returning<{ status: BacktestStatus }>(
      await this.ds.query(
        `UPDATE backtests SET
         cancel_requested = true,
         status = CASE WHEN status = 'queued' THEN 'canceled' ELSE status END,
         finished_at = CASE WHEN status = 'queued' THEN now() ELSE finished_at END
       WHERE id = $1 AND user_id = $2 RETURNING status`,
        [id, userId],
      ),
    );
    return rows[0]?.status ?? null;
  }

  // ── engine ───────────────────────────────────────────────────────────────────────────────────────────

  async work(id: string): Promise<BacktestWork | null> {
    const rows: Pick<Row, 'id' | 'user_id' | 'bot_id' | 'status' | 'config' | 'source'>[] =
      await this.ds.query(`SELECT id, user_id, bot_id, status, config, source FROM backtests WHERE id = $1`, [
        id,
      ]);
    const r = rows[0];
    return r
      ? {
          id: r.id,
          userId: ownerOfRow(r.user_id),
          botId: r.bot_id,
          status: r.status,
          config: r.config,
          source: r.source,
        }
      : null;
  }

  /**
   * A bot's recorded paper trades between two market times (ms), oldest first: what a backtest over a recording of
   * that market is calibrated against. Only the owner's bot (user id checked).
   */
  async paperTrades(botId: string, userId: OwnerId, fromMs: number, toMs: number): Promise<PaperTradeRow[]> {
    const rows: {
      at: Date;
      pair: string;
      buy_exchange: string;
      sell_exchange: string;
      profit: string;
      status: 'completed' | 'failed';
    }[] = await this.ds.query(
      `SELECT executed_at AS at, pair, buy_exchange, sell_exchange, profit::text AS profit, status
         FROM trades
        WHERE bot_id = $1 AND user_id = $2 AND mode = 'paper' AND status IN ('completed', 'failed')
          AND executed_at >= $3 AND executed_at <= $4
        ORDER BY executed_at, id`,
      [botId, userId, new Date(fromMs), new Date(toMs)],
    );
    return rows.map((r) => ({
      at: new Date(r.at).getTime(),
      pair: r.pair,
      buyExchange: r.buy_exchange,
      sellExchange: r.sell_exchange,
      profit: r.profit,
      status: r.status,
    }));
  }

  /**
   * Claims a queued backtest for this engine, when its user has none running and none queued before it (one at a time
   * per user, in the order asked). false: it is no longer queued (canceled, or taken), or its user's previous one
   * still runs or waits (`work` tells which).
   */
  async start(id: string, engineId: string): Promise<boolean> {
    const rows = returning<{ id: string }>(
      await this.ds.query(
        `UPDATE backtests SET status = 'running', engine_id = $2, started_at = now(), heartbeat_at = now()
       WHERE id = $1 AND status = 'queued' AND NOT cancel_requested
         AND NOT EXISTS (SELECT 1 FROM backtests o WHERE o.user_id = backtests.user_id AND (o.status = 'running'
           OR (o.status = 'queued' AND NOT o.cancel_requested AND (o.created_at, o.id) < (backtests.created_at, backtests.id))))
       RETURNING id`,
        [id, engineId],
      ),
    );
    return rows.length > 0;
  }

  /** The user's oldest queued backtest (the next of theirs to run), or null. */
  async nextQueued(userId: OwnerId): Promise<string | null> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id FROM backtests WHERE user_id = $1 AND status = 'queued' AND NOT cancel_requested
        ORDER BY created_at, id LIMIT 1`,
      [userId],
    );
    return rows[0]?.id ?? null;
  }

  /** Progress of a running backtest (and its heartbeat). Answers whether its owner asked to cancel it. */
  async progress(id: string, progress: BacktestProgress): Promise<{ cancel: boolean }> {
    const rows = returning<{ cancel_requested: boolean }>(
      await this.ds.query(
        `UPDATE backtests SET progress = $2, heartbeat_at = now() WHERE id = $1 AND status = 'running'
       RETURNING cancel_requested`,
        [id, JSON.stringify(progress)],
      ),
    );
    // gone (deleted with its owner) or no longer running: stop too
    return { cancel: rows[0]?.cancel_requested ?? true };
  }

  async finish(
    id: string,
    end: {
      status: Extract<BacktestStatus, 'completed' | 'failed' | 'canceled'>;
      progress: BacktestProgress;
      result: BacktestResult | null;
      error: string | null;
    },
  ): Promise<void> {
    await this.ds.query(
      `UPDATE backtests SET status = $2, progress = $3, totals = $4, result = $5, error = $6, finished_at = now(),
         heartbeat_at = now(), source_label = COALESCE($7, source_label)
       WHERE id = $1 AND status = 'running'`,
      [
        id,
        end.status,
        JSON.stringify(end.progress),
        end.result ? JSON.stringify(end.result.totals) : null,
        end.result ? JSON.stringify(end.result) : null,
        end.error,
        end.result?.source.label ?? null,
      ],
    );
  }

  /**
   * Running backtests no engine is working on any more: those of `engineId` (this engine restarted under the
   * same id), the one given (a job delivered again after its engine died), and any whose heartbeat stopped
   * `staleAfterMs` ago. They become 'interrupted' with the reason; answers who to tell.
   */
  async interrupt(
    reason: string,
    which: { engineId?: string; id?: string; staleAfterMs?: number },
  ): Promise<{ id: string; userId: OwnerId; progress: BacktestProgress }[]> {
    const rows = returning<{ id: string; user_id: string; progress: BacktestProgress }>(
      await this.ds.query(
        `UPDATE backtests SET status = 'interrupted', error = $1, finished_at = now()
       WHERE status = 'running' AND (
         ($2::text IS NOT NULL AND engine_id = $2) OR ($3::uuid IS NOT NULL AND id = $3) OR
         ($4::int IS NOT NULL AND heartbeat_at < now() - make_interval(secs => $4::int / 1000.0)))
       RETURNING id, user_id, progress`,
        [reason, which.engineId ?? null, which.id ?? null, which.staleAfterMs ?? null],
      ),
    );
    return rows.map((r) => ({ id: r.id, userId: ownerOfRow(r.user_id), progress: r.progress }));
  }
}

function toBacktest(r: Row): Backtest {
  return {
    id: r.id,
    botId: r.bot_id,
    name: r.name,
    status: r.status,
    statusLabel: BACKTEST_STATUS_LABELS[r.status],
    config: r.config,
    source: r.source,
    sourceLabel: r.source_label,
    progress: r.progress,
    totals: r.totals,
    error: r.error,
    createdAt: new Date(r.created_at).toISOString(),
    startedAt: r.started_at ? new Date(r.started_at).toISOString() : null,
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    queue:
      r.status === 'queued' && r.queue_ahead !== undefined && r.queue_ahead !== null
        ? {
            ahead: r.queue_ahead,
            etaMs:
              r.queue_ahead === 1 && r.queue_eta !== null && r.queue_eta !== undefined
                ? Number(r.queue_eta)
                : null,
          }
        : null,
  };
}

/** TypeORM answers an UPDATE … RETURNING on Postgres as [rows, affected]; an INSERT/SELECT as rows. */
function returning<T>(result: unknown): T[] {
  const r = result as unknown[];
  return (Array.isArray(r[0]) ? r[0] : r) as T[];
}
