import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { transportKind, transportRedis, type TransportConfig, type TransportKind } from './backend.js';

/**
 * Leases in the transport: who is alive (membership) and who holds what (exclusive leases), so that each
 * running bot and the scanner's publishing are owned by exactly one engine at a time.
 *
 * - Redis (REDIS_URL set): Redis leases with fencing tokens, the pattern of the Redis documentation
 *   ("SET key owner NX PX ttl", renewed and released only by their holder, in Lua scripts so each check-and-set
 *   is atomic). Every acquisition increments a per-key counter: the fencing token (monotonic per key), which
 *   the holder attaches to what it does under the lease. Members are a sorted set scored by expiry (Redis TIME).
 *   A holder that dies stops renewing: its leases and its membership expire after `ttlMs`.
 * - Postgres: session-level advisory locks (`pg_try_advisory_lock`), held on one dedicated connection. Postgres
 *   releases them when that session ends, so a killed engine's leases are free as soon as its socket closes.
 *   Members hold one shared advisory lock and set their id as the connection's application_name; the live members
 *   are read from pg_locks joined to pg_stat_activity. The fencing token is the holder's session (backend pid):
 *   a lock cannot outlive its session, and the holder checks its session on every renew.
 *
 * Keys are plain strings ('bot:<uuid>', 'scanner-publisher'); `namespace` keeps deployments apart.
 */
export interface LeaseStore {
  readonly kind: TransportKind;
  /** How long a lease (and a membership) lasts without renewal (Redis; Postgres: the session's life). */
  readonly ttlMs: number;
  /** Says `memberId` is alive for ttlMs; returns every live member's id (including this one), sorted. */
  heartbeat(): Promise<string[]>;
  /** Tries to take `keys`; returns the ones held now (newly or already) with their fencing tokens. */
  acquire(keys: readonly string[]): Promise<Map<string, number>>;
  /** Extends the held leases; returns the ones still held (a lease lost meanwhile is absent). */
  renew(keys: readonly string[]): Promise<Set<string>>;
  /** Gives leases up (only those this member holds). */
  release(keys: readonly string[]): Promise<void>;
  /**
   * Is `token` still the fencing token of the key's live lease? False once the lease is free or was taken again
   * (Redis: a newer token; Postgres: another session). Any process may ask (the executor checks a job's token).
   */
  isCurrent(key: string, token: number): Promise<boolean>;
  /** The holder of each key, as the store sees it (members' ids; absent: free). For status and tests. */
  holders(keys: readonly string[]): Promise<Map<string, string>>;
  /** Leaves: releases everything and closes the connection. */
  close(): Promise<void>;
}

export interface LeaseStoreOptions {
  memberId: string;
  /** Default 5000 ms (Redis). */
  ttlMs?: number;
}

export function createLeaseStore(config: TransportConfig, options: LeaseStoreOptions): LeaseStore {
  return transportKind(config) === 'redis'
    ? new RedisLeaseStore(config, options)
    : new PostgresLeaseStore(config, options);
}

// ------------------------------------------------------------------------------------------------ Redis

const HEARTBEAT_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZRANGE', KEYS[1], 0, -1)`;

// KEYS: lease keys then their fence keys; ARGV: owner, ttl. Returns one token per key (0: held by another).
const ACQUIRE_LUA = `
local n = #KEYS / 2
local out = {}
for i = 1, n do
  if redis.call('SET', KEYS[i], ARGV[1], 'NX', 'PX', ARGV[2]) then
    out[i] = redis.call('INCR', KEYS[n + i])
  elseif redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
    out[i] = tonumber(redis.call('GET', KEYS[n + i]) or '0')
  else
    out[i] = 0
  end
end
return out`;

const RENEW_LUA = `
local out = {}
for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out`;

const RELEASE_LUA = `
for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
return 1`;

class RedisLeaseStore implements LeaseStore {
  readonly kind = 'redis' as const;
  readonly ttlMs: number;
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly memberId: string;

  constructor(config: TransportConfig, options: LeaseStoreOptions) {
    this.redis = transportRedis(config, 3); // commands fail and are retried by the caller's next tick
    this.prefix = `${config.namespace ?? 'arbitra'}:leases`;
    this.memberId = options.memberId;
    this.ttlMs = options.ttlMs ?? 5_000;
  }

  private lease = (key: string) => `${this.prefix}:lease:${key}`;
  private fence = (key: string) => `${this.prefix}:fence:${key}`;

  async heartbeat(): Promise<string[]> {
    const members = (await this.redis.eval(
      HEARTBEAT_LUA,
      1,
      `${this.prefix}:members`,
      this.memberId,
      this.ttlMs,
    )) as string[];
    return [...members].sort();
  }

