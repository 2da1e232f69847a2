import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  hoursUntilDry,
  inventoryAlerts,
  inventoryRows,
  inventorySeries,
  unfundedSide,
  type InventoryBalance,
} from './inventory.js';

// A bot that started with 0.1 BTC and 5,000 USDT on Binance and on Bybit, then bought 0.02 BTC on Binance and sold
// 0.02 BTC on Bybit twice (fees left out of the legs' deltas here: the deltas are what the SQL hands over).
const balances: InventoryBalance[] = [
  { exchange: 'binance', asset: 'BTC', amount: '0.14', initial: '0.1' },
  { exchange: 'binance', asset: 'USDT', amount: '2600', initial: '5000' },
  { exchange: 'bybit', asset: 'BTC', amount: '0.06', initial: '0.1' },
  { exchange: 'bybit', asset: 'USDT', amount: '7420', initial: '5000' },
];

describe('inventorySeries: history from the initial balances and the bucketed legs', () => {
  it('accumulates each bucket onto the start and ends at the current balances', () => {
    const series = inventorySeries(
      balances,
      [
        { at: '2026-11-28T10:10:00.000Z', exchange: 'binance', asset: 'BTC', delta: '0.02' },
        { at: '2026-11-28T10:10:00.000Z', exchange: 'bybit', asset: 'BTC', delta: '-0.02' },
        // out of order on purpose: the series sorts buckets by time
        { at: '2026-11-28T10:20:00.000Z', exchange: 'binance', asset: 'BTC', delta: '0.02' },
        { at: '2026-11-28T10:20:00.000Z', exchange: 'bybit', asset: 'BTC', delta: '-0.02' },
        { at: '2026-11-28T10:10:00.000Z', exchange: 'binance', asset: 'USDT', delta: '-1200' },
        { at: '2026-11-28T10:20:00.000Z', exchange: 'binance', asset: 'USDT', delta: '-1200' },
      ],
      '2026-11-28T10:00:00.000Z',
      '2026-11-28T10:30:00.000Z',
    );
    const btcBinance = series.find((s) => s.exchange === 'binance' && s.asset === 'BTC')!;
    expect(btcBinance.points).toEqual([
      { at: '2026-11-28T10:00:00.000Z', amount: '0.1' },
      { at: '2026-11-28T10:10:00.000Z', amount: '0.12' },
      { at: '2026-11-28T10:20:00.000Z', amount: '0.14' },
      { at: '2026-11-28T10:30:00.000Z', amount: '0.14' },
    ]);
    const usdtBybit = series.find((s) => s.exchange === 'bybit' && s.asset === 'USDT')!;
    // no legs touched it in the buckets: flat, then the current amount (what the legs do not explain lands at the end)
    expect(usdtBybit.points.map((p) => p.amount)).toEqual(['5000', '5000', '5000', '7420']);
  });
});

describe('inventoryRows: skew and forecast', () => {
  // over 6 h: Bybit lost 0.04 BTC (−0.00666… BTC/h); Binance lost 2,400 USDT (−400 USDT/h)
  const flow = new Map([
    ['binance|BTC', '0.04'],
    ['bybit|BTC', '-0.04'],
    ['binance|USDT', '-2400'],
    ['bybit|USDT', '2420'],
  ]);
  const price = (asset: string) => (asset === 'BTC' ? '50000' : asset === 'USDT' ? '1' : null);
  const rows = inventoryRows(balances, flow, 6, price, '10');
  const row = (ex: string, asset: string) => rows.find((r) => r.exchange === ex && r.asset === asset)!;

  it('shares now vs at start: 0.14 of 0.2 BTC = 70 % (start 50 %): +20 p.p.', () => {
    expect(row('binance', 'BTC')).toMatchObject({ sharePercent: '70', initialSharePercent: '50', skewPoints: '20.00' });
    expect(row('bybit', 'BTC')).toMatchObject({ sharePercent: '30', initialSharePercent: '50', skewPoints: '-20.00' });
    // USDT: 2,600 of 10,020 = 25.95 %
    expect(row('binance', 'USDT').sharePercent).toBe('25.95');
  });

  it('forecast: (0.06 − 0.0002) BTC at 0.04/6 BTC/h = 8.97 h; (2,600 − 10) USDT at 400/h = 6.475 h', () => {
    const btc = row('bybit', 'BTC');
    expect(btc.minOrder).toBe('0.0002'); // 10 USDT at 50,000
    expect(btc.hoursLeft).toBeCloseTo(8.97, 6);
    expect(btc.forecast).toBe('BTC na Bybit acaba em ~9 h');
    expect(row('binance', 'USDT').hoursLeft).toBeCloseTo(6.475, 6);
    expect(row('binance', 'USDT').forecast).toBe('USDT na Binance acaba em ~6 h');
    // growing sides have no forecast and no alert
    expect(row('binance', 'BTC')).toMatchObject({ hoursLeft: null, forecast: null, alert: false });
    expect(row('bybit', 'BTC').alert).toBe(false);
  });

  it('alerts under 1 h or under 2 minimum orders, and the banner says which', () => {
    const dry = inventoryRows(
      [
        { exchange: 'bybit', asset: 'BTC', amount: '0.0003', initial: '0.1' }, // < 2 × 0.0002
        { exchange: 'binance', asset: 'USDT', amount: '210', initial: '5000' }, // (210−10)/400 = 0.5 h
        { exchange: 'binance', asset: 'BNB', amount: '-0.001', initial: '0' }, // fees in BNB: never alerts
      ],
      new Map([['binance|USDT', '-2400']]),
      6,
      (a) => (a === 'BTC' ? '50000' : a === 'USDT' ? '1' : '600'),
      '10',
    );
    expect(dry.map((r) => r.alert)).toEqual([true, true, false]);
    expect(dry[1]!.hoursLeft).toBeCloseTo(0.5, 9);
    expect(inventoryAlerts(dry)).toEqual([
      'BTC na Bybit: abaixo de 2 ordens mínimas',
      'USDT na Binance acaba em ~30 min',
    ]);
  });
});

