import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AggregatorRegistry, collectDefaultMetrics, Registry } from 'prom-client';
import {
  EVENTS,
  EXECUTION_LATENCY_METRIC,
  HEARTBEAT_STALE_MS,
  type EngineMetricsPayload,
  type ExecutionLatency,
} from '@arbitra/contracts';
import { BrowserEvents } from '@arbitra/transport';

/** A metric of prom-client's `getMetricsAsJSON()`, as far as it is read here. */
interface PromMetricJson {
  name?: string;
  values?: { labels?: { quantile?: string }; value?: number }[];
}

const ENGINE_METRICS_STALE_MS = 3 * HEARTBEAT_STALE_MS;

/** The api's own metrics plus the latest ones each engine instance sent over the fabric. */
@Injectable()
export class MetricsService implements OnApplicationBootstrap {
  readonly registry = new Registry();
  private readonly engines = new Map<string, { metrics: object[]; receivedAt: number }>();

  constructor(private readonly events: BrowserEvents) {
    collectDefaultMetrics({ register: this.registry, prefix: 'arbitra_api_' });
  }

  onApplicationBootstrap(): void {
    this.events.onFabricEvent(EVENTS.engineMetrics, (m: EngineMetricsPayload) => this.recordEngine(m));
  }

  recordEngine(payload: EngineMetricsPayload, now = Date.now()): void {
    this.engines.set(payload.instanceId, { metrics: payload.metrics, receivedAt: now });
  }

  /**
   * The engines' measured detection → orders latency (EXECUTION_LATENCY_METRIC: the slowest live engine's p50 and
   * p99), or null while none has measured one.
   */
  executionLatency(now = Date.now()): Omit<ExecutionLatency, 'holdMs'> | null {
    const p50: number[] = [];
    const p99: number[] = [];
    for (const entry of this.engines.values()) {
      if (now - entry.receivedAt > ENGINE_METRICS_STALE_MS) continue;
      const metric = (entry.metrics as PromMetricJson[]).find((m) => m.name === EXECUTION_LATENCY_METRIC);
      const at = (q: string) => metric?.values?.find((v) => v.labels?.quantile === q)?.value;
      const a = at('0.5');
      const b = at('0.99');
      if (a === undefined || b === undefined) continue;
      p50.push(a);
      p99.push(b);
    }
    return p50.length > 0 ? { p50Ms: Math.max(...p50), p99Ms: Math.max(...p99) } : null;
  }

  /** Prometheus text: engine metrics are summed over live instances. */
  async text(now = Date.now()): Promise<{ contentType: string; body: string }> {
    const fresh: object[][] = [];
    for (const [id, entry] of this.engines) {
      if (now - entry.receivedAt > ENGINE_METRICS_STALE_MS) this.engines.delete(id);
      else fresh.push(entry.metrics);
    }
    const own: object[] = await this.registry.getMetricsAsJSON();
    const merged = fresh.length ? AggregatorRegistry.aggregate([own, ...fresh]) : this.registry;
    return { contentType: this.registry.contentType, body: await merged.metrics() };
  }
}
