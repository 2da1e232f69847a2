import {
  createPostgresBackend,
  Queue,
  QueueEvents,
  Worker,
  withBackend,
  type JobsOptions,
  type Processor,
  type WorkerOptions,
} from 'bullmq';
import { DEFAULT_JOB_OPTIONS, type QueueName } from '@arbitra/contracts';
import { redisOptionsFromUrl, transportKind, type TransportConfig, type TransportKind } from './backend.js';

export type QueueWorkerOptions = Omit<WorkerOptions, 'connection'>;

/**
 * The one factory for BullMQ: Redis when REDIS_URL is set, otherwise BullMQ's
 * Postgres backend (schema migrated on first connect). Callers never see which.
 */
export interface QueueFactory {
  readonly kind: TransportKind;
  queue(name: QueueName): Queue;
  worker(name: QueueName, processor: Processor, options?: QueueWorkerOptions): Worker;
  events(name: QueueName): QueueEvents;
  /** Closes every queue, worker and listener this factory made. */
  close(): Promise<void>;
}

interface Closable {
  close(): Promise<void>;
}

export function createQueueFactory(config: TransportConfig): QueueFactory {
  const kind = transportKind(config);
  const made: Closable[] = [];
  const track = <T extends Closable>(thing: T): T => {
    made.push(thing);
    return thing;
  };
  const defaultJobOptions: JobsOptions = { ...DEFAULT_JOB_OPTIONS };

  if (kind === 'redis') {
    const connection = () => redisOptionsFromUrl(config.redisUrl as string);
    const prefix = config.namespace ?? 'bull';
    return {
      kind,
      queue: (name) => track(new Queue(name, { connection: connection(), prefix, defaultJobOptions })),
      worker: (name, processor, options) => track(new Worker(name, processor, { ...options, prefix, connection: connection() })),
      events: (name) => track(new QueueEvents(name, { prefix, connection: connection() })),
      close: () => closeAll(made),
    };
  }

  const pg = withBackend(createPostgresBackend);
  const connection = () => ({ connectionString: config.databaseUrl, migrate: true, max: 4 });
  // The Postgres classes share the Redis ones' API; the generic backend parameter is all that differs.
  return {
    kind,
    queue: (name) => track(new pg.Queue(name, { connection: connection(), defaultJobOptions })) as unknown as Queue,
    worker: (name, processor, options) =>
      track(new pg.Worker(name, processor as never, { ...options, connection: connection() })) as unknown as Worker,
    events: (name) => track(new pg.QueueEvents(name, { connection: connection() })) as unknown as QueueEvents,
    close: () => closeAll(made),
  };
}

async function closeAll(items: Closable[]): Promise<void> {
  const all = items.splice(0).reverse();
  await Promise.allSettled(all.map((item) => item.close()));
}
