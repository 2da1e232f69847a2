import { describe, expect, it } from 'vitest';
import { arbitrage, statistical, triangular } from '../testing/fixtures';
import {
  DEFAULT_FILTERS,
  DEFAULT_SORT,
  filterOpportunities,
  nextSort,
  pairOptions,
  parseMinPercent,
  sortOpportunities,
} from './opportunity-filter';

const list = [arbitrage(), triangular(), statistical()];
const idsOf = (l: { id: string }[]) => l.map((o) => o.id);

describe('parseMinPercent', () => {
  it('accepts the pt-BR decimal comma and the dot', () => {
    expect(parseMinPercent('0,25')).toBe(0.25);
    expect(parseMinPercent('0.25')).toBe(0.25);
    expect(parseMinPercent(' 1,5 % ')).toBe(1.5);
    expect(parseMinPercent(',5')).toBe(0.5);
    expect(parseMinPercent('1.234,5')).toBe(1234.5);
  });

  it('treats blank as no minimum and the rest as invalid', () => {
    expect(parseMinPercent('')).toBeNull();
    expect(parseMinPercent('   ')).toBeNull();
    expect(parseMinPercent('abc')).toBeNaN();
    expect(parseMinPercent('1,2,3')).toBeNaN();
  });
});

describe('filterOpportunities', () => {
  it('filters by strategy', () => {
    expect(idsOf(filterOpportunities(list, { ...DEFAULT_FILTERS, strategy: 'triangular' }))).toEqual([
      triangular().id,
    ]);
  });

  it('filters by pair, including a triangle cross pair', () => {
    expect(idsOf(filterOpportunities(list, { ...DEFAULT_FILTERS, pair: 'BTC/USDT' }))).toEqual([
      arbitrage().id,
      triangular().id,
    ]);
    expect(idsOf(filterOpportunities(list, { ...DEFAULT_FILTERS, pair: 'ETH/BTC' }))).toEqual([
      triangular().id,
    ]);
  });

  it('filters by exchange', () => {
    expect(idsOf(filterOpportunities(list, { ...DEFAULT_FILTERS, exchange: 'binance' }))).toEqual([
      arbitrage().id,
      triangular().id,
    ]);
    expect(filterOpportunities(list, { ...DEFAULT_FILTERS, exchange: 'mercadobitcoin' })).toEqual([]);
  });

  it('filters by minimum net %, typed with a comma; an invalid minimum filters nothing', () => {
    expect(idsOf(filterOpportunities(list, { ...DEFAULT_FILTERS, minPercent: '0,12' }))).toEqual([
      arbitrage().id,
      statistical().id,
    ]);
    expect(idsOf(filterOpportunities(list, { ...DEFAULT_FILTERS, minPercent: '0,1234' }))).toEqual([
      arbitrage().id,
      statistical().id,
    ]);
    expect(filterOpportunities(list, { ...DEFAULT_FILTERS, minPercent: 'x' })).toHaveLength(3);
  });

  it('combines the filters', () => {
    expect(
      idsOf(
        filterOpportunities(list, {
          strategy: 'arbitrage',
          pair: 'BTC/USDT',
          exchange: 'gateio',
          minPercent: '0,1',
        }),
      ),
    ).toEqual([arbitrage().id]);
  });
});

describe('sortOpportunities', () => {
  it('sorts by net % (best first by default) and flips', () => {
    expect(idsOf(sortOpportunities(list, DEFAULT_SORT))).toEqual([
      statistical().id,
      arbitrage().id,
      triangular().id,
    ]);
    expect(idsOf(sortOpportunities(list, { key: 'net', direction: 'asc' }))).toEqual([
      triangular().id,
      arbitrage().id,
      statistical().id,
    ]);
  });

  it('sorts by profit in R$, by age (oldest first when descending) and by size (capital in USDT)', () => {
    expect(idsOf(sortOpportunities(list, { key: 'profit', direction: 'desc' }))).toEqual([
      statistical().id,
      triangular().id,
      arbitrage().id,
    ]);
    expect(idsOf(sortOpportunities(list, { key: 'age', direction: 'desc' }))).toEqual([
      triangular().id,
      arbitrage().id,
      statistical().id,
    ]);
    expect(idsOf(sortOpportunities(list, { key: 'size', direction: 'desc' }))).toEqual([
      statistical().id,
      arbitrage().id,
      triangular().id,
    ]);
  });

  it('breaks ties by net % then id, so rows stay put', () => {
    const a = arbitrage({ id: 'b', profitBrl: '5', netPct: 0.1 });
    const b = arbitrage({ id: 'a', profitBrl: '5', netPct: 0.1 });
    const c = arbitrage({ id: 'c', profitBrl: '5', netPct: 0.3 });
    expect(idsOf(sortOpportunities([a, b, c], { key: 'profit', direction: 'desc' }))).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('does not change the list it is given', () => {
    const copy = [...list];
    sortOpportunities(list, { key: 'profit', direction: 'asc' });
    expect(list).toEqual(copy);
  });
});

describe('nextSort and pairOptions', () => {
  it('flips the same column and starts another descending', () => {
    expect(nextSort(DEFAULT_SORT, 'net')).toEqual({ key: 'net', direction: 'asc' });
    expect(nextSort({ key: 'net', direction: 'asc' }, 'age')).toEqual({ key: 'age', direction: 'desc' });
  });

  it('lists the ten pairs first, then the BRL pairs, then the other markets seen', () => {
    const options = pairOptions(['SOL/BTC', 'BTC/USDT', 'ETH/BTC', 'ADA/BRL', 'SOL/BTC']);
    expect(options.slice(0, 10)).toEqual([
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
    ]);
    expect(options.slice(10)).toEqual([
      'BTC/BRL',
      'ETH/BRL',
      'USDT/BRL',
      'SOL/BRL',
      'ADA/BRL',
      'ETH/BTC',
      'SOL/BTC',
    ]);
  });
});
