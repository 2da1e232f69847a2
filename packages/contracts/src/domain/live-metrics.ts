import { EXCHANGE_IDS, type ExchangeId } from './exchanges.js';
import type { FeedStatus } from './market.js';

/**
 * Live system metrics (the admin console). Every api and engine process samples itself once a second, always:
 * the sample goes server-side to every api (each keeps the platform's last 15 minutes, LiveMetricsAggregate)
 * and, while an admin is watching anywhere, to the `admin` room too. The browser starts from the api's
 * 15 minutes (GET /api/admin/system?include=history), then adds the same aggregate of the samples it hears.
 */
export const LIVE_METRICS_INTERVAL_MS = 1_000;
/** An api announces its watching admins this often (server-side), so processes know to collect. */
export const ADMIN_WATCH_INTERVAL_MS = 2_000;
/** Nobody is watching when no announcement came for this long. */
export const ADMIN_WATCH_STALE_MS = 5_000;
/** A process whose last sample is older than this is listed as silent. */
export const LIVE_SAMPLE_STALE_MS = 5_000;
/** A query slower than this counts as a slow query. */
export const SLOW_QUERY_MS = 200;

export interface LiveProcessStats {
  /** CPU time over wall time since the last sample, in % of one core. */
  cpuPercent: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** Event-loop delay since the last sample (ms). */
  eventLoopLagP99Ms: number;
  eventLoopLagMeanMs: number;
}

export interface LiveDbStats {
  poolSize: number;
  poolInUse: number;
  poolWaiting: number;
  /** Queries slower than SLOW_QUERY_MS since the process started. */
  slowQueriesTotal: number;
  /** The slowest recent ones (newest first, at most 5). */
  recentSlow: { at: number; ms: number; query: string }[];
}

export interface LiveFeedStats {
  exchange: ExchangeId;
  status: FeedStatus;
  reason: string | null;
  updatesPerSecond: number;
  /** ms since this exchange's last accepted book update; null before the first. */
  lastUpdateAgeMs: number | null;
  /** Times the feed came back up after having been up. */
  reconnects: number;
}

