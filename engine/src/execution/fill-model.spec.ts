import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { fillOrder, LatencyModel, type BookView } from './fill-model.js';

const book: BookView = {
  asks: [
    [100, 1],
    [101, 2],
  ],
  bids: [
    [99, 1],
    [98, 2],
  ],
  spec: { amountStep: 0.001, minAmount: 0.001, minNotional: 1 },
};
const rich = (asset: string) => new Decimal(asset === 'USDT' ? 10_000 : 10);

describe('the latency model: detection → orders', () => {
  it('draws delays whose median is p50 and whose 99th percentile is p99, the same ones for the same seed', () => {
    const model = new LatencyModel({ p50Ms: 40, p99Ms: 300 }, 7);
    const draws = Array.from({ length: 40_000 }, () => model.next()).sort((a, b) => a - b);
    expect(draws[20_000]! / 40).toBeCloseTo(1, 1);
    expect(draws[39_600]! / 300).toBeCloseTo(1, 1);
    const again = new LatencyModel({ p50Ms: 40, p99Ms: 300 }, 7);
    const first = new LatencyModel({ p50Ms: 40, p99Ms: 300 }, 7).next();
    expect(again.next()).toBe(first);
  });

  it('no latency: every order reaches the book it was decided on', () => {
    const model = new LatencyModel({ p50Ms: 0, p99Ms: 0 });
    expect([model.next(), model.next()]).toEqual([0, 0]);
    expect(new LatencyModel({ p50Ms: 50, p99Ms: 50 }).next()).toBeCloseTo(50, 9);
  });
});

describe('the fill model: an order against the book of its arrival (hand-computed)', () => {
  const order = (amount: string, limit?: string) =>
    ({
      id: 'o1',
      exchange: 'binance',
      symbol: 'BTC/USDT',
      type: 'limit',
      side: 'buy',
      amount,
      limit,
    }) as const;

  it('takes what earlier orders left of this book, within the limit (IOC: the rest canceled)', () => {
    const consumed = new Map([[100, new Decimal('0.4')]]);
    const { order: o, takes } = fillOrder(order('2', '100.5'), book, new Decimal('0.001'), rich, consumed);
    // 0.6 left at 100; 101 is above the limit
    expect(o).toMatchObject({ status: 'canceled', filled: '0.6', cost: '60', reason: 'preço limite' });
    // the taker fee in the asset received: 0.1 % of 0.6 BTC
    expect(o.fee).toEqual({ cost: '0.0006', currency: 'BTC' });
    expect(takes.map(([p, a]) => [p, a.toFixed()])).toEqual([[100, '0.6']]);
  });

  it('refuses an order under the minimum notional (0.005 × 100 = 0.5 USDT < 1)', () => {
    const { order: o, takes } = fillOrder(order('0.005'), book, new Decimal('0.001'), rich, new Map());
    expect(o).toMatchObject({ status: 'rejected', filled: '0', reason: 'abaixo do mínimo' });
    expect(takes).toEqual([]);
  });

  it('sells only what the bot holds on that exchange: inventory is not refilled', () => {
    const held = (asset: string) => new Decimal(asset === 'BTC' ? '0.25' : 0);
    const sell = { ...order('1'), side: 'sell' as const, limit: undefined };
    const { order: o } = fillOrder(sell, book, new Decimal('0.001'), held, new Map());
    expect(o).toMatchObject({
      status: 'canceled',
      filled: '0.25',
      cost: '24.75',
      reason: 'saldo insuficiente',
    });
    expect(o.fee).toEqual({ cost: '0.02475', currency: 'USDT' }); // a sell's fee: in the USDT received
  });
});
