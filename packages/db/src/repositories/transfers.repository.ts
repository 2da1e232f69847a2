import type { DataSource, EntityManager } from 'typeorm';
import type {
  ExchangeId,
  PlannedTransfer,
  RebalancePlan,
  TaxTransferInput,
  TransferView,
} from '@arbitra/contracts';
import { BOT_LOCK_CLASS, botLockKey } from './bot-locks.js';
import type { OwnerId } from '../tenancy.js';

/** One rebalance to write: the plan's transfers, each arriving `arrivalMs` after it starts (or its route's minutes). */
export interface RebalanceWrite {
  userId: OwnerId;
  botId: string;
  /** The request's key: a retry (double click, timeout) with it writes nothing more. */
  key: string;
  transfers: readonly PlannedTransfer[];
  table: RebalancePlan['table'];
  usdtBrl: string | null;
  /** Overrides every route's expected minutes (tests: PAPER_TRANSFER_SECONDS). */
  arrivalMs?: number;
  /** How long to wait for the bot's lock (an execution in flight holds it). */
  lockWaitMs?: number;
}

export type RebalanceWriteResult =
  | { outcome: 'executed' | 'already'; transfers: TransferView[] }
  /** The bot is not there (or not the user's, or not paper). */
  | { outcome: 'not_found' }
  /** A source no longer holds what its transfers take (a trade spent it since the plan was read). */
  | { outcome: 'insufficient' }
  /** Transfers of the bot are still in transit. */
  | { outcome: 'in_transit' }
  /** An execution held the bot's lock all the time allowed. */
  | { outcome: 'busy' };

const VIEW = `t.id, t.bot_id AS "botId", t.bot_name AS "botName", t.mode, t.asset, t.from_exchange AS "from",
  t.to_exchange AS "to", t.network, t.amount::text AS amount, t.fee::text AS fee, t.received::text AS received,
  t.status, to_json(t.created_at) #>> '{}' AS "createdAt", to_json(t.arrives_at) #>> '{}' AS "arrivesAt",
  to_json(t.completed_at) #>> '{}' AS "completedAt"`;

const trim = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);
const clean = (rows: TransferView[]): TransferView[] =>
  rows.map((r) => ({ ...r, amount: trim(r.amount), fee: trim(r.fee), received: trim(r.received) }));

/**
 * The ledger's transfers (issue 29): the ONLY code that reads or writes `transfers`. A rebalance is ONE statement
 * that writes the transfers and debits their sources in `bot_balances` (increments on the latest rows, as the trade
 * ledger's); a transfer's arrival is ONE statement that marks it completed and credits its destination. So a bot's
 * balances are always its initial split + its trades' balance changes + its transfers (−amount at the source when a
 * transfer starts, +received at the destination when it arrives): `reconcile` checks exactly that.
 *
 * Concurrency with the bot's executions: a rebalance takes the bot's advisory lock (the one BotLocks holds around an
 * execution, from its balance read to its ledger record) as a transaction lock, so it never debits funds an
 * execution in flight is about to spend; the arrival is a pure increment and takes no lock.
 */
export class TransfersRepository {
  constructor(private readonly ds: DataSource) {}

