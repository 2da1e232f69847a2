import { describe, expect, it } from 'vitest';
import type { ExchangeId } from '@arbitra/contracts';
import { CrossExchangeDetector } from './cross-exchange.detector.js';
import { scenario, spec } from './testing/scenario.js';

// Scenario: BTC/USDT on four exchanges, every book quiet (bid 99990, ask 100000). Then Binance's bid jumps to 101000:
// buying on each of the other three and selling on Binance all pay, and are found in one update. Whatever order
// the four markets' first books came in (an engine that has run for hours, a backtest starting on its recording),
// they are found in the order of their ids: a bot that can fund one of them takes the same one in both.
const EXCHANGES: ExchangeId[] = ['binance', 'bybit', 'gateio', 'mexc'];

function foundOnJump(firstBooks: readonly ExchangeId[]): string[] {
  const s = scenario({ specs: EXCHANGES.map((ex) => spec(ex, 'BTC/USDT', 0.01, 0.00001)) });
  const cross = new CrossExchangeDetector(s.ctx);
  for (const ex of firstBooks) s.book(ex, 'BTC/USDT', [[99990, 1]], [[100000, 1]], [cross]);
  expect(s.events).toEqual([]);
  s.book('binance', 'BTC/USDT', [[101000, 1]], [[101010, 1]], [cross]);
  return s.events.filter((e) => e.kind === 'added').map((e) => e.opportunity.id);
}

describe('cross-exchange: the order of a moment’s opportunities', () => {
  it('is the order of their ids, not the order the markets first appeared', () => {
    const expected = [
      'arbitrage:BTC/USDT:bybit>binance',
      'arbitrage:BTC/USDT:gateio>binance',
      'arbitrage:BTC/USDT:mexc>binance',
    ];
    expect(foundOnJump(['binance', 'bybit', 'gateio', 'mexc'])).toEqual(expected);
    expect(foundOnJump(['mexc', 'gateio', 'bybit', 'binance'])).toEqual(expected);
    expect(foundOnJump(['gateio', 'binance', 'mexc', 'bybit'])).toEqual(expected);
  });
});
