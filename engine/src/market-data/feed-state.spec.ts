import { describe, expect, it } from 'vitest';
import { VirtualScheduler } from './clock.js';
import { FeedStateTracker } from './feed-state.js';
import type { FeedState } from './types.js';

describe('feed state tracker', () => {
  it('merges what the feed reports with stale books, emitting only changes', () => {
    const clock = new VirtualScheduler(0);
    const tracker = new FeedStateTracker(['binance', 'gateio'], clock);
    const changes: FeedState[] = [];
    tracker.onChange((s) => changes.push(s));
    expect(tracker.get('binance')).toMatchObject({ status: 'connecting' });

    tracker.reportFeed({ exchange: 'binance', status: 'up', reason: null, since: 0 });
    tracker.reportStale('binance', 0); // no change: no event
    clock.advance(1_000);
    tracker.reportStale('binance', 2);
    tracker.reportStale('binance', 1);
    tracker.reportStale('binance', 0);
    tracker.reportFeed({
      exchange: 'gateio',
      status: 'down',
      reason: 'Sem dados: NetworkError',
      since: 1_000,
    });
    tracker.reportStale('gateio', 3); // already down: stays down with its own reason

    expect(changes.map((c) => [c.exchange, c.status, c.reason])).toEqual([
      ['binance', 'up', null],
      ['binance', 'degraded', '2 livros desatualizados'],
      ['binance', 'degraded', '1 livro desatualizado'],
      ['binance', 'up', null],
      ['gateio', 'down', 'Sem dados: NetworkError'],
    ]);
    expect(changes[2]!.since).toBe(1_000); // same status: 'since' kept
  });
});
