import { clientOrderId } from '../cross-exchange.executor.js';
import { PaperGateway, PaperOrders, type BookView } from '../paper-gateway.js';
import type { PendingTrade } from '../trade-ledger.js';

/** A cross-exchange execution interrupted mid-way (for the recovery specs): BTC/USDT bought on binance, sold on gateio. */
export const KEY = 'bot-1|arbitrage:BTC/USDT:binance>gateio|1';
const spec = { amountStep: 0.001, minAmount: 0.001, minNotional: 0 };
const books: Record<string, BookView> = {
  binance: { asks: [[100, 2]], bids: [[99, 5]], spec },
  gateio: { asks: [[103, 5]], bids: [[102, 3]], spec },
};

export const pending: PendingTrade = {
  tradeId: 't',
  ageMs: 200_000,
  executionKey: KEY,
  botId: 'bot-1',
  userId: 'u',
  botName: 'Bot',
  opportunityId: 'arbitrage:BTC/USDT:binance>gateio',
  strategy: 'arbitrage',
  mode: 'paper',
  pair: 'BTC/USDT',
  buyExchange: 'binance',
  sellExchange: 'gateio',
  buyPrice: '100',
  sellPrice: '102',
  amount: '1',
  expectedProfit: '1.696',
  expectedProfitPercent: '1.696',
  usdtBrl: '5.45',
  executedAt: new Date('2026-01-01T00:00:00Z'),
  plan: {
    legs: [
      { exchange: 'binance', symbol: 'BTC/USDT' },
      { exchange: 'gateio', symbol: 'BTC/USDT' },
    ],
    unwindMarkets: [
      { exchange: 'binance', symbol: 'BTC/USDT' },
      { exchange: 'gateio', symbol: 'BTC/USDT' },
    ],
    maxOrders: 3,
  },
};

/** The paper exchange of one process: a gateway on the bot's balances as the ledger last wrote them. */
export function paperExchange(registry = new PaperOrders()) {
  return new PaperGateway(
    (ex) => books[ex],
    (ex) => (ex === 'binance' ? '0.001' : '0.002'),
    [
      { exchange: 'binance', asset: 'USDT', amount: '1000' },
      { exchange: 'gateio', asset: 'BTC', amount: '1' },
    ],
    registry,
  );
}

export const markets = {
  amountStep: () => spec.amountStep,
  minAmount: () => spec.minAmount,
  now: () => new Date('2026-01-01T00:00:05Z'),
};
export const cid = (seq: number) => clientOrderId(KEY, seq);
