import { createHash } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The pg_locks `classid` of the bot locks: two-int advisory locks `(BOT_LOCK_CLASS, botLockKey(botId))`, shown in
 * pg_locks with `objsubid = 2`. Apart from the recovery lock (bigint `hashtextextended(executionKey, 7)`), the
 * Postgres transport's leases (bigint) and its membership lock (two-int, classid = the namespace's hash, objid 0).
 */
export const BOT_LOCK_CLASS = 0x426f7473; // 'Bots'

/** The second half of a bot's advisory lock: 32 bits of sha256('bot:' + id), signed as Postgres' int4. */
export function botLockKey(botId: string): number {
  return createHash('sha256').update(`bot:${botId}`).digest().readInt32BE(0);
}

/** What {@link BotLocks.run} gives: the work's value, or `locked: false` when the lock was not had in time. */
export type BotLockResult<T> = { locked: true; value: T } | { locked: false };

/** A lock held on one session (its release must go to that session, and is moot once that session died). */
interface Hold {
  key: number;
  session: pg.Client;
}

/** One lock or unlock waiting for the session's next query. */
interface LockOp {
  lock: boolean;
  key: number;
  /** An unlock goes to the session that holds the lock (none: nothing to do). */
  session?: pg.Client;
  done: (ok: boolean, session: pg.Client | null) => void;
  fail: (error: unknown) => void;
}

/** First pause before asking again for a lock another process holds; doubled up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 2;
const MAX_BACKOFF_MS = 50;
/** However late a caller is, its first lock question may wait this long for the session's answer. */
const MIN_ANSWER_WAIT_MS = 1_000;
const APPLICATION_NAME = 'arbitra-bot-locks';

