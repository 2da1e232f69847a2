import { describe, expect, it } from 'vitest';
import type { LiveMetricsSample } from '@arbitra/contracts';
import {
  AdminWatch,
  JobStats,
  LiveMetricsLoop,
  OutcomeCounter,
  ProcessSampler,
  SlidingWindow,
  quantile,
} from './live-metrics.js';
import type { FabricServer } from './sockets.js';
import { FabricBrowserEvents } from './browser-events.js';

describe('live metrics windows', () => {
  it('SlidingWindow counts the last N seconds only', () => {
    const w = new SlidingWindow(10);
    for (let i = 0; i < 5; i++) w.record(i, 100_000 + i * 100);
    w.record(50, 105_000);
    expect(w.read(105_500)).toEqual({ count: 6, values: [0, 1, 2, 3, 4, 50] });
    // 10 s after the first second: only the sample at 105 s is left
    expect(w.read(110_500)).toEqual({ count: 1, values: [50] });
    expect(w.read(200_000).count).toBe(0);
  });

  it('quantile picks the nearest rank', () => {
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(
      quantile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.99,
      ),
    ).toBe(100);
    expect(quantile([], 0.5)).toBeNull();
  });

  it('JobStats and OutcomeCounter cover the last minute', () => {
    const j = new JobStats();
    j.completed('executions', 4, 1_000);
    j.completed('executions', 10, 2_000);
    j.failed('executions', 2_000);
    expect(j.read(3_000)).toEqual([
      { queue: 'executions', completedLastMinute: 2, failedLastMinute: 1, waitP50Ms: 10, waitP99Ms: 10 },
    ]);
    expect(j.read(70_000)[0]).toMatchObject({ completedLastMinute: 0, waitP50Ms: null });
    const o = new OutcomeCounter();
    o.add('completed', 1_000);
    o.add('completed', 2_000);
    o.add('expired', 2_000);
    expect(o.lastMinute(3_000)).toEqual({ completed: 2, expired: 1 });
    expect(o.lastMinute(62_500)).toEqual({});
  });
});

describe('LiveMetricsLoop: samples always, to the admin room only while watched', () => {
  it("sends every sample server-side (the apis' 15 minutes) and to `admin` only while an admin watches", async () => {
    const serverSide: string[] = [];
    const room: string[] = [];
    const io = {
      on: () => undefined,
      serverSideEmit: (event: string) => serverSide.push(event),
      to: (r: string) => ({ emit: (event: string) => room.push(`${r}:${event}`) }),
    } as unknown as FabricServer;
    const events = new FabricBrowserEvents(io);
    let watchers = 0;
    const watch = new AdminWatch(events, 'api:1', () => watchers);
    const own: number[] = [];
    const sampler = new ProcessSampler();
    const loop = new LiveMetricsLoop(
      events,
      watch,
      sampler,
      (process) => ({ instanceId: 'api:1', at: own.length, process }) as unknown as LiveMetricsSample,
      (s) => own.push(s.at),
    );
    await loop.tick();
    await loop.tick();
    expect(serverSide).toEqual(['admin:metrics', 'admin:metrics']);
    expect(room).toEqual([]);
    expect(own).toEqual([0, 1]);
    watchers = 1;
    await loop.tick();
    expect(serverSide).toHaveLength(3);
    expect(room).toEqual(['admin:admin:metrics']);
    expect([loop.sampled, loop.sent]).toEqual([3, 1]);
    loop.stop();
  });
});
