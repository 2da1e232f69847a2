/**
 * What the platform benchmarks share: arguments, quantiles, the Postgres they run on (DATABASE_URL or an embedded
 * one), a fresh migrated database per backend, the backends to run (Postgres always, Redis when it answers) and
 * the environment of the api and engine they start in-process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LEGAL_VERSION } from '@arbitra/contracts';
import { availableRedisUrl } from '../scripts/test-support/redis.js';

export const root = process.cwd(); // bench/run.mjs runs the bundle from the repository root

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export const now = (): number => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A specifier the bundler leaves alone: resolved by Node at run time (packages and built dist files). */
export function dynamic(spec: string): string {
  return spec.startsWith('.') || spec.startsWith('/') ? pathToFileURL(path.resolve(root, spec)).href : spec;
}

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** A numeric `--name value` argument. */
export function numberArg(name: string, fallback: number): number {
  return Number(arg(name, String(fallback)));
}

/** The machine a figure was measured on, for the report: CPUs and load average. */
export function machine(): string {
  return `${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

/**
 * Runs a benchmark's main: exits 0 when it finished, 1 with the error otherwise. A benchmark with browsers in a
 * child process (ClientProcess) passes the child's side: this same bundle forked with `--client-process` runs it.
 */
export function runBench(main: () => Promise<void>, clientProcess?: () => Promise<void>): void {
  if (clientProcess && process.argv.includes('--client-process')) {
    void clientProcess();
    return;
  }
  void main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}

/** How to run this benchmark again, with the arguments it was given. */
export function benchCommand(file: string): string {
  const argv = process.argv.slice(2).join(' ');
  return `node bench/run.mjs bench/${file}${argv ? ' ' + argv : ''}`;
}

/** The report's last line: the command, and what to build before it. */
export function printReproduce(command: string, npmScript: string): void {
  console.log('');
  console.log(`Reproduce: ${command}   (after \`npm run build:node\`; or: npm run ${npmScript})`);
}

/** The api's in-process bootstrap and config parser, from its build (api/dist). */
export async function loadApi() {
  const { createApiApp } = (await import(
    dynamic('./api/dist/bootstrap.js')
  )) as typeof import('../api/src/bootstrap.js');
  const { parseApiConfig } = (await import(
    dynamic('./api/dist/config/config.js')
  )) as typeof import('../api/src/config/config.js');
  return { createApiApp, parseApiConfig };
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** DATABASE_URL, or an embedded Postgres under `tmp` (stopped by `stop`). */
export async function benchPostgres(tmp: string): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  const { startEmbeddedPostgres } = (await import(
    dynamic('./scripts/lib/postgres.mjs')
  )) as typeof import('../scripts/lib/postgres.mjs');
  const t0 = Date.now();
  const handle = await startEmbeddedPostgres({ dir: path.join(tmp, 'postgres'), log: () => {} });
  console.log(`embedded Postgres up in ${Date.now() - t0} ms`);
  return { adminUrl: handle.adminUrl, stop: () => handle.stop() };
}

/** The transports to measure: Postgres, and Redis when REDIS_URL or 127.0.0.1:6379 answers. */
export async function benchBackends(
  wanted: readonly string[],
): Promise<{ name: string; redisUrl: string }[]> {
  const backends: { name: string; redisUrl: string }[] = [];
  if (wanted.includes('postgres')) backends.push({ name: 'postgres', redisUrl: '' });
  if (wanted.includes('redis')) {
    const redisUrl = await availableRedisUrl();
    if (redisUrl) backends.push({ name: 'redis', redisUrl });
    else console.log('Redis does not answer — Redis backend skipped');
  }
  return backends;
}

