import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@arbitra/contracts';
import { createQueueFactory, transportPool } from '@arbitra/transport';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';
import { waitFor } from '../../scripts/test-support/wait.js';

/**
 * A transport connection that Postgres ends while it is checked out and idle (a restart, an admin's terminate): the
 * process goes on (an unhandled 'error' event would end it, and vitest would report it), its caller sees an error,
 * and the pool serves the next statement on a new connection. An engine exited so, beside a Postgres restart.
 */
describe("the transport's Postgres connections when Postgres ends them", () => {
  let db: TestDatabase;
  let admin: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
  }, 120_000);

  afterAll(async () => {
    await admin?.end();
    await db?.drop();
  });

  const terminate = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);

  it('a checked-out idle client of the pool is ended: no crash, an error for its caller, the pool goes on', async () => {
    const pool = transportPool({ databaseUrl: db.url }, 2);
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
      await terminate(rows[0]!.pid);
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      const again = await pool.query<{ one: number }>('SELECT 1 AS one');
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('a queue on Postgres whose connections are all ended still takes jobs', async () => {
    const queues = createQueueFactory({ databaseUrl: db.url });
    try {
      const queue = queues.queue(QUEUES.botCommands);
      await queue.waitUntilReady();
      const ours = () =>
        admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
      for (const { pid } of (await ours()).rows) await terminate(pid);
      const job = await waitFor(
        () =>
          queue
            .add('start', {
              action: 'start',
              botId: 'b-1',
              userId: 'u-1',
              requestedAt: new Date().toISOString(),
            })
            .catch(() => undefined),
        30_000,
        200,
      );
      expect(job?.id).toBeTruthy();
    } finally {
      await queues.close();
    }
  });
});
