import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { AdminUsersRepository, AuditRepository, createDataSource, UnitOfWork } from '@arbitra/db';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/database.js';

/**
 * The last-admin rule locks every enabled admin row while it decides. That lock must not make rows that merely
 * reference an admin wait: CI saw a demotion deadlock with the winner's audit insert (its foreign key takes KEY
 * SHARE on the user rows, which FOR UPDATE blocks) and answer 500 after the change had committed.
 */
describe("the admins' lock (AdminUsersRepository.lockActiveAdmins on real Postgres)", () => {
  let db: TestDatabase;
  let ds: DataSource;
  let admins: AdminUsersRepository;
  let audit: AuditRepository;
  let ids: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url);
    await ds.initialize();
    admins = new AdminUsersRepository(ds);
    audit = new AuditRepository(ds);
    const rows = await ds.query<{ id: string }[]>(
      `INSERT INTO users (name, email, password_hash, role)
       VALUES ('Ana', 'ana@example.com', 'x', 'admin'), ('Bia', 'bia@example.com', 'x', 'admin') RETURNING id`,
    );
    ids = rows.map((r) => r.id).sort();
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('lets an audit row about a locked admin be written meanwhile, and still serialises two deciders', async () => {
    const uow = new UnitOfWork(ds);
    let second: Promise<string[]> | undefined;
    await uow.run(async (tx) => {
      expect(await admins.lockActiveAdmins(tx)).toEqual(ids);
      // Another connection writes an audit row naming both admins: it must not wait for this transaction.
      const runner = ds.createQueryRunner();
      try {
        await runner.query(`SET lock_timeout = '3s'`);
        await audit.insert(
          {
            userId: ids[1]!,
            actorId: ids[0]!,
            action: 'role_changed',
            ip: null,
            userAgent: null,
            metadata: {},
          },
          runner.manager,
        );
      } finally {
        await runner.release();
      }
      // A second decider, though, waits for this one to end.
      let decided = false;
      second = uow.run(async (tx2) => {
        const found = await admins.lockActiveAdmins(tx2);
        decided = true;
        return found;
      });
      await expect
        .poll(
          async () =>
            (
              await ds.query<{ n: string }[]>(
                `SELECT count(*) AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            )[0]!.n,
          { timeout: 30_000 },
        )
        .toBe('1');
      expect(decided).toBe(false);
      await admins.setRoleAndDisabled(ids[1]!, { role: 'user' }, tx);
    });
    // Once the first committed, the second sees the demotion: one admin left.
    expect(await second).toEqual([ids[0]]);
    const rows = await ds.query<{ n: string }[]>(`SELECT count(*) AS n FROM audit_log`);
    expect(rows[0]!.n).toBe('1');
  });
});
