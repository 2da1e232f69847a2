import { BRL_MARKETS, PAIRS, type ExchangeId } from '@arbitra/contracts';

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

/** Every BRL market of the BRL exchanges (Mercado Bitcoin, Binance), USDT/BRL included. */
export const BRL_SYMBOLS: readonly string[] = [...new Set(Object.values(BRL_MARKETS).flat())];

/** Everything the engine watches by default (each exchange: what it lists of these; see watchedSymbolsFor). */
export const WATCHED_SYMBOLS: readonly string[] = [
  ...new Set([...PAIRS, ...CROSS_PAIRS, REFERENCE_SYMBOL, ...BRL_SYMBOLS]),
];

/**
 * What the engine watches on one exchange: the USDT pairs and cross pairs everywhere; BRL markets (USDT/BRL
 * included) only on the exchanges of BRL_MARKETS, those they list (issue 15).
 */
export function watchedSymbolsFor(
  exchange: ExchangeId,
  wanted: readonly string[] = WATCHED_SYMBOLS,
): string[] {
  const brl: readonly string[] =
    (BRL_MARKETS as Partial<Record<ExchangeId, readonly string[]>>)[exchange] ?? [];
  return wanted.filter((s) => !s.endsWith('/BRL') || brl.includes(s));
}

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