  async acquire(keys: readonly string[]): Promise<Map<string, number>> {
    const held = new Map<string, number>();
    for (const chunk of chunks(keys, 500)) {
      const tokens = (await this.redis.eval(
        ACQUIRE_LUA,
        chunk.length * 2,
        ...chunk.map(this.lease),
        ...chunk.map(this.fence),
        this.memberId,
        this.ttlMs,
      )) as number[];
      chunk.forEach((k, i) => {
        if (tokens[i]! > 0) held.set(k, tokens[i]!);
      });
    }
    return held;
  }

  async renew(keys: readonly string[]): Promise<Set<string>> {
    const held = new Set<string>();
    for (const chunk of chunks(keys, 500)) {
      const ok = (await this.redis.eval(
        RENEW_LUA,
        chunk.length,
        ...chunk.map(this.lease),
        this.memberId,
        this.ttlMs,
      )) as number[];
      chunk.forEach((k, i) => {
        if (ok[i] === 1) held.add(k);
      });
    }
    return held;
  }

  async release(keys: readonly string[]): Promise<void> {
    for (const chunk of chunks(keys, 500)) {
      await this.redis.eval(RELEASE_LUA, chunk.length, ...chunk.map(this.lease), this.memberId);
    }
  }

  async isCurrent(key: string, token: number): Promise<boolean> {
    const [holder, fence] = await this.redis.mget(this.lease(key), this.fence(key));
    return holder !== null && Number(fence) === token;
  }

  async holders(keys: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const chunk of chunks(keys, 500)) {
      if (chunk.length === 0) continue;
      const values = await this.redis.mget(...chunk.map(this.lease));
      chunk.forEach((k, i) => {
        if (values[i]) out.set(k, values[i]);
      });
    }
    return out;
  }

  async close(): Promise<void> {
    try {
      await this.redis.zrem(`${this.prefix}:members`, this.memberId);
    } catch {
      // leaving anyway: the membership expires
    }
    this.redis.disconnect();
  }
}

// ------------------------------------------------------------------------------------------------ Postgres

/** The shared advisory lock every live member holds (two-int form: namespace hash, 0). */
const MEMBERSHIP_OBJ = 0;
const APP_PREFIX = 'arbitra-lease:';

/** One isCurrent question: the holder's pid, the key's lock (pg_locks' classid / objid), and its answer. */
interface LockCheck {
  pid: number;
  hi: number;
  lo: number;
  resolve: (current: boolean) => void;
  reject: (error: unknown) => void;
}

class PostgresLeaseStore implements LeaseStore {
  readonly kind = 'postgres' as const;
  readonly ttlMs: number;
  private readonly memberId: string;
  private readonly ns: number;
  private readonly namespace: string;
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  /** The session that holds the membership lock (null: not joined, or that session died). */
  private member: pg.Client | null = null;
  /** Keys this session holds (advisory locks are re-entrant: never take one twice). */
  private readonly held = new Set<string>();
  /** The session's last query: one pg client runs one query at a time, so callers queue here (the executor's
   * fencing checks, the heartbeat and the rebalancer share the session). */
  private tail: Promise<unknown> = Promise.resolve();
  /** isCurrent checks waiting for the next query (runChecks), and whether one is in flight. */
  private readonly checks: LockCheck[] = [];
  private checking = false;

  constructor(
    private readonly config: TransportConfig,
    options: LeaseStoreOptions,
  ) {
    this.memberId = options.memberId;
    this.namespace = config.namespace ?? 'arbitra';
    this.ns = hash32(this.namespace);
    this.ttlMs = options.ttlMs ?? 5_000;
  }

