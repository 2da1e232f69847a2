import { describe, expect, it } from 'vitest';
import { PaperGateway, type BookView } from './paper-gateway.js';

const book: BookView = {
  asks: [
    [100, 1],
    [101, 2],
  ],
  bids: [
    [99, 1],
    [98, 2],
  ],
  spec: { amountStep: 0.001, minAmount: 0.001, minNotional: 0 },
};

const gateway = (usdt: string, btc = '0') =>
  new PaperGateway(
    (ex, s) => (ex === 'binance' && s === 'BTC/USDT' ? book : undefined),
    () => '0.001',
    [
      { exchange: 'binance', asset: 'USDT', amount: usdt },
      { exchange: 'binance', asset: 'BTC', amount: btc },
    ],
  );

describe('paper gateway: fills against the current book (hand-computed)', () => {
  it('walks the levels (slippage) and charges the taker fee in the BTC received', async () => {
    const gw = gateway('1000');
    const o = await gw.createOrder('binance', 'BTC/USDT', 'market', 'buy', '2.5');
    // 1 × 100 + 1.5 × 101 = 251.5; average 100.6; fee 0.1 % of each fill's BTC: 0.001 + 0.0015 = 0.0025 BTC
    expect(o).toMatchObject({
      status: 'closed',
      filled: '2.5',
      cost: '251.5',
      average: '100.6',
      fee: { cost: '0.0025', currency: 'BTC' },
    });
    expect(await gw.fetchBalance('binance')).toEqual({ USDT: '748.5', BTC: '2.4975' });
    expect(await gw.fetchOrder(o.id)).toEqual(o);
  });

  it('stops at the limit price (IOC: the rest is canceled)', async () => {
    const o = await gateway('1000').createOrder('binance', 'BTC/USDT', 'limit', 'buy', '5', '100.5');
    expect(o).toMatchObject({
      status: 'canceled',
      filled: '1',
      cost: '100',
      fee: { cost: '0.001', currency: 'BTC' },
      reason: 'preço limite',
    });
  });

  it('fills partially when the book is not deep enough', async () => {
    const o = await gateway('1000').createOrder('binance', 'BTC/USDT', 'market', 'buy', '5');
    // 1 × 100 + 2 × 101 = 302
    expect(o).toMatchObject({
      status: 'canceled',
      filled: '3',
      cost: '302',
      reason: 'profundidade do livro',
    });
  });

  it('is capped by the virtual USDT balance (the fee is in the BTC received), to the amount step', async () => {
    const gw = gateway('150.15');
    const o = await gw.createOrder('binance', 'BTC/USDT', 'market', 'buy', '2');
    // level 100: 1 (costs 100, 50.15 left); level 101: 50.15 / 101 = 0.49653 → 0.496; fee 0.001 + 0.000496 BTC
    expect(o).toMatchObject({
      status: 'canceled',
      filled: '1.496',
      cost: '150.096',
      fee: { cost: '0.001496', currency: 'BTC' },
    });
    expect(await gw.fetchBalance('binance')).toEqual({ USDT: '0.054', BTC: '1.494504' });
  });

  it('sells only what the bot holds, into the bids', async () => {
    const gw = gateway('0', '1.2');
    const o = await gw.createOrder('binance', 'BTC/USDT', 'market', 'sell', '1.5');
    // 1 × 99 + 0.2 × 98 = 118.6; fee 0.1186 → +118.4814 USDT
    expect(o).toMatchObject({
      status: 'canceled',
      filled: '1.2',
      cost: '118.6',
      reason: 'saldo insuficiente',
    });
    expect(await gw.fetchBalance('binance')).toEqual({ USDT: '118.4814', BTC: '0' });
  });

  it('rejects an order on a market without a book', async () => {
    const o = await gateway('1000').createOrder('gateio', 'BTC/USDT', 'market', 'buy', '1');
    expect(o).toMatchObject({ status: 'rejected', filled: '0' });
  });
});

describe('paper gateway: the book of the order’s arrival', () => {
  it('fills on the books its arrival gives, asked with the round trip', async () => {
    // between detection and arrival the best ask went from 100 to 100.4: the order meets 100.4
    const later: BookView = { ...book, asks: [[100.4, 1], ...book.asks.slice(1)] };
    const asked: number[] = [];
    const gw = new PaperGateway(
      (ex, s) => (ex === 'binance' && s === 'BTC/USDT' ? book : undefined),
      () => '0.001',
      [{ exchange: 'binance', asset: 'USDT', amount: '1000' }],
      undefined,
      35,
      (latencyMs) => {
        asked.push(latencyMs);
        return Promise.resolve((ex, s) => (ex === 'binance' && s === 'BTC/USDT' ? later : undefined));
      },
    );
    const o = await gw.createOrder('binance', 'BTC/USDT', 'limit', 'buy', '1', '100.2');
    expect(asked).toEqual([35]);
    // 100.4 is over the limit: nothing filled (IOC), as the vanished opportunity gives
    expect(o).toMatchObject({ status: 'rejected', filled: '0', reason: 'preço limite' });
    const m = await gw.createOrder('binance', 'BTC/USDT', 'market', 'buy', '0.5');
    expect(m).toMatchObject({ filled: '0.5', cost: '50.2' });
  });
});
