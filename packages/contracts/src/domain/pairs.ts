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
