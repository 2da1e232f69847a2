import { MESSAGES, TAX_NOTICE, formatBRL, type ExchangeId, type TaxMonthReport } from '@arbitra/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { toast } from '@/components/ui/use-toast';
import { ROUTES } from '@/config/routes';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { currentMonth, monthLabel, taxApi } from '../api/tax-api';
import { DarfWorksheet, DecriptoFlag, ExemptionMeter, GainPerAsset } from './tax-figures';
import { TabHeading } from '@/components/ui/page-header';

const PAGE_SIZE = 50;

const OPERATION_COLUMNS: TableColumn<TaxMonthReport['operations']['items'][number]>[] = [
  { header: 'Data', cell: (o) => formatDateTime(o.executedAt), lead: 3, className: 'whitespace-nowrap' },
  { header: 'Tipo', cell: (o) => o.type, lead: 2 },
  { header: 'Ativo', cell: (o) => o.asset },
  { header: 'Quantidade', cell: (o) => formatNumber(o.quantity, 8) },
  { header: 'Valor (R$)', cell: (o) => formatBRL(o.value), lead: 1 },
  { header: 'Taxas', cell: (o) => formatBRL(o.fees) },
  { header: 'Exchange', cell: (o) => o.exchangeName },
  { header: 'País', cell: (o) => o.country },
];

/** 'Impostos': the month's tax report of the user's live trades (issue 15 §3). */
export function TaxTab() {
  const [chosen, setChosen] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const thisYear = Number(currentMonth().slice(0, 4));
  const months = useQuery({ queryKey: ['tax', 'months', thisYear], queryFn: () => taxApi.months(thisYear) });
  // No live operation this year (January after a seeded December): list the latest year that has some.
  const latestYear = months.data?.months.length === 0 ? months.data.years[0] : undefined;
  const older = useQuery({
    queryKey: ['tax', 'months', latestYear],
    queryFn: () => taxApi.months(latestYear!),
    enabled: latestYear !== undefined && latestYear !== thisYear,
  });
  const listed = latestYear !== undefined && latestYear !== thisYear ? older.data : months.data;
  // Opens on the latest month with live operations (the demo user's seeded month), else the current one.
  const month = chosen ?? (listed ? (listed.months.at(-1)?.month ?? currentMonth()) : null);

  const report = useQuery({
    queryKey: ['tax', 'report', month, page],
    queryFn: () => taxApi.report(month!, page, PAGE_SIZE),
    enabled: month !== null,
    placeholderData: keepPreviousData,
  });

  const chooseMonth = (value: string) => {
    if (!/^\d{4}-\d{2}$/.test(value)) return;
    setChosen(value);
    setPage(1);
  };

  const exportCsv = async () => {
    if (!month) return;
    setExporting(true);
    try {
      await taxApi.downloadCsv(month);
    } catch (e) {
      toast({ title: isApiError(e) ? e.message : MESSAGES.tax.exportError, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const r = report.data;
  const pages = r ? Math.max(1, Math.ceil(r.operations.total / r.operations.pageSize)) : 1;
  return (
    <section aria-label="Impostos" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <TabHeading title="Impostos" description={MESSAGES.tax.liveOnly} />
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            Mês
            <input
              type="month"
              aria-label="Mês do relatório"
              className="h-9 rounded-md border border-input bg-background px-3 text-sm"
              value={month ?? ''}
              onChange={(e) => chooseMonth(e.target.value)}
            />
          </label>
          <Button variant="outline" onClick={() => void exportCsv()} disabled={!month || exporting}>
            {exporting ? 'Baixando...' : 'Baixar CSV do mês'}
          </Button>
          {month && (
            <Button variant="outline" asChild>
              <Link to={`${ROUTES.taxSummary}?month=${month}`} target="_blank" rel="noopener">
                Resumo para impressão
              </Link>
            </Button>
          )}
        </div>
      </div>
      <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
        {TAX_NOTICE}
      </p>
      {listed && listed.months.length > 0 && (
        <div className="flex flex-wrap gap-2 text-sm" aria-label="Meses com operações reais">
          {listed.months.map((m) => (
            <Button
              key={m.month}
              size="sm"
              variant={m.month === month ? 'default' : 'outline'}
              onClick={() => chooseMonth(m.month)}
            >
              {monthLabel(m.month)}
            </Button>
          ))}
        </div>
      )}
      {!month || report.isLoading ? (
        <Spinner label="Carregando relatório..." />
      ) : report.error || !r ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-sm text-destructive">
            {isApiError(report.error) ? report.error.message : MESSAGES.tax.loadError}
          </p>
          <Button variant="outline" onClick={() => void report.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        <>
          <h3 className="text-lg font-medium">Relatório de {monthLabel(r.month)}</h3>
          <div className="grid gap-4 lg:grid-cols-2">
            <ExemptionMeter r={r} />
            <DecriptoFlag r={r} />
          </div>
          <GainPerAsset r={r} />
          {r.withdrawalFeesNotice && (
            <p role="note" className="text-sm text-amber-700 dark:text-amber-400">
              {r.withdrawalFeesNotice}
            </p>
          )}
          <div className="grid gap-4 lg:grid-cols-2">
            <DarfWorksheet r={r} />
            <ExchangeClassification />
          </div>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Operações do mês ({r.operations.total} trades)</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              {r.operations.items.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhuma operação real neste mês.</p>
              ) : (
                <DataTable
                  label="Operações do mês"
                  rows={r.operations.items}
                  rowKey={(o, i) => `${o.executedAt}-${i}`}
                  columns={OPERATION_COLUMNS}
                />
              )}
              {pages > 1 && (
                <Pager page={page} pages={pages} onPage={setPage}>
                  Página {r.operations.page} de {pages}
                </Pager>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </section>
  );
}

/** Each exchange: reports to the Receita or not (the default, the user can change it). */
function ExchangeClassification() {
  const queryClient = useQueryClient();
  const exchanges = useQuery({ queryKey: ['tax', 'exchanges'], queryFn: taxApi.exchanges });
  const change = useMutation({
    mutationFn: ({ exchange, reports }: { exchange: ExchangeId; reports: boolean | null }) =>
      taxApi.setExchange(exchange, reports),
    onSuccess: (data) => {
      queryClient.setQueryData(['tax', 'exchanges'], data);
      void queryClient.invalidateQueries({ queryKey: ['tax', 'report'] });
      void queryClient.invalidateQueries({ queryKey: ['tax', 'months'] });
    },
    onError: (e) =>
      toast({ title: isApiError(e) ? e.message : MESSAGES.common.internal, variant: 'destructive' }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Exchanges que reportam à Receita</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {exchanges.data?.map((e) => (
          <div key={e.exchange} className="flex items-center justify-between gap-3">
            <div>
              <p className="font-medium">
                {e.name} <span className="font-normal text-muted-foreground">({e.country})</span>
              </p>
              <p className="text-xs text-muted-foreground">
                {e.note}
                {e.userChoice !== null && (
                  <>
                    {' · '}
                    <button
                      type="button"
                      className="underline"
                      onClick={() => change.mutate({ exchange: e.exchange, reports: null })}
                    >
                      voltar ao padrão ({e.reportsByDefault ? 'reporta' : 'não reporta'})
                    </button>
                  </>
                )}
              </p>
            </div>
            <Switch
              aria-label={`${e.name} reporta à Receita`}
              checked={e.reports}
              disabled={change.isPending}
              onCheckedChange={(reports) => change.mutate({ exchange: e.exchange, reports })}
            />
          </div>
        )) ?? <Spinner label="Carregando exchanges..." />}
      </CardContent>
    </Card>
  );
}
