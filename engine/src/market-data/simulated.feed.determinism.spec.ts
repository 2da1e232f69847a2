import { describe, expect, it } from 'vitest';
import { VirtualScheduler } from './clock.js';
import { SimulatedFeed } from './simulated.feed.js';
import type { BookUpdate } from './types.js';

function run(seed: number, ms: number): BookUpdate[] {
  const clock = new VirtualScheduler();
  const feed = new SimulatedFeed({ seed, scheduler: clock });
  const out: BookUpdate[] = [];
  feed.subscribe({ update: (u) => out.push(u) });
  void feed.start();
  clock.advance(ms);
  void feed.stop();
  return out;
}

describe('simulated feed: determinism', () => {
  it('yields the same books for the same seed and different books for another seed', () => {
    const a = run(7, 5_000);
    const b = run(7, 5_000);
    const c = run(8, 5_000);
    expect(a.length).toBeGreaterThan(500);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });
});
