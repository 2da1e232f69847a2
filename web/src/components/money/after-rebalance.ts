import { roundBrlString, type RebalanceShare } from '@arbitra/contracts';
import { formatBRL, formatDecimal } from '@/lib/format';

/**
 * The 'após rebalanceamento' figure of an opportunity or a trade (issue 29), as text: the % (2 to 4 decimals) and
 * the R$; 'sem rota' when no network can undo the move (never shown as free); '—' when there is no figure.
 */
export function afterRebalanceText(r: RebalanceShare | null | undefined): {
  after: string;
  afterBrl: string;
} {
  if (!r) return { after: '—', afterBrl: '' };
  if (r.afterPercent === null || r.afterBrl === null)
    return { after: 'sem rota', afterBrl: r.missing.length ? `sem rede para ${r.missing.join(', ')}` : '' };
  return {
    after: `${formatDecimal(r.afterPercent, 2, 4)}%`,
    // rounded without decimal.js: this module is on /demo's first view (the public scanner's rows)
    afterBrl: formatBRL(roundBrlString(r.afterBrl) ?? r.afterBrl),
  };
}
