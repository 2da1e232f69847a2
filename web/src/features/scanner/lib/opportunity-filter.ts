import {
  BOT_PAIRS,
  DEFAULT_REBALANCE_TRANSFER_BRL,
  rebalanceAt,
  type ExchangeId,
  type Opportunity,
  type OpportunityStrategy,
} from '@arbitra/contracts';

export const ALL = 'all';

export interface OpportunityFilters {
  strategy: OpportunityStrategy | typeof ALL;
  /** A symbol the opportunity trades (a USDT pair or a triangle's cross pair). */
  pair: string;
  exchange: ExchangeId | typeof ALL;
  /** Minimum net %, as typed (pt-BR decimal comma accepted); blank means no minimum. */
  minPercent: string;
  /** Minimum 'lucro após rebalanceamento' %, as typed; blank means no minimum. */
  minAfterPercent: string;
  /** Transfer size (R$) the rebalancing fees are amortised over, as typed ('5.000' or '5000'). */
  transferBrl: string;
}

export const DEFAULT_FILTERS: OpportunityFilters = {
  strategy: ALL,
  pair: ALL,
  exchange: ALL,
  minPercent: '',
  minAfterPercent: '',
  transferBrl: DEFAULT_REBALANCE_TRANSFER_BRL,
};

export type SortKey = 'net' | 'after' | 'profit' | 'age' | 'size';
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

/**
 * The transfer size typed by the user, R$: '5.000' (pt-BR thousands) and '5000' → '5000'; '2.500,50' → '2500.50';
 * blank or not a positive number → null (invalid).
 */
export function parseTransferBrl(text: string): string | null {
  const t = text.trim().replace(/\s|R\$/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(t)) return null;
  const value = t.replace(/\./g, '').replace(',', '.');
  return Number(value) > 0 ? value : null;
}

export function matchesFilters(
  o: Opportunity,
  filters: OpportunityFilters,
  minPercent: number | null,
  minAfterPercent: number | null = null,
): boolean {
  if (filters.strategy !== ALL && o.strategy !== filters.strategy) return false;
  if (filters.pair !== ALL && !o.symbols.includes(filters.pair)) return false;
  if (filters.exchange !== ALL && !o.exchanges.includes(filters.exchange)) return false;
  if (minPercent !== null && !Number.isNaN(minPercent) && !(o.netPct >= minPercent)) return false;
  // 'sem rota' (or no figure) never passes a minimum after rebalancing: it is not free
  if (
    minAfterPercent !== null &&
    !Number.isNaN(minAfterPercent) &&
    !((o.rebalance?.afterPct ?? NaN) >= minAfterPercent)
  )
    return false;
  return true;
}

/** Each opportunity's 'lucro após rebalanceamento' at the chosen transfer size (the engine's is at R$ 5.000). */
export function atTransferSize(
  list: readonly Opportunity[],
  transferBrl: string | null,
): readonly Opportunity[] {
  if (transferBrl === null) return list;
  return list.map((o) =>
    o.rebalance && o.rebalance.transferBrl !== transferBrl
      ? { ...o, rebalance: rebalanceAt(o.rebalance, transferBrl) }
      : o,
  );
}

export function filterOpportunities(
  list: readonly Opportunity[],
  filters: OpportunityFilters,
): Opportunity[] {
  const minPercent = parseMinPercent(filters.minPercent);
  const minAfterPercent = parseMinPercent(filters.minAfterPercent);
  return atTransferSize(list, parseTransferBrl(filters.transferBrl)).filter((o) =>
    matchesFilters(o, filters, minPercent, minAfterPercent),
  );
}

/** Sort value of each column (floats for ranking only, never shown). Size ranks by capital in USDT: base amounts of different assets do not compare. */
function sortValue(o: Opportunity, key: SortKey): number {
  switch (key) {
    case 'net':
      return o.netPct;
    case 'after':
      return o.rebalance?.afterPct ?? NaN;
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
    const va = sortValue(a, sort.key);
    const vb = sortValue(b, sort.key);
    // no figure ('sem rota') goes last whichever the direction
    if (Number.isNaN(va) !== Number.isNaN(vb)) return Number.isNaN(va) ? 1 : -1;
    const diff = va - vb;
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
