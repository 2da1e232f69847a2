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

/** One line of a replay file, read (the replay feed and the backtest read files the same way). */
export type ReplayLine =
  | { kind: 'skip' }
  | { kind: 'malformed'; detail: string }
  | { kind: 'meta'; meta: ReplayMeta }
  | { kind: 'markets'; markets: MarketSpec[] }
  | { kind: 'book'; record: Record<string, unknown> };

/** Parses one line: blank lines and unknown types are skipped; a line without "type" but with "exchange" is a book. */
export function parseReplayLine(line: string): ReplayLine {
  if (line.trim() === '') return { kind: 'skip' };
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return { kind: 'malformed', detail: 'linha de replay não é JSON' };
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    return { kind: 'malformed', detail: 'linha de replay não é um objeto' };
  const r = record as Record<string, unknown>;
  const type = r.type ?? (r.exchange !== undefined ? 'book' : undefined);
  if (type === 'meta') return { kind: 'meta', meta: r as unknown as ReplayMeta };
  if (type === 'markets')
    return Array.isArray(r.markets)
      ? { kind: 'markets', markets: r.markets as MarketSpec[] }
      : { kind: 'skip' };
  if (type === 'book') return { kind: 'book', record: r };
  return { kind: 'skip' };
}
