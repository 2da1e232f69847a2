import { describe, expect, it } from 'vitest';
import { PaperGateway, PaperOrders, type BookView } from './paper-gateway.js';

const spec = { amountStep: 0.001, minAmount: 0.001, minNotional: 0 };
const asks: BookView['asks'] = [
  [100, 1],
  [101, 2],
];
let book: BookView = { asks, bids: [[99, 5]], spec };

/** Two bots of one process: their own balances, the same paper exchange and the same market. */
const bot = (market: PaperOrders) =>
  new PaperGateway(
    () => book,
    () => '0.001',
    [{ exchange: 'binance', asset: 'USDT', amount: '10000' }],
    market,
  );

describe('paper exchange: bots share the depth of the book they trade', () => {
  it('a second order on the same book finds the best level taken; a new book from the feed starts afresh', async () => {
    const market = new PaperOrders();
    const first = await bot(market).createOrder('binance', 'BTC/USDT', 'limit', 'buy', '1.5', '101');
    // 1 × 100 + 0.5 × 101 = 150.5
    expect(first).toMatchObject({ status: 'closed', filled: '1.5', cost: '150.5' });

    const second = await bot(market).createOrder('binance', 'BTC/USDT', 'limit', 'buy', '2', '101');
    // 100 is gone and 0.5 of 101 too: 1.5 × 101 = 151.5, the rest canceled (IOC)
    expect(second).toMatchObject({
      status: 'canceled',
      filled: '1.5',
      cost: '151.5',
      reason: 'profundidade do livro',
    });

    book = {
      asks: [
        [100, 1],
        [101, 2],
      ],
      bids: [[99, 5]],
      spec,
    }; // the feed's next book
    const third = await bot(market).createOrder('binance', 'BTC/USDT', 'limit', 'buy', '1', '100');
    expect(third).toMatchObject({ status: 'closed', filled: '1', cost: '100' });
  });
});
