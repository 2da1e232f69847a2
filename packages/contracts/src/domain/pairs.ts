/** The selectable pairs of SPEC §9, all quoted in USDT. */
export const PAIRS = [
  'BTC/USDT',
  'ETH/USDT',
  'BNB/USDT',
  'ADA/USDT',
  'SOL/USDT',
  'DOT/USDT',
  'MATIC/USDT',
  'LINK/USDT',
  'UNI/USDT',
  'AVAX/USDT',
] as const;

export type Pair = (typeof PAIRS)[number];

export function isPair(value: unknown): value is Pair {
  return typeof value === 'string' && (PAIRS as readonly string[]).includes(value);
}

/**
 * BRL markets (issue 15): the exchanges that quote in reais and the SPEC assets each lists in BRL, as listed
 * at the time of writing (Mercado Bitcoin: its BRL book of each; Binance: BTC, ETH, USDT, BNB, SOL). MATIC is
 * POL on Mercado Bitcoin now, so it is not watched there. The live feed subscribes only what the exchange's
 * loadMarkets() reports, so a delisted market is skipped by itself.
 */
export const BRL_MARKETS = {
  binance: ['BTC/BRL', 'ETH/BRL', 'USDT/BRL', 'BNB/BRL', 'SOL/BRL'],
  mercadobitcoin: [
    'BTC/BRL',
    'ETH/BRL',
    'USDT/BRL',
    'SOL/BRL',
    'ADA/BRL',
    'LINK/BRL',
    'UNI/BRL',
    'AVAX/BRL',
    'DOT/BRL',
  ],
} as const;

export type BrlExchange = keyof typeof BRL_MARKETS;

/** BRL pairs a bot may select (Profissional and Enterprise): those listed on both BRL exchanges. */
export const BRL_PAIRS = ['BTC/BRL', 'ETH/BRL', 'USDT/BRL', 'SOL/BRL'] as const;

export type BrlPair = (typeof BRL_PAIRS)[number];

/** Every pair a bot may select: the ten USDT pairs of SPEC §9, then the BRL pairs. */
export const BOT_PAIRS = [...PAIRS, ...BRL_PAIRS] as const;

export type BotPair = (typeof BOT_PAIRS)[number];

export function isBrlPair(value: unknown): value is BrlPair {
  return typeof value === 'string' && (BRL_PAIRS as readonly string[]).includes(value);
}

export function isBotPair(value: unknown): value is BotPair {
  return typeof value === 'string' && (BOT_PAIRS as readonly string[]).includes(value);
}

/** The quote currency of 'BASE/QUOTE' ('USDT', 'BRL', 'BTC'...). */
export function quoteOf(symbol: string): string {
  return symbol.slice(symbol.indexOf('/') + 1);
}
