import { describe, expect, it } from 'vitest';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Two engines read the same feed: the same books (same exchange timestamps), received at different local times and
// in a different order. The opportunity they find has one identity: id + openedAt (exchange time), whatever firstSeen.
describe('opportunity registry: identity from the feed, not from the local clock', () => {
  const specs = [spec('binance', 'BTC/USDT', 0.01, 0.00001), spec('bybit', 'BTC/USDT', 0.1, 0.00001)];
  const T_BINANCE = 1_750_000_000_100;
  const T_BYBIT = 1_750_000_000_250;

  function engine(delayMs: number, bybitFirst: boolean) {
    const s = scenario({ specs });
    const cross = new CrossExchangeDetector(s.ctx);
    s.clock.advance(delayMs);
    const binance = () => s.book('binance', 'BTC/USDT', [[99990, 1]], [[100000, 0.1]], [cross], T_BINANCE);
    const bybit = () => s.book('bybit', 'BTC/USDT', [[100400, 0.1]], [[100410, 1]], [cross], T_BYBIT);
    if (bybitFirst) {
      bybit();
      s.clock.advance(37);
      binance();
    } else {
      binance();
      s.clock.advance(5);
      bybit();
    }
    return s.registry.top(1)[0]!;
  }

  it('gives the same openedAt on engines with other clocks and another arrival order', () => {
    const a = engine(0, false);
    const b = engine(1_234, true);
    expect(a.id).toBe(b.id);
    expect(a.firstSeen).not.toBe(b.firstSeen);
    expect(a.openedAt).toBe(T_BYBIT);
    expect(b.openedAt).toBe(T_BYBIT);
  });

  it('keeps openedAt while the opportunity lasts and gives a reopened one a new one', () => {
    const s = scenario({ specs });
    const cross = new CrossExchangeDetector(s.ctx);
    s.book('binance', 'BTC/USDT', [[99990, 1]], [[100000, 0.1]], [cross], 1_000);
    s.book('bybit', 'BTC/USDT', [[100400, 0.1]], [[100410, 1]], [cross], 2_000);
    s.clock.advance(1_000);
    s.book('bybit', 'BTC/USDT', [[100400, 0.05]], [[100410, 1]], [cross], 3_000); // updated: same identity
    expect(s.registry.top(1)[0]).toMatchObject({ openedAt: 2_000, size: '0.05000' });
    s.clock.advance(1_000);
    s.book('bybit', 'BTC/USDT', [[100000, 0.05]], [[100410, 1]], [cross], 4_000); // gone
    s.clock.advance(1_000);
    s.book('bybit', 'BTC/USDT', [[100400, 0.1]], [[100410, 1]], [cross], 5_000); // back: a new opportunity
    expect(s.events.map((e) => [e.kind, e.opportunity.openedAt])).toEqual([
      ['added', 2_000],
      ['updated', 2_000],
      ['removed', 2_000],
      ['added', 5_000],
    ]);
  });
});
