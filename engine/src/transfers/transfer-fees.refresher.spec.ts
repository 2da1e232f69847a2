import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_TRANSFER_FEES, transferRoute, type TransferFeeTable } from '@arbitra/contracts';
import type { BrowserEvents } from '@arbitra/transport';
import type { EngineConfig } from '../config/config.js';
import {
  BTC_AND_ETH_USDT,
  startLocalExchange,
  type LocalExchange,
} from '../testing/local-exchanges/index.js';
import { TransferFeesRefresher, transferFeesOnline } from './transfer-fees.refresher.js';

/**
 * The refresh through the platform's real ccxt client against the local Binance (its `capital/config/getall`, the
 * call ccxt's fetchCurrencies makes with a key), reached through EXCHANGE_API_ORIGINS as in production behind a proxy.
 */
describe('TransferFeesRefresher', () => {
  let binance: LocalExchange;
  const sent: TransferFeeTable[] = [];
  const events = { toEngines: (_e: string, t: TransferFeeTable) => sent.push(t) } as unknown as BrowserEvents;

  beforeAll(async () => {
    binance = await startLocalExchange('binance', BTC_AND_ETH_USDT, [
      { apiKey: 'feesKey0123456789abcdef', secret: 'feesSecret0123456789abcdef', balances: { USDT: '10' } },
    ]);
    process.env.BINANCE_API_KEY = 'feesKey0123456789abcdef';
    process.env.BINANCE_API_SECRET = 'feesSecret0123456789abcdef';
  });
  afterAll(async () => {
    delete process.env.BINANCE_API_KEY;
    delete process.env.BINANCE_API_SECRET;
    await binance.close();
  });

  it('never tries on the simulated market without exchange origins', () => {
    expect(transferFeesOnline({ MARKET_FEED: 'simulated', EXCHANGE_API_ORIGINS: undefined })).toBe(false);
    expect(transferFeesOnline({ MARKET_FEED: 'ccxt', EXCHANGE_API_ORIGINS: undefined })).toBe(true);
    expect(
      transferFeesOnline({ MARKET_FEED: 'simulated', EXCHANGE_API_ORIGINS: '{"binance":"http://x:1"}' }),
    ).toBe(true);
  });

  it("reads Binance's networks through ccxt, merges them, keeps the shipped table elsewhere, and publishes it", async () => {
    const config = {
      MARKET_FEED: 'simulated',
      EXCHANGE_API_ORIGINS: JSON.stringify({ binance: binance.url }),
      TRANSFER_FEES_REFRESH_MS: 0,
    } as EngineConfig;
    const refresher = new TransferFeesRefresher(config, events);
    const table = await refresher.refresh(['binance']);
    expect(binance.requests.some((r) => r.path === '/sapi/v1/capital/config/getall')).toBe(true);
    expect(table.source).toBe('ccxt');
    expect(table.origin).toContain('via ccxt (binance)');
    expect(table.fees.binance.USDT).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ network: 'BEP20', fee: '0.29', minWithdraw: '10', withdraw: true }),
        expect.objectContaining({ network: 'TRC20', fee: '1', withdraw: false }),
        expect.objectContaining({ network: 'ERC20', fee: '4.5', minWithdraw: '9' }),
      ]),
    );
    expect(table.fees.binance.BTC).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ network: 'BTC', fee: '0.00013', minWithdraw: '0.00026' }),
      ]),
    );
    expect(table.fees.gateio).toEqual(SHIPPED_TRANSFER_FEES.fees.gateio);
    // the refreshed fee is the one a plan uses; Binance's suspended TRC20 is never suggested
    expect(transferRoute(table, 'USDT', 'binance', 'gateio')).toMatchObject({
      network: 'BEP20',
      fee: '0.29',
    });
    expect(transferRoute(table, 'USDT', 'binance', 'bybit')).toMatchObject({ network: 'ERC20' });
    expect(sent.at(-1)).toBe(table);
  });

  it('an exchange that cannot be reached keeps the shipped figures (nothing published as refreshed)', async () => {
    const config = {
      MARKET_FEED: 'simulated',
      EXCHANGE_API_ORIGINS: JSON.stringify({ binance: 'http://127.0.0.1:9' }),
      TRANSFER_FEES_REFRESH_MS: 0,
    } as EngineConfig;
    const before = sent.length;
    const table = await new TransferFeesRefresher(config, events).refresh(['binance']);
    expect(table).toBe(SHIPPED_TRANSFER_FEES);
    expect(sent.length).toBe(before);
  });
});
