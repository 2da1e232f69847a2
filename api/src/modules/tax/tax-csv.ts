import { TAX_CSV_COLUMNS, type TaxOperationRow } from '@arbitra/contracts';
import { csvFile, formatCsvDate, textCell } from '../trades/trades-csv.js';

/** An exact decimal string with a comma (already at its places: no Decimal round trip per cell). */
const comma = (v: string) => v.replace('.', ',');

/** A month's operations for the accountant: the declaration's fields, in the trades CSV's format (DECISIONS §9). */
export function taxOperationsCsv(rows: readonly TaxOperationRow[]): string {
  return csvFile(
    TAX_CSV_COLUMNS,
    rows.map((r) => [
      formatCsvDate(new Date(r.executedAt)),
      r.type,
      textCell(r.asset),
      comma(r.quantity),
      comma(r.value),
      comma(r.fees),
      textCell(r.exchangeName),
      textCell(r.country),
    ]),
  );
}
