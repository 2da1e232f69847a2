import {
  EXCHANGE_IDS,
  LIVE_SAMPLE_STALE_MS,
  exchangeName,
  type ExchangeId,
  type LiveMetricsSample,
  type LiveQueueCounts,
} from '@arbitra/contracts';

/** 15 minutes of one point a second. */
export const HISTORY_MS = 15 * 60_000;

/** One second of the whole platform: engines added up, apis added up, worst tails. */
export interface LivePoint {
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

export interface LiveWarning {
  key: string;
  level: 'warning' | 'critical';
  text: string;
}

/** Thresholds the page warns at. */
export const THRESHOLDS = {
  feedStaleMs: 10_000,
  eventLoopLagMs: 100,
  cpuPercent: 85,
  httpErrorRate: 0.05,
  httpP99Ms: 1_000,
  detectionP99Ms: 50,
} as const;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const maxOrNull = (xs: (number | null | undefined)[]) => {
  const v = xs.filter((x): x is number => typeof x === 'number');
  return v.length ? Math.max(...v) : null;
};

/** The latest sample of each process, and the platform's figures built from them. */
export class LiveMetricsState {
  readonly latest = new Map<string, LiveMetricsSample>();
  history: LivePoint[] = [];

  receive(sample: LiveMetricsSample): void {
    this.latest.set(sample.instanceId, sample);
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
      bookUpdatesPerSecond: round(sum(Object.values(perExchange))),
      perExchange,
      detectionP99Ms: maxOrNull(engines.map((e) => e.engine!.detectionP99Ms)),
      opportunitiesOpen: sum(engines.map((e) => e.engine!.opportunitiesOpen)),
      executionsPerMinute: sum(engines.map((e) => sum(Object.values(e.engine!.executionsLastMinute)))),
      httpRequestsPerSecond: round(sum(apis.map((a) => a.http?.requestsPerSecond ?? 0))),
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

  /** Appends this second's point; drops what is older than 15 minutes. */
  tick(now: number): void {
    const p = this.point(now);
    if (p) this.history = [...this.history, p];
    const from = now - HISTORY_MS;
    if (this.history.length && this.history[0]!.t < from)
      this.history = this.history.filter((x) => x.t >= from);
  }

  warnings(now: number): LiveWarning[] {
    const out: LiveWarning[] = [];
    const { live, silent } = this.processes(now);
    for (const s of silent) {
      const label = s.kind === 'engine' ? 'Motor' : 'API';
      out.push({
        key: `silent:${s.instanceId}`,
        level: 'critical',
        text: `${label} ${s.instanceId} sem sinal há ${Math.round((now - s.at) / 1000)} s`,
      });
    }
    for (const s of live) {
      for (const f of s.engine?.feeds ?? []) {
        if (f.status === 'down' || f.status === 'connecting') {
          out.push({
            key: `feed:${f.exchange}:${s.instanceId}`,
            level: 'critical',
            text: `Feed ${exchangeName(f.exchange)} ${f.status === 'down' ? 'fora do ar' : 'conectando'}${f.reason ? `: ${f.reason}` : ''}`,
          });
        } else if (f.lastUpdateAgeMs === null || f.lastUpdateAgeMs > THRESHOLDS.feedStaleMs) {
          out.push({
            key: `feed:${f.exchange}:${s.instanceId}`,
            level: 'warning',
            text: `Feed ${exchangeName(f.exchange)} sem atualização há mais de ${THRESHOLDS.feedStaleMs / 1000} s`,
          });
        } else if (f.status === 'degraded') {
          out.push({
            key: `feed:${f.exchange}:${s.instanceId}`,
            level: 'warning',
            text: `Feed ${exchangeName(f.exchange)} degradado${f.reason ? `: ${f.reason}` : ''}`,
          });
        }
      }
      if (s.process.eventLoopLagP99Ms > THRESHOLDS.eventLoopLagMs)
        out.push({
          key: `lag:${s.instanceId}`,
          level: 'warning',
          text: `Atraso do event loop em ${s.instanceId}: ${s.process.eventLoopLagP99Ms} ms (p99)`,
        });
      if (s.process.cpuPercent > THRESHOLDS.cpuPercent)
        out.push({
          key: `cpu:${s.instanceId}`,
          level: 'warning',
          text: `CPU de ${s.instanceId} em ${Math.round(s.process.cpuPercent)}%`,
        });
      if (s.db.poolWaiting > 0)
        out.push({
          key: `pool:${s.instanceId}`,
          level: 'warning',
          text: `${s.db.poolWaiting} consulta(s) esperando conexão em ${s.instanceId}`,
        });
      if (s.http && s.http.errorRate > THRESHOLDS.httpErrorRate)
        out.push({
          key: `err:${s.instanceId}`,
          level: 'critical',
          text: `Taxa de erros HTTP em ${(s.http.errorRate * 100).toFixed(1).replace('.', ',')}%`,
        });
      if (s.http?.p99Ms != null && s.http.p99Ms > THRESHOLDS.httpP99Ms)
        out.push({
          key: `p99:${s.instanceId}`,
          level: 'warning',
          text: `HTTP p99 em ${Math.round(s.http.p99Ms)} ms`,
        });
      const det = s.engine?.detectionP99Ms;
      if (det != null && det > THRESHOLDS.detectionP99Ms)
        out.push({
          key: `det:${s.instanceId}`,
          level: 'warning',
          text: `Latência de detecção p99 em ${det} ms`,
        });
    }
    // Failed jobs rising: more failed jobs now than a minute ago.
    const minuteAgo = this.history.find((p) => p.t >= now - 60_000);
    const last = this.history[this.history.length - 1];
    if (minuteAgo && last && last.queueFailed > minuteAgo.queueFailed) {
      out.push({
        key: 'failed-rising',
        level: 'warning',
        text: `Jobs com falha aumentando: +${last.queueFailed - minuteAgo.queueFailed} no último minuto (${last.queueFailed} no total)`,
      });
    }
    return out;
  }
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
