import { BRL_MARKETS, PAIRS, type ExchangeId } from '@arbitra/contracts';
import { CROSS_PAIRS, REFERENCE_SYMBOL } from './symbols.js';

/** How one exchange looks in the simulation. */
export interface ExchangeProfile {
  exchange: ExchangeId;
  /** Mean interval between two updates of one market (jittered ±50 %). */
  updateIntervalMs: number;
  /** Typical relative spread (ask − bid) / mid, in basis points, before tick rounding. */
  spreadBps: number;
  /** Visible levels per side. */
  levels: number;
  /** Mean gap between consecutive levels, in basis points. */
  levelGapBps: number;
  /** Typical value at the best level, in USDT. */
  topNotionalUsdt: number;
  /** Each deeper level holds this much more on average. */
  depthGrowth: number;
  /** Stationary standard deviation of the exchange's own price offset (mean-reverting), in basis points. */
  noiseBps: number;
  /** Multipliers applied to the reference tick size and amount step. */
  tickMultiplier: number;
  stepMultiplier: number;
  /** Exchange-timestamp lag range [min, max] in ms (exchangeTs = receivedTs − lag). */
  latencyMs: readonly [number, number];
  /** BTC-quoted pairs listed (for triangles). */
  crossPairs: readonly string[];
  /** Lists USDT/BRL (the R$ reference). */
  reference: boolean;
  /** BRL books (issue 15): Binance and Mercado Bitcoin only. */
  brl?: BrlProfile;
}

/**
 * How an exchange's BRL books look. Price of X/BRL = X/USDT × USDT/BRL × (1 + this exchange's USDT/BRL
 * premium) × the book's own noise; the premium is a mean-reverting drift of its own (the 'ágio do dólar
 * cripto' differs between exchanges and moves slowly), shared by all the exchange's BRL books, USDT/BRL included.
 */
export interface BrlProfile {
  /** BRL markets listed (contracts BRL_MARKETS). */
  symbols: readonly string[];
  /** Mean premium of this exchange's USDT/BRL over the reference, in basis points. */
  premiumMeanBps: number;
  /** Stationary standard deviation of the premium's drift around its mean, in basis points. */
  premiumNoiseBps: number;
  /** Time constant of the premium's mean reversion, seconds. */
  premiumTauSec: number;
  spreadBps: number;
  levels: number;
  levelGapBps: number;
  /** Typical value at the best level, in USDT. */
  topNotionalUsdt: number;
  /** Price tick and amount step of each BRL market (as the exchange lists them). */
  precision: Readonly<Record<string, { tickSize: number; amountStep: number }>>;
  /** Minimum order value, R$. */
  minNotionalBrl: number;
}

export const EXCHANGE_PROFILES: Record<ExchangeId, ExchangeProfile> = {
  binance: {
    exchange: 'binance',
    updateIntervalMs: 250,
    spreadBps: 1,
    levels: 20,
    levelGapBps: 2,
    topNotionalUsdt: 20_000,
    depthGrowth: 1.15,
    noiseBps: 1,
    tickMultiplier: 1,
    stepMultiplier: 1,
    latencyMs: [5, 30],
    crossPairs: CROSS_PAIRS,
    reference: true,
    brl: {
      symbols: BRL_MARKETS.binance,
      premiumMeanBps: 0,
      premiumNoiseBps: 6,
      premiumTauSec: 120,
      spreadBps: 4,
      levels: 15,
      levelGapBps: 4,
      topNotionalUsdt: 4_000,
      precision: {
        'BTC/BRL': { tickSize: 1, amountStep: 0.00001 },
        'ETH/BRL': { tickSize: 0.01, amountStep: 0.0001 },
        'BNB/BRL': { tickSize: 0.1, amountStep: 0.001 },
        'SOL/BRL': { tickSize: 0.01, amountStep: 0.001 },
      },
      minNotionalBrl: 10,
    },
  },
  bybit: {
    exchange: 'bybit',
    updateIntervalMs: 300,
    spreadBps: 1.5,
    levels: 15,
    levelGapBps: 2.5,
    topNotionalUsdt: 12_000,
    depthGrowth: 1.12,
    noiseBps: 1.5,
    tickMultiplier: 1,
    stepMultiplier: 1,
    latencyMs: [10, 50],
    crossPairs: ['ETH/BTC', 'SOL/BTC', 'LINK/BTC', 'DOT/BTC', 'AVAX/BTC'],
    reference: false,
  },
  gateio: {
    exchange: 'gateio',
    updateIntervalMs: 400,
    spreadBps: 3,
    levels: 15,
    levelGapBps: 4,
    topNotionalUsdt: 5_000,
    depthGrowth: 1.1,
    noiseBps: 2.5,
    tickMultiplier: 1,
    stepMultiplier: 0.1,
    latencyMs: [20, 80],
    crossPairs: ['ETH/BTC', 'BNB/BTC', 'SOL/BTC', 'ADA/BTC', 'LINK/BTC', 'DOT/BTC'],
    reference: false,
  },
  mexc: {
    exchange: 'mexc',
    updateIntervalMs: 500,
    spreadBps: 2.5,
    levels: 12,
    levelGapBps: 3.5,
    topNotionalUsdt: 4_000,
    depthGrowth: 1.1,
    noiseBps: 2,
    tickMultiplier: 1,
    stepMultiplier: 1,
    latencyMs: [20, 90],
    crossPairs: ['ETH/BTC', 'SOL/BTC'],
    reference: false,
  },
  mercadobitcoin: {
    exchange: 'mercadobitcoin',
    updateIntervalMs: 1000,
    spreadBps: 12,
    levels: 10,
    levelGapBps: 10,
    topNotionalUsdt: 1_500,
    depthGrowth: 1.2,
    noiseBps: 4,
    tickMultiplier: 10,
    stepMultiplier: 10,
    latencyMs: [50, 150],
    crossPairs: [],
    reference: true,
    brl: {
      symbols: BRL_MARKETS.mercadobitcoin,
      premiumMeanBps: 15,
      premiumNoiseBps: 12,
      premiumTauSec: 90,
      spreadBps: 8,
      levels: 15,
      levelGapBps: 6,
      topNotionalUsdt: 6_000,
      precision: {
        'USDT/BRL': { tickSize: 0.001, amountStep: 0.01 },
        'BTC/BRL': { tickSize: 0.01, amountStep: 0.00000001 },
        'ETH/BRL': { tickSize: 0.01, amountStep: 0.000001 },
        'SOL/BRL': { tickSize: 0.001, amountStep: 0.00001 },
        'ADA/BRL': { tickSize: 0.00001, amountStep: 0.01 },
        'LINK/BRL': { tickSize: 0.001, amountStep: 0.0001 },
        'UNI/BRL': { tickSize: 0.001, amountStep: 0.0001 },
        'AVAX/BRL': { tickSize: 0.001, amountStep: 0.0001 },
        'DOT/BRL': { tickSize: 0.001, amountStep: 0.0001 },
      },
      minNotionalBrl: 1,
    },
  },
};

