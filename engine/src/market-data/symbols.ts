import { PAIRS } from '@arbitra/contracts';

/** Cross pairs the triangles need (USDT → BTC → X → USDT and reverse). */
export const CROSS_PAIRS = [
  'ETH/BTC',
  'BNB/BTC',
  'SOL/BTC',
  'ADA/BTC',
  'LINK/BTC',
  'DOT/BTC',
  'AVAX/BTC',
  'UNI/BTC',
  'MATIC/BTC',
] as const;

/** Market giving the USDT/BRL reference rate used to show profits in R$. */
export const REFERENCE_SYMBOL = 'USDT/BRL';

/** Everything the engine watches by default. */
export const WATCHED_SYMBOLS: readonly string[] = [...PAIRS, ...CROSS_PAIRS, REFERENCE_SYMBOL];

export interface SymbolParts {
  base: string;
  quote: string;
}

const cache = new Map<string, SymbolParts | null>();

/** 'BTC/USDT' → {base: 'BTC', quote: 'USDT'}; null when the symbol is not BASE/QUOTE. */
export function splitSymbol(symbol: string): SymbolParts | null {
  let parts = cache.get(symbol);
  if (parts !== undefined) return parts;
  const m = /^([A-Z0-9]+)\/([A-Z0-9]+)$/.exec(symbol);
  parts = m ? { base: m[1]!, quote: m[2]! } : null;
  if (cache.size < 10_000) cache.set(symbol, parts);
  return parts;
}
