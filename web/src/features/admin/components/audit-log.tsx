import type { AdminAuditEntry } from '@arbitra/contracts';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';

const reason = (a: AdminAuditEntry) =>
  typeof a.metadata.reason === 'string' ? `Motivo: ${a.metadata.reason}` : null;

const when: TableColumn<AdminAuditEntry> = {
  header: 'Quando',
  cell: (a) => formatDateTime(a.createdAt),
  lead: 2,
};
const event: TableColumn<AdminAuditEntry> = { header: 'Evento', cell: (a) => a.label, lead: 1 };
const details = (fallback: (a: AdminAuditEntry) => string): TableColumn<AdminAuditEntry> => ({
  header: 'Detalhes',
  cell: (a) => reason(a) ?? fallback(a),
  wide: true,
  className: 'max-w-md truncate text-xs text-muted-foreground',
  title: (a) => JSON.stringify(a.metadata),
});

/** Everyone's log (/admin/security): who the event is about, who did it, from where. */
const EVERYONE: TableColumn<AdminAuditEntry>[] = [
  when,
  event,
  {
    header: 'Usuário',
    cell: (a) =>
      a.user
        ? `${a.user.name} (${a.user.email})`
        : typeof a.metadata.email === 'string'
          ? a.metadata.email
          : '—',
    lead: 3,
    wide: true,
  },
  { header: 'Por', cell: (a) => (a.actor ? a.actor.name : '—') },
  { header: 'IP', cell: (a) => a.ip ?? '—' },
  details((a) => (Object.keys(a.metadata).length ? JSON.stringify(a.metadata) : '')),
];

/** One user's log (/admin/users/:id): the user is known; the IP stands in for the details. */
const ONE_USER: TableColumn<AdminAuditEntry>[] = [
  when,
  event,
  { header: 'Por', cell: (a) => (a.actor ? a.actor.name : 'o próprio usuário') },
  details((a) => a.ip ?? ''),
];

/** The audit log's table, for everyone's log or for one user's. */
export function AuditLogTable({
  label,
  rows,
  oneUser = false,
}: {
  label: string;
  rows: readonly AdminAuditEntry[];
  oneUser?: boolean;
}) {
  return <DataTable label={label} rows={rows} rowKey={(a) => a.id} columns={oneUser ? ONE_USER : EVERYONE} />;
}
