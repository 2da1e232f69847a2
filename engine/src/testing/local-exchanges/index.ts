import type { ExchangeId } from '@arbitra/contracts';
import { ccxtClientFactory, type ExchangeClientFactory } from '../../credentials/exchange-client.factory.js';
import { BinanceAdapter } from './binance.js';
import { BybitAdapter } from './bybit.js';
import { GateAdapter } from './gate.js';
import { MercadoBitcoinAdapter } from './mercado.js';
import { MexcAdapter } from './mexc.js';
import { LocalExchange, type ProtocolAdapter } from './server.js';
import { LocalVenue, spotMarket, type AccountSpec, type MarketSpec } from './venue.js';

export { LocalExchange, pointAt } from './server.js';
export type { LocalAnswer, LocalRequest, LoggedRequest, ProtocolAdapter } from './server.js';
export { LocalVenue, Rejection, spotMarket } from './venue.js';
export type { AccountSpec, Faults, Level, MarketSpec, OrderRequest, VenueOrder } from './venue.js';

/** The protocol adapter of each exchange that has one (ex-more adds bybit and mercadobitcoin here). */
export const ADAPTERS: Partial<Record<ExchangeId, () => ProtocolAdapter>> = {
  binance: () => new BinanceAdapter(),
  mexc: () => new MexcAdapter(),
  gateio: () => new GateAdapter(),
  bybit: () => new BybitAdapter(),
  mercadobitcoin: () => new MercadoBitcoinAdapter(),
};

/**
 * The platform's factory, with ccxt's client-side pacing off: it spaces requests by their weight on the real
 * exchange (MEXC's futures market list weighs 100 → 5 s before the next call of every new client; Mercado Bitcoin 1
 * request a second), which would make the scenario suites minutes long. Throttling is still tested: the local
 * exchange answers 429/418 itself.
 */
export const unpacedClientFactory: ExchangeClientFactory = async (exchange, credentials, options) => {
  const client = await ccxtClientFactory(exchange, credentials, options);
  client.enableRateLimit = false;
  return client;
};

/** A local exchange for `exchange` on its own venue, listening on a random free port. */
export async function startLocalExchange(
  exchange: ExchangeId,
  markets: readonly MarketSpec[],
  accounts: readonly AccountSpec[],
  takerFee = '0.001',
): Promise<LocalExchange> {
  const adapter = ADAPTERS[exchange];
  if (!adapter) throw new Error(`no local exchange for ${exchange}`);
  return LocalExchange.start(adapter(), new LocalVenue(markets, accounts, takerFee));
}

/**
 * BTC/USDT and ETH/USDT, open, best asks 60000 and 3000 (the price a ticker reports as last): the markets of the
 * read-only checks (live checklist, live:smoke, the shared rate budget).
 */
export const BTC_AND_ETH_USDT: readonly MarketSpec[] = [
  spotMarket('BTC', 'USDT', { asks: [['60000', '1']], bids: [['59990', '1']] }),
  spotMarket('ETH', 'USDT', { asks: [['3000', '10']], bids: [['2999', '10']] }),
];
