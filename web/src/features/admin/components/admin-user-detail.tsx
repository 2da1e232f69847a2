import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  BOT_MODE_LABELS,
  BOT_STRATEGY_LABELS,
  botStatusLabel,
  exchangeName,
  isExchangeId,
  PLANS,
  subscriptionStatusLabel,
  type PlanId,
} from '@arbitra/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { InputField, SelectField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { SectionCard } from '@/components/ui/section-card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ROUTES } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { formatBRL, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { adminApi } from '../api/admin-api';
import { useBotEngines } from '../hooks/use-admin-system';
import { Pager, ReasonDialog, TableCard } from './admin-widgets';
import { AuditLogTable } from './audit-log';
import { selectClass } from './admin-users';
import { planName } from './user-cells';

type Action = 'role' | 'disable' | 'enable' | 'grant' | 'invite' | { session: string } | null;

/** /admin/users/:id: a user's profile, subscription and payments, bots, exchanges, sessions and audit log, with audited actions. */
export function AdminUserDetail() {
  const { id = '' } = useParams();
  const { user: me } = useSession();
  const qc = useQueryClient();
  const query = useQuery({ queryKey: ['admin', 'user', id], queryFn: () => adminApi.user(id) });
  const botEngines = useBotEngines();
  const [auditPage, setAuditPage] = useState(1);
  const audit = useQuery({
    queryKey: ['admin', 'user-audit', id, auditPage],
    queryFn: () => adminApi.auditForUser(id, auditPage),
    placeholderData: keepPreviousData,
  });
  const [action, setAction] = useState<Action>(null);
  const [grantPlan, setGrantPlan] = useState<PlanId>('professional');
  const [grantDays, setGrantDays] = useState('30');
  /** The reason dialog of one action: open while that action is chosen; closing it forgets the action. */
  const dialog = (key: Exclude<Action, null | { session: string }> | 'session') => ({
    open: key === 'session' ? typeof action === 'object' && action !== null : action === key,
    onOpenChange: (open: boolean) => {
      if (!open) setAction(null);
    },
  });
  const done = (message: string) => {
    toast({ title: message });
    void qc.invalidateQueries({ queryKey: ['admin'] });
  };
  if (query.isLoading) return <Spinner />;
  if (query.error || !query.data)
    return (
      <FormAlert
        message={errorMessage(query.error, 'Erro ao carregar o usuário')}
        onRetry={() => void query.refetch()}
      />
    );
  const d = query.data;
  const u = d.user;
  const self = me?.id === u.id;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        eyebrow="Usuário"
        title={u.name}
        description={
          <span>
            {u.email} · {u.role === 'admin' ? 'Administrador' : 'Usuário'} · cadastro em{' '}
            {formatDate(u.createdAt)} · último acesso{' '}
            {u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'nunca'}{' '}
            {u.twoFactorEnabled ? '· 2FA ativo' : ''}{' '}
            {u.disabled ? <Badge variant="destructive">Conta desativada</Badge> : null}
          </span>
        }
        actions={
          <Link className="text-sm hover:underline" to={ROUTES.adminUsers}>
            ← Usuários
          </Link>
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={self} onClick={() => setAction('role')}>
          {u.role === 'admin' ? 'Tornar usuário' : 'Tornar administrador'}
        </Button>
        {u.disabled ? (
          <Button variant="outline" onClick={() => setAction('enable')}>
            Reativar conta
          </Button>
        ) : (
          <Button variant="destructive" disabled={self} onClick={() => setAction('disable')}>
            Desativar conta
          </Button>
        )}
        {u.role === 'user' ? (
          <Button variant="outline" onClick={() => setAction('grant')}>
            Conceder ou estender plano
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => setAction('invite')}>
          Reenviar email para definir senha
        </Button>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title="Assinatura" contentClassName="text-sm">
          {d.subscription ? (
            <dl className="grid grid-cols-2 gap-1">
              <dt className="text-muted-foreground">Plano</dt>
              <dd>
                {planName(d.subscription.planId)} ({d.subscription.billing === 'yearly' ? 'anual' : 'mensal'})
              </dd>
              <dt className="text-muted-foreground">Situação</dt>
              <dd>
                {subscriptionStatusLabel(d.subscription.status)}
                {d.subscription.cancelAtPeriodEnd ? ' (cancela no fim do período)' : ''}
              </dd>
              <dt className="text-muted-foreground">Período</dt>
              <dd>
                {formatDate(d.subscription.currentPeriodStart)} a{' '}
                {formatDate(d.subscription.currentPeriodEnd)}
              </dd>
            </dl>
          ) : (
            <p className="text-muted-foreground">Sem assinatura.</p>
          )}
        </SectionCard>
        <TableCard
          title="Pagamentos"
          empty="Nenhum pagamento."
          rows={d.payments}
          columns={[
            { header: 'Data', cell: (p) => formatDateTime(p.createdAt) },
            { header: 'Plano', cell: (p) => planName(p.planId) },
            { header: 'Tipo', cell: (p) => (p.kind === 'grant' ? 'Concessão' : p.kind) },
            { header: 'Método', cell: (p) => p.method },
            { header: 'Valor', cell: (p) => formatBRL(p.amountCents), lead: 1 },
            {
              header: 'Situação',
              cell: (p) => `${p.status}${p.invoiceNumber ? ` · ${p.invoiceNumber}` : ''}`,
              lead: 2,
            },
          ]}
        />
        <TableCard
          title="Bots"
          empty="Nenhum bot."
          rows={d.bots}
          columns={[
            { header: 'Nome', cell: (b) => b.name },
            { header: 'Estratégia', cell: (b) => BOT_STRATEGY_LABELS[b.strategy] },
            { header: 'Modo', cell: (b) => BOT_MODE_LABELS[b.mode] },
            { header: 'Status', cell: (b) => botStatusLabel(b.status), lead: 2 },
            { header: 'Trades', cell: (b) => b.totalTrades },
            { header: 'Lucro (USDT)', cell: (b) => formatNumber(b.totalProfit, 2), lead: 1 },
            {
              header: 'Motor',
              cell: (b) => {
                const e = botEngines.get(b.id);
                return e ? `${e.instanceId} · desde ${formatDateTime(e.since)}` : '—';
              },
            },
          ]}
        />
        <TableCard
          title="Exchanges"
          empty="Nenhuma exchange configurada."
          rows={d.exchanges}
          columns={[
            {
              header: 'Exchange',
              cell: (e) => (isExchangeId(e.exchange) ? exchangeName(e.exchange) : e.exchange),
              lead: 1,
            },
            { header: 'Ativa', cell: (e) => (e.isActive ? 'Sim' : 'Não') },
            {
              header: 'Validação',
              cell: (e) => <span title={e.validationReason ?? ''}>{e.validationStatus}</span>,
              lead: 2,
            },
            { header: 'Desde', cell: (e) => formatDate(e.createdAt) },
          ]}
        />
      </div>

      <TableCard
        title="Sessões ativas"
        empty="Nenhuma sessão ativa."
        rows={d.sessions}
        columns={[
          { header: 'Dispositivo', cell: (s) => s.device ?? '—', lead: 1 },
          { header: 'IP', cell: (s) => s.ip ?? '—' },
          { header: 'Local', cell: (s) => s.location ?? '—' },
          { header: 'Início', cell: (s) => formatDateTime(s.createdAt) },
          { header: 'Última atividade', cell: (s) => formatDateTime(s.lastActiveAt), lead: 2 },
          {
            header: '',
            cell: (s) => (
              <Button size="sm" variant="outline" onClick={() => setAction({ session: s.id })}>
                Encerrar
              </Button>
            ),
          },
        ]}
      />

      <SectionCard title="Registro de auditoria" contentClassName="flex flex-col gap-3">
        <AuditLogTable label="Registro de auditoria do usuário" rows={audit.data?.items ?? []} oneUser />
        {audit.data ? (
          <Pager
            page={auditPage}
            pageSize={audit.data.pageSize}
            total={audit.data.total}
            onPage={setAuditPage}
          />
        ) : null}
      </SectionCard>

      <ReasonDialog
        {...dialog('role')}
        title={u.role === 'admin' ? 'Remover acesso de administrador?' : 'Tornar administrador?'}
        description={`${u.name} passa a ser ${u.role === 'admin' ? 'usuário comum' : 'administrador (acesso total ao console)'}.`}
        confirmLabel="Alterar perfil"
        onConfirm={async (reason) =>
          done(
            (await adminApi.updateUser(u.id, { role: u.role === 'admin' ? 'user' : 'admin', reason }))
              .message,
          )
        }
      />
      <ReasonDialog
        {...dialog('disable')}
        title="Desativar a conta?"
        description="Todas as sessões do usuário são encerradas e os bots em execução são parados."
        confirmLabel="Desativar"
        destructive
        onConfirm={async (reason) =>
          done((await adminApi.updateUser(u.id, { disabled: true, reason })).message)
        }
      />
      <ReasonDialog
        {...dialog('enable')}
        title="Reativar a conta?"
        description="O usuário volta a poder entrar. Os bots continuam parados até ele iniciá-los."
        confirmLabel="Reativar"
        onConfirm={async (reason) =>
          done((await adminApi.updateUser(u.id, { disabled: false, reason })).message)
        }
      />
      <ReasonDialog
        {...dialog('grant')}
        title="Conceder ou estender plano"
        description="Registra um pagamento de R$ 0,00 do tipo concessão e estende o período a partir do fim atual."
        confirmLabel="Conceder"
        onConfirm={async (reason) =>
          done((await adminApi.grant(u.id, { plan: grantPlan, days: Number(grantDays), reason })).message)
        }
      >
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            id="grant-plan"
            label="Plano"
            className={selectClass}
            value={grantPlan}
            onChange={setGrantPlan}
            options={PLANS.map((p) => ({ value: p.id, label: p.name }))}
          />
          <InputField
            id="grant-days"
            label="Dias"
            inputMode="numeric"
            value={grantDays}
            onChange={(e) => setGrantDays(e.target.value.replace(/\D/g, ''))}
          />
        </div>
      </ReasonDialog>
      <ReasonDialog
        {...dialog('invite')}
        title="Reenviar email para definir senha?"
        description={`Um novo link (válido por 72 horas) é enviado para ${u.email}; os anteriores deixam de valer.`}
        confirmLabel="Enviar"
        onConfirm={async (reason) => done((await adminApi.resendInvite(u.id, reason)).message)}
      />
      <ReasonDialog
        {...dialog('session')}
        title="Encerrar sessão?"
        description="O dispositivo é desconectado na hora."
        confirmLabel="Encerrar"
        destructive
        onConfirm={async (reason) => {
          if (typeof action === 'object' && action)
            done((await adminApi.revokeSession(u.id, action.session, reason)).message);
        }}
      />
    </div>
  );
}
