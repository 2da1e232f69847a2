import { Inject, Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import {
  EXECUTION_LATENCY_METRIC,
  type ExchangeId,
  type LiveEngineStats,
  type LiveMetricsSample,
  type LiveProcessStats,
} from '@arbitra/contracts';
import { DatabaseStatsReader } from '@arbitra/db';
import {
  AdminWatch,
  BrowserEvents,
  LiveMetricsLoop,
  ProcessSampler,
  type QueueFactory,
} from '@arbitra/transport';
import type { BackgroundService } from '../config/background-service.js';
import { measuredExecutionLatency } from '../backtest/backtests.processor.js';
import { BotRunner } from '../bots/bot-runner.service.js';
import { ExecutionsProcessor } from '../execution/executions.processor.js';
import type { LatencySnapshot } from '../arbitrage/latency.js';
import { ENGINE_IDENTITY, ENGINE_VERSION, type EngineIdentity } from '../config/engine-identity.js';
import { MetricsService } from '../publishing/metrics.service.js';
import { QUEUE_FACTORY } from '../transport/fabric.providers.js';
import { ScannerService } from '../scanner/scanner.service.js';

const finiteOrNull = (n: number) => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : null);

/**
 * This engine's part of the live system metrics: feeds, detection latency, opportunities, bots, executions,
 * the jobs it worked, its process and pool. Sampled every second: sent to the apis (which keep the platform's
 * last 15 minutes) always, and to the `admin` room while an admin watches (an api announces it).
 */
@Injectable()
export class EngineLiveMetricsService implements BackgroundService {
  private watch?: AdminWatch;
  private loop?: LiveMetricsLoop;

  constructor(
    private readonly events: BrowserEvents,
    @Inject(ENGINE_IDENTITY) private readonly identity: EngineIdentity,
    @Inject(QUEUE_FACTORY) private readonly queues: QueueFactory,
    private readonly dbStats: DatabaseStatsReader,
    private readonly scanner: ScannerService,
    private readonly runner: BotRunner,
    private readonly executions: ExecutionsProcessor,
    private readonly prometheus: MetricsService,
  ) {}

  onApplicationBootstrap(): void {
    this.watch = new AdminWatch(this.events, this.identity.instanceId);
    this.watch.start();
    this.loop = new LiveMetricsLoop(this.events, this.watch, new ProcessSampler(), (p) => this.collect(p));
    this.loop.start();
    this.registerPrometheus();
  }

  /** The same figures for Prometheus (sent to the api's /metrics), read at scrape time. */
  private registerPrometheus(): void {
    const registers = [this.prometheus.registry];
    const runner = this.runner;
    const outcomes = () => this.executions.outcomes.lastMinute();
    const db = () => this.dbStats.read();
    new Gauge({
      name: 'arbitra_engine_bots_running',
      help: 'Bots running, per mode',
      labelNames: ['mode'],
      registers,
      collect() {
        const n = { paper: 0, live: 0 };
        for (const b of runner.running()) n[b.mode]++;
        this.set({ mode: 'paper' }, n.paper);
        this.set({ mode: 'live' }, n.live);
      },
    });
    new Gauge({
      name: 'arbitra_engine_executions_last_minute',
      help: 'Executions finished over the last minute, per outcome',
      labelNames: ['outcome'],
      registers,
      collect() {
        this.reset();
        for (const [outcome, n] of Object.entries(outcomes())) this.set({ outcome }, n);
      },
    });
    const executions = this.executions;
    new Gauge({
      // the 'Simular' form's default 'Latência de execução' (the api reads it from here); max over engines
      name: EXECUTION_LATENCY_METRIC,
      help: 'Detection to orders latency of recent executions, ms (absent before 5 executions)',
      labelNames: ['quantile'],
      aggregator: 'max',
      registers,
      collect() {
        this.reset();
        const m = measuredExecutionLatency(executions);
        if (!m) return;
        this.set({ quantile: '0.5' }, m.p50Ms);
        this.set({ quantile: '0.99' }, m.p99Ms);
      },
    });
    new Gauge({
      name: 'arbitra_engine_db_pool_in_use',
      help: 'Database connections in use',
      registers,
      collect() {
        this.set(db().poolInUse);
      },
    });
    new Gauge({
      name: 'arbitra_engine_db_slow_queries_total',
      help: 'Queries slower than 200 ms since start',
      registers,
      collect() {
        this.set(db().slowQueriesTotal);
      },
    });
  }

  onModuleDestroy(): void {
    this.loop?.stop();
    this.watch?.stop();
  }

  get sent(): number {
    return this.loop?.sent ?? 0;
  }

  collect(proc: LiveProcessStats, now = Date.now()): LiveMetricsSample {
    return {
      instanceId: this.identity.instanceId,
      kind: 'engine',
      version: ENGINE_VERSION,
      startedAt: this.identity.startedAt,
      at: now,
      process: proc,
      db: this.dbStats.read(),
      jobs: this.queues.jobStats.read(now),
      engine: this.engineStats(now),
    };
  }

  private engineStats(now: number): LiveEngineStats {
    const s = this.scanner.scanner;
    const m = s.metricsSnapshot();
    const all = m.detection.latency.all;
    const bots = { paper: 0, live: 0 };
    for (const b of this.runner.running()) bots[b.mode]++;
    const fees = s.fees.snapshot();
    return {
      feeds: m.feeds.map((f) => {
        const last = m.marketData.lastUpdateAt[f.exchange];
        return {
          exchange: f.exchange,
          status: f.status,
          reason: f.reason,
          updatesPerSecond: m.marketData.updatesPerSecond[f.exchange] ?? 0,
          lastUpdateAgeMs: last === undefined ? null : Math.max(0, now - last),
          reconnects: s.feedStates.reconnects(f.exchange),
        };
      }),
      detectionP50Ms: finiteOrNull(all.p50Ms),
      detectionP99Ms: finiteOrNull(all.p99Ms),
      ...executionLatency(this.executions.latency.snapshot()),
      opportunitiesOpen: m.detection.registry.open,
      botsRunning: bots,
      executionsLastMinute: this.executions.outcomes.lastMinute(now),
      takerFees: Object.fromEntries(Object.entries(fees).map(([ex, r]) => [ex as ExchangeId, r.taker])),
    };
  }
}

function executionLatency(s: LatencySnapshot): Pick<LiveEngineStats, 'executionP50Ms' | 'executionP99Ms'> {
  return { executionP50Ms: finiteOrNull(s.p50Ms), executionP99Ms: finiteOrNull(s.p99Ms) };
}
