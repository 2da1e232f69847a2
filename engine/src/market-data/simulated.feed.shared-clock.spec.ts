import { describe, expect, it } from 'vitest';
import { VirtualScheduler } from './clock.js';
import {
  CHECKPOINT_EVERY_MS,
  SimulatedFeed,
  type SharedMarketClock,
  type SimulatedMarketState,
} from './simulated.feed.js';
import type { BookUpdate } from './types.js';

const T0 = Date.UTC(2026, 10, 28, 1, 0, 0);
const key = (u: BookUpdate) => `${u.exchange}:${u.symbol}`;

/** The database's row, in memory: one epoch and the newest checkpoint (JSON, as it is stored). */
function sharedClock(): SharedMarketClock & { saved: number[] } {
  let checkpoint: string | null = null;
  const saved: number[] = [];
  return {
    saved,
    join: () =>
      Promise.resolve({
        epochMs: T0,
        checkpoint: checkpoint === null ? null : (JSON.parse(checkpoint) as SimulatedMarketState),
      }),
    save(_epochMs, state) {
      saved.push(state.modelMs);
      checkpoint = JSON.stringify(state);
    },
  };
}

/** An engine whose process starts `atMs` after the epoch, on its own (virtual) clock. */
async function engine(clock: SharedMarketClock, atMs: number) {
  const scheduler = new VirtualScheduler(T0 + atMs);
  const feed = new SimulatedFeed({ seed: 42, scheduler, sharedClock: clock });
  const updates: BookUpdate[] = [];
  feed.subscribe({ update: (u) => updates.push(u) });
  await feed.start();
  return { scheduler, feed, updates };
}

describe('simulated feed: one market for every engine (shared epoch and checkpoints)', () => {
  it.each([
    ['after a checkpoint', 130_000],
    ['before the first checkpoint', 20_000],
  ])(
    'an engine joining %s publishes the same books at the same instants as the first one',
    async (_, joinMs) => {
      const clock = sharedClock();
      const first = await engine(clock, 0);
      first.scheduler.advance(joinMs + 20_000);
      expect(clock.saved).toEqual(
        Array.from(
          { length: Math.floor((joinMs + 20_000) / CHECKPOINT_EVERY_MS) },
          (_, i) => (i + 1) * CHECKPOINT_EVERY_MS,
        ),
      );

      const late = await engine(clock, joinMs);
      // At once: the newest book of every market at the instant it joins, as the first engine had it.
      const newest = new Map<string, BookUpdate>();
      for (const u of first.updates) if (u.receivedTs <= T0 + joinMs) newest.set(key(u), u);
      const joined = late.updates.splice(0);
      expect(joined.length).toBe(newest.size);
      for (const u of joined) expect(u).toEqual(newest.get(key(u)));

      // Then every book, in order, identical (prices, amounts, exchange and receipt times).
      late.scheduler.advance(20_000);
      const window = first.updates.filter((u) => u.receivedTs > T0 + joinMs);
      expect(late.updates.length).toBeGreaterThan(1_000);
      expect(JSON.stringify(late.updates)).toBe(JSON.stringify(window));
    },
  );

  it('catches up when its timers were late instead of slowing the market down', async () => {
    const clock = sharedClock();
    const onTime = await engine(clock, 0);
    onTime.scheduler.advance(10_000);
    // A process stalled for 3 s at 5 s: its next timer fires when its clock already reads 8 s.
    const virtual = new VirtualScheduler(T0);
    let stall = 0;
    const scheduler = {
      now: () => virtual.now() + stall,
      schedule: (ms: number, fn: () => void) => virtual.schedule(ms, fn),
      sleep: (ms: number) => virtual.sleep(ms),
    };
    const stalled = new SimulatedFeed({ seed: 42, scheduler, sharedClock: clock });
    const updates: BookUpdate[] = [];
    stalled.subscribe({ update: (u) => updates.push(u) });
    await stalled.start();
    virtual.advance(5_000);
    stall = 3_000;
    virtual.advance(2_000);
    const newest = (list: BookUpdate[]) => new Map(list.map((u) => [key(u), u]));
    expect(newest(updates)).toEqual(newest(onTime.updates));
    // Not every book on the way: the 3 s behind were run unpublished, then each market's newest book sent.
    expect(updates.length).toBeLessThan(onTime.updates.length * 0.85);
  });
});
