import { describe, expect, it } from 'vitest';
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

  it('parses REPLAY_SPEED', () => {
    expect(parseReplaySpeed(undefined)).toBe('recorded');
    expect(parseReplaySpeed('fast')).toBe('fast');
    expect(parseReplaySpeed('4')).toBe(4);
    expect(() => parseReplaySpeed('-1')).toThrow('REPLAY_SPEED');
  });
});