/** Reference price level (USDT), tick and step of each simulated asset's USDT market. */
export interface AssetModel {
  asset: string;
  priceUsdt: number;
  tickSize: number;
  amountStep: number;
  /** Sensitivity to the common (BTC) move. */
  beta: number;
  /** Own volatility, log-price per √second. */
  idioVol: number;
  /** Depth relative to BTC (scales every exchange's level sizes). */
  liquidity: number;
}

export const ASSETS: readonly AssetModel[] = [
  { asset: 'BTC', priceUsdt: 95_000, tickSize: 0.01, amountStep: 0.00001, beta: 1, idioVol: 0, liquidity: 1 },
  {
    asset: 'ETH',
    priceUsdt: 3_400,
    tickSize: 0.01,
    amountStep: 0.0001,
    beta: 1.1,
    idioVol: 8e-5,
    liquidity: 0.7,
  },
  {
    asset: 'BNB',
    priceUsdt: 650,
    tickSize: 0.01,
    amountStep: 0.001,
    beta: 0.8,
    idioVol: 8e-5,
    liquidity: 0.3,
  },
  {
    asset: 'ADA',
    priceUsdt: 0.95,
    tickSize: 0.0001,
    amountStep: 0.1,
    beta: 1.2,
    idioVol: 1.2e-4,
    liquidity: 0.15,
  },
  {
    asset: 'SOL',
    priceUsdt: 190,
    tickSize: 0.01,
    amountStep: 0.001,
    beta: 1.3,
    idioVol: 1.2e-4,
    liquidity: 0.4,
  },
  {
    asset: 'DOT',
    priceUsdt: 7.2,
    tickSize: 0.001,
    amountStep: 0.01,
    beta: 1.1,
    idioVol: 1.1e-4,
    liquidity: 0.1,
  },
  {
    asset: 'MATIC',
    priceUsdt: 0.45,
    tickSize: 0.0001,
    amountStep: 0.1,
    beta: 1.2,
    idioVol: 1.2e-4,
    liquidity: 0.08,
  },
  {
    asset: 'LINK',
    priceUsdt: 22,
    tickSize: 0.001,
    amountStep: 0.01,
    beta: 1.1,
    idioVol: 1.1e-4,
    liquidity: 0.12,
  },
  {
    asset: 'UNI',
    priceUsdt: 12,
    tickSize: 0.001,
    amountStep: 0.01,
    beta: 1.1,
    idioVol: 1.1e-4,
    liquidity: 0.08,
  },
  {
    asset: 'AVAX',
    priceUsdt: 38,
    tickSize: 0.01,
    amountStep: 0.01,
    beta: 1.2,
    idioVol: 1.2e-4,
    liquidity: 0.12,
  },
];

/** Tick and step of the BTC-quoted cross pairs (reference exchange). */
export const CROSS_PRECISION: Record<string, { tickSize: number; amountStep: number }> = {
  'ETH/BTC': { tickSize: 0.00001, amountStep: 0.0001 },
  'BNB/BTC': { tickSize: 0.000001, amountStep: 0.001 },
  'SOL/BTC': { tickSize: 0.0000001, amountStep: 0.001 },
  'ADA/BTC': { tickSize: 0.00000001, amountStep: 1 },
  'LINK/BTC': { tickSize: 0.00000001, amountStep: 0.01 },
  'DOT/BTC': { tickSize: 0.00000001, amountStep: 0.01 },
  'AVAX/BTC': { tickSize: 0.0000001, amountStep: 0.01 },
  'UNI/BTC': { tickSize: 0.00000001, amountStep: 0.01 },
  'MATIC/BTC': { tickSize: 0.000000001, amountStep: 1 },
};

export const REFERENCE_MODEL = {
  symbol: REFERENCE_SYMBOL,
  price: 5.45,
  tickSize: 0.001,
  amountStep: 0.01,
  vol: 2e-5,
  liquidity: 1,
};

/** Depth of a BTC-quoted cross pair relative to its base asset's USDT market. */
export const CROSS_LIQUIDITY = 0.3;

/** Volatility of the common factor (BTC), log-price per √second. */
export const COMMON_VOL = 1.5e-4;

/** The USDT pairs every simulated exchange lists. */
export const SIMULATED_PAIRS: readonly string[] = PAIRS;
