import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { launchPlatform } from '../../scripts/lib/launch.mjs';
import { locationFile, startEmbeddedPostgres } from '../../scripts/lib/postgres.mjs';
import { client, login, register } from './support/http.js';

const isRoot = process.getuid?.() === 0;

/**
 * Issue 32: root cloned into a 0700 home. The launcher's Postgres runs as the `postgres` OS user, which cannot enter
 * it: the cluster goes to a folder it can reach (ARBITRA_SHARED_DIR here, /var/lib/arbitra by default), owned by it,
 * 0700, remembered in `.data/postgres.location` and reused on the next start.
 */
describe.skipIf(!isRoot)('a checkout in a 0700 directory, as root (issue 32)', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'arbitra-root-'));
  chmodSync(base, 0o755);
  const home = path.join(base, 'root');
  mkdirSync(home, { mode: 0o700 });
  chmodSync(home, 0o700);
  const shared = path.join(base, 'var-lib-arbitra');

  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('keeps the cluster where postgres can reach it, and a second start reuses the same data', async () => {
    const dir = path.join(home, 'arbitra', '.data', 'postgres');
    const first = await startEmbeddedPostgres({ dir, shared, log: () => {} });
    let where: string;
    try {
      where = first.dataDir;
      expect(path.dirname(where)).toBe(shared);
      expect(readFileSync(locationFile(dir), 'utf8').trim()).toBe(where);
      const st = statSync(where);
      expect(st.mode & 0o777).toBe(0o700);
      expect(st.uid).not.toBe(0); // the postgres user's
      const c = new pg.Client({ connectionString: first.url });
      await c.connect();
      await c.query(`CREATE TABLE marker (v text); INSERT INTO marker VALUES ('primeira partida')`);
      await c.end();
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dir, shared, log: () => {} });
    try {
      expect(second.dataDir).toBe(where);
      const c = new pg.Client({ connectionString: second.url });
      await c.connect();
      expect((await c.query<{ v: string }>(`SELECT v FROM marker`)).rows).toEqual([
        { v: 'primeira partida' },
      ]);
      await c.end();
    } finally {
      await second.stop();
    }
  }, 180_000);

  it('npm start serves the platform from there, and the next start finds the same accounts', async () => {
    const env = {
      ARBITRA_DATA_DIR: path.join(home, 'checkout', '.data'),
      ARBITRA_SHARED_DIR: shared,
      TRUST_PROXY: 'loopback',
    };
    const first = await launchPlatform({ env });
    let email: string;
    try {
      const call = client(first.baseUrl);
      expect((await call('GET', '/api/health')).status).toBe(200);
      email = (await register(call, { name: 'Raiz' })).email;
      expect(first.output()).toContain(`Postgres embutido em ${shared}/`);
    } finally {
      await first.stop();
    }
    const second = await launchPlatform({ env });
    try {
      const r = await login(client(second.baseUrl), email, 'senha-segura-123');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    } finally {
      await second.stop();
    }
  }, 600_000);
});

describe.skipIf(isRoot)('a checkout in a 0700 directory, as root (issue 32)', () => {
  it.skip('skipped: the suite does not run as root (the postgres OS user only exists for root)', () => {});
});
