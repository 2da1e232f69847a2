import type { Redis } from 'ioredis';
import type pg from 'pg';
import { transportKind, transportPool, transportRedis, type TransportConfig, type TransportKind } from './backend.js';

/**
 * One request budget per key shared by every process of the platform (issue 26 §4): several engines whose bots use
 * the same exchange key spend one budget, so together they stay inside the exchange's limit for that key.
 *
 * The budget is a shared schedule (GCRA, the "virtual scheduling" form of the leaky bucket): each key keeps the
 * time its next request may start (`tat`). `reserve(key, cost, intervalMs)` books `cost × intervalMs` of the key's
 * time at max(tat, now) and answers how long the caller must wait before sending. Whatever the number of callers
 * and processes, the requests of one key start at most `1 / intervalMs` cost units per millisecond: over any
 * window of W ms at most W / intervalMs units (plus the one request in progress). The clock is the store's
 * (Redis TIME, Postgres clock_timestamp()), so processes on machines with different clocks share one schedule.
 *
 * - Redis (REDIS_URL set): one Lua script per reservation (atomic), the key expires once its schedule is past.
 * - Postgres: one UPSERT per reservation on an UNLOGGED table the store creates on first use (transient state, as
 *   BullMQ's tables are the queue's; a crash of Postgres resets the schedules, which only allows one burst).
 */
export interface RateBudget {
  readonly kind: TransportKind;
  /** Books `cost` units (each `intervalMs` long) on `key`; resolves with the ms to wait before sending (0: now). */
  reserve(key: string, cost: number, intervalMs: number): Promise<number>;
  close(): Promise<void>;
}

export function createRateBudget(config: TransportConfig): RateBudget {
  return transportKind(config) === 'redis' ? new RedisRateBudget(config) : new PostgresRateBudget(config);
}

/** The time (ms, a whole number ≥ 1) a reservation books: cost units of intervalMs each. */
function booked(cost: number, intervalMs: number): number {
  if (!(cost >= 0) || !(intervalMs > 0))
    throw new Error(`reserva inválida: custo ${cost}, intervalo ${intervalMs}`);
  return Math.max(1, Math.ceil(cost * intervalMs));
}

// KEYS[1]: the key's schedule; ARGV[1]: ms booked. Returns the wait (ms).
const RESERVE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local nextTat = tat + tonumber(ARGV[1])
redis.call('SET', KEYS[1], nextTat, 'PX', nextTat - now + 1000)
return tat - now`;

class RedisRateBudget implements RateBudget {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(config: TransportConfig) {
    this.redis = transportRedis(config, 2); // a reservation fails; the caller falls back to its own limiter
    this.prefix = `${config.namespace ?? 'arbitra'}:rate:`;
  }

  async reserve(key: string, cost: number, intervalMs: number): Promise<number> {
    const ms = booked(cost, intervalMs);
    return Number(await this.redis.eval(RESERVE_LUA, 1, this.prefix + key, ms));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

const TABLE = 'transport_rate_budgets';

class PostgresRateBudget implements RateBudget {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  private readonly namespace: string;
  private ready: Promise<void> | null = null;

  constructor(config: TransportConfig) {
    this.pool = transportPool(config, 2);
    this.namespace = config.namespace ?? 'arbitra';
  }

  /**
   * Creates the table once. Two processes creating it at the same time: the loser's CREATE fails on the catalog's
   * unique index once the winner commits, and its second try finds the table.
   */
  private prepare(): Promise<void> {
    const create = () =>
      this.pool.query(
        `CREATE UNLOGGED TABLE IF NOT EXISTS ${TABLE} (key text PRIMARY KEY, tat_ms bigint NOT NULL)`,
      );
    this.ready ??= create()
      .catch(create)
      .then(
        () => undefined,
        (e: unknown) => {
          this.ready = null; // asked again at the next reservation
          throw e;
        },
      );
    return this.ready;
  }

  async reserve(key: string, cost: number, intervalMs: number): Promise<number> {
    const ms = booked(cost, intervalMs);
    await this.prepare();
    // now: the database's clock, in ms. The row lock of the UPSERT orders concurrent reservations of one key.
    const r = await this.pool.query<{ wait: string }>(
      `WITH now AS (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms)
       INSERT INTO ${TABLE} AS b (key, tat_ms) SELECT $1, now.ms + $2 FROM now
       ON CONFLICT (key) DO UPDATE SET tat_ms = GREATEST(b.tat_ms, (SELECT ms FROM now)) + $2
       RETURNING (b.tat_ms - $2 - (SELECT ms FROM now))::text AS wait`,
      [`${this.namespace}:${key}`, ms],
    );
    return Math.max(0, Number(r.rows[0]!.wait));
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
