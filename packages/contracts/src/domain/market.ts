import type { ExchangeId } from './exchanges.js';
import type { RebalanceShare } from './rebalance-share.js';

/** Same names as the Bot strategies of SPEC §3: 'arbitrage' is the simple cross-exchange one. */
export type OpportunityStrategy = 'arbitrage' | 'triangular' | 'statistical';

export type RiskLevel = 'low' | 'medium' | 'high';

/** |z| a statistical entry needs per risk level (DECISIONS §8). */
export const Z_THRESHOLDS: Readonly<Record<RiskLevel, number>> = { low: 2.5, medium: 2.0, high: 1.5 };

/** One order of an opportunity. Money and quantities are decimal strings, never floats. */
export interface OpportunityLeg {
  exchange: ExchangeId;
  symbol: string;
  side: 'buy' | 'sell';
  /** Base amount, a multiple of the market's amount step. */
  amount: string;
  /** Volume-weighted average price over the levels walked, rounded to the market's tick. */
  price: string;
  /** Worst level price touched: a limit order at this price fills `amount` against the book it came from. */
  limitPrice: string;
  /** Quote amount exchanged before fees. */
  notional: string;
  /** Taker fee rate applied, as a fraction ("0.001" = 0.1 %). */
  feeRate: string;
}

export interface StatisticalInfo {
  /** Current spread: ln(mid of exchanges[0] / mid of exchanges[1]), in basis points. */
  spreadBps: number;
  meanBps: number;
  stdDevBps: number;
  zScore: number;
  /** Risk levels whose entry threshold |z| meets. */
  riskLevels: RiskLevel[];
  samples: number;
}

/** An executable opportunity, net of taker fees and depth. */
export interface Opportunity {
  /** Stable while it lasts: strategy + exchanges + symbols + direction. */
  id: string;
  strategy: OpportunityStrategy;
  exchanges: ExchangeId[];
  symbols: string[];
  /** 'binance>gateio' (buy > sell), 'USDT>BTC>ETH>USDT' (triangle path). */
  direction: string;
  legs: OpportunityLeg[];
  /** Net profit percent (float, for sorting only). */
  netPct: number;
  /** Net profit percent as a decimal string, 4 decimals. */
  netPercent: string;
  /** Executable size: base amount (arbitrage, statistical) or starting amount (triangular). */
  size: string;
  sizeAsset: string;
  /** Capital engaged, in USDT. */
  capitalUsdt: string;
  /** Estimated profit after fees, in USDT and in R$ at `usdtBrl`. */
  profitUsdt: string;
  profitBrl: string;
  usdtBrl: string;
  /**
   * The exchanges' time (ms since the epoch) of the newest book among those that formed the opportunity when it
   * opened: taken from the feed's data, not from a local clock, so every engine reading the same feed gives the
   * same opportunity the same `openedAt`. With `id` it is the opportunity's identity (and its execution key).
   */
  openedAt: number;
  /** When this engine first saw it, ms since the epoch (its own clock: display only). */
  firstSeen: number;
  lastSeen: number;
  /** now − firstSeen at the time of the snapshot or event, ms. */
  ageMs: number;
  statistical?: StatisticalInfo;
  /**
   * 'Lucro após rebalanceamento' (issue 29): the net profit minus this opportunity's share of the transfers that
   * undo its inventory move, amortised over DEFAULT_REBALANCE_TRANSFER_BRL (rebalanceAt gives another size).
   * Absent from an older engine's events.
   */
  rebalance?: RebalanceShare;
}

export type FeedStatus = 'connecting' | 'up' | 'degraded' | 'down';

/** State of one exchange's feed. `reason` is a short pt-BR text (null when up). */
export interface FeedState {
  exchange: ExchangeId;
  status: FeedStatus;
  reason: string | null;
  /** ms since the epoch when this status began. */
  since: number;
}

export type MarketFeedKind = 'simulated' | 'replay' | 'ccxt';

/** Where the market data comes from; `simulated` true means every screen shows 'Dados simulados'. */
export interface MarketSource {
  kind: MarketFeedKind;
  simulated: boolean;
}

/** The basic scanner: the 10 best opportunities, sent to the public room every 3 s. */
export interface ScannerSnapshot {
  at: number;
  source: MarketSource;
  opportunities: Opportunity[];
  /** How many opportunities are live in all (the snapshot shows the best 10). */
  activeCount: number;
  /** The USDT/BRL premium ('ágio do dólar cripto') of each BRL exchange, with its last minutes (issue 15). */
  usdtBrlPremium?: UsdtBrlPremium | null;
}

