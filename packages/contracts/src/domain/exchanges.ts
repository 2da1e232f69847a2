/** The exchanges Arbitra trades on. `id` is ours (SPEC §9); `ccxtId` is ccxt's (DECISIONS §6). */
export const EXCHANGES = [
  { id: 'binance', displayName: 'Binance', ccxtId: 'binance', requiresPassphrase: false },
  { id: 'mercadobitcoin', displayName: 'Mercado Bitcoin', ccxtId: 'mercado', requiresPassphrase: false },
  { id: 'gateio', displayName: 'Gate.io', ccxtId: 'gate', requiresPassphrase: false },
  { id: 'mexc', displayName: 'MEXC', ccxtId: 'mexc', requiresPassphrase: false },
  { id: 'bybit', displayName: 'Bybit', ccxtId: 'bybit', requiresPassphrase: false },
] as const;

export type ExchangeId = (typeof EXCHANGES)[number]['id'];
export type ExchangeInfo = (typeof EXCHANGES)[number];

export const EXCHANGE_IDS: readonly ExchangeId[] = EXCHANGES.map((e) => e.id);

/** An exchange as users know it ('mercadobitcoin' → 'Mercado Bitcoin'); an unknown id as it is. */
export function exchangeName(id: string): string {
  return EXCHANGES.find((e) => e.id === id)?.displayName ?? id;
}

export function isExchangeId(value: unknown): value is ExchangeId {
  return typeof value === 'string' && (EXCHANGE_IDS as readonly string[]).includes(value);
}

export function exchangeInfo(id: ExchangeId): ExchangeInfo {
  const info = EXCHANGES.find((e) => e.id === id);
  if (!info) throw new Error(`unknown exchange ${id}`);
  return info;
}
