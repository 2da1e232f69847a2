import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import type { Opportunity } from '@arbitra/contracts';
import { PaperGateway, type BookView } from './paper-gateway.js';
import { btcEthTriangle } from './testing/opportunity.js';
import { quoteDelta } from './trade-ledger.js';
import { executeTriangular } from './triangular.executor.js';

// Scenario: USDT → BTC → ETH → USDT on Binance, taker 0.1 % charged in each market's quote asset (paper gateway).
// Opportunity (as detected): buy 1 BTC @100, buy ETH/BTC @0.05, sell ETH/USDT @5.1; 1.7 USDT profit for 1 BTC.
// Budget 50 USDT, the bot holds 1000 USDT on Binance.
//   leg 1: min(1, 50 / (100 × 1.001) = 0.49950…) → 0.499 BTC (step 0.001): −49.9 − 0.0499 = −49.9499 USDT
//   leg 2: 0.499 BTC / (0.05 × 1.001) = 9.97003 → 9.97 ETH (step 0.01): −0.4985 − 0.0004985 = −0.4989985 BTC
//          (0.0000015 BTC of dust stays)
//   leg 3: sell 9.97 ETH @5.1 = 50.847, fee 0.050847 → +50.796153 USDT
//   USDT change = 50.796153 − 49.9499 = 0.846253; the 0.0000015 BTC left at the trade's BTC price (leg 1, 100)
//   = 0.00015 USDT: profit = 0.846403 (issue 25: every asset the trade changed); expected = 1.7 × 0.499 = 0.8483
const specs: Record<string, BookView['spec']> = {
  'BTC/USDT': { amountStep: 0.001, minAmount: 0.001, minNotional: 0 },
  'ETH/BTC': { amountStep: 0.01, minAmount: 0.01, minNotional: 0 },
  'ETH/USDT': { amountStep: 0.01, minAmount: 0.01, minNotional: 0 },
};

function opportunity(): Opportunity {
  return btcEthTriangle({
    legs: [
      ['1', '100'],
      ['19.98', '0.05'],
      ['19.96', '5.1'],
    ],
    netPercent: '1.7000',
    size: '100.1',
    profitUsdt: '1.7',
    profitBrl: '9.265',
  });
}

function run(books: Partial<Record<string, Pick<BookView, 'asks' | 'bids'>>>, o = opportunity()) {
  const base: Record<string, Pick<BookView, 'asks' | 'bids'>> = {
    'BTC/USDT': { asks: [[100, 1]], bids: [[99, 5]] },
    'ETH/BTC': { asks: [[0.05, 100]], bids: [[0.049, 100]] },
    'ETH/USDT': { asks: [[5.2, 1000]], bids: [[5.1, 1000]] },
    ...books,
  };
  const gw = new PaperGateway(
    (_ex, symbol) => (base[symbol] ? { ...base[symbol], spec: specs[symbol]! } : undefined),
    () => '0.001',
    [{ exchange: 'binance', asset: 'USDT', amount: '1000' }],
  );
  return executeTriangular({
    executionKey: 'k',
    bot: { id: 'b', userId: 'u', name: 'Tri', strategy: 'triangular', mode: 'paper' },
    opportunity: o,
    budgetUsdt: '50',
    gateway: gw,
    amountStep: (_ex, s) => specs[s]!.amountStep,
    minAmount: (_ex, s) => specs[s]!.minAmount,
    now: () => new Date('2025-01-01T00:00:00Z'),
  });
}

const sumOf = (deltas: { asset: string; delta: string }[], asset: string) =>
  deltas.filter((d) => d.asset === asset).reduce((s, d) => s.plus(d.delta), new Decimal(0));

