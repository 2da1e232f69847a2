import {
  exchangeName,
  formatPtBrDecimal,
  type Opportunity,
  type OpportunityLeg,
  type OpportunityStrategy,
} from '@arbitra/contracts';
import { afterRebalanceText } from '@/components/money/after-rebalance';
import { formatBRL, formatClockTime } from '@/lib/format';

/**
 * How the scanner screens write an opportunity (pt-BR, DECISIONS §11). Money and quantities arrive as
 * exact decimal strings and are written as strings (formatPtBrDecimal): no binary float touches what is shown.
 */
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

type DecimalString = `${number}`;

function asDecimal(value: string): DecimalString | null {
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) ? (trimmed as DecimalString) : null;
}

/** A decimal string with pt-BR separators and between `min` and `max` fraction digits; '—' when not a decimal. */
export function formatDecimal(value: string, min: number, max: number): string {
  const decimal = asDecimal(value);
  return decimal === null ? '—' : formatPtBrDecimal(decimal, min, max);
}

/** Moves the decimal point of a decimal string: shiftDecimal('0.001', 2) → '0.1'. Exact. */
export function shiftDecimal(value: string, places: number): string {
  const decimal = asDecimal(value);
  if (decimal === null) return value;
  const negative = decimal.startsWith('-');
  const unsigned = decimal.replace(/^[+-]/, '');
  const [int = '0', frac = ''] = unsigned.split('.');
  const digits = int + frac;
  let point = int.length + places;
  let padded = digits;
  if (point > padded.length) padded = padded.padEnd(point, '0');
  if (point < 0) {
    padded = '0'.repeat(-point) + padded;
    point = 0;
  }
  const intPart = padded.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const fracPart = padded.slice(point).replace(/0+$/, '');
  return `${negative ? '-' : ''}${intPart}${fracPart ? `.${fracPart}` : ''}`;
}

export const STRATEGY_LABELS: Readonly<Record<OpportunityStrategy, string>> = {
  arbitrage: 'Simples',
  triangular: 'Triangular',
  statistical: 'Estatística',
};

function legOf(o: Opportunity, side: OpportunityLeg['side']): OpportunityLeg | undefined {
  return o.legs.find((l) => l.side === side);
}

/**
 * The route in words: 'Compra Binance → Vende Gate.io' across two exchanges; the path of the triangle
 * on its exchange ('Binance: USDT → BTC → ETH → USDT').
 */
export function routeText(o: Opportunity): string {
  if (o.strategy === 'triangular') {
    const path = o.direction.split('>').join(' → ');
    return `${exchangeName(o.exchanges[0] ?? '')}: ${path}`;
  }
  const [fromDirection, toDirection] = o.direction.split('>');
  const buy = legOf(o, 'buy')?.exchange ?? fromDirection ?? o.exchanges[0] ?? '';
  const sell = legOf(o, 'sell')?.exchange ?? toDirection ?? o.exchanges[1] ?? '';
  return `Compra ${exchangeName(buy)} → Vende ${exchangeName(sell)}`;
}

export function pairsText(o: Opportunity): string {
  return o.symbols.join(' · ');
}

/** Net % from its decimal string, 2 to 4 decimals: '0.1200' → '0,12%', '0.1234' → '0,1234%'. */
export function formatNetPercent(netPercent: string): string {
  return `${formatDecimal(netPercent, 2, 4)}%`;
}

/** A base amount: '0.01230000' → '0,0123 BTC'. */
export function formatAmount(amount: string, asset?: string): string {
  const text = formatDecimal(amount, 0, 8);
  return asset ? `${text} ${asset}` : text;
}

/** USDT with pt-BR separators: '1234.5' → '1.234,50 USDT'; small amounts keep up to 4 decimals. */
export function formatUsdt(amount: string, maxDecimals = 4): string {
  return `${formatDecimal(amount, 2, Math.max(2, maxDecimals))} USDT`;
}

/** An amount of an asset: USDT as money (2 to 4 decimals), anything else as a quantity (up to 8). */
export function formatAssetAmount(amount: string, asset: string): string {
  return asset === 'USDT' ? formatUsdt(amount) : formatAmount(amount, asset);
}

/**
 * A price with the decimals it came with (the engine rounds to the market's tick, so '0.9510' keeps its
 * zero and a column of one market lines up): '64123.50' → '64.123,50'; at most 8 decimals.
 */
export function formatPrice(price: string | null): string {
  if (price === null) return '—';
  const decimals = Math.min(8, asDecimal(price)?.split('.')[1]?.length ?? 0);
  return formatDecimal(price, decimals, decimals);
}

/** A fee rate given as a fraction: '0.001' → '0,1%'. */
export function formatFeeRate(rate: string): string {
  return `${formatDecimal(shiftDecimal(rate, 2), 0, 4)}%`;
}

/** R$ from an exact decimal string; '—' when the string is not a decimal. */
export function formatBrlAmount(amount: string): string {
  return asDecimal(amount) === null ? '—' : formatBRL(amount);
}

export const SIDE_LABELS: Readonly<Record<OpportunityLeg['side'], string>> = { buy: 'Compra', sell: 'Venda' };

export interface OpportunityRowText {
  strategy: string;
  route: string;
  pairs: string;
  net: string;
  size: string;
  capital: string;
  profitBrl: string;
  profitUsdt: string;
  /** 'Lucro após rebalanceamento': % and R$, 'sem rota' when no network can undo the move, '—' when absent. */
  after: string;
  afterBrl: string;
}

/** Everything one row of the table shows, as text. */
export function opportunityRowText(o: Opportunity): OpportunityRowText {
  return {
    strategy: STRATEGY_LABELS[o.strategy],
    route: routeText(o),
    pairs: pairsText(o),
    net: formatNetPercent(o.netPercent),
    size: formatAssetAmount(o.size, o.sizeAsset),
    capital: formatUsdt(o.capitalUsdt, 2),
    profitBrl: formatBrlAmount(o.profitBrl),
    profitUsdt: formatUsdt(o.profitUsdt),
    ...afterRebalanceText(o.rebalance),
  };
}

/** Age of an opportunity while it lasts: server now − first seen, never negative. */
export function opportunityAgeMs(o: Opportunity, nowMs: number): number {
  return Math.max(0, nowMs - o.firstSeen);
}

/** Opportunity age in short pt-BR: '3 s', '2 min 05 s', '1 h 02 min'. */
export function formatAge(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** 'HH:mm:ss' in America/Sao_Paulo, for chart axes and "atualizado às". */
export function formatClock(ms: number): string {
  return formatClockTime(ms, true);
}

/** What the basic scanner's list holds: 'As 10 melhores de 37 oportunidades ativas', '3 oportunidades ativas'. */
export function publicCountText(activeCount: number, top: number): string {
  if (activeCount === 0) return 'Nenhuma oportunidade ativa agora';
  const noun = activeCount === 1 ? 'oportunidade ativa' : 'oportunidades ativas';
  return activeCount > top ? `As ${top} melhores de ${activeCount} ${noun}` : `${activeCount} ${noun}`;
}