describe('forecast words', () => {
  it('hoursUntilDry: none when flat or growing; 0 when below the minimum already', () => {
    expect(hoursUntilDry('1', '0.1', '0')).toBeNull();
    expect(hoursUntilDry('1', '0.1', '0.5')).toBeNull();
    expect(hoursUntilDry('0.05', '0.1', '0.5')).toBe(0);
    expect(hoursUntilDry('1', '0.1', '-0.3')).toBe(3);
  });
  it('formatDuration: minutes, hours, days', () => {
    expect(formatDuration(0.004)).toBe('~1 min');
    expect(formatDuration(0.75)).toBe('~45 min');
    expect(formatDuration(3.2)).toBe('~3 h');
    expect(formatDuration(60)).toBe('~3 dias');
  });
});

describe('unfundedSide: the skip rule of the runner and the backtest', () => {
  const opp = (symbol = 'BTC/USDT', usdtBrl = '5') => ({
    usdtBrl,
    legs: [
      { exchange: 'binance', symbol, side: 'buy' as const, price: '50000' },
      { exchange: 'bybit', symbol, side: 'sell' as const, price: '50100' },
    ],
  });
  const held = (m: Record<string, string>) => (ex: string, asset: string) => m[`${ex}|${asset}`];

  it('a sell needs the base on its exchange worth the minimum order: 0.00019 BTC × 50,100 = 9.52 < 10', () => {
    expect(
      unfundedSide(opp(), held({ 'binance|USDT': '100', 'bybit|BTC': '0.00019' }), '10'),
    ).toEqual({ exchange: 'bybit', asset: 'BTC', side: 'sell', reason: 'Direção pausada: sem BTC na Bybit' });
    expect(unfundedSide(opp(), held({ 'binance|USDT': '100', 'bybit|BTC': '0.0002' }), '10')).toBeNull();
  });

  it('a buy needs the quote on its exchange; a R$ quote is measured at the rate (R$ 49,99 / 5 < 10 USDT)', () => {
    expect(unfundedSide(opp(), held({ 'binance|USDT': '9.99', 'bybit|BTC': '1' }), '10')?.reason).toBe(
      'Direção pausada: sem USDT na Binance',
    );
    expect(
      unfundedSide(opp('BTC/BRL'), held({ 'binance|BRL': '49.99', 'bybit|BTC': '1' }), '10')?.reason,
    ).toBe('Direção pausada: sem BRL na Binance');
    expect(unfundedSide(opp('BTC/BRL'), held({ 'binance|BRL': '50', 'bybit|BTC': '1' }), '10')).toBeNull();
  });

  it('unknown balances and three-leg cycles never block', () => {
    expect(unfundedSide(opp(), held({}), '10')).toBeNull();
    const tri = { usdtBrl: '5', legs: [...opp().legs, { exchange: 'binance', symbol: 'ETH/BTC', side: 'sell' as const, price: '0.05' }] };
    expect(unfundedSide(tri, held({ 'binance|USDT': '0' }), '10')).toBeNull();
  });
});
