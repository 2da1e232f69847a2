import { z } from 'zod';
import { EXCHANGE_IDS, type ExchangeId } from '../domain/exchanges.js';
import { MESSAGES } from '../messages/index.js';
import { queryInt } from './validation.js';

/** 'YYYY-MM' with a real month (2026-13 is refused). */
export const TAX_MONTH_PATTERN = /^(20\d\d)-(0[1-9]|1[0-2])$/;
export const TAX_OPERATIONS_PAGE_SIZE_DEFAULT = 50;
export const TAX_OPERATIONS_PAGE_SIZE_MAX = 200;

const t = MESSAGES.tax;
const month = z.string({ error: t.invalidMonth }).regex(TAX_MONTH_PATTERN, t.invalidMonth);
const year = z
  .string({ error: t.invalidYear })
  .regex(/^20\d\d$/, t.invalidYear)
  .transform(Number);

/** GET /api/tax/report?month=YYYY-MM&page&pageSize */
export const taxReportQuerySchema = z.strictObject({
  month,
  page: queryInt(t.invalidPage)
    .pipe(z.number().int(t.invalidPage).min(1, t.invalidPage).max(1_000_000, t.invalidPage))
    .default(1),
  pageSize: queryInt(t.invalidPage)
    .pipe(
      z.number().int(t.invalidPage).min(1, t.invalidPage).max(TAX_OPERATIONS_PAGE_SIZE_MAX, t.invalidPage),
    )
    .default(TAX_OPERATIONS_PAGE_SIZE_DEFAULT),
});
export type TaxReportQuery = z.output<typeof taxReportQuerySchema>;

/** GET /api/tax/report.csv?month=YYYY-MM */
export const taxCsvQuerySchema = z.strictObject({ month });

/** GET /api/tax/months?year=YYYY, GET /api/tax/year?year=YYYY */
export const taxYearQuerySchema = z.strictObject({ year });

/** PUT /api/tax/exchanges: one exchange's classification; null goes back to the default. */
export const taxExchangeUpdateSchema = z.strictObject({
  exchange: z.enum(EXCHANGE_IDS as [ExchangeId, ...ExchangeId[]], { error: t.invalidExchange }),
  reports: z.boolean({ error: t.invalidReports }).nullable(),
});
export type TaxExchangeUpdate = z.output<typeof taxExchangeUpdateSchema>;

/** Money fields are exact decimal strings in reais ('1234.56'); quantities exact decimal strings. */
export interface TaxAssetRow {
  asset: string;
  boughtQuantity: string;
  soldQuantity: string;
  purchases: string;
  sales: string;
  costOfSales: string;
  /** Sum of the disposals' results (information). */
  gain: string;
  /** Sum of the positive results (taxed in a month over the limit). */
  gains: string;
  /** Sum of the negative results (not offset against any gain). */
  losses: string;
  /** Given beyond what the report saw acquired (cost taken as zero): tell the accountant. */
  uncoveredQuantity: string;
}

export interface TaxOperationRow {
  executedAt: string;
  type: 'Compra' | 'Venda';
  asset: string;
  quantity: string;
  /** R$: a purchase's value without fees; a disposal's value (a fee paid in the asset given included). */
  value: string;
  fees: string;
  exchange: string;
  exchangeName: string;
  country: string;
}

export interface TaxDarf {
  code: string;
  /** 'YYYY-MM' (período de apuração). */
  period: string;
  dueDate: string;
  amount: string;
  carriedIn: string;
  payable: boolean;
  carriedOut: string;
}

export interface TaxExchangeClassification {
  exchange: ExchangeId;
  name: string;
  country: string;
  /** What Arbitra assumes for the month asked (or the current month). */
  reportsByDefault: boolean;
  /** The user's choice; null = the default. */
  userChoice: boolean | null;
  reports: boolean;
  note: string;
}

export interface TaxDecripto {
  instrument: string;
  source: string;
  threshold: string;
  nonReportingTotal: string;
  due: boolean;
  exchanges: { exchange: string; name: string; reports: boolean; volume: string }[];
}

export interface TaxMonthReport {
  month: string;
  notice: string;
  liveOnlyNotice: string;
  hasOperations: boolean;
  salesTotal: string;
  exemptionLimit: string;
  exempt: boolean;
  /** Sales over the limit, in % (display only: the meter). */
  exemptionUsedPercent: number;
  purchasesTotal: string;
  feesTotal: string;
  /** Sum of every disposal's result (information: losses are not offset). */
  netGain: string;
  /** Sum of the positive results. */
  gains: string;
  /** Sum of the negative results (≤ 0), not offset. */
  losses: string;
  taxableGain: string;
  tax: string;
  darf: TaxDarf;
  decripto: TaxDecripto;
  assets: TaxAssetRow[];
  unpricedOperations: number;
  /** Set when the month has operations on exchanges abroad (Lei 14.754/2023: ask the accountant). */
  abroadNotice: string | null;
  /** Transfers between the user's exchange accounts in the month (not disposals: TRANSFER_RULE). */
  transfers: number;
  /** Withdrawal fees paid in crypto (disposals at their value, at average cost), per asset. */
  withdrawalFees: { asset: string; quantity: string; value: string; cost: string }[];
  /** 'Taxas de saque pagas em cripto: … — consulte seu contador' when the month has any (else null). */
  withdrawalFeesNotice: string | null;
  operations: { items: TaxOperationRow[]; page: number; pageSize: number; total: number };
  sources: {
    exemption: string;
    rates: string;
    darf: string;
    loss: string;
    cost: string;
    transfer: string;
    withdrawalFee: string;
  };
}

export interface TaxMonthSummary {
  month: string;
  operations: number;
  salesTotal: string;
  exempt: boolean;
  netGain: string;
  tax: string;
  darfPayable: boolean;
  decriptoDue: boolean;
}

export interface TaxMonthsResponse {
  year: number;
  months: TaxMonthSummary[];
  /** Years with live operations (the picker). */
  years: number[];
}

export interface TaxYearReport {
  year: number;
  notice: string;
  /** False while the year is not over (the balance is as of now). */
  closed: boolean;
  balances: { asset: string; quantity: string; cost: string }[];
  months: TaxMonthSummary[];
  totalTax: string;
}

/** The CSV of a month's operations (fields the declaration asks for), ';' and decimal commas as DECISIONS §9. */
export const TAX_CSV_COLUMNS = [
  'Data',
  'Tipo',
  'Ativo',
  'Quantidade',
  'Valor (R$)',
  'Taxas (R$)',
  'Exchange',
  'País da exchange',
] as const;
