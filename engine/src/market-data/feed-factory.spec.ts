import { describe, expect, it } from 'vitest';
import { VirtualScheduler } from './clock.js';
import { CcxtFeed } from './ccxt.feed.js';
import { createMarketFeed, parseReplaySpeed } from './feed-factory.js';
import { ReplayFeed } from './replay.feed.js';
import { SimulatedFeed } from './simulated.feed.js';

describe('feed factory (MARKET_FEED)', () => {
  it('builds the feed the configuration names, simulated by default', () => {
    expect(createMarketFeed()).toBeInstanceOf(SimulatedFeed);
    expect(createMarketFeed({ kind: 'simulated', seed: 9 }).simulated).toBe(true);
    expect(createMarketFeed({ kind: 'replay', replayFile: '/tmp/x.jsonl' })).toBeInstanceOf(ReplayFeed);
    const ccxt = createMarketFeed({ kind: 'ccxt', exchanges: ['binance'] });
    expect(ccxt).toBeInstanceOf(CcxtFeed);
    expect(ccxt.simulated).toBe(false);
    expect(ccxt.exchanges).toEqual(['binance']);
    expect(() => createMarketFeed({ kind: 'replay' })).toThrow('REPLAY_FILE');
  });

  it("runs the simulated market's regime MARKET_VOLATILITY names: 'Agitado' dislocates more often than 'Normal'", async () => {
    const dislocations = async (volatility?: 'normal' | 'agitated') => {
      const scheduler = new VirtualScheduler(Date.UTC(2026, 0, 1));
      const feed = createMarketFeed({
        seed: 3,
        scheduler,
        exchanges: ['binance'],
        volatility,
      }) as SimulatedFeed;
      await feed.start();
      for (let t = 0; t < 10 * 60_000; t += 1_000) scheduler.advance(1_000);
      await feed.stop();
      return feed.dislocations;
    };
    const normal = await dislocations();
    expect(await dislocations('normal')).toBe(normal);
    // 'Normal': 5 + 2 + 3 a minute (USDT, triangle, BRL); 'Agitado': 12 + 5 + 3
    expect(normal).toBeGreaterThan(60);
    expect(normal).toBeLessThan(150);
    expect(await dislocations('agitated')).toBeGreaterThan(1.5 * normal);
  });

  it('parses REPLAY_SPEED', () => {
    expect(parseReplaySpeed(undefined)).toBe('recorded');
    expect(parseReplaySpeed('fast')).toBe('fast');
    expect(parseReplaySpeed('4')).toBe(4);
    expect(() => parseReplaySpeed('-1')).toThrow('REPLAY_SPEED');
  });
});
