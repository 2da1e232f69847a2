import { Decimal } from 'decimal.js';
import type { DataSource } from 'typeorm';
import type {
  BalanceDelta,
  BotMode,
  BotStatus,
  BotStatusFields,
  BotStrategy,
  ExchangeId,
  InventoryPause,
  OpenPosition,
  RiskLevel,
} from '@arbitra/contracts';
import { BotBalanceEntity } from '../entities/bot-balance.entity.js';
import { BotEntity } from '../entities/bot.entity.js';
import type { OwnerId } from '../tenancy.js';

/** The columns of a bot the engine's runner needs (snake_case, as read). */
export interface RunnerBotRow {
  id: string;
  /** The bot's owner: what the engine does for a running bot (its trades, its stops) is scoped by it. */
  user_id: OwnerId;
  name: string;
  strategy: BotStrategy;
  pairs: string[];
  exchanges: ExchangeId[];
  risk_level: RiskLevel;
  max_investment: string;
  min_profit_percent: string;
  min_profit_after_rebalance: boolean;
  mode: BotMode;
  active: boolean;
  status: string;
}

/** The columns of a bot the executor needs. */
export type ExecutorBotRow = Pick<
  RunnerBotRow,
  'id' | 'user_id' | 'name' | 'strategy' | 'mode' | 'active' | 'status' | 'exchanges'
>;

/** The bot as the ledger locks and updates it (totals and risk state). */
export interface LedgerBotRow {
  id: string;
  user_id: OwnerId;
  max_investment: string;
  risk_level: RiskLevel;
  status: BotStatus;
  active: boolean;
  status_reason: string | null;
  total_trades: number;
  total_profit: string;
  total_profit_brl: string;
  profit_percent: string;
  consecutive_failures: number;
  /** Today's (São Paulo) profit of the bot, this trade included (after the update only). */
  day_profit?: string;
}

export interface BalanceRow {
  exchange: string;
  asset: string;
  amount: string;
}

/** A stat_positions row as the runner loads it. */
export interface StoredPosition extends OpenPosition {
  userId: string;
  buyExchange: ExchangeId;
  sellExchange: ExchangeId;
}

/** What a recorded trade does to the bot's statistical positions. */
export interface PositionChange {
  botId: string;
  userId: string;
  openPosition?: OpenPosition;
  closesPosition?: string;
  reducesPosition?: { opportunityId: string; amount: string };
}

/** The columns a user edits (from the API's BotInput). */
export type BotColumns = Pick<
  BotEntity,
  | 'name'
  | 'strategy'
  | 'pairs'
  | 'exchanges'
  | 'riskLevel'
  | 'maxInvestment'
  | 'minProfitPercent'
  | 'minProfitAfterRebalance'
  | 'active'
  | 'mode'
>;

const RUNNER_COLUMNS = `id, user_id, name, strategy, pairs, exchanges, risk_level, max_investment::text,
  min_profit_percent::text, min_profit_after_rebalance, mode, active, status`;

const LEDGER_COLUMNS = `id, user_id, max_investment::text, risk_level, status, active, status_reason, total_trades,
  total_profit::text, total_profit_brl::text, profit_percent::text, consecutive_failures`;

/** LEDGER_COLUMNS of `bots b` (the ledger statement's UPDATE … FROM names other tables too). */
const LEDGER_COLUMNS_B = `b.id, b.user_id, b.max_investment::text, b.risk_level, b.status, b.active, b.status_reason,
  b.total_trades, b.total_profit::text, b.total_profit_brl::text, b.profit_percent::text, b.consecutive_failures`;

/**
 * The ONLY code that reads or writes `bots`, `bot_balances` and `stat_positions`. The api's BotsService (a user's
 * CRUD), the engine's runner (running bots, paper balances, positions), the executor (stops) and the ledger
 * statement (totals, balances, positions: the CTEs of ledgerCtes, then a risk stop) all come here.
 */
export class BotsRepository {
  constructor(private readonly ds: DataSource) {}

  // ── the api: a user's bots ────────────────────────────────────────────────────────────────────────────────

