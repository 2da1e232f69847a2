import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/section-state';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatBRL, formatNumber } from '@/lib/format';
import { adminApi } from '../api/admin-api';
import { monthLabel } from '../lib/months';
import { SandboxNotice } from '@/lib/billing/sandbox-notice';
import { ChartCard, KpiCard } from './admin-widgets';
import { selectClass } from './admin-users';
import { planName } from './user-cells';

const METHOD_LABELS: Record<string, string> = { card: 'Cartão', pix: 'PIX', boleto: 'Boleto' };

type PaymentFigures = { payments: number; revenueCents: number };

const NO_PAYMENTS = 'Nenhum pagamento aprovado no período.';
/** The payments and revenue of a group (a plan, a method, a month). */
const PAYMENT_COLUMNS: TableColumn<PaymentFigures>[] = [
  { header: 'Pagamentos', cell: (p) => p.payments },
  { header: 'Receita', cell: (p) => formatBRL(p.revenueCents), lead: 1 },
];

/**
 * The payments and revenue of each group (a plan, a method, a month): the group's name first (one a row: it keys
 * the row), then the figures and any `extra` column. Titled 'Por plano'; the table is named 'Receita por plano'.
 */
function PaymentsTable<T extends PaymentFigures>(props: {
  title: string;
  rows: readonly T[];
  group: string;
  of: (row: T) => string;
  extra?: TableColumn<T>[];
}) {
  return (
    <SectionCard title={props.title}>
      <DataTable
        label={`Receita ${props.title.toLowerCase()}`}
        rows={props.rows}
        rowKey={props.of}
        columns={[
          { header: props.group, cell: props.of, lead: 2 },
          ...PAYMENT_COLUMNS,
          ...(props.extra ?? []),
        ]}
        empty={NO_PAYMENTS}
      />
    </SectionCard>
  );
}

/** /admin/revenue: by month, plan and method, MRR, ARR, churn and refunds — from the payments table only. */
export function AdminRevenue() {
  const [months, setMonths] = useState(12);
  const query = useQuery({ queryKey: ['admin', 'revenue', months], queryFn: () => adminApi.revenue(months) });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Receita"
        description="Pagamentos aprovados, reembolsos e receita recorrente, a partir da tabela de pagamentos."
        actions={
          <div className="flex gap-2">
            <select
              aria-label="Período"
              className={selectClass}
              value={months}
              onChange={(e) => setMonths(Number(e.target.value))}
            >
              <option value={3}>3 meses</option>
              <option value={6}>6 meses</option>
              <option value={12}>12 meses</option>
              <option value={24}>24 meses</option>
            </select>
            <Button
              variant="outline"
              onClick={() =>
                void adminApi
                  .exportRevenue(months)
                  .catch((e: unknown) =>
                    toast({ title: errorMessage(e, 'Erro ao exportar'), variant: 'destructive' }),
                  )
              }
            >
              Exportar CSV
            </Button>
          </div>
        }
      />
      <SandboxNotice admin />
      <QueryState query={query} fallback="Erro ao carregar a receita" keepData>
        {(r) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <KpiCard
                testId="rev-mrr"
                title="MRR"
                value={formatBRL(r.mrrCents)}
                detail="Σ do preço do plano das assinaturas pagas e ativas (anual ÷ 12)"
              />
              <KpiCard testId="rev-arr" title="ARR" value={formatBRL(r.arrCents)} detail="12 × MRR" />
              <KpiCard
                testId="rev-churn"
                title="Churn (30 dias)"
                value={`${formatNumber(r.churn.rate * 100, 1)}%`}
                detail={`${r.churn.lost} de ${r.churn.base} assinantes pagantes`}
              />
              <KpiCard
                testId="rev-refunds"
                title="Reembolsos no período"
                value={formatBRL(r.refunds.cents)}
                detail={`${r.refunds.count} reembolso(s) · ${r.grants} concessão(ões)`}
              />
            </div>
            <details
              className="rounded-md border border-border p-3 text-sm"
              aria-label="Como calculamos MRR e ARR"
            >
              <summary className="cursor-pointer font-medium">Como calculamos MRR e ARR</summary>
              <div className="mt-2 flex flex-col gap-2 text-muted-foreground">
                <p>
                  <strong>MRR</strong> (receita recorrente mensal) é a soma do preço de tabela do plano de
                  cada assinatura <em>paga e ativa</em> agora: o preço mensal, ou o anual dividido por 12.
                  Conta quem cancelou até o fim do período já pago; não contam testes grátis, planos
                  concedidos pelo admin, assinaturas vencidas nem reembolsadas.
                </p>
                <p>
                  O valor de cada cobrança não entra: um upgrade pago pela diferença proporcional (por exemplo
                  R$ 100,00 de Profissional para Enterprise) conta como o preço inteiro do Enterprise, que é o
                  que a assinatura passa a render por mês.
                </p>
                <p>
                  <strong>ARR</strong> (receita recorrente anual) = 12 × MRR, somado em centavos exatos (preço
                  anual, ou 12 × o mensal) e arredondado uma vez.
                </p>
              </div>
            </details>
            <ChartCard title="Receita e reembolsos por mês" contentClassName="h-72">
              <BarChart
                data={r.months.map((m) => ({
                  label: monthLabel(m.month),
                  receita: m.revenueCents / 100,
                  reembolsos: m.refundsCents / 100,
                }))}
              >
                <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
                <XAxis dataKey="label" fontSize={11} />
                <YAxis width={60} fontSize={11} />
                <Tooltip formatter={(v) => formatBRL(Math.round(Number(v) * 100))} />
                <Legend />
                <Bar dataKey="receita" name="Receita" fill="#34d399" />
                <Bar dataKey="reembolsos" name="Reembolsos" fill="#ef4444" />
              </BarChart>
            </ChartCard>
            <div className="grid gap-4 lg:grid-cols-2">
              <PaymentsTable title="Por plano" rows={r.byPlan} group="Plano" of={(p) => planName(p.planId)} />
              <PaymentsTable
                title="Por método"
                rows={r.byMethod}
                group="Método"
                of={(p) => METHOD_LABELS[p.method] ?? p.method}
              />
            </div>
            <PaymentsTable
              title="Mês a mês"
              rows={r.months}
              group="Mês"
              of={(m) => monthLabel(m.month)}
              extra={[{ header: 'Reembolsos', cell: (m) => `${formatBRL(m.refundsCents)} (${m.refunds})` }]}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
