import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { LatencySnapshot } from '../arbitrage/latency.js';
import { MetricsService } from '../publishing/metrics.service.js';
import { ScannerPublisher } from './scanner.publisher.js';
import { ScannerService } from './scanner.service.js';

/** A Prometheus histogram read from a LatencySnapshot (buckets in ms, exposed in seconds). */
function latencyHistogram(registry: Registry, name: string, help: string, read: () => Record<string, LatencySnapshot>) {
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: () => {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const [strategy, snap] of Object.entries(read())) {
        for (const b of snap.buckets) {
          const le = Number.isFinite(b.le) ? b.le / 1000 : '+Inf';
          values.push({ labels: { strategy, le }, value: b.count, metricName: `${name}_bucket` });
        }
        values.push({ labels: { strategy }, value: snap.sumMs / 1000, metricName: `${name}_sum` });
        values.push({ labels: { strategy }, value: snap.count, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset: () => undefined,
  };
  registry.registerMetric(metric as never);
}

/** The scanner's figures as Prometheus metrics, read at scrape time (nothing on the hot path). */
@Injectable()
export class ScannerMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly metrics: MetricsService,
    private readonly scanner: ScannerService,
    private readonly publisher: ScannerPublisher,
  ) {}

  onApplicationBootstrap(): void {
    const registry = this.metrics.registry;
    const snap = () => this.scanner.scanner.metricsSnapshot();
    new Counter({
      name: 'arbitra_engine_book_updates_total',
      help: 'Book updates accepted, per exchange',
      labelNames: ['exchange'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [exchange, n] of Object.entries(snap().marketData.updatesTotal)) this.inc({ exchange }, n);
      },
    });
    new Gauge({
      name: 'arbitra_engine_book_updates_per_second',
      help: 'Book updates accepted per second over the last 5 s, per exchange',
      labelNames: ['exchange'],
      registers: [registry],
      collect() {
        for (const [exchange, n] of Object.entries(snap().marketData.updatesPerSecond)) this.set({ exchange }, n);
      },
    });
    new Counter({
      name: 'arbitra_engine_rejected_updates_total',
      help: 'Book updates rejected, per reason',
      labelNames: ['reason'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [reason, n] of Object.entries(snap().marketData.rejectedTotal)) this.inc({ reason }, n);
      },
    });
    new Gauge({
      name: 'arbitra_engine_stale_books',
      help: 'Books currently stale (left out of detection), per exchange',
      labelNames: ['exchange'],
      registers: [registry],
      collect() {
        for (const [exchange, n] of Object.entries(snap().marketData.staleBooks)) this.set({ exchange }, n);
      },
    });
    new Gauge({
      name: 'arbitra_engine_opportunities_open',
      help: 'Opportunities currently live',
      registers: [registry],
      collect() {
        this.set(snap().detection.registry.open);
      },
    });
    const published = this.publisher.published;
    new Counter({
      name: 'arbitra_engine_events_published_total',
      help: 'Socket messages published, per event',
      labelNames: ['event'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [event, n] of published) this.inc({ event }, n);
      },
    });
    latencyHistogram(
      registry,
      'arbitra_engine_detection_latency_seconds',
      'Book update received → opportunity emitted, per strategy',
      () => snap().detection.latency,
    );
  }
}
