import { describe, expect, it } from 'vitest';
import {
  countAtLeast,
  medianPercent,
  mergeHistograms,
  netPctBin,
  routeFits,
  routeOf,
} from './opportunity-history.js';

describe('opportunity history bins and counts', () => {
  it('bins from the decimal string, exactly (0,29 % is bin 29, not 28 as 0.29 * 100 in floats would be)', () => {
    expect(netPctBin('0.2900')).toBe(29);
    expect(netPctBin('0.2999')).toBe(29);
    expect(netPctBin('0.0000')).toBe(0);
    expect(netPctBin('-0.0100')).toBe(-1);
    expect(netPctBin('-0.0150')).toBe(-2);
    expect(netPctBin('1.9999')).toBe(199);
    expect(netPctBin('2.3456')).toBe(230);
    expect(netPctBin('9.9900')).toBe(990);
    expect(netPctBin('15.0000')).toBe(1000);
  });

  it('counts the bins at or above a minimum; a straddled bin is left out', () => {
    const h: [number, number][] = [
      [5, 10],
      [12, 3],
      [29, 2],
      [150, 1],
    ];
    expect(countAtLeast(h, 0.05)).toBe(16);
    expect(countAtLeast(h, 0.06)).toBe(6);
    expect(countAtLeast(h, 0.29)).toBe(3);
    expect(countAtLeast(h, 0.125)).toBe(3); // bin 0,12–0,13 may hold values under 0,125
    expect(countAtLeast(h, 1.5)).toBe(1);
    expect(countAtLeast(h, 1.51)).toBe(0);
  });

  it('the median bin, at least 0,01 %', () => {
    expect(medianPercent([])).toBeNull();
    expect(
      medianPercent([
        [5, 10],
        [12, 3],
        [29, 2],
      ]),
    ).toBe(0.05); // 8th of 15 is in bin 5
    expect(
      medianPercent([
        [5, 1],
        [12, 3],
        [29, 2],
      ]),
    ).toBe(0.12);
    expect(
      medianPercent([
        [0, 4],
        [3, 1],
      ]),
    ).toBe(0.01);
  });

  it('a route fits a bot filter like the matcher: same strategy, its exchanges and pairs within', () => {
    const route = routeOf({
      strategy: 'triangular',
      exchanges: ['binance'],
      symbols: ['BTC/USDT', 'ETH/BTC', 'ETH/USDT'],
    });
    expect(route).toEqual({
      strategy: 'triangular',
      exchanges: ['binance'],
      pairs: ['BTC/USDT', 'ETH/USDT'],
    });
    const filter = {
      strategy: 'triangular' as const,
      exchanges: ['binance', 'bybit'],
      pairs: ['BTC/USDT', 'ETH/USDT'],
    };
    expect(routeFits(route, filter)).toBe(true);
    expect(routeFits(route, { ...filter, pairs: ['BTC/USDT'] })).toBe(false);
    expect(routeFits(route, { ...filter, exchanges: ['bybit'] })).toBe(false);
    expect(routeFits(route, { ...filter, strategy: 'arbitrage' })).toBe(false);
    expect(
      mergeHistograms([
        [
          [1, 2],
          [3, 1],
        ],
        [
          [1, 1],
          [2, 5],
        ],
      ]),
    ).toEqual([
      [1, 3],
      [2, 5],
      [3, 1],
    ]);
  });
});
