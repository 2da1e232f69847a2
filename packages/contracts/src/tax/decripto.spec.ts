import { describe, expect, it } from 'vitest';
import { computeTaxHistory, decriptoDuty } from './compute.js';
import { leg, trade } from './fixtures.js';

/**
 * Scenario: August 2026 (IN RFB 2.291/2025, threshold R$ 35.000,00), USDT/BRL 5,00, no fees:
 *   buy 0,3 BTC on MEXC for 18.000 USDT = R$ 90.000,00; sell it on Mercado Bitcoin for R$ 91.500,00.
 *   MEXC does not report by default → R$ 90.000,00 through a non-reporting exchange > R$ 35.000,00: due.
 *   The user marks MEXC as reporting → R$ 0,00: not due. Mercado Bitcoin reports: never counted.
 */
describe('DeCripto duty on and off by the exchanges’ classification', () => {
  const month = computeTaxHistory([
    trade('2026-08-20T11:00', '5.00', [
      leg('mexc', 'buy', '0.3', 'BTC/USDT', '60000', '18000'),
      leg('mercadobitcoin', 'sell', '0.3', 'BTC/USDT', '61000', '18300'),
    ]),
  ]).months.get('2026-08')!;

  it('is due with the defaults (MEXC does not report)', () => {
    const d = decriptoDuty(month);
    expect(d.instrument).toBe('IN RFB 2.291/2025 (DeCripto)');
    expect(d.thresholdCents).toBe(3_500_000n);
    expect(d.nonReportingCents).toBe(9_000_000n);
    expect(d.due).toBe(true);
    expect(d.exchanges.find((e) => e.exchange === 'mercadobitcoin')).toMatchObject({
      reports: true,
      volumeCents: 9_150_000n,
    });
  });

  it('is not due once the user says MEXC reports', () => {
    const d = decriptoDuty(month, { mexc: true });
    expect(d.nonReportingCents).toBe(0n);
    expect(d.due).toBe(false);
  });
});
