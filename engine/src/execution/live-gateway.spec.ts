import ccxt, { type Balances, type Order } from 'ccxt';
import { describe, expect, it } from 'vitest';
import type { CredentialStore } from '../credentials/credential-store.js';
import { ccxtClientConfig, type ExchangeClientFactory } from '../credentials/exchange-client.factory.js';
import { liveGatewayFactory } from './live-gateway.js';

/** Binance as ccxt would answer after parsing the exchange's JSON (no network here). */
class BinanceAnswering extends ccxt.binance {
  placed: { symbol: string; type: string; side: string; amount: number }[] = [];

  override async createOrder(symbol: string, type: string, side: string, amount: number): Promise<Order> {
    this.placed.push({ symbol, type, side, amount });
    const filled = side === 'buy' ? amount : amount / 2; // sells only half fill (IOC remainder canceled)
    return {
      id: `o${this.placed.length}`,
      symbol,
      type,
      side,
      status: side === 'buy' ? 'closed' : 'canceled',
      amount,
      filled,
      average: 95_000,
      cost: filled * 95_000,
      fee: { cost: 0.95, currency: 'USDT' }, // as ccxt parses Binance's commission string
    } as Order;
  }

  override async fetchBalance(): Promise<Balances> {
    return { free: { USDT: 1234.5, BTC: 0.25 } } as unknown as Balances;
  }
}

const store = (owner: string) =>
  ({
    decryptForExecution: async (userId: string, exchange: string) => {
      if (userId !== owner) throw new Error(`${exchange}: credencial desativada`);
      return { apiKey: `key-${exchange}`, secret: `secret-${exchange}` };
    },
  }) as unknown as CredentialStore;

const clients: BinanceAnswering[] = [];
const factory: ExchangeClientFactory = async (_exchange, credentials, options) => {
  const c = new BinanceAnswering(ccxtClientConfig(credentials, options));
  clients.push(c);
  return c;
};

describe('the live order gateway (ccxt with the owner’s credentials)', () => {
  it('signs with the decrypted key and maps ccxt orders to decimal strings', async () => {
    const gateway = await liveGatewayFactory(store('u1'), factory).forBot('u1', ['binance']);
    const client = clients.at(-1)!;
    expect(client.apiKey).toBe('key-binance');
    expect(client.secret).toBe('secret-binance');

    const buy = await gateway.createOrder('binance', 'BTC/USDT', 'market', 'buy', '0.01');
    expect(buy).toMatchObject({
      status: 'closed',
      filled: '0.01',
      average: '95000',
      cost: '950',
      fee: { cost: '0.95', currency: 'USDT' },
    });

    // a partial fill: the executor sees 'canceled' with what did fill, and unwinds the difference
    const sell = await gateway.createOrder('binance', 'BTC/USDT', 'market', 'sell', '0.02');
    expect(sell).toMatchObject({ status: 'canceled', amount: '0.02', filled: '0.01' });
    expect(client.placed).toEqual([
      { symbol: 'BTC/USDT', type: 'market', side: 'buy', amount: 0.01 },
      { symbol: 'BTC/USDT', type: 'market', side: 'sell', amount: 0.02 },
    ]);

    expect(await gateway.fetchBalance('binance')).toEqual({ USDT: '1234.5', BTC: '0.25' });
  });

  it('refuses to build a gateway when a credential cannot be used, with the store’s reason', async () => {
    await expect(liveGatewayFactory(store('u1'), factory).forBot('u2', ['binance'])).rejects.toThrow(
      'binance: credencial desativada',
    );
  });
});
