import type { ExchangeId } from './exchanges.js';
import type { FeedStatus } from './market.js';

/**
 * Live system metrics (the admin console). Every api and engine process sends one sample a second to the
 * `admin` room while an admin is watching anywhere; the browser keeps the latest sample per process, adds
 * the engines up and lists each one.
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