/** A new database of its own on `adminUrl`, migrated. */
export async function freshDatabase(adminUrl: string): Promise<string> {
  const { runMigrations } = (await import(dynamic('@arbitra/db'))) as typeof import('@arbitra/db');
  const pg = ((await import(dynamic('pg'))) as { default: typeof import('pg') }).default;
  const dbName = `arbitra_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  await runMigrations(dbUrl.toString());
  return dbUrl.toString();
}

/** The api's and engine's environment (as scripts/test-support/platform.ts), rate limits out of the way. */
export function platformEnv(
  databaseUrl: string,
  redisUrl: string,
  extra: Record<string, string>,
): Record<string, string> {
  const generous = '1000000/1h';
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    TRANSPORT_NAMESPACE: `bench${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN_IP: generous,
    RATE_LIMIT_LOGIN_ACCOUNT: generous,
    RATE_LIMIT_REGISTER_IP: generous,
    RATE_LIMIT_FORGOT_IP: generous,
    RATE_LIMIT_FORGOT_ACCOUNT: generous,
    RATE_LIMIT_TWO_FACTOR_IP: generous,
    RATE_LIMIT_TWO_FACTOR_ACCOUNT: generous,
    ...extra,
  };
}

/** Drops a database `freshDatabase` made. */
export async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const pg = ((await import(dynamic('pg'))) as { default: typeof import('pg') }).default;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
  await c.end();
}

export interface ForkedPlatform {
  baseUrl: string;
  apiPid: number;
  enginePid: number;
  /** Closes the api's IPC channel and waits for it to exit on its own (a `--cpu-prof` api writes its profile then). */
  apiExit(): Promise<void>;
  stop(): void;
}

/** Options of the forked processes. */
export interface ForkOptions {
  /** Node options of the api process (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  apiExecArgv?: string[];
}

/** A program of this repository (its dist main) as its own process, resolved once it says it is ready (IPC). */
export async function forkMain(
  main: string,
  env: Record<string, string>,
  execArgv?: string[],
): Promise<import('node:child_process').ChildProcess> {
  const { fork } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = fork(path.resolve(root, main), [], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      ...(execArgv ? { execArgv } : {}),
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${main} exited (${code})`)));
  });
}

/** An api as its own process on a free port (api/dist/main.js), sharing `env`'s database and transport. */
export async function forkApi(
  env: Record<string, string>,
  execArgv?: string[],
): Promise<{ url: string; pid: number; exit(): Promise<void>; stop(): void }> {
  const { freePort } = (await import(
    dynamic('./scripts/lib/ports.mjs')
  )) as typeof import('../scripts/lib/ports.mjs');
  const port = await freePort();
  const api = await forkMain('api/dist/main.js', { ...env, PORT: String(port), HOST: '127.0.0.1' }, execArgv);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: api.pid!,
    // main.ts closes the app and exits once its IPC channel closes.
    exit: () =>
      api.exitCode !== null || api.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            api.once('exit', () => resolve());
            api.disconnect();
          }),
    stop: () => void api.kill('SIGKILL'),
  };
}

/** The api (on a free port) and one engine as their own processes, built as `npm start` runs them (dist). */
export async function forkPlatform(
  env: Record<string, string>,
  options: ForkOptions = {},
): Promise<ForkedPlatform> {
  const engine = await forkMain('engine/dist/main.js', { ...env, ENGINE_INSTANCE_ID: 'engine-bench' });
  const api = await forkApi(env, options.apiExecArgv);
  return {
    baseUrl: api.url,
    apiPid: api.pid,
    enginePid: engine.pid!,
    apiExit: () => api.exit(),
    stop() {
      api.stop();
      engine.kill('SIGKILL');
    },
  };
}

/** What a benchmark of the running platform works with (see withForkedPlatform). */
export interface ForkedBench {
  platform: ForkedPlatform;
  /** A connection to the platform's database. */
  sql: import('pg').Client;
}

/**
 * The platform as `npm start` runs it, for a benchmark run against it: Postgres (DATABASE_URL or an embedded one
 * under a temporary folder named after `name`), a fresh migrated database, the api and one engine forked on it (the
 * Postgres transport) and a database connection; `fn` runs with them, then everything is stopped and removed.
 */
export async function withForkedPlatform(
  name: string,
  fn: (bench: ForkedBench) => Promise<void>,
  options: ForkOptions = {},
): Promise<void> {
  const pg = ((await import(dynamic('pg'))) as { default: typeof import('pg') }).default;
  const tmp = mkdtempSync(path.join(tmpdir(), `arbitra-${name}-`));
  const postgres = await benchPostgres(tmp);
  const databaseUrl = await freshDatabase(postgres.adminUrl);
  const platform = await forkPlatform(platformEnv(databaseUrl, '', {}), options);
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    await fn({ platform, sql });
  } finally {
    await sql.end();
    platform.stop();
    await dropDatabase(postgres.adminUrl, databaseUrl);
    await postgres.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Resident memory of a process, MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const m = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc; 0 once it is gone). */
export function cpuSeconds(pid: number): number {
  try {
    // fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ, 100 on Linux
  } catch {
    return 0;
  }
}

/**
 * The processes of a server running on this machine, with their children: those whose command line contains
 * `needle` (e.g. an embedded Postgres's data directory) or whose name is `name`, and every process they started
 * (Postgres backends). Read again at each call: backends come and go.
 */
export function serverPids({ needle, name }: { needle?: string; name?: string }): number[] {
  const all: { pid: number; ppid: number; comm: string; cmd: string }[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = needle ? readFileSync(`/proc/${d}/cmdline`, 'utf8') : '';
      all.push({ pid: Number(d), ppid, comm, cmd });
    } catch {
      // gone meanwhile
    }
  }
  const roots = new Set(
    all.filter((p) => (needle && p.cmd.includes(needle)) || (name && p.comm === name)).map((p) => p.pid),
  );
  return all.filter((p) => roots.has(p.pid) || roots.has(p.ppid)).map((p) => p.pid);
}

/** CPU time (user + system) the processes have used so far, ms (a process gone counts 0). */
export function cpuMs(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) * 1000;
}

/** Least-squares slope of y over x (per unit of x). */
export function slope(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return num / den;
}

/** JSON over HTTP with a bearer token (the benchmarks' own client). */
export async function http<T>(
  baseUrl: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(baseUrl + url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** A user signed up through the api: id and token. */
export async function signUp(baseUrl: string, name: string): Promise<{ id: string; token: string }> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}.${randomBytes(4).toString('hex')}@bench.test`;
  const r = await http<{ user: { id: string }; token: string }>(baseUrl, 'POST', '/api/auth/register', {
    name,
    email,
    password: 'Senha-forte-123',
    termsVersion: LEGAL_VERSION,
  });
  if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.user.id, token: r.body.token };
}

/**
 * The bench's browsers: this same bundle forked with `--client-process`, talking over IPC. `next()` gives the
 * child's next message (other than those `onMessage` takes) and fails, rather than waiting forever, when the
 * child exits or says nothing within `timeoutMs`: a benchmark must finish and report.
 */
export class ClientProcess<In extends { type: string }, Out> {
  private readonly proc: ChildProcess;
  private waiters: { resolve: (m: In) => void; reject: (e: Error) => void }[] = [];
  private inbox: In[] = [];
  private exited: Error | undefined;
  /** Messages this returns true for are consumed here and never reach `next()` (streams such as trades). */
  onMessage: (m: In) => boolean = () => false;

