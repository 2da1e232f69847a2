import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_WATCH_INTERVAL_MS,
  ADMIN_WATCH_STALE_MS,
  EVENTS,
  LIVE_METRICS_INTERVAL_MS,
  type AdminWatchingPayload,
  type LiveJobStats,
  type LiveMetricsSample,
  type LiveProcessStats,
} from '@arbitra/contracts';
import type { BrowserEvents } from './browser-events.js';

/** The version of the running code: the nearest package.json above `moduleUrl` (APP_VERSION overrides it). */
export function codeVersion(moduleUrl: string): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  let dir = dirname(fileURLToPath(moduleUrl));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string };
      if (pkg.version) return pkg.version;
    } catch {
      // not here: one level up
    }
    dir = dirname(dir);
  }
  return 'desconhecida';
}

/** The q-quantile of unsorted samples (sorted in place); null when empty. */
export function quantile(values: number[], q: number): number | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(q * values.length))]!;
}

/**
 * Samples kept per second over a sliding window of whole seconds: counts and (bounded) values.
 * O(1) per record; the window is read once a second by the metrics loop.
 */
export class SlidingWindow {
  private readonly slots: { second: number; count: number; values: number[] }[];

  constructor(
    private readonly seconds: number,
    private readonly maxValuesPerSecond = 2_000,
  ) {
    this.slots = Array.from({ length: seconds }, () => ({ second: -1, count: 0, values: [] }));
  }

  record(value?: number, nowMs = Date.now()): void {
    const second = Math.floor(nowMs / 1000);
    const slot = this.slots[second % this.seconds]!;
    if (slot.second !== second) {
      slot.second = second;
      slot.count = 0;
      slot.values.length = 0;
    }
    slot.count++;
    if (value !== undefined && slot.values.length < this.maxValuesPerSecond) slot.values.push(value);
  }

  /** Count and values of the last `seconds` complete seconds plus the current one. */
  read(nowMs = Date.now()): { count: number; values: number[] } {
    const now = Math.floor(nowMs / 1000);
    let count = 0;
    const values: number[] = [];
    for (const slot of this.slots) {
      if (slot.second > now - this.seconds && slot.second <= now) {
        count += slot.count;
        for (const v of slot.values) values.push(v);
      }
    }
    return { count, values };
  }
}

