import ccxt, { type Order, type Ticker } from 'ccxt';
import { describe, expect, it } from 'vitest';
import { CcxtLiveGateway } from './live-gateway.js';

/** ccxt's Gate.io class (its options as shipped), answering the two calls a market buy makes (no network here). */
class GateAnswering extends ccxt.gate {
  placed: { symbol: string; type: string; side: string; amount: unknown; price: unknown }[] = [];

  override async loadMarkets(): Promise<Record<string, never>> {
    this.setMarkets([
      {
        id: 'ETH_USDT',
        symbol: 'ETH/USDT',
        base: 'ETH',
        quote: 'USDT',
        baseId: 'ETH',
        quoteId: 'USDT',
        type: 'spot',
        spot: true,
        active: true,
        precision: { amount: 0.0001, price: 0.01 },
        limits: { amount: { min: 0.0001 }, price: {}, cost: { min: 1 } },
      },
    ]);
    return {};
  }

  override async fetchTicker(symbol: string): Promise<Ticker> {
    return { symbol, ask: 2000.5, bid: 2000.1, last: 2000.3 } as Ticker;
  }

  override async createOrder(
    symbol: string,
    type: string,
    side: string,
    amount: number,
    price?: number,
  ): Promise<Order> {
    this.placed.push({ symbol, type, side, amount, price });
    return {
      id: '1',
      symbol,
      type,
      side,
      status: 'closed',
      amount: Number(amount),
      filled: Number(amount),
      average: 2000.5,
      cost: Number(amount) * 2000.5,
    } as Order;
  }
}

describe('a market buy on Gate.io (ccxt needs a price to turn the amount into the cost)', () => {
  it('takes the ask of the moment as that price; sells and other exchanges place no price', async () => {
    const gate = new GateAnswering();
    expect(gate.options['createMarketBuyOrderRequiresPrice']).toBe(true);
    const gateway = new CcxtLiveGateway(new Map([['gateio', gate]]));
    await gateway.createOrder('gateio', 'ETH/USDT', 'market', 'buy', '0.5');
    await gateway.createOrder('gateio', 'ETH/USDT', 'market', 'sell', '0.5');
    // decimal strings through ccxt's amountToPrecision / priceToPrecision
    expect(gate.placed).toEqual([
      { symbol: 'ETH/USDT', type: 'market', side: 'buy', amount: '0.5', price: '2000.5' },
      { symbol: 'ETH/USDT', type: 'market', side: 'sell', amount: '0.5', price: undefined },
    ]);
  });
});
