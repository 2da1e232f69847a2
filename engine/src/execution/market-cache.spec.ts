import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialStore } from '../credentials/credential-store.js';
import {
  BTC_AND_ETH_USDT,
  startLocalExchange,
  type AccountSpec,
  type LocalExchange,
  unpacedClientFactory,
} from '../testing/local-exchanges/index.js';
import { liveGatewayFactory } from './live-gateway.js';
import { MarketCache } from './market-cache.js';

const TRADER: AccountSpec = {
  apiKey: 'MaRkEtCaChE0123456789abcdefABCDEF0123456789abcdefABCDEF01234567',
  secret: 'MaRkEtSeCrEt0123456789abcdefABCDEF0123456789abcdefABCDEF0123456',
  balances: { USDT: '10000', BTC: '1' },
};
const store = {
  decryptForExecution: () => Promise.resolve({ apiKey: TRADER.apiKey, secret: TRADER.secret }),
} as unknown as CredentialStore;
const unpaced = unpacedClientFactory;

describe('markets shared across the live gateway’s ccxt clients (a local Binance)', () => {
  let local: LocalExchange;
  beforeAll(async () => {
    local = await startLocalExchange('binance', BTC_AND_ETH_USDT, [TRADER]);
  });
  afterAll(async () => {
    await local?.close();
  });
  const downloads = () => local.requests.filter((r) => r.path === '/api/v3/exchangeInfo').length;

  it('two executions (a new client each) download the markets once; a halted-market refusal reloads them', async () => {
    const factory = liveGatewayFactory(store, local.clientFactory(unpaced), 3_000);
    const execute = async (cid: string) =>
      (await factory.forBot('u1', ['binance'])).createOrder(
        'binance',
        'BTC/USDT',
        'limit',
        'buy',
        '0.001',
        '60000',
        cid,
      );
    expect(await execute('mc-1')).toMatchObject({ status: 'closed', filled: '0.001' });
    expect(await execute('mc-2')).toMatchObject({ status: 'closed', filled: '0.001' });
    expect(downloads()).toBe(1);

    // The market stops trading after it was cached: the exchange refuses, the gateway reloads and says why.
    local.venue.markets.get('BTC/USDT')!.status = 'halted';
    const halted = await execute('mc-3');
    expect(halted.status).toBe('rejected');
    expect(downloads()).toBe(2);
    expect(local.venue.orders.filter((o) => o.clientOrderId.endsWith('mc-3'))).toEqual([]);
    // The reloaded markets serve the next execution: refused before anything is sent, no new download.
    const placements = local.placements().length;
    expect((await execute('mc-4')).status).toBe('rejected');
    expect(local.placements().length).toBe(placements);
    expect(downloads()).toBe(2);
  }, 30_000);

  it('the cache expires after its TTL: the next client downloads again', async () => {
    let now = 0;
    const cache = new MarketCache(600_000, () => now);
    const client = () => local.clientFactory(unpaced)('binance', TRADER, { timeoutMs: 3_000 });
    const before = downloads();
    const load = async () => {
      const c = await client();
      await cache.load('binance', c, () => c.loadMarkets(true));
      return c;
    };
    expect(Object.keys((await load()).markets ?? {})).toEqual(
      expect.arrayContaining(['BTC/USDT', 'ETH/USDT']),
    );
    now = 599_999;
    expect((await load()).market('ETH/USDT').precision.price).toBe(0.01);
    expect(downloads() - before).toBe(1);
    now = 600_000;
    await load();
    expect(downloads() - before).toBe(2);
  });
});
