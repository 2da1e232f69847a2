import { z } from 'zod';
import { BOT_MODES, type BotMode, type Trade, type TradeStats, type TradeStatus } from '../domain/bots.js';
import { MESSAGES } from '../messages/index.js';
import { queryInt } from './validation.js';

export const TRADE_DATE_RANGES = ['7', '30', '90', 'all'] as const;
export type TradeDateRange = (typeof TRADE_DATE_RANGES)[number];
export const TRADE_STATUS_FILTERS = ['all', 'completed', 'failed', 'pending'] as const;
export type TradeStatusFilter = (typeof TRADE_STATUS_FILTERS)[number];

/** Paper and live trades told apart (issue 15): 'Todos' / 'Real' / 'Simulado'. */
export const TRADE_MODE_FILTERS = ['all', 'live', 'paper'] as const;
export type TradeModeFilter = (typeof TRADE_MODE_FILTERS)[number];
export const TRADE_MODE_FILTER_LABELS: Readonly<Record<TradeModeFilter, string>> = {
  all: 'Todos',
  live: 'Real',
  paper: 'Simulado',
};

export const TRADES_PAGE_SIZE_DEFAULT = 20;
export const TRADES_PAGE_SIZE_MAX = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalid = MESSAGES.trades.invalidFilter;

/** GET /api/trades, /api/trades/export and /api/trades/export-brl query (DECISIONS §9). */
export const tradesQuerySchema = z.strictObject({
  dateRange: z.enum(TRADE_DATE_RANGES, { error: invalid }).default('30'),
  status: z.enum(TRADE_STATUS_FILTERS, { error: invalid }).default('all'),
  mode: z.enum(TRADE_MODE_FILTERS, { error: invalid }).default('all'),
  bot: z
    .string({ error: invalid })
    .refine((v) => v === 'all' || UUID.test(v), invalid)
    .default('all'),
  page: queryInt(invalid).pipe(z.number().int(invalid).min(1, invalid).max(1_000_000, invalid)).default(1),
  pageSize: queryInt(invalid)
    .pipe(z.number().int(invalid).min(1, invalid).max(TRADES_PAGE_SIZE_MAX, invalid))
    .default(TRADES_PAGE_SIZE_DEFAULT),
});

export type TradesQuery = z.output<typeof tradesQuerySchema>;
export type TradesQueryInput = z.input<typeof tradesQuerySchema>;

export interface TradesResponse {
  trades: Trade[];
  stats: TradeStats;
  page: number;
  pageSize: number;
  total: number;
}

/** CSV export (DECISIONS §9): SPEC §9's columns, ';' separator, decimal comma, UTF-8 BOM. */
export const TRADES_CSV_COLUMNS = [
  'Data',
  'Bot',
  'Par',
  'Compra',
  'Venda',
  'Preço Compra',
  'Preço Venda',
  'Quantidade',
  'Lucro',
  'Lucro %',
  'Status',
] as const;

/**
 * The second export (issue 15): SPEC's columns (values in the traded quote currency) plus the currency, the
 * trade's USDT/BRL rate and its R$ figures, and the mode. File trades_brl_{YYYY-MM-DD}.csv, same format.
 */
export const TRADES_BRL_CSV_COLUMNS = [
  ...TRADES_CSV_COLUMNS,
  'Moeda',
  'Modo',
  'Cotação USDT/BRL',
  'Volume R$',
  'Taxas R$',
  'Lucro R$',
] as const;

/** GET /api/trades/overview: the home's figures for one mode (the one with the user's real money by default). */
export const overviewQuerySchema = z.strictObject({
  mode: z.enum(BOT_MODES, { error: invalid }).optional(),
});
export type OverviewQuery = z.output<typeof overviewQuerySchema>;

/** A P&L window: recorded trades (completed and failed) and their exact profit sums. */
export interface PnlWindow {
  trades: number;
  /** R$, exact sum of the stored R$ profits rounded to centavos ('12.34'). */
  brl: string;
  /** USDT, 2 decimals. */
  usdt: number;
}

/** 'Visão geral' (DECISIONS §13): P&L since São Paulo's midnight, over 7 and 30 days (× 24 h) and since the start. */
export interface OverviewResponse {
  mode: BotMode;
  /** The modes the user has recorded trades in (the screen offers the other when there is one). */
  tradedModes: BotMode[];
  pnl: { today: PnlWindow; days7: PnlWindow; days30: PnlWindow; total: PnlWindow };
  /** Cumulative P&L at the end of each UTC day with trades, oldest first (R$ rounded to centavos, USDT to 2). */
  equity: { day: string; brl: number; usdt: number }[];
  /** Each bot's last trade (any mode and status), for the list of bots. */
  lastTrades: { botId: string; executedAt: string; status: TradeStatus; profitBrl: string }[];
}
