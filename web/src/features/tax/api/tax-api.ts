import {
  MESSAGES,
  type ExchangeId,
  type TaxExchangeClassification,
  type TaxMonthReport,
  type TaxMonthsResponse,
  type TaxYearReport,
} from '@arbitra/contracts';
import { apiClient } from '@/lib/api-client';
import { downloadFromApi } from '@/lib/download';

export const taxApi = {
  months: (year: number) =>
    apiClient.get<TaxMonthsResponse>('/api/tax/months', { query: { year: String(year) } }),
  report: (month: string, page = 1, pageSize = 50) =>
    apiClient.get<TaxMonthReport>('/api/tax/report', {
      query: { month, page: String(page), pageSize: String(pageSize) },
    }),
  year: (year: number) => apiClient.get<TaxYearReport>('/api/tax/year', { query: { year: String(year) } }),
  exchanges: () => apiClient.get<TaxExchangeClassification[]>('/api/tax/exchanges'),
  setExchange: (exchange: ExchangeId, reports: boolean | null) =>
    apiClient.put<TaxExchangeClassification[]>('/api/tax/exchanges', { exchange, reports }),
  /** The month's operations as the server's CSV (for the accountant). */
  downloadCsv: (month: string) =>
    downloadFromApi('/api/tax/report.csv', { month }, `impostos_${month}.csv`, MESSAGES.tax.exportError),
};

/** 'YYYY-MM' → 'MM/AAAA'. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
/** 'YYYY-MM-DD' → 'DD/MM/AAAA'. */
export const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The current month in São Paulo ('YYYY-MM'). */
export function currentMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .slice(0, 7);
}
