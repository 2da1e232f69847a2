import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_LOCK_CLASS, BotLocks, botLockKey, createDataSource } from '@arbitra/db';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { waitFor } from '../../scripts/test-support/wait.js';

/** A promise and the function that resolves it (a lock holder's work, ended by the test). */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

/** `locks` takes `bot`'s lock and holds it until `release()`; resolves once it is held. */
async function holdLock(locks: BotLocks, bot: string) {
  const holding = gate();
  const held = gate();
  const done = locks.run(bot, Date.now() + 5_000, async () => {
    held.open();
    await holding.wait;
    return 'a';
  });
  await held.wait;
  return { done, release: holding.open };
}

/**
 * The executor's per-bot lock (issue 18) on a real Postgres: two BotLocks are two engine processes (a session
 * each). One holder per bot at a time; the other waits within its deadline, gets it once released, and gets it
 * when the holder's session dies; one caller per bot at a time inside one process too.
 */
describe('BotLocks: one execution per bot across processes (Postgres advisory locks)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let sql: pg.Client;
  const locks: BotLocks[] = [];
  const engine = () => {
    const l = new BotLocks(ds);
    locks.push(l);
    return l;
  };
  /** Sessions holding the bot's lock, as pg_locks shows them. */
  const holders = async (botId: string) =>
    (
      await sql.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1::int::oid
            AND objid = $2::int::oid AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [BOT_LOCK_CLASS, botLockKey(botId)],
      )
    ).rows.map((r) => r.pid);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url); // BotLocks only reads its connection options (a session of its own)
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    for (const l of locks) await l.close();
    await sql?.end();
    await db?.drop();
  });

  it('a second process cannot take a held bot lock, waits for it, and gets it once released', async () => {
    const a = engine();
    const b = engine();
    const bot = randomUUID();
    const other = randomUUID();
    const { done: first, release } = await holdLock(a, bot);
    expect(await holders(bot)).toEqual([a.sessionPid()]);

    // Refused for as long as its deadline lets it ask: never run unlocked.
    const t0 = Date.now();
    let ran = false;
    expect(
      await b.run(bot, Date.now() + 300, () => {
        ran = true;
        return Promise.resolve('b');
      }),
    ).toEqual({ locked: false });
    expect(ran).toBe(false);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    // Another bot is not held up.
    expect(await b.run(other, Date.now() + 1_000, () => Promise.resolve('other'))).toEqual({
      locked: true,
      value: 'other',
    });

    // Waiting within its deadline, it gets the lock once the holder lets go.
    const second = b.run(bot, Date.now() + 10_000, async () => {
      expect(await holders(bot)).toEqual([b.sessionPid()]);
      return 'b';
    });
    await new Promise((r) => setTimeout(r, 200));
    release();
    expect(await first).toEqual({ locked: true, value: 'a' });
    expect(await second).toEqual({ locked: true, value: 'b' });
    expect(await holders(bot), 'released after the work').toEqual([]);
    expect(await holders(other)).toEqual([]);
  }, 30_000);

  it('is free for the others as soon as the holding session dies; the holder opens a new session', async () => {
    const a = engine();
    const b = engine();
    const bot = randomUUID();
    const { done: first, release } = await holdLock(a, bot);
    const pid = a.sessionPid();
    expect(pid).not.toBeNull();
    expect((await b.run(bot, Date.now() + 100, () => Promise.resolve('b'))).locked).toBe(false);

    // The holder's connection dies (as when Postgres restarts, or the engine is killed): its lock goes with it.
    await sql.query('SELECT pg_terminate_backend($1)', [pid]);
    const taken = await b.run(bot, Date.now() + 10_000, () => Promise.resolve('b'));
    expect(taken).toEqual({ locked: true, value: 'b' });

    // The holder's work ends (its release is moot: that session is gone); its next call reconnects.
    release();
    expect(await first).toEqual({ locked: true, value: 'a' });
    expect(await waitFor(() => (a.sessionPid() === pid ? undefined : true), 20_000)).toBe(true);
    const again = await a.run(bot, Date.now() + 10_000, async () => {
      expect(await holders(bot)).toEqual([a.sessionPid()]);
      return 'a again';
    });
    expect(again).toEqual({ locked: true, value: 'a again' });
    expect(a.sessionPid()).not.toBe(pid);
    expect(a.stats.sessionsLost).toBe(1);
    expect(await holders(bot)).toEqual([]);
  }, 30_000);

  it('inside one process, callers of one bot take turns (the session would grant its lock to both)', async () => {
    const a = engine();
    const bot = randomUUID();
    const log: string[] = [];
    const work = (name: string) => async () => {
      log.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 50));
      log.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([1, 2, 3].map((i) => a.run(bot, Date.now() + 5_000, work(`j${i}`))));
    expect(results.map((r) => r.locked)).toEqual([true, true, true]);
    expect(log).toEqual(['j1 in', 'j1 out', 'j2 in', 'j2 out', 'j3 in', 'j3 out']);
    expect(await holders(bot)).toEqual([]);

    // Many bots at once: their requests go together on the one session, and every lock is let go.
    const bots = Array.from({ length: 50 }, () => randomUUID());
    const queries = a.stats.queries;
    const all = await Promise.all(bots.map((id) => a.run(id, Date.now() + 5_000, () => Promise.resolve(id))));
    expect(all.every((r) => r.locked)).toBe(true);
    expect(a.stats.queries - queries, '100 lock and unlock requests batched').toBeLessThan(100);
    const left = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::int::oid AND objsubid = 2`,
      [BOT_LOCK_CLASS],
    );
    expect(left.rows[0]!.n).toBe(0);
  }, 30_000);

  it('a work that throws lets the lock go', async () => {
    const a = engine();
    const b = engine();
    const bot = randomUUID();
    await expect(a.run(bot, Date.now() + 5_000, () => Promise.reject(new Error('falhou')))).rejects.toThrow(
      'falhou',
    );
    expect(await b.run(bot, Date.now() + 1_000, () => Promise.resolve('b'))).toEqual({
      locked: true,
      value: 'b',
    });
  }, 30_000);
});
