import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../lib/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A Postgres URL with the right to create databases; each test file makes its own. */
    pgAdminUrl: string;
  }
}

/**
 * One real Postgres for the integration run: DATABASE_URL when given, otherwise an
 * embedded server in a temporary directory, removed afterwards.
 */
export default async function setup(project: TestProject) {
  const given = process.env.DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrl', given);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'arbitra-it-'));
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), log: () => {} });
  project.provide('pgAdminUrl', pg.adminUrl);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
