import { describe, expect, it } from 'vitest';
import { DEFAULT_FEES, FeeTable } from './fees.js';

describe('fee table', () => {
  it('starts from the public schedules and accepts overrides', () => {
    expect(DEFAULT_FEES).toEqual({
      binance: { taker: 0.001, maker: 0.001 },
      bybit: { taker: 0.001, maker: 0.001 },
      gateio: { taker: 0.002, maker: 0.002 },
      mexc: { taker: 0.0005, maker: 0 },
      mercadobitcoin: { taker: 0.007, maker: 0.003 },
    });
    const t = new FeeTable({ gateio: { taker: 0.001 } });
    expect(t.taker('gateio')).toBe(0.001);
    expect(t.maker('gateio')).toBe(0.002);
    expect(t.takerAt(0)).toBe(0.001); // binance is index 0 of EXCHANGES
    t.set('mexc', { taker: 0.001 });
    expect(t.snapshot().mexc).toEqual({ taker: 0.001, maker: 0 });
    expect(() => t.set('bybit', { taker: -0.1 })).toThrow(RangeError);
    expect(() => t.set('bybit', { taker: Number.NaN })).toThrow(RangeError);
  });
});
