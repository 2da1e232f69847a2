import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { executeCrossExchange } from '../execution/cross-exchange.executor.js';
import { PaperGateway, type BookView } from '../execution/paper-gateway.js';
import { quoteDelta } from '../execution/trade-ledger.js';
import {
  StatisticalPositions,
  exitOpportunity,
  stopHit,
  type StatPosition,
} from './statistical-positions.js';

// Scenario: a statistical entry bought 1 ETH on Binance (cheap) and sold 1 ETH on Gate.io (rich) at a spread of
// −50 bps against a mean of 0 bps (entry distance 50 bps; the stop is at 2 × 50 = 100 bps on the same side).
// The exit buys 1 ETH back on Gate.io and sells 1 ETH on Binance, at the books of the moment:
//   Gate.io asks 0.4 @2001, 1 @2002 → buy 1: 800.4 + 1201.2 = 2001.6 (avg 2001.6, worst 2002), fee 0.2 % = 4.0032
//   Binance bids 2 @2003           → sell 1: 2003, fee 0.1 % = 2.003
//   profit = (2003 − 2.003) − (2001.6 + 4.0032) = 2000.997 − 2005.6032 = −4.6062 USDT
//   (the entry trade already booked the spread it caught; the exit books the way back, fees included)
const position: Omit<StatPosition, 'closing'> = {
  botId: 'b',
  userId: 'u',
  id: 'statistical:ETH/USDT:binance>gateio',
  symbol: 'ETH/USDT',
  buyExchange: 'binance',
  sellExchange: 'gateio',
  amount: '1',
  entrySpreadBps: -50,
  meanBps: 0,
  firstSeen: 1000,
};
const spec = { amountStep: 0.001, minAmount: 0.001, minNotional: 0 };
const books: Record<string, BookView> = {
  gateio: {
    asks: [
      [2001, 0.4],
      [2002, 1],
    ],
    bids: [[1999, 5]],
    spec,
  },
  binance: { asks: [[2004, 5]], bids: [[2003, 2]], spec },
};
const fee = (ex: string) => (ex === 'binance' ? '0.001' : '0.002');

describe('statistical positions: exit near the mean, stop at 2× the entry distance', () => {
  it('hits the stop only at 2× the entry distance, on the entry side of the mean', () => {
    expect(stopHit(position, -99.9)).toBe(false);
    expect(stopHit(position, -100)).toBe(true);
    expect(stopHit(position, -140)).toBe(true);
    expect(stopHit(position, 120)).toBe(false);
    expect(stopHit({ entrySpreadBps: 30, meanBps: 10 }, 50)).toBe(true); // distance 20 → stop at 10 + 40
  });

  it('keeps one open position per bot and opportunity; exit and stop pick it once', () => {
    const p = new StatisticalPositions();
    p.open(position);
    p.open({ ...position, botId: 'other' });
    expect(p.exiting(position.id).map((x) => x.botId)).toEqual(['b', 'other']);
    expect(p.stopped(position.id, -80)).toEqual([]);
    const [first] = p.stopped(position.id, -100);
    first!.closing = true;
    expect(p.exiting(position.id).map((x) => x.botId)).toEqual(['other']);
    p.close('b', position.id);
    p.dropBot('other');
    expect(p.all()).toEqual([]);
  });

  it('builds the exit as reverse legs at the current books, and the executor records it as a trade', async () => {
    const o = exitOpportunity({ ...position, closing: false }, (ex) => books[ex], fee, '5.45', 4000)!;
    expect(o).toMatchObject({
      id: 'statistical:ETH/USDT:binance>gateio:exit',
      strategy: 'statistical',
      direction: 'gateio>binance',
      size: '1',
      profitUsdt: '-4.60620000',
      netPercent: '-0.2301', // −4.6062 / 2001.6
      firstSeen: 1000,
    });
    expect(o.legs.map((l) => [l.exchange, l.side, l.amount, l.price, l.limitPrice])).toEqual([
      ['gateio', 'buy', '1', '2001.6', '2002'],
      ['binance', 'sell', '1', '2003', '2003'],
    ]);

    const gw = new PaperGateway((ex) => books[ex], fee, [
      { exchange: 'gateio', asset: 'USDT', amount: '5000' },
      { exchange: 'binance', asset: 'ETH', amount: '1' },
    ]);
    const out = await executeCrossExchange({
      executionKey: `b:${o.id}:1000`,
      bot: { id: 'b', userId: 'u', name: 'Stat', strategy: 'statistical', mode: 'paper' },
      opportunity: o,
      budgetUsdt: '1000000000',
      gateway: gw,
      amountStep: () => spec.amountStep,
      minAmount: () => spec.minAmount,
    });
    if (out.kind !== 'executed') throw new Error(out.reason);
    expect(out.record).toMatchObject({
      status: 'completed',
      opportunityId: 'statistical:ETH/USDT:binance>gateio:exit',
      buyExchange: 'gateio',
      sellExchange: 'binance',
      buyPrice: '2001.6',
      sellPrice: '2003',
      amount: '1',
      profit: '-4.6062',
    });
    expect(new Decimal(out.record.expectedProfit).eq('-4.6062')).toBe(true);
    // −2001.6 + 2003 − 2.003 USDT, and the buy's fee 0.002 ETH (charged in the ETH received) at 2001.6 = −4.0032
    expect(quoteDelta(out.record.deltas).toFixed()).toBe('-0.603');
  });

  it('has no exit without a book', () => {
    expect(exitOpportunity({ ...position, closing: false }, () => undefined, fee, '5.45', 4000)).toBeNull();
  });
});
