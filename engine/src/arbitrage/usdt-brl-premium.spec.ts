import { describe, expect, it } from 'vitest';
import { UsdtBrlPremiumHistory, usdtBrlPremium } from './usdt-brl-premium.js';

// Figures by hand:
//   binance        USDT/BRL 5.440 / 5.460 → mid 5.45
//   mercadobitcoin USDT/BRL 5.465 / 5.475 → mid 5.47
//   reference (Binance's mid) 5.45
//   Mercado Bitcoin vs Binance: 5.47 / 5.45 − 1 = 0.0036697… → 0.3670 %
//   Mercado Bitcoin vs reference: the same 0.3670 %; Binance vs reference 0.0000 %
describe('USDT/BRL premium (ágio do dólar cripto)', () => {
  it('gives each exchange against the reference and against the others', () => {
    const p = usdtBrlPremium(
      [
        { exchange: 'mercadobitcoin', bid: 5.465, ask: 5.475 },
        { exchange: 'binance', bid: 5.44, ask: 5.46 },
      ],
      { rate: 5.45, source: 'binance' },
      1_000,
    );
    expect(p.reference).toEqual({ rate: '5.4500', source: 'binance' });
    expect(p.exchanges).toEqual([
      { exchange: 'binance', mid: '5.45', vsReferencePct: '0.0000' },
      { exchange: 'mercadobitcoin', mid: '5.47', vsReferencePct: '0.3670' },
    ]);
    expect(p.spreads).toEqual([{ exchange: 'mercadobitcoin', versus: 'binance', pct: '0.3670' }]);
  });

  // A discount: Mercado Bitcoin 5.40 (5.395/5.405) against a fallback reference of 5.50:
  //   5.40 / 5.50 − 1 = −0.0181818… → −1.8182 %. A crossed book (ask < bid) is left out.
  it('reads a discount, the fallback reference, and leaves a crossed book out', () => {
    const p = usdtBrlPremium(
      [
        { exchange: 'mercadobitcoin', bid: 5.395, ask: 5.405 },
        { exchange: 'binance', bid: 5.46, ask: 5.44 },
      ],
      { rate: 5.5, source: 'fallback' },
      0,
    );
    expect(p.exchanges).toEqual([{ exchange: 'mercadobitcoin', mid: '5.4', vsReferencePct: '-1.8182' }]);
    expect(p.spreads).toEqual([]);
  });

  it('keeps one point per 10 s over the last 5 minutes', () => {
    const history = new UsdtBrlPremiumHistory(10_000, 300_000);
    const at = (ms: number) =>
      usdtBrlPremium(
        [
          { exchange: 'binance', bid: 5.44, ask: 5.46 },
          { exchange: 'mercadobitcoin', bid: 5.465, ask: 5.475 },
        ],
        { rate: 5.45, source: 'binance' },
        ms,
      );
    let last = history.add(at(0));
    for (let ms = 3_000; ms <= 400_000; ms += 3_000) last = history.add(at(ms));
    // points at 0, 12 000, 24 000, … (the first sample at or after each 10 s); window: at ≥ 399 000 − 300 000
    expect(last.history[0]!.at).toBeGreaterThanOrEqual(99_000);
    expect(last.history.length).toBe(25);
    expect(last.history.at(-1)!.pct).toEqual({
      'mercadobitcoin:binance': 0.367,
      'binance:ref': 0,
      'mercadobitcoin:ref': 0.367,
    });
  });
});