/** Counts of one queue (read by an api process: the queue is shared, not per process). */
export interface LiveQueueCounts {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** Jobs this process worked on one queue over the last minute. */
export interface LiveJobStats {
  queue: string;
  completedLastMinute: number;
  failedLastMinute: number;
  /** Added → picked up (ms), over the last minute; null without jobs. */
  waitP50Ms: number | null;
  waitP99Ms: number | null;
}

export interface LiveHttpStats {
  requestsPerSecond: number;
  /** Share of 5xx answers over the last 10 s (0..1). */
  errorRate: number;
  p99Ms: number | null;
}

export interface LiveEngineStats {
  feeds: LiveFeedStats[];
  detectionP50Ms: number | null;
  detectionP99Ms: number | null;
  /** Detection → orders at the exchange of this engine's executions (recent ones), ms; null before any. */
  executionP50Ms?: number | null;
  executionP99Ms?: number | null;
  opportunitiesOpen: number;
  botsRunning: { paper: number; live: number };
  /** Executions finished over the last minute, per outcome ('completed', 'failed', 'duplicate', 'expired', …). */
  executionsLastMinute: Record<string, number>;
  /** Taker fees this engine applies (fraction, e.g. 0.001), per exchange. */
  takerFees: Record<string, number>;
}

export interface LiveMetricsSample {
  instanceId: string;
  kind: 'api' | 'engine';
  version: string;
  startedAt: string;
  /** ms since the epoch. */
  at: number;
  process: LiveProcessStats;
  db: LiveDbStats;
  jobs: LiveJobStats[];
  /** api only. */
  http?: LiveHttpStats;
  socketsConnected?: number;
  queues?: LiveQueueCounts[];
  /** engine only. */
  engine?: LiveEngineStats;
}

/** Server-side: an api instance says admins are watching (every ADMIN_WATCH_INTERVAL_MS while they are). */
export interface AdminWatchingPayload {
  instanceId: string;
  watchers: number;
}

/** The platform's history kept (api) and drawn (browser): 15 minutes of one point a second. */
export const LIVE_HISTORY_MS = 15 * 60_000;
/**
 * No point is built this long after the first sample heard: every live process (one sample a second each) has been
 * heard by then. A point built from the first sample alone would read as a drop to 0 (an api without the engines).
 */
export const LIVE_WARMUP_MS = 2 * LIVE_METRICS_INTERVAL_MS;

/** One second of the whole platform: engines added up, apis added up, worst tails. */
export interface LivePoint {
  /** ms since the epoch. */
  t: number;
  bookUpdatesPerSecond: number;
  perExchange: Record<ExchangeId, number>;
  detectionP99Ms: number | null;
  opportunitiesOpen: number;
  executionsPerMinute: number;
  httpRequestsPerSecond: number;
  httpP99Ms: number | null;
  httpErrorRate: number;
  eventLoopLagP99Ms: number;
  cpuPercent: number;
  memoryMb: number;
  poolInUse: number;
  queueWaiting: number;
  queueFailed: number;
  sockets: number;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const maxOrNull = (xs: (number | null | undefined)[]) => {
  const v = xs.filter((x): x is number => typeof x === 'number');
  return v.length ? Math.max(...v) : null;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The latest sample of each process and the platform's points built from them, one per tick, over the last
 * LIVE_HISTORY_MS. The one aggregation of the live metrics: the api keeps it for GET /api/admin/system's
 * history, the browser continues it live.
 */
export class LiveMetricsAggregate {
  readonly latest = new Map<string, LiveMetricsSample>();
  /** Oldest first; a new array at each change (the browser re-renders on it). */
  history: LivePoint[] = [];
  private firstHeardAt?: number;

  /** `receivedAt`: when this aggregate heard it (the browser passes its own clock; the sample's by default). */
  receive(sample: LiveMetricsSample, receivedAt = sample.at): void {
    this.firstHeardAt ??= receivedAt;
    const prev = this.latest.get(sample.instanceId);
    if (!prev || prev.at <= sample.at) this.latest.set(sample.instanceId, sample);
  }

  /** Processes heard from within LIVE_SAMPLE_STALE_MS, and the silent ones. */
  processes(now: number): { live: LiveMetricsSample[]; silent: LiveMetricsSample[] } {
    const live: LiveMetricsSample[] = [];
    const silent: LiveMetricsSample[] = [];
    for (const s of this.latest.values()) (now - s.at <= LIVE_SAMPLE_STALE_MS ? live : silent).push(s);
    const order = (a: LiveMetricsSample, b: LiveMetricsSample) =>
      a.kind.localeCompare(b.kind) || a.instanceId.localeCompare(b.instanceId);
    return { live: live.sort(order), silent: silent.sort(order) };
  }

  /** Queue counts: read by the apis (shared queues), the freshest one wins. */
  queues(now: number): LiveQueueCounts[] {
    const apis = this.processes(now).live.filter((s) => s.kind === 'api' && s.queues);
    apis.sort((a, b) => b.at - a.at);
    return apis[0]?.queues ?? [];
  }

  point(now: number): LivePoint | null {
    const { live } = this.processes(now);
    if (live.length === 0) return null;
    const engines = live.filter((s) => s.engine);
    const apis = live.filter((s) => s.kind === 'api');
    const perExchange = Object.fromEntries(EXCHANGE_IDS.map((e) => [e, 0])) as Record<ExchangeId, number>;
    for (const e of engines) for (const f of e.engine!.feeds) perExchange[f.exchange] += f.updatesPerSecond;
    const queues = this.queues(now);
    return {
      t: now,
      bookUpdatesPerSecond: round1(sum(Object.values(perExchange))),
      perExchange,
      detectionP99Ms: maxOrNull(engines.map((e) => e.engine!.detectionP99Ms)),
      opportunitiesOpen: sum(engines.map((e) => e.engine!.opportunitiesOpen)),
      executionsPerMinute: sum(engines.map((e) => sum(Object.values(e.engine!.executionsLastMinute)))),
      httpRequestsPerSecond: round1(sum(apis.map((a) => a.http?.requestsPerSecond ?? 0))),
      httpP99Ms: maxOrNull(apis.map((a) => a.http?.p99Ms)),
      httpErrorRate: maxOrNull(apis.map((a) => a.http?.errorRate)) ?? 0,
      eventLoopLagP99Ms: maxOrNull(live.map((s) => s.process.eventLoopLagP99Ms)) ?? 0,
      cpuPercent: maxOrNull(live.map((s) => s.process.cpuPercent)) ?? 0,
      memoryMb: Math.round(sum(live.map((s) => s.process.rssBytes)) / 1_048_576),
      poolInUse: sum(live.map((s) => s.db.poolInUse)),
      queueWaiting: sum(queues.map((q) => q.waiting)),
      queueFailed: sum(queues.map((q) => q.failed)),
      sockets: sum(apis.map((a) => a.socketsConnected ?? 0)),
    };
  }

  /** Appends this tick's point (none while warming up); drops what is older than LIVE_HISTORY_MS. */
  tick(now: number): void {
    const warm = this.firstHeardAt !== undefined && now - this.firstHeardAt >= LIVE_WARMUP_MS;
    const p = warm ? this.point(now) : null;
    const from = now - LIVE_HISTORY_MS;
    const kept =
      this.history.length && this.history[0]!.t < from
        ? this.history.filter((x) => x.t >= from)
        : this.history;
    this.history = p ? [...kept, p] : kept;
  }

  /** Puts the points before the first one of this aggregate in front (the api's history, fetched once). */
  seed(points: readonly LivePoint[], now: number): void {
    const first = this.history[0]?.t ?? Infinity;
    const from = now - LIVE_HISTORY_MS;
    const older = points.filter((p) => p.t < first && p.t >= from);
    if (older.length) this.history = [...older, ...this.history];
  }
}