  async rebalance(w: RebalanceWrite): Promise<RebalanceWriteResult> {
    const existing = await this.forKey(w.userId, w.key);
    if (existing.length > 0) return { outcome: 'already', transfers: existing };
    return this.ds.transaction(async (m) => {
      if (!(await this.lockBot(m, w.botId, Date.now() + (w.lockWaitMs ?? 5_000)))) return { outcome: 'busy' };
      const t = w.transfers;
      const col = <T>(f: (x: PlannedTransfer) => T) => t.map(f);
      const rows: { outcome: 'executed' | 'already' | 'not_found' | 'insufficient' | 'in_transit' }[] =
        await m.query(
          `WITH bot AS (SELECT id, name, mode FROM bots WHERE id = $1 AND user_id = $2 AND mode = 'paper'),
         prior AS (SELECT 1 FROM transfers WHERE user_id = $2 AND rebalance_key = $3 LIMIT 1),
         moving AS (SELECT 1 FROM transfers WHERE bot_id = $1 AND status = 'in_transit' LIMIT 1),
         req AS (SELECT * FROM unnest($4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[],
                   $10::numeric[], $11::numeric[], $12::numeric[], $13::int[])
                   AS r(seq, asset, from_ex, to_ex, network, amount, fee, received, fee_usdt, ms)),
         need AS (SELECT from_ex, asset, SUM(amount) AS total FROM req GROUP BY from_ex, asset),
         held AS (SELECT b.exchange, b.asset, b.amount FROM bot_balances b, bot
                   WHERE b.bot_id = bot.id AND (b.exchange, b.asset) IN (SELECT from_ex, asset FROM need)
                   FOR UPDATE OF b),
         enough AS (SELECT NOT EXISTS (SELECT 1 FROM need n LEFT JOIN held h ON h.exchange = n.from_ex AND h.asset = n.asset
                                        WHERE h.amount IS NULL OR h.amount < n.total) AS ok),
         go AS (SELECT bot.* FROM bot, enough WHERE enough.ok AND NOT EXISTS (SELECT 1 FROM prior)
                  AND NOT EXISTS (SELECT 1 FROM moving)),
         ins AS (
           INSERT INTO transfers (user_id, bot_id, bot_name, rebalance_key, seq, mode, asset, from_exchange, to_exchange,
             network, amount, fee, received, fee_usdt, usdt_brl, table_source, table_as_of, status, arrives_at)
           SELECT $2, go.id, go.name, $3, r.seq, 'paper', r.asset, r.from_ex, r.to_ex, r.network, r.amount, r.fee,
                  r.received, r.fee_usdt, $14::numeric, $15, $16, 'in_transit', now() + make_interval(secs => r.ms / 1000.0)
             FROM go, req r
           ON CONFLICT (user_id, rebalance_key, seq) DO NOTHING
           RETURNING bot_id, from_exchange, asset, amount),
         deb AS (
           UPDATE bot_balances b SET amount = b.amount - s.total, updated_at = now()
             FROM (SELECT bot_id, from_exchange, asset, SUM(amount) AS total FROM ins GROUP BY 1, 2, 3) s
            WHERE b.bot_id = s.bot_id AND b.exchange = s.from_exchange AND b.asset = s.asset
           RETURNING b.exchange)
         SELECT CASE WHEN EXISTS (SELECT 1 FROM prior) THEN 'already'
                     WHEN NOT EXISTS (SELECT 1 FROM bot) THEN 'not_found'
                     WHEN EXISTS (SELECT 1 FROM moving) THEN 'in_transit'
                     WHEN NOT (SELECT ok FROM enough) THEN 'insufficient'
                     WHEN (SELECT count(*) FROM deb) > 0 THEN 'executed'
                     ELSE 'already' END AS outcome`,
          [
            w.botId,
            w.userId,
            w.key,
            t.map((_, i) => i + 1),
            col((x) => x.asset),
            col((x) => x.from),
            col((x) => x.to),
            col((x) => x.network),
            col((x) => x.amount),
            col((x) => x.fee),
            col((x) => x.received),
            col((x) => x.feeUsdt),
            col((x) => w.arrivalMs ?? x.minutes * 60_000),
            w.usdtBrl,
            w.table.source,
            w.table.asOf,
          ],
        );
      const outcome = rows[0]?.outcome ?? 'not_found';
      if (outcome === 'executed' || outcome === 'already')
        return { outcome, transfers: await this.forKey(w.userId, w.key, m) };
      return { outcome };
    });
  }

  /**
   * Transfers whose time has come are credited at their destination (one statement; a transfer is credited once:
   * only an 'in_transit' row turns 'completed', and a concurrent call waits for it and skips it). Optionally one
   * user's or one bot's only. Returns how many arrived.
   */
  async settleDue(filter: { userId?: OwnerId; botId?: string } = {}): Promise<number> {
    const rows: { n: number }[] = await this.ds.query(
      `WITH done AS (
         UPDATE transfers SET status = 'completed', completed_at = now()
          WHERE status = 'in_transit' AND arrives_at <= now()
            AND ($1::uuid IS NULL OR user_id = $1) AND ($2::uuid IS NULL OR bot_id = $2)
          RETURNING bot_id, to_exchange, asset, received),
       cred AS (
         INSERT INTO bot_balances (bot_id, exchange, asset, amount, initial)
           SELECT bot_id, to_exchange, asset, SUM(received), 0 FROM done WHERE bot_id IS NOT NULL GROUP BY 1, 2, 3
         ON CONFLICT (bot_id, exchange, asset) DO UPDATE SET amount = bot_balances.amount + EXCLUDED.amount,
           updated_at = now()
         RETURNING 1)
       SELECT (SELECT count(*) FROM done)::int AS n, (SELECT count(*) FROM cred)::int AS c`,
      [filter.userId ?? null, filter.botId ?? null],
    );
    return rows[0]?.n ?? 0;
  }

  /** The bot's (or, without `botId`, the user's) transfers in transit and the latest ones, newest first. */
  async recent(
    userId: OwnerId,
    botId: string | null,
    limit = 20,
  ): Promise<{ inTransit: TransferView[]; recent: TransferView[] }> {
    const rows: TransferView[] = await this.ds.query(
      `(SELECT ${VIEW} FROM transfers t WHERE t.user_id = $1 AND ($2::uuid IS NULL OR t.bot_id = $2)
          AND t.status = 'in_transit')
       UNION
       (SELECT ${VIEW} FROM transfers t WHERE t.user_id = $1 AND ($2::uuid IS NULL OR t.bot_id = $2)
         ORDER BY t.created_at DESC, t.seq LIMIT $3)
       ORDER BY "createdAt" DESC, id`,
      [userId, botId, limit],
    );
    const all = clean(rows);
    return { inTransit: all.filter((r) => r.status === 'in_transit'), recent: all.slice(0, limit) };
  }

