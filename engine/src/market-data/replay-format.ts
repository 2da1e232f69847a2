import type { FeedState, MarketSpec } from './types.js';

/**
 * The replay file: JSON lines, one record per line.
 *   {"type":"meta","version":1,"source":"simulated","simulated":true,"recordedAt":"2025-01-02T12:00:00.000Z"}
 *   {"type":"markets","markets":[MarketSpec, ...]}
 *   {"type":"book","exchange":"binance","symbol":"BTC/USDT","bids":[[95000.1,0.5]],"asks":[[95000.2,0.4]],
 *    "exchangeTs":1735819200000,"receivedTs":1735819200012.5}
 *   {"type":"state","exchange":"binance","status":"up","reason":null,"since":1735819200000}
 * A line without "type" that has an "exchange" is read as a book. Unknown types are ignored.
 */
export const REPLAY_FORMAT_VERSION = 1;

export interface ReplayMeta {
  type: 'meta';
  version: number;
  source: string;
  simulated: boolean;
  recordedAt: string;
}

export interface ReplayMarkets {
  type: 'markets';
  markets: MarketSpec[];
}

export type ReplayState = { type: 'state' } & FeedState;
