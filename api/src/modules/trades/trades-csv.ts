import { Decimal } from 'decimal.js';
import {
  BOT_MODE_LABELS,
  TRADE_STATUS_LABELS,
  TRADES_BRL_CSV_COLUMNS,
  TRADES_CSV_COLUMNS,
  exchangeName,
  tradeQuote,
} from '@arbitra/contracts';
import type { TradeRow } from '@arbitra/db';

const TIME_ZONE = 'America/Sao_Paulo';
const BOM = '\uFEFF';

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(date: Date): Record<string, string> {
  return Object.fromEntries(dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]));
}

/** dd/MM/yyyy HH:mm:ss in America/Sao_Paulo. */
export function formatCsvDate(date: Date): string {
  const p = parts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** YYYY-MM-DD of `date` in São Paulo (the file name's date). */
export function saoPauloDay(date: Date): string {
  const p = parts(date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A decimal with a comma, no thousands separator (Excel pt-BR reads it as a number). */
export function decimalComma(value: string | Decimal, places?: number): string {
  const d = new Decimal(value);
  const text = places === undefined ? d.toFixed() : d.toFixed(places, Decimal.ROUND_HALF_UP);
  return text.replace('.', ',');
}

/** Quotes a text cell when needed, and defuses formula injection (=, +, -, @ at the start). */
export function textCell(value: string): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[;"\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** A CSV file as DECISIONS §9 wants it: ';' between cells, UTF-8 BOM, CRLF line ends (cells already formatted). */
export function csvFile(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + [header.join(';'), ...rows.map((r) => r.join(';'))].join('\r\n') + '\r\n';
}

/** DECISIONS §9: SPEC's columns, ';', decimal comma, UTF-8 BOM, CRLF line ends. */
export function tradesCsv(trades: readonly TradeRow[]): string {
  return csvFile(TRADES_CSV_COLUMNS, trades.map(specCells));
}

/** SPEC's cells of a trade (values in the traded quote currency). */
function specCells(t: TradeRow): string[] {
  return [
    formatCsvDate(t.executedAt),
    textCell(t.botName),
    textCell(t.pair),
    textCell(exchangeName(t.buyExchange)),
    textCell(exchangeName(t.sellExchange)),
    decimalComma(t.buyPrice),
    decimalComma(t.sellPrice),
    decimalComma(t.amount),
    // Profit is stored in USDT for every pair; a BRL pair's profit in its quote is its R$ figure.
    decimalComma(tradeQuote(t.pair) === 'BRL' ? t.profitBrl : t.profit, 2),
    decimalComma(t.profitPercent, 2),
    TRADE_STATUS_LABELS[t.status],
  ];
}

/** The second export (issue 15): SPEC's cells, then currency, mode, USDT/BRL rate and the stored R$ figures. */
export function tradesBrlCsv(trades: readonly TradeRow[]): string {
  return csvFile(
    TRADES_BRL_CSV_COLUMNS,
    trades.map((t) => [
      ...specCells(t),
      tradeQuote(t.pair),
      BOT_MODE_LABELS[t.mode],
      decimalComma(t.usdtBrl),
      decimalComma(t.volumeBrl, 2),
      decimalComma(t.feesBrl, 2),
      decimalComma(t.profitBrl, 2),
    ]),
  );
}
