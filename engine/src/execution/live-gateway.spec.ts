import ccxt, { type Balances, type Order, type Trade } from 'ccxt';
import { describe, expect, it } from 'vitest';
import type { CredentialStore } from '../credentials/credential-store.js';
import { ccxtClientConfig, type ExchangeClientFactory } from '../credentials/exchange-client.factory.js';
import { liveGatewayFactory } from './live-gateway.js';

/** ccxt's spot market of BTC/USDT as Binance lists it (tick size precision), for amountToPrecision. */
function btcUsdtMarket(id: string) {
  return {
    id,
    symbol: 'BTC/USDT',
    base: 'BTC',
    quote: 'USDT',
    baseId: 'BTC',
    quoteId: 'USDT',
    type: 'spot',
    spot: true,
    active: true,
    precision: { amount: 0.00001, price: 0.01 },
    limits: { amount: { min: 0.00001 }, price: { min: 0.01 }, cost: { min: 5 } },
  };
}

/** Binance as ccxt would answer after parsing the exchange's JSON (no network here). */
class BinanceAnswering extends ccxt.binance {
  placed: { symbol: string; type: string; side: string; amount: unknown; price: unknown }[] = [];
  /** The fees the next order answers with (ccxt's `fees`: one per fill), and whether `fee` is left out. */
  nextFees: { cost: number; currency: string }[] | null = null;
  orderTrades: { fee: { cost: number; currency: string } }[] = [];

  override async loadMarkets(): Promise<Record<string, never>> {
    this.setMarkets([btcUsdtMarket('BTCUSDT')]);
    return {};
  }

  override async createOrder(
    symbol: string,
    type: string,
    side: string,
    amount: number,
    price?: number,
  ): Promise<Order> {
    this.placed.push({ symbol, type, side, amount, price });
    const a = Number(amount);
    const filled = side === 'buy' ? a : a / 2; // sells only half fill (IOC remainder canceled)
    const fees = this.nextFees;
    this.nextFees = null;
    return {
      id: `o${this.placed.length}`,
      symbol,
      type,
      side,
      status: side === 'buy' ? 'closed' : 'canceled',
      amount: a,
      filled,
      average: 95_000,
      cost: filled * 95_000,
      // as ccxt parses Binance's commission strings: the first fee, and every fee in `fees`
      ...(fees ? { fee: undefined, fees } : { fee: { cost: 0.95, currency: 'USDT' } }),
    } as Order;
  }

  override async fetchOrder(id: string, symbol: string): Promise<Order> {
    // GET /api/v3/order answers no commission
    return { id: id || 'o9', symbol, status: 'closed', filled: 0.01, amount: 0.01, average: 95_000, cost: 950 } as Order;
  }

  override async fetchOrderTrades(): Promise<Trade[]> {
    return this.orderTrades as unknown as Trade[];
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
    // decimal strings, cut to the market's precision by ccxt (amountToPrecision truncates, priceToPrecision rounds)
    await gateway.createOrder('binance', 'BTC/USDT', 'limit', 'buy', '0.0123456789', '95000.123456');
    expect(client.placed).toEqual([
      { symbol: 'BTC/USDT', type: 'market', side: 'buy', amount: '0.01', price: undefined },
      { symbol: 'BTC/USDT', type: 'market', side: 'sell', amount: '0.02', price: undefined },
      { symbol: 'BTC/USDT', type: 'limit', side: 'buy', amount: '0.01234', price: '95000.12' },
    ]);

    expect(await gateway.fetchBalance('binance')).toEqual({ USDT: '1234.5', BTC: '0.25' });
  });

  it('keeps every fee of an order, per currency (BNB until it ran out, then the BTC received)', async () => {
    const gateway = await liveGatewayFactory(store('u1'), factory).forBot('u1', ['binance']);
    const client = clients.at(-1)!;
    client.nextFees = [
      { cost: 0.0004, currency: 'BNB' },
      { cost: 0.0003, currency: 'BNB' },
      { cost: 0.000002, currency: 'BTC' },
    ];
    const buy = await gateway.createOrder('binance', 'BTC/USDT', 'market', 'buy', '0.01');
    expect(buy.fee).toEqual({ cost: '0.0007', currency: 'BNB' });
    expect(buy.fees).toEqual([
      { cost: '0.0007', currency: 'BNB' },
      { cost: '0.000002', currency: 'BTC' },
    ]);

    // an order found again without its commission: every fee of its trades, not only the first currency's
    client.orderTrades = [
      { fee: { cost: 0.0005, currency: 'BNB' } },
      { fee: { cost: 0.000003, currency: 'BTC' } },
      { fee: { cost: 0.000001, currency: 'BTC' } },
    ];
    const found = await gateway.fetchOrderByClientId('arb1s1', 'binance', 'BTC/USDT');
    expect(found).toMatchObject({
      fee: { cost: '0.0005', currency: 'BNB' },
      fees: [
        { cost: '0.0005', currency: 'BNB' },
        { cost: '0.000004', currency: 'BTC' },
      ],
    });
  });

  it('refuses to build a gateway when a credential cannot be used, with the store’s reason', async () => {
    await expect(liveGatewayFactory(store('u1'), factory).forBot('u2', ['binance'])).rejects.toThrow(
      'binance: credencial desativada',
    );
  });
});