describe('triangular execution: three legs on one exchange', () => {
  it('completes the cycle: profit = what the last leg brings − what the first spent', async () => {
    const out = await run({});
    if (out.kind !== 'executed') throw new Error(out.reason);
    const r = out.record;
    expect(r).toMatchObject({
      status: 'completed',
      failureReason: null,
      pair: 'USDT>BTC>ETH>USDT',
      buyExchange: 'binance',
      sellExchange: 'binance',
      buyPrice: '100',
      sellPrice: '5.1',
      amount: '49.9499',
      profit: '0.846403',
    });
    expect(
      r.legs.map((l) => [l.kind, l.symbol, l.side, l.filledAmount, l.fee, l.feeAsset, l.status]),
    ).toEqual([
      ['entry', 'BTC/USDT', 'buy', '0.499', '0.0499', 'USDT', 'filled'],
      ['entry', 'ETH/BTC', 'buy', '9.97', '0.0004985', 'BTC', 'filled'],
      ['entry', 'ETH/USDT', 'sell', '9.97', '0.050847', 'USDT', 'filled'],
    ]);
    expect(new Decimal(r.expectedProfit).eq('0.8483')).toBe(true);
    expect(new Decimal(r.profitPercent).toDecimalPlaces(4).toFixed()).toBe('1.6945'); // 0.846403 / 49.9499
    expect(sumOf(r.deltas, 'BTC').toFixed()).toBe('0.0000015'); // dust of the step rounding
    expect(sumOf(r.deltas, 'ETH').isZero()).toBe(true);
    expect(quoteDelta(r.deltas).toFixed()).toBe('0.846253'); // the USDT alone misses the BTC kept
  });

  it('sells the ETH back to USDT when the last leg does not fill, and records the realised loss', async () => {
    const out = await run({ 'ETH/USDT': { asks: [[5.2, 1000]], bids: [[5, 1000]] } });
    if (out.kind !== 'executed') throw new Error(out.reason);
    const r = out.record;
    // unwind: sell 9.97 ETH @5 = 49.85, fee 0.04985 → +49.80015; USDT 49.80015 − 49.9499 = −0.14975, plus the
    // 0.0000015 BTC kept × 100 = 0.00015: profit −0.1496
    expect(r).toMatchObject({ status: 'failed', profit: '-0.1496', sellPrice: '5.1' });
    expect(r.failureReason).toBe(
      'Perna 3 (ETH/USDT) não executada (0 de 9,97 ETH); ciclo desfeito para USDT',
    );
    expect(r.legs.map((l) => [l.seq, l.kind, l.symbol, l.side, l.filledAmount, l.status])).toEqual([
      [1, 'entry', 'BTC/USDT', 'buy', '0.499', 'filled'],
      [2, 'entry', 'ETH/BTC', 'buy', '9.97', 'filled'],
      [3, 'entry', 'ETH/USDT', 'sell', '0', 'failed'],
      [4, 'unwind', 'ETH/USDT', 'sell', '9.97', 'filled'],
    ]);
    expect(sumOf(r.deltas, 'ETH').isZero()).toBe(true);
    expect(quoteDelta(r.deltas).toFixed()).toBe('-0.14975');
    expect(r.nakedExposure).toBeUndefined();
  });

  it('sells the BTC back when the middle leg does not fill', async () => {
    const out = await run({ 'ETH/BTC': { asks: [[0.051, 100]], bids: [[0.049, 100]] } });
    if (out.kind !== 'executed') throw new Error(out.reason);
    // unwind: sell 0.499 BTC @99 = 49.401, fee 0.049401 → +49.351599; profit = 49.351599 − 49.9499 = −0.598301
    expect(out.record).toMatchObject({ status: 'failed', profit: '-0.598301' });
    expect(out.record.legs.at(-1)).toMatchObject({
      kind: 'unwind',
      symbol: 'BTC/USDT',
      side: 'sell',
      filledAmount: '0.499',
    });
    expect(sumOf(out.record.deltas, 'BTC').isZero()).toBe(true);
  });

  it('reports what the unwind could not sell as naked exposure', async () => {
    const out = await run({ 'ETH/USDT': { asks: [[5.2, 1000]], bids: [[5, 3]] } });
    if (out.kind !== 'executed') throw new Error(out.reason);
    // unwind sells 3 ETH @5 = 15, fee 0.015 → +14.985; USDT 14.985 − 49.9499 = −34.9649; 6.97 ETH left open, held
    // at the trade's ETH price (the unwind's 5: leg 3 filled nothing) = 34.85, and the BTC dust 0.00015:
    // profit −34.9649 + 34.85 + 0.00015 = −0.11475 (the ETH is in the bot's balances, not lost)
    expect(out.record).toMatchObject({
      status: 'failed',
      profit: '-0.11475',
      nakedExposure: { 'binance:ETH': '6.97' },
    });
    expect(out.record.failureReason).toContain('exposição aberta de 6.97 ETH');
  });

  it('skips a cycle that does not start in USDT, and one it cannot fund', async () => {
    const o = { ...opportunity(), direction: 'BTC>ETH>USDT>BTC' };
    expect((await run({}, o)).kind).toBe('skipped');
    const gw = new PaperGateway(
      () => undefined,
      () => '0.001',
      [],
    );
    const out = await executeTriangular({
      executionKey: 'k',
      bot: { id: 'b', userId: 'u', name: 'Tri', strategy: 'triangular', mode: 'paper' },
      opportunity: opportunity(),
      budgetUsdt: '50',
      gateway: gw,
      amountStep: () => 0.001,
      minAmount: () => 0.001,
    });
    expect(out).toEqual({ kind: 'skipped', reason: 'saldo ou orçamento insuficiente' });
  });
});
