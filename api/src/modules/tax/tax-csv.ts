import { TAX_CSV_COLUMNS, type TaxOperationRow } from '@arbitra/contracts';
import { csvFile, decimalComma, formatCsvDate, textCell } from '../trades/trades-csv.js';

/** A month's operations for the accountant: the declaration's fields, in the trades CSV's format (DECISIONS §9). */
export function taxOperationsCsv(rows: readonly TaxOperationRow[]): string {
  return csvFile(
    TAX_CSV_COLUMNS,
    rows.map((r) => [
      formatCsvDate(new Date(r.executedAt)),
      r.type,
      textCell(r.asset),
      decimalComma(r.quantity),
      decimalComma(r.value, 2),
      decimalComma(r.fees, 2),
      textCell(r.exchangeName),
      textCell(r.country),
    ]),
  );
}
