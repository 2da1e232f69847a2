import { Registry, Gauge } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { EXECUTION_LATENCY_METRIC } from '@arbitra/contracts';
import type { BrowserEvents } from '@arbitra/transport';
import { MetricsService } from './metrics.service.js';

/** An engine's metrics as it sends them: prom-client's JSON, with its measured latency when it has one. */
async function engineMetrics(latency: { p50: number; p99: number } | null): Promise<object[]> {
  const registry = new Registry();
  const g = new Gauge({
    name: EXECUTION_LATENCY_METRIC,
    help: 'x',
    labelNames: ['quantile'],
    registers: [registry],
  });
  if (latency) {
    g.set({ quantile: '0.5' }, latency.p50);
    g.set({ quantile: '0.99' }, latency.p99);
  }
  return registry.getMetricsAsJSON();
}

describe("the engines' measured execution latency ('Simular' form's default)", () => {
  it('is null before any engine measured one, the slowest live engine p50/p99 after, and forgets a silent engine', async () => {
    const metrics = new MetricsService({} as BrowserEvents);
    const t0 = 1_000_000;
    metrics.recordEngine({ instanceId: 'a', metrics: await engineMetrics(null) }, t0);
    expect(metrics.executionLatency(t0)).toBeNull();
    metrics.recordEngine({ instanceId: 'b', metrics: await engineMetrics({ p50: 27, p99: 146 }) }, t0);
    metrics.recordEngine({ instanceId: 'c', metrics: await engineMetrics({ p50: 40, p99: 90 }) }, t0);
    expect(metrics.executionLatency(t0)).toEqual({ p50Ms: 40, p99Ms: 146 });
    // engine c stops sending: its figures go stale, b's remain
    metrics.recordEngine(
      { instanceId: 'b', metrics: await engineMetrics({ p50: 27, p99: 146 }) },
      t0 + 60_000,
    );
    expect(metrics.executionLatency(t0 + 60_000)).toEqual({ p50Ms: 27, p99Ms: 146 });
  });
});
