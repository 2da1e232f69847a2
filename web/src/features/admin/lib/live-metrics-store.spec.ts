import { describe, expect, it } from 'vitest';
import { LIVE_HISTORY_MS as HISTORY_MS, type LiveMetricsSample } from '@arbitra/contracts';
import { LiveMetricsState } from './live-metrics-store';

const base = (over: Partial<LiveMetricsSample>): LiveMetricsSample => ({
  instanceId: 'x',
  kind: 'engine',
  version: '0.1.0',
  startedAt: '2026-11-23T10:00:00.000Z',
  at: 0,
  process: {
    cpuPercent: 10,
    rssBytes: 100 * 1_048_576,
    heapUsedBytes: 1,
    eventLoopLagP99Ms: 5,
    eventLoopLagMeanMs: 1,
  },
  db: { poolSize: 10, poolInUse: 1, poolWaiting: 0, slowQueriesTotal: 0, recentSlow: [] },
  jobs: [],
  ...over,
});

const engine = (id: string, at: number, binance: number, opportunities: number): LiveMetricsSample =>
  base({
    instanceId: id,
    at,
    engine: {
      feeds: [
        {
          exchange: 'binance',
          status: 'up',
          reason: null,
          updatesPerSecond: binance,
          lastUpdateAgeMs: 100,
          reconnects: 0,
        },
      ],
      detectionP50Ms: 0.1,
      detectionP99Ms: id === 'e1' ? 2 : 7,
      opportunitiesOpen: opportunities,
      botsRunning: { paper: 1, live: 0 },
      executionsLastMinute: { completed: 3, failed: 1 },
      takerFees: {},
    },
  });

describe('LiveMetricsState: the platform built from each process', () => {
  it('adds the engines up, keeps the worst tails, reads queues from the freshest api', () => {
    const s = new LiveMetricsState();
    const now = 100_000;
    s.receive(engine('e1', now - 500, 40, 2));
    s.receive(engine('e2', now - 200, 60, 3));
    s.receive(
      base({
        instanceId: 'a1',
        kind: 'api',
        at: now - 100,
        http: { requestsPerSecond: 4, errorRate: 0, p99Ms: 30 },
        socketsConnected: 7,
        queues: [{ queue: 'executions', waiting: 2, active: 1, delayed: 0, failed: 5 }],
      }),
    );
    const p = s.point(now)!;
    expect(p.bookUpdatesPerSecond).toBe(100);
    expect(p.perExchange.binance).toBe(100);
    expect(p.opportunitiesOpen).toBe(5);
    expect(p.detectionP99Ms).toBe(7);
    expect(p.executionsPerMinute).toBe(8);
    expect(p.sockets).toBe(7);
    expect(p.queueWaiting).toBe(2);
    expect(p.queueFailed).toBe(5);
    expect(p.memoryMb).toBe(300);
  });

  it('lists a silent engine and leaves it out of the sums; warns of a stale feed and rising failed jobs', () => {
    const s = new LiveMetricsState();
    const now = 1_000_000;
    s.receive(engine('e1', now - 9_000, 40, 2));
    const stale = engine('e2', now, 0, 0);
    stale.engine!.feeds[0]!.lastUpdateAgeMs = 12_000;
    s.receive(stale);
    s.receive(
      base({
        instanceId: 'a1',
        kind: 'api',
        at: now - 60_000,
        queues: [{ queue: 'q', waiting: 0, active: 0, delayed: 0, failed: 1 }],
      }),
    );
    expect(s.processes(now).silent.map((x) => x.instanceId)).toEqual(['a1', 'e1']);
    expect(s.point(now)!.bookUpdatesPerSecond).toBe(0);
    // failed jobs: 1 a minute ago, 4 now
    s.history = [
      { ...s.point(now)!, t: now - 50_000, queueFailed: 1 },
      { ...s.point(now)!, t: now, queueFailed: 4 },
    ];
    const texts = s.warnings(now).map((w) => w.text);
    expect(texts).toContain('Motor e1 sem sinal há 9 s');
    expect(texts).toContain('Feed Binance sem atualização há mais de 10 s');
    expect(texts).toContain('Jobs com falha aumentando: +3 no último minuto (4 no total)');
  });

  it('keeps 15 minutes of history', () => {
    const s = new LiveMetricsState();
    for (let t = 0; t <= HISTORY_MS + 5_000; t += 1_000) {
      s.receive(engine('e1', t, 10, 1));
      s.tick(t);
    }
    expect(s.history[0]!.t).toBe(5_000);
    expect(s.history).toHaveLength(HISTORY_MS / 1000 + 1);
  });

  it("starts from the api's history: older points go in front, none twice, none older than 15 minutes", () => {
    const api = new LiveMetricsState();
    const now = HISTORY_MS + 60_000;
    for (let t = 0; t <= now; t += 1_000) {
      api.receive(engine('e1', t, 10, 1));
      api.tick(t);
    }
    const page = new LiveMetricsState();
    page.receive(engine('e1', now - 3_000, 20, 2));
    for (const t of [now - 3_000, now - 2_000, now - 1_000]) page.tick(t);
    // The first 2 s after the first sample build no point (every process heard from first): no false drop.
    expect(page.history.map((p) => p.t)).toEqual([now - 1_000]);
    page.seed(api.history, now);
    expect(page.history[0]!.t).toBe(now - HISTORY_MS);
    expect(page.history.map((p) => p.t)).toEqual(
      [...new Set(page.history.map((p) => p.t))].sort((a, b) => a - b),
    );
    expect(page.history.at(-1)!.bookUpdatesPerSecond).toBe(20);
    expect(page.history).toHaveLength(HISTORY_MS / 1000);
  });
});
