import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

/** One column of a {@link DataTable}: its header (also the cell's label in a phone's card) and what a row shows. */
export interface TableColumn<T> {
  header: string;
  /** What the column's head shows, when not just `header` (a sort button). */
  heading?: ReactNode;
  cell: (row: T) => ReactNode;
  /** A deciding figure: first in the row's card on a phone, by this rank. */
  lead?: 1 | 2 | 3 | 4;
  /** Spans the whole card on a phone. */
  wide?: boolean;
  /** Left out of the card on a phone. */
  detail?: boolean;
  /** The cell's classes, or (a function) the row's own. */
  className?: string | ((row: T) => string | undefined);
  /** The cell's tooltip. */
  title?: (row: T) => string | undefined;
}

interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  rowKey: (row: T, index: number) => string;
  /** Said under the (empty) table when there is no row. */
  empty?: ReactNode;
  emptyClassName?: string;
}

/** A `cards` table (a card per row on a phone) whose rows and cells come from data: one place for the markup. */
export function DataTable<T>({ label, rows, columns, rowKey, empty, emptyClassName }: DataTableProps<T>) {
  return (
    <>
      <Table cards aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((c, i) => (
              <TableHead key={i}>{c.heading ?? c.header}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)}>
              {columns.map((c, i) => (
                <TableCell
                  key={i}
                  label={c.header || undefined}
                  lead={c.lead}
                  wide={c.wide}
                  detail={c.detail}
                  className={typeof c.className === 'function' ? c.className(row) : c.className}
                  title={c.title?.(row)}
                >
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {empty && rows.length === 0 ? (
        <p className={cn('text-sm text-muted-foreground', emptyClassName)}>{empty}</p>
      ) : null}
    </>
  );
}