/** One exchange's USDT/BRL mid and its premium over the reference rate (the rate of the R$ figures). */
export interface UsdtBrlPremiumExchange {
  exchange: ExchangeId;
  /** Mid of its USDT/BRL book, R$ (decimal string). */
  mid: string;
  /** (mid ÷ reference − 1) × 100, 4 decimals. */
  vsReferencePct: string;
}

/** The premium of `exchange`'s USDT/BRL over `versus`'s: (mid ÷ mid of versus − 1) × 100, 4 decimals. */
export interface UsdtBrlPremiumSpread {
  exchange: ExchangeId;
  versus: ExchangeId;
  pct: string;
}

/** One sample of the chart: key `${exchange}:${versus}` (a spread) or `${exchange}:ref`, value in % (display only). */
export interface UsdtBrlPremiumPoint {
  at: number;
  pct: Record<string, number>;
}

export interface UsdtBrlPremium {
  at: number;
  /** The USDT/BRL of every R$ figure: the first fresh mid (Binance, then Mercado Bitcoin) or the fallback. */
  reference: { rate: string; source: ExchangeId | 'fallback' };
  /** Exchanges with a fresh USDT/BRL book, in EXCHANGE_IDS order. */
  exchanges: UsdtBrlPremiumExchange[];
  /** Every pair of those exchanges, the later (EXCHANGE_IDS order) against the earlier. */
  spreads: UsdtBrlPremiumSpread[];
  /** The last minutes, oldest first (one point every USDT_BRL_PREMIUM_SAMPLE_MS). */
  history: UsdtBrlPremiumPoint[];
}

export const USDT_BRL_PREMIUM_SAMPLE_MS = 10_000;
export const USDT_BRL_PREMIUM_HISTORY_MS = 5 * 60_000;

/** Real-time changes (Profissional/Enterprise), coalesced to at most 10 per second. */
export interface ScannerDelta {
  at: number;
  upserts: Opportunity[];
  removed: string[];
}

/** Best bid/ask of one market on one exchange. Prices are decimal strings. */
export interface PriceQuote {
  exchange: ExchangeId;
  symbol: string;
  bid: string | null;
  ask: string | null;
  /** When the book was received, ms since the epoch. */
  ts: number;
  stale: boolean;
}

/** The price grid per exchange and pair, sent every second. */
export interface PriceGrid {
  at: number;
  source: MarketSource;
  quotes: PriceQuote[];
}

/** Figures the engine measures, for the landing page and /status. */
export interface EngineStats {
  at: number;
  source: MarketSource;
  exchangesWatched: number;
  pairsWatched: number;
  marketsWatched: number;
  /** Median detection latency (book received → opportunity emitted) over the last minutes, ms. */
  detectionLatencyMedianMs: number | null;
  /** Opportunities first seen since 00:00 in São Paulo (since this engine started, if later). */
  opportunitiesToday: number;
  countingSince: number;
  updatesPerSecond: number;
  activeOpportunities: number;
}

/** Everything a screen needs to draw the scanner before the next live event arrives. */
export interface MarketSnapshot {
  scanner: ScannerSnapshot | null;
  prices: PriceGrid | null;
  feeds: FeedState[];
  stats: EngineStats | null;
}

export const SCANNER_PUBLIC_TOP = 10;
export const SCANNER_PUBLIC_INTERVAL_MS = 3_000;
export const SCANNER_REALTIME_MIN_INTERVAL_MS = 100;
export const PRICE_GRID_INTERVAL_MS = 1_000;

export type ComponentName = 'api' | 'engine' | 'database' | 'queue';

/** GET /api/status: the live state of the platform, for the /status page. Always answered 200. */
export interface StatusReport {
  at: number;
  components: { name: ComponentName; status: 'up' | 'down'; detail: string | null }[];
  feeds: FeedState[];
  source: MarketSource | null;
  /** Each live engine with the running bots it owns (their leases) and whether it publishes the scanner. */
  engines: EngineStatusEntry[];
}

export interface EngineStatusEntry {
  instanceId: string;
  startedAt: string;
  ownedBots: number;
  publisher: boolean;
}