  /** The session the locks live in; a new one (holding nothing) if the previous died. */
  private async session(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.config.databaseUrl,
        application_name: `${APP_PREFIX}${this.namespace}:${this.memberId}`.slice(0, 63),
        keepAlive: true,
      });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      await client.connect();
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.member = null;
    this.held.clear(); // the session's locks died with it
  }

  /** `c.query`, once the session's previous query has answered. */
  private query<R extends pg.QueryResultRow>(
    c: pg.Client,
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const result = this.tail.then(() => c.query<R>(text, values));
    this.tail = result.catch(() => undefined);
    return result;
  }

  async heartbeat(): Promise<string[]> {
    const c = await this.session();
    if (!this.member) {
      // Joins the members: one shared lock, held as long as the session lives.
      await this.query(c, 'SELECT pg_advisory_lock_shared($1, $2)', [this.ns, MEMBERSHIP_OBJ]);
      this.member = c;
    }
    const r = await this.query<{ name: string }>(
      c,
      `SELECT DISTINCT a.application_name AS name
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::int::oid AND l.objid = $2::int::oid
          AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [this.ns, MEMBERSHIP_OBJ],
    );
    const prefix = `${APP_PREFIX}${this.namespace}:`;
    return r.rows
      .map((row) => row.name)
      .filter((n) => n.startsWith(prefix))
      .map((n) => n.slice(prefix.length))
      .sort();
  }

  async acquire(keys: readonly string[]): Promise<Map<string, number>> {
    const c = await this.session();
    const out = new Map<string, number>();
    const wanted = keys.filter((k) => !this.held.has(k));
    for (const chunk of chunks(wanted, 500)) {
      const r = await this.query<{ ok: boolean }>(
        c,
        `SELECT pg_try_advisory_lock(k) AS ok FROM unnest($1::bigint[]) WITH ORDINALITY AS t(k, i) ORDER BY i`,
        [chunk.map((k) => this.lockId(k))],
      );
      chunk.forEach((k, i) => {
        if (r.rows[i]?.ok) this.held.add(k);
      });
    }
    const pid = (c as unknown as { processID?: number }).processID ?? 1;
    for (const k of keys) if (this.held.has(k)) out.set(k, pid);
    return out;
  }

  async renew(keys: readonly string[]): Promise<Set<string>> {
    const c = this.client;
    if (!c) return new Set();
    // The session is alive (the query answers) and still holds the locks (they cannot be lost otherwise).
    await this.query(c, 'SELECT 1');
    return new Set(keys.filter((k) => this.held.has(k)));
  }

  async release(keys: readonly string[]): Promise<void> {
    const c = this.client;
    if (!c) return;
    const mine = keys.filter((k) => this.held.has(k));
    for (const chunk of chunks(mine, 500)) {
      await this.query(c, `SELECT pg_advisory_unlock(k) FROM unnest($1::bigint[]) AS t(k)`, [
        chunk.map((k) => this.lockId(k)),
      ]);
      for (const k of chunk) this.held.delete(k);
    }
  }

  /**
   * The token is the holder's backend pid: current while that session holds the key's lock. Checks asked while
   * one is in flight go together in the next query (a burst of executions asks hundreds at once), and each asks
   * pg_locks for its own lock only: reading every lock the holder has (one per running bot) cost a thousand rows
   * per execution (bench/README.md, execution).
   */
  isCurrent(key: string, token: number): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.checks.push({ pid: token, ...this.lockHalves(key), resolve, reject });
      if (!this.checking) void this.runChecks();
    });
  }

  private async runChecks(): Promise<void> {
    this.checking = true;
    try {
      while (this.checks.length > 0) {
        const batch = this.checks.splice(0, 1_000);
        try {
          const c = await this.session();
          const r = await this.query<{ i: number }>(
            c,
            `SELECT t.i::int AS i
               FROM unnest($1::int[], $2::int8[], $3::int8[]) WITH ORDINALITY AS t(pid, hi, lo, i)
               JOIN pg_locks l ON l.pid = t.pid AND l.classid = t.hi::oid AND l.objid = t.lo::oid
              WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
                AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            [batch.map((b) => b.pid), batch.map((b) => b.hi), batch.map((b) => b.lo)],
          );
          const current = new Set(r.rows.map((row) => row.i - 1));
          batch.forEach((b, i) => b.resolve(current.has(i)));
        } catch (e) {
          for (const b of batch) b.reject(e);
        }
      }
    } finally {
      this.checking = false;
    }
  }

  async holders(keys: readonly string[]): Promise<Map<string, string>> {
    const c = await this.session();
    const ids = keys.map((k) => this.lockId(k));
    const r = await this.query<{ id: string; name: string }>(
      c,
      `SELECT ((l.classid::bigint << 32) | l.objid::bigint)::text AS id, a.application_name AS name
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    const byId = new Map(r.rows.map((row) => [BigInt.asIntN(64, BigInt(row.id)).toString(), row.name]));
    const prefix = `${APP_PREFIX}${this.namespace}:`;
    const out = new Map<string, string>();
    keys.forEach((k, i) => {
      const name = byId.get(ids[i]!);
      if (name?.startsWith(prefix)) out.set(k, name.slice(prefix.length));
    });
    return out;
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = null;
    this.member = null;
    this.held.clear();
    if (c) await c.end().catch(() => undefined); // ending the session releases every lock it held
  }

  /** The 64-bit advisory lock id of a key in this namespace (signed, as Postgres' bigint). */
  private lockId(key: string): string {
    return this.lockHash(key).readBigInt64BE(0).toString();
  }

  /** The lock id's halves as pg_locks shows a bigint advisory lock: classid (high 32 bits), objid (low). */
  private lockHalves(key: string): { hi: number; lo: number } {
    const h = this.lockHash(key);
    return { hi: h.readUInt32BE(0), lo: h.readUInt32BE(4) };
  }

  private lockHash(key: string): Buffer {
    return createHash('sha256').update(`${this.namespace}\u0000${key}`).digest();
  }
}

function hash32(s: string): number {
  return createHash('sha256').update(s).digest().readInt32BE(0);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Rendezvous (highest random weight) hashing: the member a key belongs to, among the live ones. Every engine
 * computes the same answer from the same member list; a member joining or leaving moves only ~1/N of the keys.
 */
export function rendezvousOwner(key: string, members: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = -1n;
  for (const m of members) {
    const score = createHash('sha256').update(`${key}\u0000${m}`).digest().readBigUInt64BE(0);
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
}
