import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CcxtLiveGateway } from '../../execution/live-gateway.js';
import { BybitAdapter } from './bybit.js';
import { MercadoBitcoinAdapter } from './mercado.js';
import { LocalExchange } from './server.js';
import { LocalVenue } from './venue.js';

describe('bybit smoke', () => {
  let ex: LocalExchange;
  beforeAll(async () => {
    const venue = new LocalVenue(
      [
        {
          symbol: 'BTC/USDT',
          base: 'BTC',
          quote: 'USDT',
          tickSize: '0.01',
          stepSize: '0.000001',
          minQty: '0.000048',
          minNotional: '1',
          status: 'open',
          bids: [['59990', '0.5']],
          asks: [['60000', '0.01'], ['60010', '0.5']],
        },
      ],
      [{ apiKey: 'k'.repeat(18), secret: 's'.repeat(36), balances: { USDT: '1000', BTC: '0.1' } }],
    );
    ex = await LocalExchange.start(new BybitAdapter(), venue);
  });
  afterAll(() => ex.close());

  it('runs', async () => {
    const client = await ex.clientFactory()('bybit', { apiKey: 'k'.repeat(18), secret: 's'.repeat(36) }, { timeoutMs: 3000 });
    const gw = new CcxtLiveGateway(new Map([['bybit', client]]));
    console.log(await gw.fetchBalance('bybit'));
    const o = await gw.createOrder('bybit', 'BTC/USDT', 'limit', 'buy', '0.015', '60000', 'cid1');
    console.log(o);
    console.log(await gw.fetchOrderByClientId('cid1', 'bybit', 'BTC/USDT'));
    expect(o.filled).toBe('0.01');
  });
});

describe('mercado smoke', () => {
  let ex: LocalExchange;
  beforeAll(async () => {
    const venue = new LocalVenue(
      [
        {
          symbol: 'BTC/BRL',
          base: 'BTC',
          quote: 'BRL',
          tickSize: '0.00001',
          stepSize: '0.00000001',
          minQty: '0.001',
          minNotional: '0',
          status: 'open',
          bids: [['350000', '0.5']],
          asks: [['351000', '0.01'], ['351500', '0.5']],
        },
      ],
      [{ apiKey: 'a'.repeat(32), secret: 'b'.repeat(64), balances: { BRL: '10000', BTC: '0.1' } }],
      '0.007',
    );
    ex = await LocalExchange.start(new MercadoBitcoinAdapter(), venue);
  });
  afterAll(() => ex.close());

  it('runs', async () => {
    const client = await ex.clientFactory()('mercadobitcoin', { apiKey: 'a'.repeat(32), secret: 'b'.repeat(64) }, { timeoutMs: 3000 });
    const gw = new CcxtLiveGateway(new Map([['mercadobitcoin', client]]));
    console.log(await gw.fetchBalance('mercadobitcoin'));
    const o = await gw.createOrder('mercadobitcoin', 'BTC/BRL', 'limit', 'buy', '0.015', '351000', 'cid1');
    console.log(o);
    console.log(await gw.createOrder('mercadobitcoin', 'BTC/BRL', 'market', 'buy', '0.002', undefined, 'cid2'));
    console.log(await gw.createOrder('mercadobitcoin', 'BTC/BRL', 'market', 'sell', '0.002', undefined, 'cid3'));
    await expect(gw.fetchOrderByClientId('cid1', 'mercadobitcoin', 'BTC/BRL')).rejects.toThrow(/não identifica/);
    console.log(await gw.fetchBalance('mercadobitcoin'));
    expect(o.filled).toBe('0.01');
  });
});
