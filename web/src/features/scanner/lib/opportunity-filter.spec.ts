import { describe, expect, it } from 'vitest';
import { crossRebalanceShare, noTransferShare, SHIPPED_TRANSFER_FEES, undoRoutes } from '@arbitra/contracts';
import { arbitrage, statistical, triangular } from '../testing/fixtures';
import {
  DEFAULT_FILTERS,
  DEFAULT_SORT,
  filterOpportunities,
  nextSort,
  pairOptions,
  parseMinPercent,
  parseTransferBrl,
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
          ...DEFAULT_FILTERS,
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

describe('lucro após rebalanceamento', () => {
  // Buy 0.01 BTC on Binance at 60 000 USDT, sell on Gate.io, USDT/BRL 5, net R$ 9 on R$ 3 003: the two undo
  // transfers cost R$ 3,97 (BEP20 both ways); at R$ 5.000 per transfer its share is R$ 2,382 → 0,2204 %; at
  // R$ 10.000 R$ 1,191 → 0,2600 %.
  const move = {
    base: 'BTC',
    quote: 'USDT',
    buyExchange: 'binance' as const,
    sellExchange: 'gateio' as const,
    amount: '0.01',
    price: '60000',
    quoteBrl: '5',
    netBrl: '9',
    capitalBrl: '3003',
  };
  const cross = arbitrage({
    rebalance: crossRebalanceShare(
      move,
      undoRoutes(SHIPPED_TRANSFER_FEES, 'BTC', 'USDT', 'binance', 'gateio'),
      '5000',
    ),
  });
  // Mercado Bitcoin lists no BNB: sem rota.
  const noRoute = arbitrage({
    id: 'arbitrage:binance>mercadobitcoin:BNB/USDT',
    netPct: 0.9,
    rebalance: crossRebalanceShare(
      { ...move, base: 'BNB', sellExchange: 'mercadobitcoin' },
      undoRoutes(SHIPPED_TRANSFER_FEES, 'BNB', 'USDT', 'binance', 'mercadobitcoin'),
      '5000',
    ),
  });
  // One exchange: equal to its net, 4.5 ÷ 1500 = 0,30 %.
  const triangle = triangular({ rebalance: noTransferShare('4.5', '1500', '5000') });
  const withShares = [cross, noRoute, triangle];

  it('filters on the minimum after rebalancing; “sem rota” never passes', () => {
    expect(idsOf(filterOpportunities(withShares, { ...DEFAULT_FILTERS, minAfterPercent: '0,22' }))).toEqual([
      cross.id,
      triangle.id,
    ]);
    expect(idsOf(filterOpportunities(withShares, { ...DEFAULT_FILTERS, minAfterPercent: '0,25' }))).toEqual([
      triangle.id,
    ]);
  });

  it('recomputes at the transfer size the user types', () => {
    const shown = filterOpportunities(withShares, { ...DEFAULT_FILTERS, transferBrl: '10.000' });
    expect(shown[0]!.rebalance).toMatchObject({
      transferBrl: '10000',
      costBrl: '1.191',
      afterPercent: '0.2600',
    });
    expect(
      idsOf(
        filterOpportunities(withShares, {
          ...DEFAULT_FILTERS,
          transferBrl: '10.000',
          minAfterPercent: '0,25',
        }),
      ),
    ).toEqual([cross.id, triangle.id]);
    expect(parseTransferBrl('2.500,50')).toBe('2500.50');
    expect(parseTransferBrl('0')).toBeNull();
    expect(parseTransferBrl('abc')).toBeNull();
  });

  it('sorts on it, “sem rota” last in either direction', () => {
    expect(idsOf(sortOpportunities(withShares, { key: 'after', direction: 'desc' }))).toEqual([
      triangle.id,
      cross.id,
      noRoute.id,
    ]);
    expect(idsOf(sortOpportunities(withShares, { key: 'after', direction: 'asc' }))).toEqual([
      cross.id,
      triangle.id,
      noRoute.id,
    ]);
  });
});
