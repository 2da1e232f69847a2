import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { AUDIT_ACTIONS, auditActionLabel } from '@arbitra/contracts';
import { SectionCard } from '@/components/ui/section-card';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-error';
import { adminApi, type AdminAuditFilters } from '../api/admin-api';
import { ChartCard, Pager } from './admin-widgets';
import { AuditLogTable } from './audit-log';
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
      <ChartCard
        title="Logins com falha e bloqueios (últimos 30 dias)"
        contentClassName="h-64"
        alert={
          stats.error ? (
            <FormAlert message={errorMessage(stats.error, 'Erro ao carregar as estatísticas')} />
          ) : null
        }
      >
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
      </ChartCard>
      <SectionCard title="Registro de auditoria" contentClassName="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <TextFilter
            id="audit-user"
            label="Usuário (nome ou email)"
            value={f.user}
            onChange={(user) => set({ user })}
          />
          <Field id="audit-action" label="Evento" className="max-w-full min-w-0">
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
          </Field>
          <TextFilter
            id="audit-from"
            label="De"
            type="date"
            value={f.from}
            onChange={(from) => set({ from })}
          />
          <TextFilter id="audit-to" label="Até" type="date" value={f.to} onChange={(to) => set({ to })} />
        </div>
        {audit.error ? (
          <FormAlert
            message={errorMessage(audit.error, 'Erro ao carregar o registro')}
            onRetry={() => void audit.refetch()}
          />
        ) : null}
        <AuditLogTable label="Registro de auditoria" rows={audit.data?.items ?? []} />
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
      </SectionCard>
    </div>
  );
}

/** A text or date filter of the log; empty means no filter. */
function TextFilter({
  id,
  label,
  type,
  value,
  onChange,
}: {
  id: string;
  label: string;
  type?: 'date';
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        type={type}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </Field>
  );
}
