import { EXCHANGES } from '@arbitra/contracts';
import { describe, expect, it } from 'vitest';
import { createCcxtExchange } from './ccxt.feed.js';

// The default factory builds (without any network call) ccxt.pro classes where ccxt has websocket
// order books and the REST class for Mercado Bitcoin, with ccxt's own ws reconnect backoff turned off.
describe('ccxt feed: default exchange factory', () => {
  it('uses websockets for binance, gate, mexc and bybit and REST polling for Mercado Bitcoin', async () => {
    const built = await Promise.all(
      EXCHANGES.map(async (e) => [e.id, await createCcxtExchange(e.id, e.ccxtId)] as const),
    );
    const ws = Object.fromEntries(
      built.map(([id, ex]) => [
        id,
        ex.has.watchOrderBook === true && typeof ex.watchOrderBook === 'function',
      ]),
    );
    expect(ws).toEqual({ binance: true, gateio: true, mexc: true, bybit: true, mercadobitcoin: false });
    const mercado = built.find(([id]) => id === 'mercadobitcoin')![1];
    expect(mercado.id).toBe('mercado');
    expect(mercado.rateLimit).toBe(1_000);
    const binance = built.find(([id]) => id === 'binance')![1] as unknown as {
      options: { ws: { backoff: { base: number } } };
    };
    expect(binance.options.ws.backoff.base).toBe(0);
  });
});
