import { Decimal } from 'decimal.js';
import type { ExecutionRecord } from '../../../engine/src/execution/trade-ledger.js';

/** A deterministic PRNG (mulberry32) so a failure can be replayed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FEE = new Decimal('0.001');

/** A two-leg arbitrage execution with its exact fills, fees and balance deltas. */
export function execution(
  bot: { id: string; userId: string; name: string },
  key: string,
  o: {
    amount: string;
    buy: string;
    sell: string;
    executedAt: Date;
    status?: 'completed' | 'failed';
    pair?: string;
    mode?: 'paper' | 'live';
    usdtBrl?: string;
  },
): ExecutionRecord {
  const amount = new Decimal(o.amount);
  const cost = amount.mul(o.buy);
  const revenue = amount.mul(o.sell);
  const buyFee = cost.mul(FEE);
  const sellFee = revenue.mul(FEE);
  const profit = revenue.minus(sellFee).minus(cost).minus(buyFee);
  const pair = o.pair ?? 'BTC/USDT';
  const base = pair.split('/')[0]!;
  return {
    executionKey: key,
    botId: bot.id,
    userId: bot.userId,
    botName: bot.name,
    opportunityId: `arbitrage:${pair}:binance>gateio`,
    strategy: 'arbitrage',
    mode: o.mode ?? 'paper',
    pair,
    buyExchange: 'binance',
    sellExchange: 'gateio',
    buyPrice: o.buy,
    sellPrice: o.sell,
    amount: o.amount,
    profit: profit.toFixed(),
    profitPercent: profit.mul(100).div(cost).toFixed(8),
    expectedProfit: profit.toFixed(),
    expectedProfitPercent: profit.mul(100).div(cost).toFixed(8),
    usdtBrl: o.usdtBrl ?? '5.45',
    status: o.status ?? 'completed',
    failureReason: o.status === 'failed' ? 'Perna de venda não executada' : null,
    executedAt: o.executedAt,
    legs: [
      {
        seq: 1,
        kind: 'entry',
        exchange: 'binance',
        symbol: pair,
        side: 'buy',
        requestedAmount: o.amount,
        filledAmount: o.amount,
        avgPrice: o.buy,
        quoteAmount: cost.toFixed(),
        fee: buyFee.toFixed(),
        feeAsset: 'USDT',
        status: 'filled',
        orderId: null,
      },
      {
        seq: 2,
        kind: 'entry',
        exchange: 'gateio',
        symbol: pair,
        side: 'sell',
        requestedAmount: o.amount,
        filledAmount: o.amount,
        avgPrice: o.sell,
        quoteAmount: revenue.toFixed(),
        fee: sellFee.toFixed(),
        feeAsset: 'USDT',
        status: 'filled',
        orderId: null,
      },
    ],
    deltas: [
      { exchange: 'binance', asset: 'USDT', delta: cost.plus(buyFee).negated().toFixed() },
      { exchange: 'binance', asset: base, delta: amount.toFixed() },
      { exchange: 'gateio', asset: 'USDT', delta: revenue.minus(sellFee).toFixed() },
      { exchange: 'gateio', asset: base, delta: amount.negated().toFixed() },
    ],
  };
}