  /** Every transfer of the user of one mode, oldest first (the tax report reads the live ones). */
  async allForUser(userId: OwnerId, mode: 'paper' | 'live'): Promise<TransferView[]> {
    const rows: TransferView[] = await this.ds.query(
      `SELECT ${VIEW} FROM transfers t WHERE t.user_id = $1 AND t.mode = $2 ORDER BY t.created_at, t.seq`,
      [userId, mode],
    );
    return clean(rows);
  }

  /**
   * The user's LIVE transfers for the tax report (oldest first; from the start of São Paulo month `fromMonth`): the
   * fee's R$ value is fee_usdt × usdt_brl (null when either is unknown). Paper transfers never count (simulation).
   */
  async liveForTax(userId: OwnerId, fromMonth?: string): Promise<TaxTransferInput[]> {
    const rows: {
      id: string;
      at: Date;
      month: string;
      asset: string;
      amount: string;
      fee: string;
      fee_brl: string | null;
    }[] = await this.ds.query(
      `SELECT id, created_at AS at, to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM') AS month, asset,
                amount::text, fee::text, (fee_usdt * usdt_brl)::text AS fee_brl
           FROM transfers
          WHERE user_id = $1 AND mode = 'live'
            AND ($2::text IS NULL OR created_at >= (($2 || '-01')::timestamp AT TIME ZONE 'America/Sao_Paulo'))
          ORDER BY created_at, seq`,
      [userId, fromMonth ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      executedAt: new Date(r.at),
      month: r.month,
      asset: r.asset,
      amount: r.amount,
      fee: r.fee,
      feeBrl: r.fee_brl,
    }));
  }

  /** Each São Paulo day's fingerprint of the user's live transfers ('YYYY-MM-DD' → 'count:Σ amount:Σ fee'). */
  async liveDayFingerprints(userId: OwnerId): Promise<Map<string, string>> {
    const rows: { day: string; fp: string }[] = await this.ds.query(
      `SELECT (created_at AT TIME ZONE 'America/Sao_Paulo')::date::text AS day,
              count(*) || ':' || SUM(amount) || ':' || SUM(fee) AS fp
         FROM transfers WHERE user_id = $1 AND mode = 'live' GROUP BY 1 ORDER BY 1`,
      [userId],
    );
    return new Map(rows.map((r) => [r.day, r.fp]));
  }

  /**
   * The bot's balances against its ledger: initial + Σ trade leg changes + Σ transfers, per (exchange, asset), with
   * the balance actually held. Every row's `expected` equals `amount` when nothing was lost or doubled.
   */
  async reconcile(
    botId: string,
  ): Promise<{ exchange: ExchangeId; asset: string; amount: string; expected: string }[]> {
    return this.ds.query(
      `WITH moves AS (
         SELECT exchange, asset, initial AS v FROM bot_balances WHERE bot_id = $1
         UNION ALL
         SELECT l.exchange, split_part(l.symbol, '/', 1),
                CASE WHEN l.side = 'buy' THEN l.filled_amount ELSE -l.filled_amount END
           FROM trade_legs l JOIN trades t ON t.id = l.trade_id WHERE t.bot_id = $1
         UNION ALL
         SELECT l.exchange, split_part(l.symbol, '/', 2),
                CASE WHEN l.side = 'buy' THEN -l.quote_amount ELSE l.quote_amount END
           FROM trade_legs l JOIN trades t ON t.id = l.trade_id WHERE t.bot_id = $1
         UNION ALL
         SELECT l.exchange, COALESCE(NULLIF(l.fee_asset, ''), split_part(l.symbol, '/', 2)), -l.fee FROM trade_legs l JOIN trades t ON t.id = l.trade_id
          WHERE t.bot_id = $1 AND l.fee > 0
         UNION ALL
         SELECT from_exchange, asset, -amount FROM transfers WHERE bot_id = $1
         UNION ALL
         SELECT to_exchange, asset, received FROM transfers WHERE bot_id = $1 AND status = 'completed')
       SELECT m.exchange, m.asset, COALESCE(b.amount, 0)::text AS amount, SUM(m.v)::text AS expected
         FROM moves m LEFT JOIN bot_balances b ON b.bot_id = $1 AND b.exchange = m.exchange AND b.asset = m.asset
        GROUP BY m.exchange, m.asset, b.amount ORDER BY 1, 2`,
      [botId],
    );
  }

  /** The transfers one rebalance request (its key) wrote, in order (none: never executed). */
  async forKey(userId: OwnerId, key: string, m?: EntityManager): Promise<TransferView[]> {
    const rows: TransferView[] = await (m ?? this.ds).query(
      `SELECT ${VIEW} FROM transfers t WHERE t.user_id = $1 AND t.rebalance_key = $2 ORDER BY t.seq`,
      [userId, key],
    );
    return clean(rows);
  }

  /** The bot's execution lock, as this transaction's (released at its end); tried again until `until`. */
  private async lockBot(m: EntityManager, botId: string, until: number): Promise<boolean> {
    let pause = 5;
    for (;;) {
      const [row] = await m.query<{ ok: boolean }[]>(
        `SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS ok`,
        [BOT_LOCK_CLASS, botLockKey(botId)],
      );
      if (row?.ok) return true;
      if (Date.now() >= until) return false;
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 100);
    }
  }
}