/** CPU, memory and event-loop delay of this process, each call covering the time since the previous one. */
export class ProcessSampler {
  private lastCpu = process.cpuUsage();
  private lastAt = performance.now();
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });

  constructor() {
    this.loop.enable();
  }

  sample(): LiveProcessStats {
    const cpu = process.cpuUsage(this.lastCpu);
    const at = performance.now();
    const wallMs = Math.max(1, at - this.lastAt);
    this.lastCpu = process.cpuUsage();
    this.lastAt = at;
    const mem = process.memoryUsage();
    const lag = this.loop;
    const stats: LiveProcessStats = {
      cpuPercent: round1(((cpu.user + cpu.system) / 1000 / wallMs) * 100),
      rssBytes: mem.rss,
      heapUsedBytes: mem.heapUsed,
      eventLoopLagP99Ms: lag.count > 0 ? round1(lag.percentile(99) / 1e6) : 0,
      eventLoopLagMeanMs: lag.count > 0 ? round1(lag.mean / 1e6) : 0,
    };
    lag.reset();
    return stats;
  }

  stop(): void {
    this.loop.disable();
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Jobs worked by this process, per queue, over the last minute (fed by the queue factory's workers). */
export class JobStats {
  private readonly queues = new Map<string, { done: SlidingWindow; failed: SlidingWindow }>();

  private of(queue: string) {
    let q = this.queues.get(queue);
    if (!q) {
      q = { done: new SlidingWindow(60, 500), failed: new SlidingWindow(60, 0) };
      this.queues.set(queue, q);
    }
    return q;
  }

  completed(queue: string, waitMs: number, nowMs = Date.now()): void {
    this.of(queue).done.record(Math.max(0, waitMs), nowMs);
  }

  failed(queue: string, nowMs = Date.now()): void {
    this.of(queue).failed.record(undefined, nowMs);
  }

  read(nowMs = Date.now()): LiveJobStats[] {
    return [...this.queues].map(([queue, w]) => {
      const done = w.done.read(nowMs);
      return {
        queue,
        completedLastMinute: done.count,
        failedLastMinute: w.failed.read(nowMs).count,
        waitP50Ms: quantile(done.values, 0.5),
        waitP99Ms: quantile(done.values, 0.99),
      };
    });
  }
}

/**
 * Whether an admin watches the live metrics anywhere. api instances with admin sockets announce it
 * (server-side, every ADMIN_WATCH_INTERVAL_MS); every process collects only while someone watches.
 */
export class AdminWatch {
  private lastRemoteAt = -Infinity;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly events: BrowserEvents,
    private readonly instanceId: string,
    /** Admin sockets connected to this process (api); engines have none. */
    private readonly localWatchers: () => number = () => 0,
  ) {}

  start(): void {
    this.events.onFabricEvent(EVENTS.adminWatching, () => {
      this.lastRemoteAt = Date.now();
    });
    this.timer = setInterval(() => {
      const watchers = this.localWatchers();
      if (watchers > 0) {
        const payload: AdminWatchingPayload = { instanceId: this.instanceId, watchers };
        this.events.toEngines(EVENTS.adminWatching, payload);
      }
    }, ADMIN_WATCH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Announces at once (an admin just connected), so the other processes start within a second. */
  announce(): void {
    const watchers = this.localWatchers();
    if (watchers > 0) this.events.toEngines(EVENTS.adminWatching, { instanceId: this.instanceId, watchers });
  }

  watching(now = Date.now()): boolean {
    return this.localWatchers() > 0 || now - this.lastRemoteAt < ADMIN_WATCH_STALE_MS;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * The once-a-second loop: always builds this process's sample (off the hot path: a timer, a few figures
 * already kept) and sends it server-side to the apis, which keep the platform's last 15 minutes; while an
 * admin watches, also to the `admin` room. `onSample` gets this process's own sample (server-side emits
 * skip the sender).
 */
export class LiveMetricsLoop {
  private timer?: NodeJS.Timeout;
  private busy = false;
  /** Samples sent to the admin room since start (tests and the benchmark read it). */
  sent = 0;
  /** Samples built since start (watched or not). */
  sampled = 0;

  constructor(
    private readonly events: BrowserEvents,
    private readonly watch: AdminWatch,
    private readonly sampler: ProcessSampler,
    private readonly collect: (process: LiveProcessStats) => Promise<LiveMetricsSample> | LiveMetricsSample,
    private readonly onSample: (sample: LiveMetricsSample) => void = () => {},
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), LIVE_METRICS_INTERVAL_MS);
    this.timer.unref();
  }

  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const sample = await this.collect(this.sampler.sample());
      this.sampled++;
      this.events.toEngines(EVENTS.adminMetrics, sample);
      this.onSample(sample);
      if (this.watch.watching()) {
        this.events.toAdmins(EVENTS.adminMetrics, sample);
        this.sent++;
      }
    } catch {
      // A failed collection (database away) skips one sample; the page shows the process as silent.
    } finally {
      this.busy = false;
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.sampler.stop();
  }
}

/** Events per kind over the last minute (e.g. execution outcomes). O(1) per event. */
export class OutcomeCounter {
  private readonly kinds = new Map<string, SlidingWindow>();

  add(kind: string, nowMs = Date.now()): void {
    let w = this.kinds.get(kind);
    if (!w) {
      w = new SlidingWindow(60, 0);
      this.kinds.set(kind, w);
    }
    w.record(undefined, nowMs);
  }

  lastMinute(nowMs = Date.now()): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [kind, w] of this.kinds) {
      const n = w.read(nowMs).count;
      if (n > 0) out[kind] = n;
    }
    return out;
  }
}
