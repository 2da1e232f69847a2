import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AggregatorRegistry, collectDefaultMetrics, Registry } from 'prom-client';
import { EVENTS, HEARTBEAT_STALE_MS, type EngineMetricsPayload } from '@arbitra/contracts';
import { BrowserEvents } from '@arbitra/transport';

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
