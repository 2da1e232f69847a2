import { useQuery } from '@tanstack/react-query';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  SUBSCRIPTION_STATUSES,
  subscriptionStatusLabel,
  type AdminOverview as Overview,
} from '@arbitra/contracts';
import { SectionCard } from '@/components/ui/section-card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/section-state';
import { DataTable } from '@/components/ui/data-table';
import { formatBRL, formatDate, formatNumber } from '@/lib/format';
import { adminApi } from '../api/admin-api';
import { monthLabel } from '../lib/months';
import { AddUserDialog } from './add-user-dialog';
import { ChartCard, KpiCard } from './admin-widgets';
import { LiveMetricsList } from './live-metrics-list';
import { planName, subscriptionLabel, UserNameLink } from './user-cells';

const PLAN_COLORS: Record<string, string> = {
  basic: '#60a5fa',
  professional: '#a78bfa',
  enterprise: '#f59e0b',
};

/** KPIs refresh every 5 s while the page is open ('trades today' moves while bots trade). */
const REFRESH_MS = 5_000;

/** /admin (Visão geral): KPIs, growth, revenue, plans, live system metrics and recent users (SPEC §2, DECISIONS §1). */
export function AdminOverview() {
  const query = useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: adminApi.overview,
    refetchInterval: REFRESH_MS,
  });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Visão geral"
        description="Indicadores da plataforma com dados reais, atualizados ao vivo."
      />
      <QueryState query={query} fallback="Erro ao carregar os indicadores" keepData>
        {(o) => (
          <>
            <Kpis o={o} />
            <div className="grid gap-4 lg:grid-cols-2">
              <ChartCard title="Crescimento de usuários" contentClassName="h-64">
                <AreaChart data={o.userGrowth.map((g) => ({ ...g, label: monthLabel(g.month) }))}>
                  <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
                  <XAxis dataKey="label" fontSize={11} />
                  <YAxis allowDecimals={false} width={40} fontSize={11} />
                  <Tooltip />
                  <Area
                    type="monotone"
                    dataKey="totalUsers"
                    name="Usuários"
                    stroke="#60a5fa"
                    fill="#60a5fa33"
                  />
                  <Area
                    type="monotone"
                    dataKey="newUsers"
                    name="Novos no mês"
                    stroke="#34d399"
                    fill="#34d39933"
                  />
                </AreaChart>
              </ChartCard>
              <ChartCard title="Receita por mês" contentClassName="h-64">
                <LineChart
                  data={o.revenueByMonth.map((m) => ({
                    label: monthLabel(m.month),
                    reais: m.revenueCents / 100,
                    cents: m.revenueCents,
                  }))}
                >
                  <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
                  <XAxis dataKey="label" fontSize={11} />
                  <YAxis width={60} fontSize={11} />
                  <Tooltip
                    formatter={(_v, _n, item) => formatBRL((item.payload as { cents: number }).cents)}
                  />
                  <Line type="monotone" dataKey="reais" name="Receita" stroke="#34d399" dot={false} />
                </LineChart>
              </ChartCard>
            </div>
            <div className="grid gap-4 lg:grid-cols-3">
              <SectionCard title="Distribuição por plano" contentClassName="h-64">
                {o.planDistribution.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nenhuma assinatura ativa ou em teste.</p>
                ) : (
                  <ResponsiveContainer width="100%" height="100%">
                    <PieChart>
                      <Pie
                        data={o.planDistribution.map((p) => ({
                          name: planName(p.planId),
                          value: p.count,
                          id: p.planId,
                        }))}
                        dataKey="value"
                        nameKey="name"
                        outerRadius={80}
                        label
                      >
                        {o.planDistribution.map((p) => (
                          <Cell key={p.planId} fill={PLAN_COLORS[p.planId] ?? '#94a3b8'} />
                        ))}
                      </Pie>
                      <Tooltip />
                      <Legend />
                    </PieChart>
                  </ResponsiveContainer>
                )}
              </SectionCard>
              <div className="lg:col-span-2">
                <LiveMetricsList />
              </div>
            </div>
            <RecentUsers o={o} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function Kpis({ o }: { o: Overview }) {
  const paying = o.subscriptions.active;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <KpiCard
        testId="kpi-users"
        title="Usuários"
        value={formatNumber(o.users.total, 0)}
        detail={`${o.users.newLast30Days} novos nos últimos 30 dias`}
      />
      <KpiCard
        testId="kpi-subscriptions"
        title="Assinaturas pagantes"
        value={formatNumber(paying, 0)}
        detail={SUBSCRIPTION_STATUSES.map((s) => `${subscriptionStatusLabel(s)}: ${o.subscriptions[s]}`).join(
          ' · ',
        )}
      />
      <KpiCard
        testId="kpi-mrr"
        title="MRR"
        value={formatBRL(o.mrrCents)}
        detail={`ARR ${formatBRL(o.arrCents)}`}
      />
      <KpiCard
        testId="kpi-bots"
        title="Bots em execução"
        value={formatNumber(o.bots.paper + o.bots.live, 0)}
        detail={`Simulado: ${o.bots.paper} · Real: ${o.bots.live}`}
      />
      <KpiCard
        testId="kpi-trades-today"
        title="Trades hoje"
        value={formatNumber(o.tradesToday.count, 0)}
        detail={
          o.tradesToday.volumeBrlCents !== null
            ? `Volume ${formatBRL(o.tradesToday.volumeBrlCents)}`
            : `Volume ${formatNumber(o.tradesToday.volumeUsdt, 2)} USDT (sem cotação USDT/BRL para todos)`
        }
      />
      <KpiCard
        testId="kpi-opportunities"
        title="Oportunidades abertas"
        value={o.opportunitiesOpen === null ? '—' : formatNumber(o.opportunitiesOpen, 0)}
        detail={o.opportunitiesOpen === null ? 'Nenhum motor respondeu ainda' : 'Agora, em todos os motores'}
      />
    </div>
  );
}

function RecentUsers({ o }: { o: Overview }) {
  return (
    <SectionCard title="Usuários recentes" actions={<AddUserDialog />}>
      <DataTable
        label="Usuários recentes"
        rows={o.recentUsers}
        rowKey={(u) => u.id}
        columns={[
          { header: 'Nome', cell: (u) => <UserNameLink user={u} />, lead: 1 },
          { header: 'Email', cell: (u) => u.email, wide: true },
          { header: 'Plano', cell: (u) => subscriptionLabel(u.subscription), lead: 2 },
          { header: 'Cadastro', cell: (u) => formatDate(u.createdAt) },
        ]}
      />
    </SectionCard>
  );
}
