import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import type { Opportunity } from '@arbitra/contracts';
import { PaperGateway, type BookView } from './paper-gateway.js';
import { btcEthTriangle } from './testing/opportunity.js';
import { quoteDelta } from './trade-ledger.js';
import { executeTriangular } from './triangular.executor.js';

// Scenario: USDT → BTC → ETH → USDT on Binance, taker 0.1 % charged in the asset each leg receives (paper gateway,
// as the exchanges charge it). Opportunity (as detected): buy 1 BTC @100, buy ETH/BTC @0.05, sell ETH/USDT @5.1;
// 1.7 USDT profit for 1 BTC. Budget 50 USDT, the bot holds 1000 USDT on Binance.
//   leg 1: min(1, 50 / (100 × 1.001) = 0.49950…) → 0.499 BTC (step 0.001): −49.9 USDT, +0.499 − 0.000499 BTC
//   leg 2: 0.498501 BTC / (0.05 × 1.001) = 9.96005 → 9.96 ETH (step 0.01): −0.498 BTC, +9.96 − 0.00996 ETH
//          (0.000501 BTC of dust stays)
//   leg 3: sell 9.95 ETH (of 9.95004, step 0.01) @5.1 = 50.745, fee 0.050745 → +50.694255 USDT
//   USDT change = 50.694255 − 49.9 = 0.794255; the 0.000501 BTC left at the trade's BTC price (leg 1, 100) = 0.0501
//   and the 0.00004 ETH at 5.1 = 0.000204: profit = 0.844559 (issue 25: every asset the trade changed);
//   expected = 1.7 × 0.499 = 0.8483
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
      amount: '49.9',
      profit: '0.844559',
    });
    expect(
      r.legs.map((l) => [l.kind, l.symbol, l.side, l.filledAmount, l.fee, l.feeAsset, l.status]),
    ).toEqual([
      ['entry', 'BTC/USDT', 'buy', '0.499', '0.000499', 'BTC', 'filled'],
      ['entry', 'ETH/BTC', 'buy', '9.96', '0.00996', 'ETH', 'filled'],
      ['entry', 'ETH/USDT', 'sell', '9.95', '0.050745', 'USDT', 'filled'],
    ]);
    expect(new Decimal(r.expectedProfit).eq('0.8483')).toBe(true);
    expect(new Decimal(r.profitPercent).toDecimalPlaces(4).toFixed()).toBe('1.6925'); // 0.844559 / 49.9
    expect(sumOf(r.deltas, 'BTC').toFixed()).toBe('0.000501'); // dust of the step rounding
    expect(sumOf(r.deltas, 'ETH').toFixed()).toBe('0.00004');
    expect(quoteDelta(r.deltas).toFixed()).toBe('0.794255'); // the USDT alone misses the BTC and ETH kept
  });

  it('sells the ETH back to USDT when the last leg does not fill, and records the realised loss', async () => {
    const out = await run({ 'ETH/USDT': { asks: [[5.2, 1000]], bids: [[5, 1000]] } });
    if (out.kind !== 'executed') throw new Error(out.reason);
    const r = out.record;
    // unwind: sell 9.95 ETH @5 = 49.75, fee 0.04975 → +49.70025; USDT 49.70025 − 49.9 = −0.19975, plus the
    // 0.000501 BTC kept × 100 = 0.0501 and the 0.00004 ETH × 5 = 0.0002: profit −0.14945
    expect(r).toMatchObject({ status: 'failed', profit: '-0.14945', sellPrice: '5.1' });
    expect(r.failureReason).toBe(
      'Perna 3 (ETH/USDT) não executada (0 de 9,95 ETH); ciclo desfeito para USDT',
    );
    expect(r.legs.map((l) => [l.seq, l.kind, l.symbol, l.side, l.filledAmount, l.status])).toEqual([
      [1, 'entry', 'BTC/USDT', 'buy', '0.499', 'filled'],
      [2, 'entry', 'ETH/BTC', 'buy', '9.96', 'filled'],
      [3, 'entry', 'ETH/USDT', 'sell', '0', 'failed'],
      [4, 'unwind', 'ETH/USDT', 'sell', '9.95', 'filled'],
    ]);
    expect(sumOf(r.deltas, 'ETH').toFixed()).toBe('0.00004'); // under the step: dust
    expect(quoteDelta(r.deltas).toFixed()).toBe('-0.19975');
    expect(r.nakedExposure).toBeUndefined();
  });

  it('sells the BTC back when the middle leg does not fill', async () => {
    const out = await run({ 'ETH/BTC': { asks: [[0.051, 100]], bids: [[0.049, 100]] } });
    if (out.kind !== 'executed') throw new Error(out.reason);
    // unwind: sell 0.498 BTC (of 0.498501, step 0.001) @99 = 49.302, fee 0.049302 → +49.252698;
    // USDT 49.252698 − 49.9 = −0.647302, plus the 0.000501 BTC kept × 100 = 0.0501: profit −0.597202
    expect(out.record).toMatchObject({ status: 'failed', profit: '-0.597202' });
    expect(out.record.legs.at(-1)).toMatchObject({
      kind: 'unwind',
      symbol: 'BTC/USDT',
      side: 'sell',
      filledAmount: '0.498',
    });
    expect(sumOf(out.record.deltas, 'BTC').toFixed()).toBe('0.000501');
  });

  it('reports what the unwind could not sell as naked exposure', async () => {
    const out = await run({ 'ETH/USDT': { asks: [[5.2, 1000]], bids: [[5, 3]] } });
    if (out.kind !== 'executed') throw new Error(out.reason);
    // unwind sells 3 ETH @5 = 15, fee 0.015 → +14.985; USDT 14.985 − 49.9 = −34.915; 6.95004 ETH left, held at the
    // trade's ETH price (the unwind's 5: leg 3 filled nothing) = 34.7502, and the BTC dust 0.0501:
    // profit −34.915 + 34.7502 + 0.0501 = −0.1147 (the ETH is in the bot's balances, not lost)
    expect(out.record).toMatchObject({
      status: 'failed',
      profit: '-0.1147',
      nakedExposure: { 'binance:ETH': '6.95' },
    });
    expect(out.record.failureReason).toContain('exposição aberta de 6.95 ETH');
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
