import { Redis } from 'ioredis';
import pg from 'pg';

/** Which backend carries jobs and socket events. Decided once, at boot, from REDIS_URL. */
export type TransportKind = 'redis' | 'postgres';

export interface TransportConfig {
  /** Postgres connection string; always present (embedded by the launcher or DATABASE_URL). */
  databaseUrl: string;
  /** When set, jobs and socket events go through Redis instead of Postgres. */
  redisUrl?: string | undefined;
  /** Keeps several deployments (or test runs) apart on one Redis: queue prefix and channel prefix. */
  namespace?: string | undefined;
  /** Where a socket event that could not be published is reported (default: stderr). Never silent. */
  onPublishError?: ((error: Error) => void) | undefined;
  /** Where a Redis adapter reports that its subscription was missing (then restored) or could not be checked. */
  onSubscriptionLost?: ((error: Error) => void) | undefined;
  /**
   * Where a queue, worker or queue-event listener reports a lost connection (default: one stderr line). They
   * reconnect by themselves; the same message is reported at most every 5 s.
   */
  onQueueError?: ((error: Error) => void) | undefined;
}

export function transportKind(config: TransportConfig): TransportKind {
  return config.redisUrl ? 'redis' : 'postgres';
}

/** ioredis options from a redis:// URL, with what BullMQ workers require. */
export function redisOptionsFromUrl(url: string) {
  const u = new URL(url);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isFinite(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * Session settings of the transport's own Postgres connections (the socket adapter's pool, BullMQ's pools and
 * LISTEN clients): their commits do not wait for the WAL to reach the disk. What they write is transient —
 * queued jobs, their state, socket payloads over NOTIFY's limit — and a commit that waits for fsync costs
 * 5–6 ms on this kind of disk (0.15 ms without; bench/README.md), several times per job: that wait, not
 * Postgres, was the Postgres transport's queue latency and its burst throughput. A crash of Postgres may lose
 * the last few hundred milliseconds of such writes (as Redis without AOF loses them); the executor's ledger,
 * which holds the money, is written through the application's own DataSource with durable commits.
 */
export const TRANSPORT_PG_OPTIONS = '-c synchronous_commit=off';

/**
 * A Redis client of the transport's own (REDIS_URL is set): connection errors are retried by ioredis and the
 * caller sees its commands fail, so the client's 'error' events are not reported again.
 */
export function transportRedis(config: TransportConfig, maxRetriesPerRequest: number): Redis {
  const redis = new Redis({ ...redisOptionsFromUrl(config.redisUrl as string), maxRetriesPerRequest });
  redis.on('error', () => undefined);
  return redis;
}

/**
 * The client class of the transport's pools (`Client` in a pg.Pool's config). A pool listens to the errors of its
 * idle clients only; a client checked out and idle between two statements (BullMQ's schema check and migration at a
 * queue's first use, the socket adapter's LISTEN) has no listener, and when Postgres goes away (a restart, an
 * admin's terminate) its 'error' event would end the process — an engine did exit so, 2 s after its start, beside a
 * Postgres restart. The error is dropped here: the client is no longer queryable, its next statement fails with an
 * error its caller handles, and the pool discards it when it comes back.
 */
export class TransportPgClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

/** A pool of the transport's own Postgres connections (TRANSPORT_PG_OPTIONS, TransportPgClient). */
export function transportPool(config: TransportConfig, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max,
    options: TRANSPORT_PG_OPTIONS,
    Client: TransportPgClient,
  });
  pool.on('error', () => undefined);
  return pool;
}
