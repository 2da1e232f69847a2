import type {
  EngineStats,
  FeedState,
  MarketSnapshot,
  MarketSource,
  Opportunity,
  PriceGrid,
  ScannerSnapshot,
  UsdtBrlPremium,
} from '@arbitra/contracts';

/** Test data shaped as the engine publishes it (contracts' types), built by hand. */
export const T0 = Date.UTC(2026, 1, 10, 15, 0, 0);
export const SIMULATED: MarketSource = { kind: 'simulated', simulated: true };

export function arbitrage(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: 'arbitrage:binance>gateio:BTC/USDT',
    strategy: 'arbitrage',
    exchanges: ['binance', 'gateio'],
    symbols: ['BTC/USDT'],
    direction: 'binance>gateio',
    legs: [
      {
        exchange: 'binance',
        symbol: 'BTC/USDT',
        side: 'buy',
        amount: '0.01230000',
        price: '64000.10',
        limitPrice: '64000.50',
        notional: '787.201230',
        feeRate: '0.001',
      },
      {
        exchange: 'gateio',
        symbol: 'BTC/USDT',
        side: 'sell',
        amount: '0.01230000',
        price: '64300.00',
        limitPrice: '64299.90',
        notional: '790.890000',
        feeRate: '0.002',
      },
    ],
    netPct: 0.1234,
    netPercent: '0.1234',
    size: '0.01230000',
    sizeAsset: 'BTC',
    capitalUsdt: '787.20123',
    profitUsdt: '0.9714',
    profitBrl: '1.005',
    usdtBrl: '5.1734',
    openedAt: T0 - 5_000,
    firstSeen: T0 - 5_000,
    lastSeen: T0,
    ageMs: 5_000,
    ...overrides,
  };
}

export function triangular(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: 'triangular:binance:USDT>BTC>ETH>USDT',
    strategy: 'triangular',
    exchanges: ['binance'],
    symbols: ['BTC/USDT', 'ETH/BTC', 'ETH/USDT'],
    direction: 'USDT>BTC>ETH>USDT',
    legs: [
      {
        exchange: 'binance',
        symbol: 'BTC/USDT',
        side: 'buy',
        amount: '0.005',
        price: '64000',
        limitPrice: '64001',
        notional: '320',
        feeRate: '0.00075',
      },
      {
        exchange: 'binance',
        symbol: 'ETH/BTC',
        side: 'buy',
        amount: '0.1',
        price: '0.0499',
        limitPrice: '0.05',
        notional: '0.00499',
        feeRate: '0.00075',
      },
      {
        exchange: 'binance',
        symbol: 'ETH/USDT',
        side: 'sell',
        amount: '0.1',
        price: '3210',
        limitPrice: '3209',
        notional: '321',
        feeRate: '0.00075',
      },
    ],
    netPct: 0.0812,
    netPercent: '0.0812',
    size: '320',
    sizeAsset: 'USDT',
    capitalUsdt: '320',
    profitUsdt: '0.2598',
    profitBrl: '1.34',
    usdtBrl: '5.1734',
    openedAt: T0 - 65_000,
    firstSeen: T0 - 65_000,
    lastSeen: T0,
    ageMs: 65_000,
    ...overrides,
  };
}

export function statistical(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: 'statistical:mexc>bybit:SOL/USDT',
    strategy: 'statistical',
    exchanges: ['mexc', 'bybit'],
    symbols: ['SOL/USDT'],
    direction: 'mexc>bybit',
    legs: [
      {
        exchange: 'mexc',
        symbol: 'SOL/USDT',
        side: 'buy',
        amount: '10',
        price: '150.10',
        limitPrice: '150.12',
        notional: '1501',
        feeRate: '0.0005',
      },
      {
        exchange: 'bybit',
        symbol: 'SOL/USDT',
        side: 'sell',
        amount: '10',
        price: '150.60',
        limitPrice: '150.58',
        notional: '1506',
        feeRate: '0.001',
      },
    ],
    netPct: 0.2501,
    netPercent: '0.2501',
    size: '10',
    sizeAsset: 'SOL',
    capitalUsdt: '1501',
    profitUsdt: '3.7538',
    profitBrl: '19.42',
    usdtBrl: '5.1734',
    openedAt: T0 - 1_000,
    firstSeen: T0 - 1_000,
    lastSeen: T0,
    ageMs: 1_000,
    statistical: {
      spreadBps: 33.2,
      meanBps: 2.1,
      stdDevBps: 12.4,
      zScore: 2.51,
      riskLevels: ['low', 'medium', 'high'],
      samples: 600,
    },
    ...overrides,
  };
}

