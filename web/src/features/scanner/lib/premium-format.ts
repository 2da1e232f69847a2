import { exchangeName, type UsdtBrlPremium, type UsdtBrlPremiumPoint } from '@arbitra/contracts';
import { formatDecimal } from './opportunity-format';

/** A premium in percent, signed: '0.3670' → '+0,367%', '-1.8182' → '−1,8182%', '0.0000' → '0,00%'. */
export function formatPremium(pct: string): string {
  const n = Number(pct);
  const text = formatDecimal(pct.replace(/^[+-]/, ''), 2, 4);
  if (!Number.isFinite(n) || n === 0) return `${text}%`;
  return `${n > 0 ? '+' : '−'}${text}%`;
}

/** A USDT/BRL rate in reais with 4 decimals: '5.4605' → 'R$ 5,4605'. */
export function formatRate(rate: string): string {
  return `R$ ${formatDecimal(rate, 4, 4)}`;
}

/** 'Mercado Bitcoin vs. Binance' for a chart key 'mercadobitcoin:binance'; 'Binance vs. referência' for ':ref'. */
export function premiumSeriesName(key: string): string {
  const [exchange = '', versus = ''] = key.split(':');
  return `${exchangeName(exchange)} vs. ${versus === 'ref' ? 'referência' : exchangeName(versus)}`;
}

/**
 * The chart's points: the engine's history, then the current premium when newer (each snapshot brings it, every
 * 3 s). The lines: each spread between exchanges; with only one exchange, its premium over the reference.
 */
export function premiumSeries(p: UsdtBrlPremium): { points: UsdtBrlPremiumPoint[]; keys: string[] } {
  const current: UsdtBrlPremiumPoint = { at: p.at, pct: {} };
  for (const s of p.spreads) current.pct[`${s.exchange}:${s.versus}`] = Number(s.pct);
  for (const e of p.exchanges) current.pct[`${e.exchange}:ref`] = Number(e.vsReferencePct);
  const last = p.history[p.history.length - 1];
  const points =
    p.exchanges.length > 0 && (!last || p.at > last.at) ? [...p.history, current] : [...p.history];
  const keys =
    p.spreads.length > 0
      ? p.spreads.map((s) => `${s.exchange}:${s.versus}`)
      : p.exchanges.map((e) => `${e.exchange}:ref`);
  return { points, keys };
}
