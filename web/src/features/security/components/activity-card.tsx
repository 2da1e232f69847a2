import { auditActionLabel } from '@arbitra/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import { AUDIT_PAGE_SIZE, securityApi, securityKeys } from '../api/security-api';
import { QueryState } from '@/components/ui/section-state';

type Entry = Awaited<ReturnType<typeof securityApi.audit>>['items'][number];
const ACTIVITY_COLUMNS: TableColumn<Entry>[] = [
  {
    header: 'Evento',
    cell: (entry) => entry.label || auditActionLabel(entry.action),
    lead: 1,
    wide: true,
    className: 'font-medium',
  },
  {
    header: 'Data',
    cell: (entry) => formatDateTime(entry.createdAt),
    lead: 2,
    className: 'whitespace-nowrap text-muted-foreground',
  },
  { header: 'Dispositivo', cell: (entry) => entry.device ?? '—', className: 'text-muted-foreground' },
  { header: 'IP', cell: (entry) => entry.ip ?? '—', className: 'font-mono text-xs text-muted-foreground' },
];

/** 'Atividade recente': the account's own security events (DECISIONS §5), newest first. */
export function ActivityCard() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: securityKeys.audit(page),
    queryFn: ({ signal }) => securityApi.audit(page, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <SectionCard
      title="Atividade recente"
      icon={History}
      description="Logins, trocas de senha e outras ações de segurança da sua conta."
    >
      <QueryState query={query} fallback="Erro ao carregar a atividade recente">
        {(result) => {
          const pages = Math.max(1, Math.ceil(result.total / AUDIT_PAGE_SIZE));
          if (result.items.length === 0) {
            return <p className="text-sm text-muted-foreground">Nenhuma atividade registrada.</p>;
          }
          return (
            <div className="flex flex-col gap-3">
              <DataTable
                label="Atividade recente"
                rows={result.items}
                rowKey={(entry) => entry.id}
                columns={ACTIVITY_COLUMNS}
              />
              {pages > 1 ? (
                <div className="flex items-center justify-end gap-2 text-sm text-muted-foreground">
                  <span>
                    Página {page} de {pages}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => setPage((p) => p - 1)}
                  >
                    Anterior
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page >= pages}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    Próxima
                  </Button>
                </div>
              ) : null}
            </div>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