  constructor() {
    this.proc = fork(process.argv[1]!, ['--client-process'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.proc.on('message', (m: In) => {
      if (this.onMessage(m)) return;
      const w = this.waiters.shift();
      if (w) w.resolve(m);
      else this.inbox.push(m);
    });
    this.proc.on('exit', (code, signal) => {
      this.exited = new Error(`the client process exited (code ${code}, signal ${signal})`);
      for (const w of this.waiters.splice(0)) w.reject(this.exited);
    });
  }

  next(timeoutMs = 600_000): Promise<In> {
    const m = this.inbox.shift();
    if (m) return Promise.resolve(m);
    if (this.exited) return Promise.reject(this.exited);
    return new Promise<In>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`the client process said nothing for ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      const done = (x: In) => {
        clearTimeout(timer);
        resolve(x);
      };
      this.waiters.push({ resolve: done, reject: (e) => (clearTimeout(timer), reject(e)) });
    });
  }

  send(m: Out): void {
    this.proc.send(m as never);
  }

  kill(): void {
    if (this.proc.exitCode === null) this.proc.kill();
  }
}

/** In the client process: send a last message and exit once IPC has flushed it (a large message sent right before
 * `process.exit` can be lost, and its parent would wait for it). */
export function sendAndExit(message: unknown): void {
  process.send!(message, () => process.exit(0));
}
