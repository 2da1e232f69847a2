import { isBotPair } from './pairs.js';
import type { ExchangeId } from './exchanges.js';
import type { Opportunity, OpportunityStrategy } from './market.js';

/**
 * How often opportunities of the last 24 h reached each net %, per route (issue 27: a bot form that says how often
 * its filter would have fired). The engine keeps it as a compact rolling histogram — counts per 10-minute bucket,
 * per route, per net % bin — never one row per opportunity, and never on the database.
 */
export const OPPORTUNITY_HISTORY_WINDOW_MS = 24 * 3_600_000;
export const OPPORTUNITY_HISTORY_BUCKET_MS = 10 * 60_000;
/** The window of the default minimum profit (the median of the last hour). */
export const OPPORTUNITY_HISTORY_RECENT_MS = 3_600_000;
/** How often the engine sends its summary to the api instances (server-side). */
export const OPPORTUNITY_HISTORY_PUBLISH_MS = 15_000;

/**
 * A net % bin, as its lower edge in hundredths of a percent (an integer): 0,01 % wide below 2 %, 0,1 % wide up to
 * 10 %, one bin from 10 % up. Computed from the opportunity's decimal string (exact), not from the float.
 */
export function netPctBin(netPercent: string): number {
  const [int = '0', frac = ''] = netPercent.trim().replace(/^\+/, '').split('.');
  const negative = int.startsWith('-');
  const hundredths = Math.abs(Number(int)) * 100 + Number((frac + '00').slice(0, 2));
  const rest = /[1-9]/.test(frac.slice(2));
  // floor toward −∞: −0,015 % is in the bin [−0,02; −0,01).
  const h = negative ? -(hundredths + (rest ? 1 : 0)) : hundredths;
  if (h < 200) return h;
  if (h < 1_000) return Math.floor(h / 10) * 10;
  return 1_000;
}

/** What a bot filter decides on: the strategy, the exchanges and the selectable pairs an opportunity trades. */
export interface OpportunityRoute {
  strategy: OpportunityStrategy;
  exchanges: ExchangeId[];
  /** The bot-selectable pairs it trades (a triangle's cross pair is implied), sorted. */
  pairs: string[];
}

export function routeOf(o: Pick<Opportunity, 'strategy' | 'exchanges' | 'symbols'>): OpportunityRoute {
  return {
    strategy: o.strategy,
    exchanges: [...new Set(o.exchanges)].sort(),
    pairs: [...new Set(o.symbols.filter(isBotPair))].sort(),
  };
}

export const routeKey = (r: OpportunityRoute): string =>
  `${r.strategy}|${r.exchanges.join(',')}|${r.pairs.join(',')}`;

/** [bin (lower edge in hundredths of a percent), count], bins ascending, no zero counts. */
export type NetPctHistogram = [bin: number, count: number][];

export interface OpportunityHistoryRoute extends OpportunityRoute {
  /** The last 24 h (or since `since`). */
  day: NetPctHistogram;
  /** The last hour. */
  hour: NetPctHistogram;
}

/** Engine → api (server-side), every OPPORTUNITY_HISTORY_PUBLISH_MS. */
export interface OpportunityHistorySummary {
  at: number;
  /** Since when this engine has been counting (ms since the epoch): the window is min(24 h, at − since). */
  since: number;
  routes: OpportunityHistoryRoute[];
}

/** GET /api/market/opportunity-history: the routes a bot filter takes, merged. */
export interface OpportunityFilterHistory {
  at: number;
  /** How much of the last 24 h the counts cover, ms (less than 24 h after the engine started). */
  coveredMs: number;
  day: NetPctHistogram;
  hour: NetPctHistogram;
  /** Median peak net % of the last hour's opportunities (a bin's lower edge, ≥ 0,01), null without any. */
  hourMedianPercent: number | null;
}

/** A bot filter, as the form holds it. */
export interface BotOpportunityFilter {
  strategy: OpportunityStrategy;
  pairs: readonly string[];
  exchanges: readonly string[];
}

/** The bot matcher's rule (engine/src/bots/bot-matcher.ts) on a route: same strategy, exchanges and pairs within. */
export function routeFits(route: OpportunityRoute, filter: BotOpportunityFilter): boolean {
  if (route.strategy !== filter.strategy || route.pairs.length === 0) return false;
  return (
    route.exchanges.every((e) => filter.exchanges.includes(e)) &&
    route.pairs.every((p) => filter.pairs.includes(p))
  );
}

export function mergeHistograms(list: readonly NetPctHistogram[]): NetPctHistogram {
  const sum = new Map<number, number>();
  for (const h of list) for (const [bin, n] of h) sum.set(bin, (sum.get(bin) ?? 0) + n);
  return [...sum.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
}

/**
 * How many reached `minPercent` or more: the bins whose lower edge is ≥ it (exact for a minimum with up to 2
 * decimals below 2 %; above, a bin that straddles the minimum is left out, so the count never flatters the filter).
 */
export function countAtLeast(h: NetPctHistogram, minPercent: number): number {
  const min = Math.round(minPercent * 10_000) / 100; // hundredths, without float noise (0.29 → 29)
  let n = 0;
  for (const [bin, count] of h) if (bin >= min) n += count;
  return n;
}

/** The median's bin lower edge in percent, at least 0,01 (a bot's minimum must be above zero); null when empty. */
export function medianPercent(h: NetPctHistogram): number | null {
  const total = h.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [bin, n] of h) {
    seen += n;
    if (seen * 2 >= total) return Math.max(bin, 1) / 100;
  }
  return null;
}
