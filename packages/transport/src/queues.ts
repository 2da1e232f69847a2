import {
  createPostgresBackend,
  Queue,
  QueueEvents,
  Worker,
  withBackend,
  type Job,
  type JobsOptions,
  type WorkerOptions,
} from 'bullmq';
import {
  DEFAULT_JOB_OPTIONS,
  type JobDataOf,
  type JobNameOf,
  type QueueJobs,
  type QueueName,
} from '@arbitra/contracts';
import {
  redisOptionsFromUrl,
  TRANSPORT_PG_OPTIONS,
  TransportPgClient,
  transportKind,
  type TransportConfig,
  type TransportKind,
} from './backend.js';
import { JobStats } from './live-metrics.js';

export type QueueWorkerOptions = Omit<WorkerOptions, 'connection'>;

/** A queue of Q: `add(name, data)` takes one of its job names and that job's payload. */
export type TypedQueue<Q extends QueueName> = Queue<JobDataOf<Q>, unknown, JobNameOf<Q>>;

/** A job a worker of Q receives: a union discriminated by `name` (`switch (job.name)` narrows `job.data`). */
export type TypedJob<Q extends QueueName> = {
  [N in JobNameOf<Q>]: Job<QueueJobs[Q][N], unknown, N>;
}[JobNameOf<Q>];

/** A worker's processor for Q. */
export type TypedProcessor<Q extends QueueName> = (job: TypedJob<Q>) => Promise<unknown>;

/**
 * The one factory for BullMQ: Redis when REDIS_URL is set, otherwise BullMQ's
 * Postgres backend (schema migrated on first connect). Callers never see which.
 */
export interface QueueFactory {
  readonly kind: TransportKind;
  queue<Q extends QueueName>(name: Q): TypedQueue<Q>;
  worker<Q extends QueueName>(name: Q, processor: TypedProcessor<Q>, options?: QueueWorkerOptions): Worker;
  events(name: QueueName): QueueEvents;
  /** Jobs this process's workers finished, per queue (the admin's live metrics). */
  readonly jobStats: JobStats;
  /** Closes every queue, worker and listener this factory made. */
  close(): Promise<void>;
}

interface Closable {
  close(): Promise<void>;
  on?(event: 'error', listener: (error: Error) => void): unknown;
}

/** One line per distinct message, at most every 5 s (an outage makes every queue and worker retry at once). */
function throttledReport(report: (error: Error) => void, everyMs = 5_000): (error: Error) => void {
  const last = new Map<string, number>();
  return (error) => {
    const now = Date.now();
    if (now - (last.get(error.message) ?? -Infinity) < everyMs) return;
    last.set(error.message, now);
    report(error);
  };
}

export function createQueueFactory(config: TransportConfig): QueueFactory {
  const kind = transportKind(config);
  const made: Closable[] = [];
  // Without a listener BullMQ prints every connection error with its stack to stderr.
  const onError = throttledReport(
    config.onQueueError ??
      ((e) => process.stderr.write(`[queue] conexão perdida, reconectando: ${e.message}\n`)),
  );
  const track = <T extends Closable>(thing: T): T => {
    made.push(thing);
    thing.on?.('error', onError);
    return thing;
  };
  const defaultJobOptions: JobsOptions = { ...DEFAULT_JOB_OPTIONS };
  const jobStats = new JobStats();
  /** Every worker reports what it finished: O(1) per job. */
  const instrument = (name: QueueName, worker: Worker): Worker => {
    worker.on('completed', (job) =>
      jobStats.completed(name, (job.processedOn ?? Date.now()) - job.timestamp),
    );
    worker.on('failed', () => jobStats.failed(name));
    return worker;
  };

  if (kind === 'redis') {
    const connection = () => redisOptionsFromUrl(config.redisUrl as string);
    const prefix = config.namespace ?? 'bull';
    return {
      kind,
      jobStats,
      queue: <Q extends QueueName>(name: Q) =>
        track(new Queue(name, { connection: connection(), prefix, defaultJobOptions })) as TypedQueue<Q>,
      worker: (name, processor, options) =>
        instrument(
          name,
          track(
            new Worker(name, processor as (job: Job) => Promise<unknown>, {
              ...options,
              prefix,
              connection: connection(),
            }),
          ),
        ),
      events: (name) => track(new QueueEvents(name, { prefix, connection: connection() })),
      close: () => closeAll(made),
    };
  }

  const pg = withBackend(createPostgresBackend);
  // Completed jobs kept by age only: on Postgres, BullMQ's count trim runs a DELETE … NOT IN (the newest `count`
  // jobs) over every kept job at each completion, which halved the worker's throughput in a 1,000-job burst
  // (bench/README.md, execution); the age trim deletes only what expired (an index range).
  const pgJobOptions: JobsOptions = {
    ...defaultJobOptions,
    removeOnComplete: { age: DEFAULT_JOB_OPTIONS.removeOnComplete.age },
  };
  const connection = () => ({
    connectionString: config.databaseUrl,
    migrate: true,
    max: 4,
    options: TRANSPORT_PG_OPTIONS,
    Client: TransportPgClient,
  });
  // The Postgres classes share the Redis ones' API; the generic backend parameter is all that differs.
  return {
    kind,
    jobStats,
    queue: <Q extends QueueName>(name: Q) =>
      track(
        new pg.Queue(name, { connection: connection(), defaultJobOptions: pgJobOptions }),
      ) as unknown as TypedQueue<Q>,
    worker: (name, processor, options) =>
      instrument(
        name,
        track(
          new pg.Worker(name, processor as never, { ...options, connection: connection() }),
        ) as unknown as Worker,
      ),
    events: (name) => track(new pg.QueueEvents(name, { connection: connection() })) as unknown as QueueEvents,
    close: () => closeAll(made),
  };
}

async function closeAll(items: Closable[]): Promise<void> {
  const all = items.splice(0).reverse();
  await Promise.allSettled(all.map((item) => item.close()));
}

/**
 * The one producer: adds the jobs of one queue (typed by QueueJobs), and closes its queue. The api's services that
 * send work to the engine hold one each.
 */
export class JobProducer<Q extends QueueName> {
  /** Typed at the edges (add); BullMQ's own generics cannot follow a generic queue name. */
  private readonly queue: Queue;

  constructor(
    factory: QueueFactory,
    readonly name: Q,
  ) {
    this.queue = factory.queue(name);
  }

  add<N extends JobNameOf<Q>>(job: N, data: JobDataOf<Q, N>, options?: JobsOptions): Promise<Job> {
    return this.queue.add(job, data, options);
  }

  /** A cheap check that the queue backend answers. */
  counts(
    ...types: ('waiting' | 'active' | 'failed' | 'completed' | 'delayed')[]
  ): Promise<Record<string, number>> {
    return this.queue.getJobCounts(...types);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
