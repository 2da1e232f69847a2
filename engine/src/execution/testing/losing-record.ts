import type { ExecutionRecord } from '../trade-ledger.js';

/** A loss-making (or failed) two-leg paper record with matching balance deltas, for ledger and notification tests. */
export function losingRecord(
  botId: string,
  userId: string,
  key: string,
  lossUsdt: string,
  status: 'completed' | 'failed',
  over: Partial<ExecutionRecord> = {},
): ExecutionRecord {
  return {
    executionKey: key,
    botId,
    userId,
    botName: 'Risco',
    opportunityId: 'o',
    strategy: 'arbitrage',
    mode: 'paper',
    pair: 'BTC/USDT',
    buyExchange: 'binance',
    sellExchange: 'gateio',
    buyPrice: '100',
    sellPrice: '99',
    amount: '1',
    profit: `-${lossUsdt}`,
    profitPercent: '-1',
    expectedProfit: '1',
    expectedProfitPercent: '1',
    usdtBrl: '5.45',
    status,
    failureReason: status === 'failed' ? 'x' : null,
    executedAt: new Date(),
    legs: [],
    deltas: [{ exchange: 'binance', asset: 'USDT', delta: `-${lossUsdt}` }],
    ...over,
  };
}