export function scannerSnapshot(
  opportunities: Opportunity[],
  overrides: Partial<ScannerSnapshot> = {},
): ScannerSnapshot {
  return { at: T0, source: SIMULATED, opportunities, activeCount: opportunities.length, ...overrides };
}

export function priceGrid(at = T0, overrides: Partial<PriceGrid> = {}): PriceGrid {
  return {
    at,
    source: SIMULATED,
    quotes: [
      { exchange: 'binance', symbol: 'BTC/USDT', bid: '64000.00', ask: '64001.00', ts: at, stale: false },
      { exchange: 'gateio', symbol: 'BTC/USDT', bid: '64290.00', ask: '64310.00', ts: at, stale: false },
      {
        exchange: 'mexc',
        symbol: 'BTC/USDT',
        bid: '63000.00',
        ask: '63010.00',
        ts: at - 30_000,
        stale: true,
      },
      { exchange: 'binance', symbol: 'ETH/BTC', bid: '0.0499', ask: '0.05', ts: at, stale: false },
    ],
    ...overrides,
  };
}

export const FEEDS: FeedState[] = [
  { exchange: 'binance', status: 'up', reason: null, since: T0 - 600_000 },
  { exchange: 'mercadobitcoin', status: 'degraded', reason: '2 livros desatualizados', since: T0 - 30_000 },
  { exchange: 'gateio', status: 'up', reason: null, since: T0 - 600_000 },
  { exchange: 'mexc', status: 'connecting', reason: 'Conectando', since: T0 - 2_000 },
  { exchange: 'bybit', status: 'down', reason: 'Sem resposta da exchange', since: T0 - 120_000 },
];

export function engineStats(overrides: Partial<EngineStats> = {}): EngineStats {
  return {
    at: T0,
    source: SIMULATED,
    exchangesWatched: 5,
    pairsWatched: 10,
    marketsWatched: 95,
    detectionLatencyMedianMs: 0.42,
    opportunitiesToday: 1234,
    countingSince: Date.UTC(2026, 1, 10, 3, 0, 0),
    updatesPerSecond: 850,
    activeOpportunities: 3,
    ...overrides,
  };
}

export function marketSnapshot(overrides: Partial<MarketSnapshot> = {}): MarketSnapshot {
  return {
    scanner: scannerSnapshot([statistical(), arbitrage(), triangular()]),
    prices: priceGrid(),
    feeds: FEEDS,
    stats: engineStats(),
    ...overrides,
  };
}

/** The USDT/BRL premium of Binance (reference) and Mercado Bitcoin, with two minutes of history. */
export const PREMIUM: UsdtBrlPremium = {
  at: T0,
  reference: { rate: '5.4500', source: 'binance' },
  exchanges: [
    { exchange: 'binance', mid: '5.45', vsReferencePct: '0.0000' },
    { exchange: 'mercadobitcoin', mid: '5.47', vsReferencePct: '0.3670' },
  ],
  spreads: [{ exchange: 'mercadobitcoin', versus: 'binance', pct: '0.3670' }],
  history: [
    { at: T0 - 20_000, pct: { 'mercadobitcoin:binance': 0.31 } },
    { at: T0 - 10_000, pct: { 'mercadobitcoin:binance': 0.34 } },
  ],
};
