/**
 * The floor of the job transport (issue 17 §3): a bare `queue.add` → the worker's processor, through the same
 * factory (packages/transport) the engine uses, on the same database or Redis, with a processor that does nothing.
 * bench/execution.ts measures it per backend in the same run and prints its p99 next to the execution's.
 *
 *   node bench/run.mjs bench/queue-floor.ts [--events 200] [--burst 1000] [--backends postgres,redis]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  arg,
  benchBackends,
  benchPostgres,
  dropDatabase,
  dynamic,
  freshDatabase,
  now,
  quantile,
  sleep,
} from './support.js';

export interface QueueFloor {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** Jobs added in one tick, all processed: time from the first add to the last processed job. */
  burstJobs: number;
  burstMs: number;
  burstPerSecond: number;
}

/** Sequential add → process latency (one job in flight), then a burst of `burst` jobs added at once. */
export async function measureQueueFloor(
  databaseUrl: string,
  redisUrl: string,
  { events = 200, burst = 1000, concurrency = 8 } = {},
): Promise<QueueFloor> {
  const { createQueueFactory } = (await import(
    dynamic('@arbitra/transport')
  )) as typeof import('@arbitra/transport');
  const factory = createQueueFactory({
    databaseUrl,
    redisUrl: redisUrl || undefined,
    namespace: `floor${Math.random().toString(16).slice(2, 8)}`,
  });
  // A queue of the bench's own, outside the platform's typed QueueJobs: the bare add → process of the backend.
  const name = 'bench-floor';
  const bare = factory as unknown as {
    queue(n: string): import('bullmq').Queue<{ key: string }>;
    worker(
      n: string,
      p: (job: import('bullmq').Job<{ key: string }>) => Promise<void>,
      o: { concurrency: number },
    ): import('bullmq').Worker<{ key: string }>;
  };
  const done = new Map<string, number>();
  try {
    const queue = bare.queue(name);
    const worker = bare.worker(
      name,
      async (job) => {
        done.set(job.data.key, now());
        await Promise.resolve();
      },
      { concurrency },
    );
    await worker.waitUntilReady();
    const wait = async (keys: string[], ms: number) => {
      const deadline = Date.now() + ms;
      while (keys.some((k) => !done.has(k))) {
        if (Date.now() > deadline)
          throw new Error(
            `queue floor: ${keys.filter((k) => !done.has(k)).length} jobs not processed in ${ms} ms`,
          );
        await sleep(1);
      }
    };
    // warm-up
    for (let i = 0; i < 20; i++) {
      const key = `w${i}`;
      await queue.add('floor', { key });
      await wait([key], 30_000);
    }
    const latencies: number[] = [];
    for (let i = 0; i < events; i++) {
      const key = `s${i}`;
      const t0 = now();
      await queue.add('floor', { key });
      await wait([key], 30_000);
      latencies.push(done.get(key)! - t0);
      await sleep(5);
    }
    latencies.sort((a, b) => a - b);
    const keys = Array.from({ length: burst }, (_, i) => `b${i}`);
    const t0 = now();
    await Promise.all(keys.map((key) => queue.add('floor', { key })));
    await wait(keys, 120_000);
    const last = Math.max(...keys.map((k) => done.get(k)!));
    return {
      samples: latencies.length,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: latencies[latencies.length - 1]!,
      burstJobs: burst,
      burstMs: last - t0,
      burstPerSecond: (burst * 1000) / (last - t0),
    };
  } finally {
    await factory.close();
  }
}

async function main(): Promise<void> {
  const events = Number(arg('events', '200'));
  const burst = Number(arg('burst', '1000'));
  const tmp = mkdtempSync(path.join(tmpdir(), 'arbitra-floor-'));
  const { adminUrl, stop } = await benchPostgres(tmp);
  try {
    for (const backend of await benchBackends(arg('backends', 'postgres,redis').split(','))) {
      const dbUrl = await freshDatabase(adminUrl);
      try {
        const f = await measureQueueFloor(dbUrl, backend.redisUrl, { events, burst });
        console.log(
          `${backend.name.padEnd(8)} add → process p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms, max ${f.max.toFixed(2)} ms (${f.samples} jobs) | burst ${f.burstJobs} jobs in ${f.burstMs.toFixed(0)} ms = ${f.burstPerSecond.toFixed(0)} jobs/s`,
        );
      } finally {
        await dropDatabase(adminUrl, dbUrl);
      }
    }
  } finally {
    await stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1]?.includes('queue-floor')) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
