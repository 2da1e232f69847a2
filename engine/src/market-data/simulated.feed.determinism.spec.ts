import { describe, expect, it } from 'vitest';
import { VirtualScheduler } from './clock.js';
import { marketKey, SimulatedFeed, type SimulatedFeedOptions } from './simulated.feed.js';
import type { BookUpdate } from './types.js';

function run(seed: number, ms: number, options: SimulatedFeedOptions = {}): BookUpdate[] {
  const clock = new VirtualScheduler();
  const feed = new SimulatedFeed({ seed, scheduler: clock, ...options });
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

  it('publishes the same books of a market whichever other markets and exchanges are generated', () => {
    const ms = 3 * 60_000; // dozens of dislocations over the universe
    const only = new Set([marketKey('bybit', 'ETH/USDT'), marketKey('gateio', 'ETH/USDT')]);
    const full = run(11, ms).filter((u) => only.has(marketKey(u.exchange, u.symbol)));
    const part = run(11, ms, { exchanges: ['bybit', 'gateio'], markets: only });
    expect(new Set(part.map((u) => marketKey(u.exchange, u.symbol)))).toEqual(only);
    expect(part.length).toBeGreaterThan(500);
    expect(JSON.stringify(part)).toBe(JSON.stringify(full));
  });
});
