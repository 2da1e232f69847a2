/**
 * The cost of the admin console's live metrics (issue 11): CPU % of the api and of the engine, each a separate
 * `node` process as `npm start` runs them, over the same window with no admin connected, while one admin watches
 * (every process samples itself and sends to the `admin` room every second), and after the admin left.
 *
 *   npm run bench:live-metrics -- --window 30
 *
 * CPU % = (utime + stime from /proc/<pid>/stat) / wall time, in % of one core. DATABASE_URL or an embedded Postgres.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import {
  arg,
  benchPostgres,
  dropDatabase,
  dynamic,
  freshDatabase,
  platformEnv,
  root,
  sleep,
} from './support.js';

const WINDOW_S = Number(arg('window', '30'));
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
}

/** CPU % of each process over `seconds`. */
async function measure(
  procs: Record<string, ChildProcess>,
  seconds: number,
): Promise<Record<string, number>> {
  const start = Object.fromEntries(Object.entries(procs).map(([k, p]) => [k, cpuTicks(p.pid!)]));
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - t0) / 1000;
  return Object.fromEntries(
    Object.entries(procs).map(([k, p]) => [
      k,
      ((cpuTicks(p.pid!) - start[k]!) / TICKS_PER_SECOND / wall) * 100,
    ]),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function start(script: string, env: Record<string, string>): ChildProcess {
  return fork(path.join(root, script), [], { env: { ...process.env, ...env }, stdio: 'ignore' });
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'arbitra-live-metrics-'));
  const pgh = await benchPostgres(tmp);
  const db = await freshDatabase(pgh.adminUrl);
  const port = await freePort();
  const env = platformEnv(db, '', { PORT: String(port), MARKET_FEED: 'simulated' });
  const setup = start('api/dist/cli/setup.js', env);
  await new Promise((r) => setup.on('exit', r));
  const procs = { api: start('api/dist/main.js', env), engine: start('engine/dist/main.js', env) };
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 240) throw new Error('a plataforma não ficou pronta em 60 s');
      await sleep(250);
    }
    await sleep(5_000); // past start-up work
    console.log(
      `api pid ${procs.api.pid}, engine pid ${procs.engine.pid}; ${cpus().length} cores; window ${WINDOW_S} s`,
    );
    const idle = await measure(procs, WINDOW_S);

    const login = (await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@arbitra.local', password: 'admin12345' }),
      })
    ).json()) as { access_token: string };
    const { io } = (await import(dynamic('socket.io-client'))) as typeof import('socket.io-client');
    const socket = io(base, { auth: { token: login.access_token }, transports: ['websocket'] });
    const samples = new Map<string, number>();
    let bytes = 0;
    socket.on('admin:metrics', (s: { kind: string }) => {
      samples.set(s.kind, (samples.get(s.kind) ?? 0) + 1);
      bytes += JSON.stringify(s).length;
    });
    await new Promise<void>((r) => socket.on('connect', () => r()));
    await sleep(3_000);
    samples.clear();
    bytes = 0;
    const watched = await measure(procs, WINDOW_S);
    const received = Object.fromEntries([...samples].map(([k, n]) => [k, n / WINDOW_S]));
    const bytesPerSample =
      bytes /
      Math.max(
        1,
        [...samples.values()].reduce((a, b) => a + b, 0),
      );
    socket.disconnect();
    await sleep(7_000); // the announcement goes stale after 5 s
    const after = await measure(procs, WINDOW_S);

    const row = (k: string) =>
      `| ${k} | ${idle[k]!.toFixed(1)} | ${watched[k]!.toFixed(1)} | ${(watched[k]! - idle[k]!).toFixed(1)} | ${after[k]!.toFixed(1)} |`;
    console.log(
      '\n| process | CPU % no admin | CPU % one admin watching | difference | CPU % after the admin left |',
    );
    console.log('|---|---:|---:|---:|---:|');
    console.log(row('api'));
    console.log(row('engine'));
    console.log(
      `\nsamples received per second: api ${(received.api ?? 0).toFixed(2)}, engine ${(received.engine ?? 0).toFixed(2)}; ` +
        `${Math.round(bytesPerSample)} bytes of JSON per sample`,
    );
  } finally {
    procs.api.kill('SIGTERM');
    procs.engine.kill('SIGTERM');
    await sleep(1_000);
    await dropDatabase(pgh.adminUrl, db).catch(() => undefined);
    await pgh.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
