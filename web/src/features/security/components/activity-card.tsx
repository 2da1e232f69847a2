import { auditActionLabel } from '@arbitra/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { AUDIT_PAGE_SIZE, securityApi, securityKeys } from '../api/security-api';
import { QueryState } from '@/components/ui/section-state';

/** 'Atividade recente': the account's own security events (DECISIONS §5), newest first. */
export function ActivityCard() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: securityKeys.audit(page),
    queryFn: ({ signal }) => securityApi.audit(page, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden />
          Atividade recente
        </CardTitle>
        <CardDescription>Logins, trocas de senha e outras ações de segurança da sua conta.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={query} fallback="Erro ao carregar a atividade recente">
          {(result) => {
            const pages = Math.max(1, Math.ceil(result.total / AUDIT_PAGE_SIZE));
            if (result.items.length === 0) {
              return <p className="text-sm text-muted-foreground">Nenhuma atividade registrada.</p>;
            }
            return (
              <div className="flex flex-col gap-3">
                <Table cards aria-label="Atividade recente">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Evento</TableHead>
                      <TableHead>Data</TableHead>
                      <TableHead>Dispositivo</TableHead>
                      <TableHead>IP</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {result.items.map((entry) => (
                      <TableRow key={entry.id}>
                        <TableCell label="Evento" lead={1} wide className="font-medium">
                          {entry.label || auditActionLabel(entry.action)}
                        </TableCell>
                        <TableCell label="Data" lead={2} className="whitespace-nowrap text-muted-foreground">
                          {formatDateTime(entry.createdAt)}
                        </TableCell>
                        <TableCell label="Dispositivo" className="text-muted-foreground">
                          {entry.device ?? '—'}
                        </TableCell>
                        <TableCell label="IP" className="font-mono text-xs text-muted-foreground">
                          {entry.ip ?? '—'}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
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
      </CardContent>
    </Card>
  );
}
