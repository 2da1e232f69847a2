import { describe, expect, it } from 'vitest';
import { executeCrossExchange } from './cross-exchange.executor.js';
import { PaperGateway, type BookView } from './paper-gateway.js';
import { twoLegOpportunity } from './testing/opportunity.js';

const spec = { amountStep: 0.001, minAmount: 0.001, minNotional: 0 };
function run(strategy: 'statistical' | 'arbitrage') {
  const o = twoLegOpportunity({
    strategy,
    symbol: 'ETH/USDT',
    buy: { exchange: 'bybit', price: '2000', feeRate: '0.001' },
    sell: { exchange: 'binance', price: '2040', feeRate: '0.001' },
    netPercent: '1.8',
    profitUsdt: '35.96',
    profitBrl: '196',
  });
  // Between detection and the orders both books moved one step against the trade: ask 2000 → 2000.8, bid 2040 → 2039.2.
  const books: Record<string, BookView> = {
    bybit: { asks: [[2000.8, 5]], bids: [[1999, 5]], spec },
    binance: { asks: [[2041, 5]], bids: [[2039.2, 5]], spec },
  };
  const gateway = new PaperGateway(
    (ex) => books[ex],
    () => '0.001',
    [
      { exchange: 'bybit', asset: 'USDT', amount: '10000' },
      { exchange: 'binance', asset: 'ETH', amount: '5' },
    ],
  );
  return executeCrossExchange({
    executionKey: 'k',
    bot: { id: 'b', userId: 'u', name: 'Bot', strategy, mode: 'paper' },
    opportunity: o,
    budgetUsdt: '5000',
    gateway,
    amountStep: () => spec.amountStep,
    minAmount: () => spec.minAmount,
  });
}

describe('statistical legs fill within 5 bps of the detected price', () => {
  it('a statistical entry still fills one step worse (2000 × 1.0005 = 2001 ≥ 2000.8; 2040 × 0.9995 = 2038.98 ≤ 2039.2)', async () => {
    const out = await run('statistical');
    if (out.kind !== 'executed') throw new Error(out.reason);
    expect(out.record.status).toBe('completed');
    expect(out.record.legs.map((l) => [l.side, l.filledAmount, l.avgPrice])).toEqual([
      ['buy', '1', '2000.8'],
      ['sell', '1', '2039.2'],
    ]);
    // 2039.2 − 2.0392 − 2000.8 − 2.0008 = 34.36
    expect(out.record.profit).toBe('34.36');
  });

  it('an arbitrage keeps its exact limits: nothing fills at the worse prices', async () => {
    const out = await run('arbitrage');
    if (out.kind !== 'executed') throw new Error(out.reason);
    expect(out.record.status).toBe('failed');
    expect(out.record.profit).toBe('0');
  });
});