// One statement for any mix of lock and unlock requests (the requests of concurrent jobs go together).
const LOCK_SQL = {
  name: 'arbitra-bot-locks',
  text: `SELECT CASE WHEN t.lock THEN pg_try_advisory_lock($1::int, t.key) ELSE pg_advisory_unlock($1::int, t.key) END AS ok
           FROM unnest($2::bool[], $3::int[]) WITH ORDINALITY AS t(lock, key, i) ORDER BY t.i`,
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One execution at a time per bot, across every engine process: a Postgres session advisory lock per bot, held
 * around the whole execution (from the balance read to the ledger record).
 *
 * - **One session per process.** The locks live on one dedicated connection of this object's own (a `pg` client
 *   on the DataSource's connection options), not on the TypeORM pool: a pool connection held per job in flight
 *   would starve the pool (max 10) the same jobs need for the journal and the ledger. Lock and unlock requests of
 *   concurrent jobs are batched into the session's next query (one round trip for all of them).
 * - **Never blocking on the session.** `pg_try_advisory_lock`, asked again with a backoff (2 → 50 ms) while
 *   another process holds the lock, until the caller's deadline; a blocking `pg_advisory_lock` would stall every
 *   request queued behind it on the shared session.
 * - **One caller per bot in this process.** A session holds its locks re-entrantly, so two jobs of one bot in this
 *   process would both "get" it: callers of one bot queue here first, and only the head of the queue asks Postgres.
 * - **A session that dies takes its locks with it** (Postgres restarted, connection cut; a killed engine's locks are
 *   freed as soon as its socket closes). The next request opens a new session. The window: executions running
 *   while their session died carry on unlocked to their ledger record, so another engine may start an execution of
 *   the same bot, sized on balances that do not include theirs yet — those executions only (a job waiting for its
 *   lock gets it again on the new session). A query that fails ends the session for the same reason: its locks
 *   would be in an unknown state.
 */
export class BotLocks {
  private session: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;
  /** Per bot, the tail of this process's queue of callers. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly ops: LockOp[] = [];
  private flushing = false;
  /** For metrics and tests. */
  readonly stats = { acquired: 0, retried: 0, timedOut: 0, sessionsLost: 0, queries: 0 };

  constructor(private readonly ds: DataSource) {}

  /**
   * Runs `fn` holding the bot's lock. Waits for this process's earlier callers of the bot, then for the lock, until
   * `until` (ms since the epoch; one try at least). `locked: false`: another process held it all that time. Throws
   * when the session could not be had (Postgres down) by then. Not re-entrant: `fn` must not run the same bot again
   * (it would wait for itself).
   */
  async run<T>(botId: string, until: number, fn: () => Promise<T>): Promise<BotLockResult<T>> {
    const previous = this.queues.get(botId) ?? Promise.resolve();
    let done!: () => void;
    const turn = new Promise<void>((r) => (done = r));
    const tail = previous.then(() => turn);
    this.queues.set(botId, tail);
    try {
      await previous;
      const hold = await this.acquire(botLockKey(botId), until);
      if (!hold) return { locked: false };
      try {
        return { locked: true, value: await fn() };
      } finally {
        await this.release(hold);
      }
    } finally {
      done();
      if (this.queues.get(botId) === tail) this.queues.delete(botId);
    }
  }

  /** The backend pid of the current session (null: none open). For tests and diagnostics. */
  sessionPid(): number | null {
    return (this.session as unknown as { processID?: number } | null)?.processID ?? null;
  }

  /** Ends the session (every lock it holds is released by Postgres). */
  async close(): Promise<void> {
    this.closed = true;
    const s = this.session ?? (await this.connecting?.catch(() => null)) ?? null;
    this.session = null;
    if (s) await s.end().catch(() => undefined);
  }

  private async acquire(key: number, until: number): Promise<Hold | null> {
    let backoff = FIRST_BACKOFF_MS;
    let failure: Error | undefined;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0 && Date.now() >= until) break;
      try {
        const hold = await this.tryLock(key, Math.max(until - Date.now(), MIN_ANSWER_WAIT_MS));
        if (hold) {
          this.stats.acquired++;
          return hold;
        }
        failure = undefined;
      } catch (e) {
        failure = e instanceof Error ? e : new Error(String(e));
      }
      const pause = Math.min(backoff, until - Date.now());
      if (pause <= 0) break;
      this.stats.retried++;
      await sleep(pause);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
    if (failure) throw failure;
    this.stats.timedOut++;
    return null;
  }

  /** One try. An answer later than `waitMs` is given up on (null), and a lock it brought is let go at once. */
  private tryLock(key: number, waitMs: number): Promise<Hold | null> {
    return new Promise<Hold | null>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        resolve(null);
      }, waitMs);
      this.submit({
        lock: true,
        key,
        done: (ok, session) => {
          clearTimeout(timer);
          if (!settled) {
            settled = true;
            resolve(ok && session ? { key, session } : null);
          } else if (ok && session) void this.release({ key, session });
        },
        fail: (e) => {
          clearTimeout(timer);
          if (!settled) {
            settled = true;
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        },
      });
    });
  }

  /** Lets a lock go on the session that took it; nothing to do if that session is gone (so is the lock). */
  private release(hold: Hold): Promise<void> {
    if (this.session !== hold.session) return Promise.resolve();
    return new Promise<void>((resolve) =>
      this.submit({
        lock: false,
        key: hold.key,
        session: hold.session,
        done: () => resolve(),
        fail: () => resolve(), // the query failed: the session was ended, and its locks with it
      }),
    );
  }

  private submit(op: LockOp): void {
    this.ops.push(op);
    if (!this.flushing) void this.flush();
  }

  /** Sends the waiting requests, all in one query, as long as there are some. */
  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.ops.length > 0) {
        const batch = this.ops.splice(0, 1_000);
        let session: pg.Client;
        try {
          session = await this.open();
        } catch (e) {
          for (const op of batch) op.fail(e);
          continue;
        }
        const live: LockOp[] = [];
        for (const op of batch) {
          if (op.lock || op.session === session) live.push(op);
          else op.done(false, null); // an unlock for a session that died: its lock died with it
        }
        if (live.length === 0) continue;
        try {
          this.stats.queries++;
          const r = await session.query<{ ok: boolean }>({
            ...LOCK_SQL,
            values: [BOT_LOCK_CLASS, live.map((op) => op.lock), live.map((op) => op.key)],
          });
          live.forEach((op, i) => op.done(r.rows[i]?.ok === true, session));
        } catch (e) {
          this.lost(session, true);
          for (const op of live) op.fail(e);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** The session; a new one if there is none (the previous one died, or none was needed yet). */
  private open(): Promise<pg.Client> {
    if (this.session) return Promise.resolve(this.session);
    if (this.closed) return Promise.reject(new Error('BotLocks closed'));
    this.connecting ??= (async () => {
      const client = new pg.Client({
        ...connectionOf(this.ds),
        application_name: APPLICATION_NAME,
        keepAlive: true,
      });
      client.on('error', () => this.lost(client, true));
      client.on('end', () => this.lost(client, false));
      await client.connect();
      if (this.closed) {
        await client.end().catch(() => undefined);
        throw new Error('BotLocks closed');
      }
      this.session = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: pg.Client, end: boolean): void {
    if (this.session === client) {
      this.session = null;
      this.stats.sessionsLost++;
    }
    if (end) void client.end().catch(() => undefined);
  }
}

/** The connection options of a TypeORM Postgres DataSource, for a `pg` client of its own. */
function connectionOf(ds: DataSource): pg.ClientConfig {
  const o = ds.options as unknown as {
    url?: string;
    host?: string;
    port?: number;
    username?: string;
    password?: pg.ClientConfig['password'];
    database?: string;
    ssl?: pg.ClientConfig['ssl'];
  };
  if (o.url) return { connectionString: o.url, ...(o.ssl !== undefined ? { ssl: o.ssl } : {}) };
  return {
    host: o.host,
    port: o.port,
    user: o.username,
    password: o.password,
    database: o.database,
    ...(o.ssl !== undefined ? { ssl: o.ssl } : {}),
  };
}
