import { BOT_PAIRS, type ExchangeId, type Opportunity, type OpportunityStrategy } from '@arbitra/contracts';

export const ALL = 'all';

export interface OpportunityFilters {
  strategy: OpportunityStrategy | typeof ALL;
  /** A symbol the opportunity trades (a USDT pair or a triangle's cross pair). */
  pair: string;
  exchange: ExchangeId | typeof ALL;
  /** Minimum net %, as typed (pt-BR decimal comma accepted); blank means no minimum. */
  minPercent: string;
}

export const DEFAULT_FILTERS: OpportunityFilters = {
  strategy: ALL,
  pair: ALL,
  exchange: ALL,
  minPercent: '',
};

export type SortKey = 'net' | 'profit' | 'age' | 'size';
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { key: 'net', direction: 'desc' };

const NUMBER_PATTERN = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * The minimum % typed by the user: '0,25' and '0.25' → 0.25; '1.234,5' (pt-BR thousands) → 1234.5;
 * blank → null (no minimum); anything else → NaN (invalid).
 */
export function parseMinPercent(text: string): number | null {
  let t = text.trim().replace(/\s|%/g, '');
  if (t === '') return null;
  if (t.includes(',') && t.includes('.')) t = t.replace(/\./g, '');
  if (!NUMBER_PATTERN.test(t)) return Number.NaN;
  return Number.parseFloat(t.replace(',', '.'));
}

export function matchesFilters(
  o: Opportunity,
  filters: OpportunityFilters,
  minPercent: number | null,
): boolean {
  if (filters.strategy !== ALL && o.strategy !== filters.strategy) return false;
  if (filters.pair !== ALL && !o.symbols.includes(filters.pair)) return false;
  if (filters.exchange !== ALL && !o.exchanges.includes(filters.exchange)) return false;
  if (minPercent !== null && !Number.isNaN(minPercent) && !(o.netPct >= minPercent)) return false;
  return true;
}

export function filterOpportunities(
  list: readonly Opportunity[],
  filters: OpportunityFilters,
): Opportunity[] {
  const minPercent = parseMinPercent(filters.minPercent);
  return list.filter((o) => matchesFilters(o, filters, minPercent));
}

/** Sort value of each column (floats for ranking only, never shown). Size ranks by capital in USDT: base amounts of different assets do not compare. */
function sortValue(o: Opportunity, key: SortKey): number {
  switch (key) {
    case 'net':
      return o.netPct;
    case 'profit':
      return Number(o.profitBrl);
    case 'age':
      // The older it is, the larger its age.
      return -o.firstSeen;
    case 'size':
      return Number(o.capitalUsdt);
  }
}

export function sortOpportunities(list: readonly Opportunity[], sort: SortState): Opportunity[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    const diff = sortValue(a, sort.key) - sortValue(b, sort.key);
    if (diff !== 0 && !Number.isNaN(diff)) return sign * diff;
    // Ties: best net first, then the id, so rows do not jump between updates.
    return b.netPct - a.netPct || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

/** Clicking a column: the same one flips its direction; another starts descending (largest first). */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { key, direction: 'desc' };
}

/**
 * The pair filter's choices: the ten pairs of SPEC §9 and the BRL pairs first, then every other symbol seen
 * (triangles' cross pairs, other BRL markets).
 */
export function pairOptions(seen: Iterable<string>): string[] {
  const base: readonly string[] = BOT_PAIRS;
  const extra = new Set<string>();
  for (const s of seen) if (!base.includes(s)) extra.add(s);
  return [...base, ...[...extra].sort()];
}
