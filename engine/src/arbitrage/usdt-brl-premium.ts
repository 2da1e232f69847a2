import {
  EXCHANGE_IDS,
  USDT_BRL_PREMIUM_HISTORY_MS,
  USDT_BRL_PREMIUM_SAMPLE_MS,
  type ExchangeId,
  type UsdtBrlPremium,
  type UsdtBrlPremiumPoint,
} from '@arbitra/contracts';
import { DP, fixed } from './format.js';
import { dec, HUNDRED, ONE, type Dec } from '../market-data/money.js';

/** One exchange's best USDT/BRL bid and ask (a fresh book). */
export interface UsdtBrlQuote {
  exchange: ExchangeId;
  bid: number;
  ask: number;
}

const pct = (a: Dec, b: Dec): string => fixed(a.div(b).minus(ONE).mul(HUNDRED), DP.percent);

/**
 * The USDT/BRL premium ('ágio do dólar cripto') of each exchange: its mid against the reference rate (the rate of
 * the R$ figures) and against every other exchange's mid ((mid ÷ other − 1) × 100, 4 decimals). Pure: the
 * publisher calls it on its 3 s timer with the fresh books, never on the update path. `history` is left empty
 * (UsdtBrlPremiumHistory fills it).
 */
export function usdtBrlPremium(
  quotes: readonly UsdtBrlQuote[],
  reference: { rate: number; source: ExchangeId | 'fallback' },
  at: number,
): UsdtBrlPremium {
  const ref = dec(reference.rate);
  const valid = quotes
    .filter((q) => q.bid > 0 && q.ask >= q.bid)
    .sort((a, b) => EXCHANGE_IDS.indexOf(a.exchange) - EXCHANGE_IDS.indexOf(b.exchange));
  const mids = valid.map((q) => ({ exchange: q.exchange, mid: dec(q.bid).plus(dec(q.ask)).div(2) }));
  const spreads: UsdtBrlPremium['spreads'] = [];
  for (let j = 1; j < mids.length; j++)
    for (let i = 0; i < j; i++)
      spreads.push({
        exchange: mids[j]!.exchange,
        versus: mids[i]!.exchange,
        pct: pct(mids[j]!.mid, mids[i]!.mid),
      });
  return {
    at,
    reference: { rate: fixed(ref, DP.rate), source: reference.source },
    exchanges: mids.map((m) => ({
      exchange: m.exchange,
      mid: m.mid.toFixed(),
      vsReferencePct: ref.gt(0) ? pct(m.mid, ref) : '0.0000',
    })),
    spreads,
    history: [],
  };
}

/** The chart point of a premium: each spread under `${exchange}:${versus}`, each exchange under `${exchange}:ref`. */
export function premiumPoint(p: UsdtBrlPremium): UsdtBrlPremiumPoint {
  const values: Record<string, number> = {};
  for (const s of p.spreads) values[`${s.exchange}:${s.versus}`] = Number(s.pct);
  for (const e of p.exchanges) values[`${e.exchange}:ref`] = Number(e.vsReferencePct);
  return { at: p.at, pct: values };
}

/** The last minutes of premiums: one point per sample interval, the oldest dropped past the window. */
export class UsdtBrlPremiumHistory {
  private readonly points: UsdtBrlPremiumPoint[] = [];

  constructor(
    private readonly sampleMs = USDT_BRL_PREMIUM_SAMPLE_MS,
    private readonly windowMs = USDT_BRL_PREMIUM_HISTORY_MS,
  ) {}

  /** Keeps `p` when a sample interval passed since the last point; answers `p` with the history. */
  add(p: UsdtBrlPremium): UsdtBrlPremium {
    const last = this.points[this.points.length - 1];
    if (p.exchanges.length > 0 && (!last || p.at - last.at >= this.sampleMs))
      this.points.push(premiumPoint(p));
    while (this.points.length > 0 && p.at - this.points[0]!.at > this.windowMs) this.points.shift();
    return { ...p, history: [...this.points] };
  }
}
