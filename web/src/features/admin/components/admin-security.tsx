import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AUDIT_ACTIONS, auditActionLabel } from '@arbitra/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { adminApi, type AdminAuditFilters } from '../api/admin-api';
import { Pager } from './admin-widgets';
import { selectClass } from './admin-users';

/** /admin/security: the audit log of everyone (search, pagination) and failed logins / rate-limit blocks per day. */
export function AdminSecurity() {
  const [f, setF] = useState<AdminAuditFilters>({ page: 1, pageSize: 20 });
  const set = (patch: Partial<AdminAuditFilters>) => setF((cur) => ({ ...cur, page: 1, ...patch }));
  const audit = useQuery({
    queryKey: ['admin', 'audit', f],
    queryFn: () => adminApi.audit(f),
    placeholderData: keepPreviousData,
  });
  const stats = useQuery({
    queryKey: ['admin', 'security-stats'],
    queryFn: () => adminApi.securityStats(30),
    refetchInterval: 30_000,
  });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Segurança"
        description="Registro de auditoria de todos os usuários, logins com falha e bloqueios por excesso de tentativas."
      />
      <Card>
        <CardHeader>
          <CardTitle>Logins com falha e bloqueios (últimos 30 dias)</CardTitle>
        </CardHeader>
        <CardContent className="h-64">
          {stats.error ? (
            <FormAlert message={errorMessage(stats.error, 'Erro ao carregar as estatísticas')} />
          ) : null}
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={(stats.data?.days ?? []).map((d) => ({
                ...d,
                label: `${d.day.slice(8, 10)}/${d.day.slice(5, 7)}`,
              }))}
            >
              <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
              <XAxis dataKey="label" fontSize={11} />
              <YAxis allowDecimals={false} width={40} fontSize={11} />
              <Tooltip />
              <Legend />
              <Bar dataKey="failedLogins" name="Logins com falha" fill="#f59e0b" />
              <Bar dataKey="rateLimited" name="Bloqueios" fill="#ef4444" />
            </BarChart>
          </ResponsiveContainer>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Registro de auditoria</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-user">Usuário (nome ou email)</Label>
              <Input
                id="audit-user"
                value={f.user ?? ''}
                onChange={(e) => set({ user: e.target.value || undefined })}
              />
            </div>
            <div className="flex max-w-full min-w-0 flex-col gap-1.5">
              <Label htmlFor="audit-action">Evento</Label>
              <select
                id="audit-action"
                className={selectClass}
                value={f.action ?? ''}
                onChange={(e) => set({ action: e.target.value || undefined })}
              >
                <option value="">Todos</option>
                {AUDIT_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {auditActionLabel(a)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-from">De</Label>
              <Input
                id="audit-from"
                type="date"
                value={f.from ?? ''}
                onChange={(e) => set({ from: e.target.value || undefined })}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-to">Até</Label>
              <Input
                id="audit-to"
                type="date"
                value={f.to ?? ''}
                onChange={(e) => set({ to: e.target.value || undefined })}
              />
            </div>
          </div>
          {audit.error ? (
            <FormAlert
              message={errorMessage(audit.error, 'Erro ao carregar o registro')}
              onRetry={() => void audit.refetch()}
            />
          ) : null}
          <Table cards aria-label="Registro de auditoria">
            <TableHeader>
              <TableRow>
                <TableHead>Quando</TableHead>
                <TableHead>Evento</TableHead>
                <TableHead>Usuário</TableHead>
                <TableHead>Por</TableHead>
                <TableHead>IP</TableHead>
                <TableHead>Detalhes</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(audit.data?.items ?? []).map((a) => (
                <TableRow key={a.id}>
                  <TableCell label="Quando" lead={2}>
                    {formatDateTime(a.createdAt)}
                  </TableCell>
                  <TableCell label="Evento" lead={1}>
                    {a.label}
                  </TableCell>
                  <TableCell label="Usuário" lead={3} wide>
                    {a.user
                      ? `${a.user.name} (${a.user.email})`
                      : typeof a.metadata.email === 'string'
                        ? a.metadata.email
                        : '—'}
                  </TableCell>
                  <TableCell label="Por">{a.actor ? a.actor.name : '—'}</TableCell>
                  <TableCell label="IP">{a.ip ?? '—'}</TableCell>
                  <TableCell
                    label="Detalhes"
                    wide
                    className="max-w-md truncate text-xs text-muted-foreground"
                    title={JSON.stringify(a.metadata)}
                  >
                    {typeof a.metadata.reason === 'string'
                      ? `Motivo: ${a.metadata.reason}`
                      : Object.keys(a.metadata).length
                        ? JSON.stringify(a.metadata)
                        : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {audit.data?.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum evento encontrado.</p>
          ) : null}
          {audit.data ? (
            <Pager
              page={f.page}
              pageSize={f.pageSize}
              total={audit.data.total}
              onPage={(page) => setF({ ...f, page })}
            />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
