import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import type { Opportunity } from '@arbitra/contracts';
import { executeCrossExchange } from './cross-exchange.executor.js';
import { PaperGateway, type BookView } from './paper-gateway.js';
import { twoLegOpportunity } from './testing/opportunity.js';
import { quoteDelta } from './trade-ledger.js';

const spec = { amountStep: 0.001, minAmount: 0.001, minNotional: 0 };
const btcOf = (deltas: { asset: string; delta: string }[]) =>
  deltas.filter((d) => d.asset === 'BTC').reduce((s, d) => s.plus(d.delta), new Decimal(0));

const opportunity = (): Opportunity =>
  twoLegOpportunity({
    buy: { exchange: 'binance', price: '100', feeRate: '0.001' },
    sell: { exchange: 'gateio', price: '102', feeRate: '0.002' },
    netPercent: '1.6960',
    profitUsdt: '1.696',
    profitBrl: '9.2432',
  });

function run(gateioBids: BookView['bids']) {
  const books: Record<string, BookView> = {
    binance: { asks: [[100, 2]], bids: [[99, 5]], spec },
    gateio: { asks: [[103, 5]], bids: gateioBids, spec },
  };
  const gw = new PaperGateway(
    (ex) => books[ex],
    (ex) => (ex === 'binance' ? '0.001' : '0.002'),
    [
      { exchange: 'binance', asset: 'USDT', amount: '1000' },
      { exchange: 'gateio', asset: 'BTC', amount: '1' },
    ],
  );
  return executeCrossExchange({
    executionKey: 'k',
    bot: { id: 'b', userId: 'u', name: 'Bot', strategy: 'arbitrage', mode: 'paper' },
    opportunity: opportunity(),
    budgetUsdt: '500',
    gateway: gw,
    amountStep: () => spec.amountStep,
    minAmount: () => spec.minAmount,
    now: () => new Date('2025-01-01T00:00:00Z'),
  });
}

describe('cross-exchange execution: leg risk', () => {
  it('completes when both legs fill: profit = sell − buy − fees', async () => {
    const out = await run([[102, 3]]);
    if (out.kind !== 'executed') throw new Error(out.reason);
    // −100 + (102 − 0.204) USDT, and the buy's fee 0.001 BTC (taken from the BTC received) at 100: 1.696
    expect(out.record).toMatchObject({
      status: 'completed',
      profit: '1.696',
      amount: '1',
      buyPrice: '100',
      sellPrice: '102',
      failureReason: null,
    });
    expect(new Decimal(out.record.expectedProfit).eq('1.696')).toBe(true);
    expect(btcOf(out.record.deltas).toFixed()).toBe('-0.001');
    expect(quoteDelta(out.record.deltas).toFixed()).toBe('1.796');
  });

  it('unwinds at once when the sell leg fills partly, and records a failed trade with the realised loss', async () => {
    const out = await run([
      [102, 0.4],
      [101, 5],
    ]);
    if (out.kind !== 'executed') throw new Error(out.reason);
    const r = out.record;
    // buy 1 @100: −100 USDT, +0.999 BTC (fee 0.001 BTC); sell 0.4 @102: +40.8 − 0.0816 = +40.7184; unwind: sell
    // what the buy left beyond the sell, 0.599 @99 on binance: +59.301 − 0.059301 = +59.241699 → −0.039901 USDT
    expect(r.status).toBe('failed');
    expect(r.profit).toBe('-0.039901');
    expect(r.amount).toBe('0.4');
    expect(r.legs.map((l) => [l.kind, l.exchange, l.side, l.filledAmount, l.status])).toEqual([
      ['entry', 'binance', 'buy', '1', 'filled'],
      ['entry', 'gateio', 'sell', '0.4', 'partial'],
      ['unwind', 'binance', 'sell', '0.599', 'filled'],
    ]);
    expect(r.failureReason).toMatch(/desfeita/);
    expect(btcOf(r.deltas).isZero()).toBe(true);
    expect(quoteDelta(r.deltas).eq(r.profit)).toBe(true);
    expect(r.nakedExposure).toBeUndefined();
  });

  it('buys back what was sold when the buy leg does not fill', async () => {
    const books: Record<string, BookView> = {
      binance: { asks: [[100.5, 2]], bids: [[99, 5]], spec },
      gateio: { asks: [[103, 5]], bids: [[102, 3]], spec },
    };
    const gw = new PaperGateway(
      (ex) => books[ex],
      () => '0.001',
      [
        { exchange: 'binance', asset: 'USDT', amount: '1000' },
        { exchange: 'gateio', asset: 'BTC', amount: '1' },
        { exchange: 'gateio', asset: 'USDT', amount: '1000' },
      ],
    );
    const out = await executeCrossExchange({
      executionKey: 'k',
      bot: { id: 'b', userId: 'u', name: 'Bot', strategy: 'arbitrage', mode: 'paper' },
      opportunity: opportunity(),
      budgetUsdt: '500',
      gateway: gw,
      amountStep: () => 0.001,
      minAmount: () => 0.001,
    });
    if (out.kind !== 'executed') throw new Error(out.reason);
    // sell 1 @102: +102 − 0.102; buy back 1 @103: −103 USDT, fee 0.001 BTC (at the trade's 102: −0.102) → −1.204
    expect(out.record).toMatchObject({ status: 'failed', profit: '-1.204' });
    expect(out.record.legs.at(-1)).toMatchObject({
      kind: 'unwind',
      exchange: 'gateio',
      side: 'buy',
      filledAmount: '1',
    });
  });

  it('sizes by budget and balances, and skips what it cannot fund', async () => {
    const gw = new PaperGateway(
      () => undefined,
      () => '0.001',
      [],
    );
    const out = await executeCrossExchange({
      executionKey: 'k',
      bot: { id: 'b', userId: 'u', name: 'Bot', strategy: 'arbitrage', mode: 'paper' },
      opportunity: opportunity(),
      budgetUsdt: '500',
      gateway: gw,
      amountStep: () => 0.001,
      minAmount: () => 0.001,
    });
    expect(out.kind).toBe('skipped');
  });
});