  listForUser(userId: OwnerId): Promise<BotEntity[]> {
    return this.ds
      .getRepository(BotEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findOwned(userId: OwnerId, id: string): Promise<BotEntity | null> {
    return this.ds.getRepository(BotEntity).findOneBy({ id, userId });
  }

  // ── the admin: where each bot runs ────────────────────────────────────────────────────────────────────────

  /** Name and owner of each of these bots (the ones that exist). */
  async adminOwnersOf(
    ids: readonly string[],
  ): Promise<Map<string, { name: string; userId: string; userEmail: string; userName: string }>> {
    if (ids.length === 0) return new Map();
    const rows: { id: string; name: string; user_id: string; email: string; user_name: string }[] =
      await this.ds.query(
        `SELECT b.id, b.name, b.user_id, u.email, u.name AS user_name
           FROM bots b JOIN users u ON u.id = b.user_id WHERE b.id = ANY($1::uuid[])`,
        [ids],
      );
    return new Map(
      rows.map((r) => [r.id, { name: r.name, userId: r.user_id, userEmail: r.email, userName: r.user_name }]),
    );
  }

  /**
   * Creates a bot, one creation at a time per user (advisory lock), after `check(count)` accepted the number of
   * bots the user already has (it throws to refuse), so two parallel requests cannot both pass a limit.
   */
  async createChecked(
    userId: OwnerId,
    values: BotColumns & Pick<BotEntity, 'status' | 'statusReason'>,
    check: (count: () => Promise<number>) => Promise<void>,
  ): Promise<BotEntity> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`bots:${userId}`]);
      await check(() => m.getRepository(BotEntity).count({ where: { userId } }));
      const repo = m.getRepository(BotEntity);
      return repo.save(repo.create({ userId, ...values }));
    });
  }

  async updateOwned(userId: OwnerId, id: string, patch: Partial<BotEntity>): Promise<void> {
    await this.ds.getRepository(BotEntity).update({ id, userId }, patch);
  }

  async deleteOwned(userId: OwnerId, id: string): Promise<void> {
    await this.ds.getRepository(BotEntity).delete({ id, userId });
  }

  /** Every bot of the user stopped (account deletion); answers the bots as they were. */
  async stopAllOf(userId: OwnerId): Promise<BotEntity[]> {
    const repo = this.ds.getRepository(BotEntity);
    const bots = await repo.find({ where: { userId } });
    if (bots.length > 0)
      await repo.update({ userId }, { active: false, status: 'stopped', statusReason: null });
    return bots;
  }

  /**
   * Every active bot of the user, paper and live, stopped with `reason` shown on it (account disabled, subscription
   * lapsed); answers the bots stopped (as they were). Nothing is deleted.
   */
  async stopActiveOf(userId: OwnerId, reason: string): Promise<BotEntity[]> {
    const repo = this.ds.getRepository(BotEntity);
    const bots = await repo.find({ where: { userId, active: true } });
    if (bots.length > 0)
      await repo.update({ userId, active: true }, { active: false, status: 'stopped', statusReason: reason });
    return bots;
  }

  /** How many of the user's bots are running (a downgrade compares it with the lower plan's limit). */
  countActiveOf(userId: OwnerId): Promise<number> {
    return this.ds.getRepository(BotEntity).countBy({ userId, active: true });
  }

  /** The user's active live bots trading on this exchange. */
  activeLiveOn(userId: OwnerId, exchange: ExchangeId): Promise<BotEntity[]> {
    return this.ds
      .getRepository(BotEntity)
      .createQueryBuilder('b')
      .where(
        'b.user_id = :userId AND b.mode = :mode AND b.active = true AND b.exchanges @> :exchange::jsonb',
        {
          userId,
          mode: 'live',
          exchange: JSON.stringify([exchange]),
        },
      )
      .getMany();
  }

  /** The balances of the user's bot (none when the bot is not theirs). */
  balances(userId: OwnerId, botId: string): Promise<BotBalanceEntity[]> {
    return this.ds
      .getRepository(BotBalanceEntity)
      .createQueryBuilder('bb')
      .innerJoin(BotEntity, 'b', 'b.id = bb.bot_id AND b.user_id = :userId', { userId })
      .where('bb.bot_id = :botId', { botId })
      .orderBy('bb.exchange', 'ASC')
      .addOrderBy('bb.asset', 'ASC')
      .getMany();
  }

  /** The directions the engine skips for want of funds, as its runner last wrote them (issue 29). */
  async inventoryPauses(userId: OwnerId, botId: string): Promise<InventoryPause[]> {
    const rows: { pauses: InventoryPause[] }[] = await this.ds.query(
      `SELECT inventory_pauses AS pauses FROM bots WHERE id = $1 AND user_id = $2`,
      [botId, userId],
    );
    return rows[0]?.pauses ?? [];
  }

  // ── the engine: runner and executor ───────────────────────────────────────────────────────────────────────

  /** The bots to run at start. */
  running(): Promise<RunnerBotRow[]> {
    return this.ds.query(`SELECT ${RUNNER_COLUMNS} FROM bots WHERE active AND status = 'running'`);
  }

  async forRunner(botId: string): Promise<RunnerBotRow | undefined> {
    const rows: RunnerBotRow[] = await this.ds.query(`SELECT ${RUNNER_COLUMNS} FROM bots WHERE id = $1`, [
      botId,
    ]);
    return rows[0];
  }

  async forExecutor(botId: string): Promise<ExecutorBotRow | undefined> {
    const rows: ExecutorBotRow[] = await this.ds.query(
      `SELECT id, user_id, name, strategy, mode, active, status, exchanges FROM bots WHERE id = $1`,
      [botId],
    );
    return rows[0];
  }

  /** What 'bot:status' carries, as stored. */
  async statusOf(botId: string): Promise<BotStatusFields | undefined> {
    const rows: BotStatusFields[] = await this.ds.query(
      `SELECT id AS "botId", status, active, status_reason AS "statusReason", total_trades AS "totalTrades",
              total_profit::text AS "totalProfit", total_profit_brl::text AS "totalProfitBrl",
              profit_percent::text AS "profitPercent"
         FROM bots WHERE id = $1`,
      [botId],
    );
    return rows[0];
  }

  /** The executor (live credentials refused) or the api (credential disabled) stops a bot with a reason. */
  async stopWithError(botId: string, reason: string, userId?: OwnerId): Promise<void> {
    if (userId) {
      await this.ds
        .getRepository(BotEntity)
        .update({ id: botId, userId }, { active: false, status: 'error', statusReason: reason });
      return;
    }
    await this.ds.query(
      `UPDATE bots SET active = false, status = 'error', status_reason = $2 WHERE id = $1`,
      [botId, reason],
    );
  }

  balanceRows(botId: string): Promise<BalanceRow[]> {
    return this.ds.query<BalanceRow[]>(
      `SELECT exchange, asset, amount::text FROM bot_balances WHERE bot_id = $1`,
      [botId],
    );
  }

  async hasBalances(botId: string): Promise<boolean> {
    const existing: { n: number }[] = await this.ds.query(
      `SELECT count(*)::int AS n FROM bot_balances WHERE bot_id = $1`,
      [botId],
    );
    return (existing[0]?.n ?? 0) > 0;
  }

  /** Paper balances on a bot's first start, and its initial capital (USDT), in one transaction. */
  async seedBalances(
    botId: string,
    rows: readonly [string, string, string][],
    initialCapital: string,
  ): Promise<void> {
    await this.ds.transaction(async (m) => {
      for (const [ex, asset, amount] of rows) {
        await m.query(
          `INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial) VALUES ($1,$2,$3,$4,$4)
           ON CONFLICT (bot_id, exchange, asset) DO NOTHING`,
          [botId, ex, asset, amount],
        );
      }
      await m.query(`UPDATE bots SET initial_capital = $2 WHERE id = $1 AND initial_capital IS NULL`, [
        botId,
        initialCapital,
      ]);
    });
  }

  /** The runner's paused directions of each bot (its timer, off the detection path): one statement for all. */
  async setInventoryPauses(byBot: ReadonlyMap<string, readonly InventoryPause[]>): Promise<void> {
    if (byBot.size === 0) return;
    await this.ds.query(
      `UPDATE bots b SET inventory_pauses = u.pauses
         FROM unnest($1::uuid[], $2::jsonb[]) AS u(id, pauses) WHERE b.id = u.id`,
      [[...byBot.keys()], [...byBot.values()].map((p) => JSON.stringify(p))],
    );
  }

  /** The bot's open statistical positions. */
  async positions(botId: string): Promise<StoredPosition[]> {
    const rows: {
      opportunity_id: string;
      user_id: string;
      symbol: string;
      buy_exchange: ExchangeId;
      sell_exchange: ExchangeId;
      amount: string;
      entry_spread_bps: number;
      mean_bps: number;
      first_seen: string;
    }[] = await this.ds.query(
      `SELECT opportunity_id, user_id, symbol, buy_exchange, sell_exchange, amount::text,
              entry_spread_bps::float8 AS entry_spread_bps, mean_bps::float8 AS mean_bps, first_seen::text
         FROM stat_positions WHERE bot_id = $1`,
      [botId],
    );
    return rows.map((r) => ({
      opportunityId: r.opportunity_id,
      userId: r.user_id,
      symbol: r.symbol,
      buyExchange: r.buy_exchange,
      sellExchange: r.sell_exchange,
      amount: r.amount,
      entrySpreadBps: r.entry_spread_bps,
      meanBps: r.mean_bps,
      firstSeen: Number(r.first_seen),
    }));
  }

  // ── the ledger (TradesRepository.record): its one statement's parts on these tables, and what follows it ──

  /**
   * The parts of the ledger statement that write `bot_balances`, `stat_positions` and `bots`, as CTEs that run only
   * when the trade row was written (`ins`, one row) and the bot exists (`bot`): the balance changes merged per
   * exchange and asset (`bal`: the balances they touched), the position an entry opens or an exit closes or
   * reduces, and the trade's effect on the bot's totals, failures and naked exposure (`upd`: the bot after it, and
   * its profit of the current São Paulo day with this trade, `day_profit`). Values are appended to `params`.
   */
  static ledgerCtes(
    params: unknown[],
    r: PositionChange & {
      deltas: readonly BalanceDelta[];
      profit: string;
      failed: boolean;
      nakedExposure: Record<string, string>;
      profitBrl: string;
      executedAt: Date;
      executionKey: string;
    },
  ): string[] {
    const p = (v: unknown) => `$${params.push(v)}`;
    const ctes: string[] = [];
    const merged = new Map<string, { exchange: string; asset: string; delta: Decimal }>();
    for (const d of r.deltas) {
      const key = `${d.exchange}|${d.asset}`;
      const cur = merged.get(key) ?? { exchange: d.exchange, asset: d.asset, delta: new Decimal(0) };
      cur.delta = cur.delta.plus(d.delta);
      merged.set(key, cur);
    }
    const changes = [...merged.values()].filter((d) => !d.delta.isZero());
    ctes.push(
      changes.length === 0
        ? `bal AS (SELECT NULL::text AS exchange, NULL::text AS asset, NULL::text AS amount WHERE false)`
        : `bal AS (
         INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial)
           SELECT bot.id, d.exchange, d.asset, d.delta, 0 FROM bot, ins,
                  unnest(${p(changes.map((d) => d.exchange))}::text[], ${p(changes.map((d) => d.asset))}::text[],
                         ${p(changes.map((d) => d.delta.toFixed()))}::numeric[]) AS d(exchange, asset, delta)
         ON CONFLICT (bot_id, exchange, asset) DO UPDATE SET amount = bot_balances.amount + EXCLUDED.amount, updated_at = now()
         RETURNING exchange, asset, amount::text)`,
    );
    // A record is an entry (opens) or an exit (closes or reduces): never two changes of one position.
    if (r.closesPosition)
      ctes.push(`pos_close AS (
         DELETE FROM stat_positions s USING bot, ins WHERE s.bot_id = bot.id AND s.opportunity_id = ${p(r.closesPosition)})`);
    if (r.reducesPosition)
      ctes.push(`pos_reduce AS (
         UPDATE stat_positions s SET amount = s.amount - ${p(r.reducesPosition.amount)}::numeric FROM bot, ins
          WHERE s.bot_id = bot.id AND s.opportunity_id = ${p(r.reducesPosition.opportunityId)})`);
    const o = r.openPosition;
    if (o)
      ctes.push(`pos_open AS (
         INSERT INTO stat_positions (bot_id, opportunity_id, user_id, symbol, buy_exchange, sell_exchange, amount,
           entry_spread_bps, mean_bps, first_seen)
         SELECT bot.id, ${p(o.opportunityId)}, ${p(r.userId)}, ${p(o.symbol)}, ${p(o.buyExchange)}, ${p(o.sellExchange)},
                ${p(o.amount)}::numeric, ${p(o.entrySpreadBps)}::numeric, ${p(o.meanBps)}::numeric, ${p(Math.round(o.firstSeen))}::bigint
           FROM bot, ins
         ON CONFLICT (bot_id, opportunity_id) DO NOTHING)`);
    const profit = p(r.profit);
    // The day's profit: the bot's other trades of the São Paulo day as this statement sees them (its own row, the
    // journal's 'pending' one, is left out), plus this trade when it falls in that day.
    const dayStart = `(date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo')`;
    ctes.push(`upd AS (
         UPDATE bots b SET
           total_trades = b.total_trades + 1,
           total_profit = b.total_profit + ${profit}::numeric,
           total_profit_brl = b.total_profit_brl + ${p(r.profitBrl)}::numeric,
           profit_percent = CASE WHEN COALESCE(b.initial_capital, 0) > 0
             THEN (b.total_profit + ${profit}::numeric) * 100 / b.initial_capital ELSE 0 END,
           consecutive_failures = CASE WHEN ${p(r.failed)}::boolean THEN b.consecutive_failures + 1 ELSE 0 END,
           naked_exposure = (
             SELECT COALESCE(jsonb_object_agg(k, to_jsonb(total::text)), '{}'::jsonb) FROM (
               SELECT k, SUM(v::numeric) AS total FROM (
                 SELECT key AS k, value #>> '{}' AS v FROM jsonb_each(b.naked_exposure)
                 UNION ALL SELECT key, value #>> '{}' FROM jsonb_each(${p(JSON.stringify(r.nakedExposure))}::jsonb)
               ) parts GROUP BY k HAVING SUM(v::numeric) <> 0
             ) sums),
           updated_at = now()
          FROM ins WHERE b.id = ${p(r.botId)}
         RETURNING ${LEDGER_COLUMNS_B},
                   ((SELECT COALESCE(SUM(t.profit), 0) FROM trades t
                      WHERE t.bot_id = b.id AND t.executed_at >= ${dayStart} AND t.execution_key <> ${p(r.executionKey)})
                    + CASE WHEN ${p(r.executedAt)}::timestamptz >= ${dayStart} THEN ${profit}::numeric ELSE 0 END
                   )::text AS day_profit,
                   (SELECT s.total_trades FROM bots s WHERE s.id = b.id) AS trades_seen)`);
    return ctes;
  }

  /**
   * The bot's profit of the current São Paulo day, read afresh: when another ledger write of the same bot committed
   * while the ledger statement waited for the bot's row, that statement's own sum could not see its trade.
   */
  async dayProfit(botId: string): Promise<string> {
    const rows: { day_profit: string }[] = await this.ds.query(
      `SELECT COALESCE(SUM(profit), 0)::text AS day_profit FROM trades WHERE bot_id = $1 AND executed_at >=
         (date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo')`,
      [botId],
    );
    return rows[0]?.day_profit ?? '0';
  }

  /** A risk stop, right after the ledger statement that triggered it. */
  async stopByRiskRule(botId: string, reason: string): Promise<LedgerBotRow | undefined> {
    const stopped = returning<LedgerBotRow>(
      await this.ds.query(
        `UPDATE bots SET active = false, status = 'error', status_reason = $2, updated_at = now() WHERE id = $1
           RETURNING ${LEDGER_COLUMNS}`,
        [botId, reason],
      ),
    );
    return stopped[0];
  }
}

/** TypeORM answers an UPDATE … RETURNING on Postgres as [rows, affected]. */
export function returning<T>(result: unknown): T[] {
  const r = result as unknown[];
  return (Array.isArray(r[0]) ? r[0] : r) as T[];
}
