/**
 * What the executor's per-bot lock costs a job (issue 18): `BotLocks.run` (packages/db) around a job that does
 * nothing, against a bare round trip on the same Postgres.
 *
 * - round trip: `SELECT 1` on a bare `pg` client, one at a time (the floor);
 * - sequential: one job at a time, a different bot each (uncontended: one lock and one unlock query per job);
 * - 8 at once: 8 workers (the executor's concurrency) each running jobs of their own bots back to back: the lock and
 *   unlock requests of concurrent jobs go together in one query on the one session;
 * - contended: two BotLocks (two engine processes) running jobs of ONE bot that each hold it `--hold` ms: the time
 *   from a job's start to its lock (the other process's job first, then the retry backoff).
 *
 *   node bench/run.mjs bench/bot-locks.ts [--jobs 2000] [--hold 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  benchPostgres,
  dropDatabase,
  dynamic,
  freshDatabase,
  machine,
  now,
  numberArg,
  quantile,
  runBench,
  sleep,
} from './support.js';

interface Row {
  name: string;
  samples: number;
  mean: number;
  p50: number;
  p99: number;
  note?: string;
}

function row(name: string, ms: number[], note?: string): Row {
  const s = [...ms].sort((a, b) => a - b);
  return {
    name,
    samples: s.length,
    mean: s.reduce((a, b) => a + b, 0) / s.length,
    p50: quantile(s, 0.5),
    p99: quantile(s, 0.99),
    ...(note ? { note } : {}),
  };
}

runBench(async () => {
  const jobs = numberArg('jobs', 2000);
  const hold = numberArg('hold', 5);
  const { BotLocks, createDataSource } = (await import(
    dynamic('@arbitra/db')
  )) as typeof import('@arbitra/db');
  const pg = ((await import(dynamic('pg'))) as { default: typeof import('pg') }).default;
  const tmp = mkdtempSync(path.join(tmpdir(), 'arbitra-locks-'));
  const { adminUrl, stop } = await benchPostgres(tmp);
  const url = await freshDatabase(adminUrl);
  const rows: Row[] = [];
  const ds = createDataSource(url); // BotLocks reads its connection options only
  const a = new BotLocks(ds);
  const b = new BotLocks(ds);
  const bare = new pg.Client({ connectionString: url });
  await bare.connect();
  console.log(`${machine()} at the start`);
  try {
    const bots = Array.from({ length: jobs }, () => randomUUID());
    const forever = () => Date.now() + 60_000;
    const noop = () => Promise.resolve();
    // warm-up: connections, prepared statements, JIT
    for (let i = 0; i < 200; i++) {
      await bare.query('SELECT 1');
      await a.run(bots[i]!, forever(), noop);
    }

    const rtt: number[] = [];
    for (let i = 0; i < jobs; i++) {
      const t0 = now();
      await bare.query('SELECT 1');
      rtt.push(now() - t0);
    }
    rows.push(row('round trip (SELECT 1, bare pg)', rtt));

    const seq: number[] = [];
    for (let i = 0; i < jobs; i++) {
      const t0 = now();
      await a.run(bots[i]!, forever(), noop);
      seq.push(now() - t0);
    }
    rows.push(row('lock + unlock, one job at a time', seq, '2 queries per job'));

    const q0 = a.stats.queries;
    const conc: number[] = [];
    let next = 0;
    const t0 = now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < jobs) {
          const id = bots[next++]!;
          const s = now();
          await a.run(id, forever(), noop);
          conc.push(now() - s);
        }
      }),
    );
    const wall = now() - t0;
    rows.push(
      row(
        'lock + unlock, 8 jobs at once',
        conc,
        `${((a.stats.queries - q0) / jobs).toFixed(2)} queries per job; ${((jobs / wall) * 1000).toFixed(0)} jobs/s`,
      ),
    );

    // Two processes, one bot: each job holds it `hold` ms; the time to get it.
    const bot = randomUUID();
    const waits: number[] = [];
    const contended = Math.min(jobs, 400);
    let done = 0;
    const retried0 = a.stats.retried + b.stats.retried;
    const work = async (locks: InstanceType<typeof BotLocks>) => {
      while (done < contended) {
        const s = now();
        await locks.run(bot, forever(), async () => {
          waits.push(now() - s);
          await sleep(hold);
        });
        done++;
      }
    };
    const c0 = now();
    await Promise.all([work(a), work(b)]);
    const cwall = now() - c0;
    rows.push(
      row(
        `contended: 2 processes, 1 bot, ${hold} ms held (time to the lock)`,
        waits,
        `${((a.stats.retried + b.stats.retried - retried0) / waits.length).toFixed(1)} retries per job; ` +
          `${((waits.length / cwall) * 1000).toFixed(0)} jobs/s (ideal ${(1000 / hold).toFixed(0)})`,
      ),
    );
  } finally {
    await a.close();
    await b.close();
    await bare.end();
    await dropDatabase(adminUrl, url);
    await stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log('\n| measure | samples | mean ms | p50 ms | p99 ms | note |\n|---|---:|---:|---:|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.samples} | ${r.mean.toFixed(3)} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${r.note ?? ''} |`,
    );
  console.log(`\n${machine()} at the end`);
});
