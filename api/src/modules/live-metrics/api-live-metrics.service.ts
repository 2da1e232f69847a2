import { hostname } from 'node:os';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import {
  EVENTS,
  LiveMetricsAggregate,
  QUEUES,
  ROOMS,
  type LiveDbStats,
  type LivePoint,
  type LiveMetricsSample,
  type LiveProcessStats,
  type LiveQueueCounts,
  type QueueName,
} from '@arbitra/contracts';
import {
  AdminWatch,
  BrowserEvents,
  codeVersion,
  LiveMetricsLoop,
  ProcessSampler,
  type QueueFactory,
} from '@arbitra/transport';
import { QUEUE_FACTORY } from '../../transport/transport.providers.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { HttpMetrics } from './http-metrics.js';

/** Reads this process's database pool and slow queries (provided by the module from the DataSource). */
export const DB_STATS = Symbol('DB_STATS');
export type DbStatsReader = () => LiveDbStats;

const VERSION = codeVersion(import.meta.url);

/**
 * The api process's part of the live system metrics: HTTP, sockets, its pool and slow queries, and the
 * counts of every queue (shared, so read here, not per engine). Samples itself every second (to every api,
 * and to the `admin` room while an admin watches anywhere); announces its own watching admins to the other
 * processes. Keeps the platform's last 15 minutes from every process's samples (`history()`), so the Sistema
 * page draws them as it opens.
 */
@Injectable()
export class ApiLiveMetricsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ApiLiveMetricsService.name);
  readonly instanceId = `api:${hostname()}:${process.pid}`;
  private readonly startedAt = new Date().toISOString();
  private watch?: AdminWatch;
  private loop?: LiveMetricsLoop;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly aggregate = new LiveMetricsAggregate();

  constructor(
    private readonly events: BrowserEvents,
    private readonly http: HttpMetrics,
    @Inject(QUEUE_FACTORY) private readonly factory: QueueFactory,
    @Inject(DB_STATS) private readonly db: DbStatsReader,
    private readonly prometheus: MetricsService,
  ) {}

  onApplicationBootstrap(): void {
    this.watch = new AdminWatch(this.events, this.instanceId, () => this.events.localSockets(ROOMS.admin));
    this.watch.start();
    this.events.onLocalJoin(ROOMS.admin, () => {
      this.watch?.announce();
      void this.loop?.tick();
    });
    this.events.onFabricEvent(EVENTS.adminMetrics, (sample) => this.aggregate.receive(sample));
    this.loop = new LiveMetricsLoop(
      this.events,
      this.watch,
      new ProcessSampler(),
      (p) => this.collect(p),
      (own) => {
        this.aggregate.receive(own);
        this.aggregate.tick(own.at);
      },
    );
    this.loop.start();
    this.registerPrometheus();
  }

  /** The same figures for Prometheus (/metrics), read at scrape time. */
  private registerPrometheus(): void {
    const registers = [this.prometheus.registry];
    const db = () => this.db();
    const events = this.events;
    new Gauge({
      name: 'arbitra_api_sockets_connected',
      help: 'Browser sockets connected to this api',
      registers,
      collect() {
        this.set(events.localSockets());
      },
    });
    new Gauge({
      name: 'arbitra_api_db_pool_in_use',
      help: 'Database connections in use',
      registers,
      collect() {
        this.set(db().poolInUse);
      },
    });
    new Gauge({
      name: 'arbitra_api_db_slow_queries_total',
      help: 'Queries slower than 200 ms since start',
      registers,
      collect() {
        this.set(db().slowQueriesTotal);
      },
    });
    const counts = () => this.queueCounts();
    new Gauge({
      name: 'arbitra_queue_jobs',
      help: 'Jobs per queue and state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        for (const q of await counts()) {
          for (const state of ['waiting', 'active', 'delayed', 'failed'] as const)
            this.set({ queue: q.queue, state }, q[state]);
        }
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.loop?.stop();
    this.watch?.stop();
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }

  /** Samples sent so far (the benchmark reads it). */
  get sent(): number {
    return this.loop?.sent ?? 0;
  }

  /** The platform's points over the last 15 minutes, oldest first (one a second while this api runs). */
  history(): LivePoint[] {
    return this.aggregate.history;
  }

  /** The queue objects of this process (one per name, made on first use). */
  queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = this.factory.queue(name);
      this.queues.set(name, q);
    }
    return q;
  }

  async collect(proc: LiveProcessStats, now = Date.now()): Promise<LiveMetricsSample> {
    return {
      instanceId: this.instanceId,
      kind: 'api',
      version: VERSION,
      startedAt: this.startedAt,
      at: now,
      process: proc,
      db: this.db(),
      jobs: this.factory.jobStats.read(now),
      http: this.http.read(now),
      socketsConnected: this.events.localSockets(),
      queues: await this.queueCounts(),
    };
  }

  private async queueCounts(): Promise<LiveQueueCounts[]> {
    const out: LiveQueueCounts[] = [];
    for (const name of Object.values(QUEUES)) {
      try {
        const c = await this.queue(name).getJobCounts(
          'waiting',
          'active',
          'delayed',
          'failed',
          'prioritized',
        );
        out.push({
          queue: name,
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
        });
      } catch (e) {
        this.logger.warn(`contagem da fila ${name}: ${(e as Error).message}`);
      }
    }
    return out;
  }
}
