import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '@arbitra/db';
import { startEmbeddedPostgres } from '../lib/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A Postgres URL with the right to create databases; each test file makes its own. */
    pgAdminUrl: string;
    /** A database migrated once for the run, never connected to again: each file's database is a copy of it. */
    pgTemplate: string;
  }
}

/**
 * One real Postgres for the integration run: DATABASE_URL when given, otherwise an
 * embedded server in a temporary directory, removed afterwards. The migrations run once, into a template
 * database; `createTestDatabase()` copies it (CREATE DATABASE … TEMPLATE: a file copy, instead of 29
 * migrations with TypeORM in every file). The embedded server is not durable (no fsync): its data is deleted at the end
 * of the run, and the tests of durability (fault-postgres-restart, root-checkout) start clusters of their own.
 */
export default async function setup(project: TestProject) {
  const given = process.env.DATABASE_URL;
  const dir = given ? undefined : mkdtempSync(path.join(tmpdir(), 'arbitra-it-'));
  const embedded = dir
    ? await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), log: () => {}, durable: false })
    : undefined;
  const adminUrl = given ?? embedded!.adminUrl;
  const template = `arbitra_template_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  await runMigrations(url.toString());
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await admin(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
