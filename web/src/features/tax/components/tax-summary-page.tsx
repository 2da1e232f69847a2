import { MESSAGES, TAX_NOTICE, formatBRL } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { currentMonth, monthLabel, taxApi } from '../api/tax-api';
import { DarfWorksheet, DecriptoFlag, ExemptionMeter, GainPerAsset } from './tax-figures';

/** /impostos/resumo?month=YYYY-MM: the month's summary and the year's balance, laid out for printing. */
export function TaxSummaryPage() {
  const [params] = useSearchParams();
  const month = params.get('month') ?? currentMonth();
  const year = Number(month.slice(0, 4));
  const report = useQuery({
    queryKey: ['tax', 'report', month, 1],
    queryFn: () => taxApi.report(month, 1, 1),
  });
  const yearReport = useQuery({ queryKey: ['tax', 'year', year], queryFn: () => taxApi.year(year) });
  const r = report.data;
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 p-6 print:max-w-none print:p-0 print:text-black">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Resumo de impostos — {monthLabel(month)}</h1>
        <Button className="print:hidden" onClick={() => window.print()}>
          Imprimir
        </Button>
      </div>
      <p className="text-sm">{MESSAGES.tax.liveOnly}</p>
      <p role="note" className="rounded-md border p-3 text-sm font-medium">
        {TAX_NOTICE}
      </p>
      {report.isLoading ? (
        <Spinner label="Carregando relatório..." />
      ) : !r ? (
        <p role="alert" className="text-destructive">
          {isApiError(report.error) ? report.error.message : MESSAGES.tax.loadError}
        </p>
      ) : (
        <div className="flex flex-col gap-4 print:break-inside-avoid">
          <ExemptionMeter r={r} />
          <GainPerAsset r={r} />
          <DarfWorksheet r={r} />
          <DecriptoFlag r={r} />
          <p className="text-xs">
            Regras: {r.sources.exemption}. {r.sources.rates}. {r.sources.darf}. {r.sources.loss}.{' '}
            {r.sources.cost}.
          </p>
        </div>
      )}
      {yearReport.data && (
        <section className="flex flex-col gap-2 print:break-before-page">
          <h2 className="text-lg font-semibold">
            Bens e Direitos — saldo em 31/12/{year} ao custo
            {yearReport.data.closed ? '' : ' (ano em curso: saldo até agora)'}
          </h2>
          {yearReport.data.balances.length === 0 ? (
            <p className="text-sm">Nenhum saldo de criptoativo ao custo.</p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th>Ativo</th>
                  <th>Quantidade</th>
                  <th>Custo (R$)</th>
                </tr>
              </thead>
              <tbody>
                {yearReport.data.balances.map((b) => (
                  <tr key={b.asset}>
                    <td>{b.asset}</td>
                    <td>{formatNumber(b.quantity, 8)}</td>
                    <td>{formatBRL(b.cost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="text-sm">Imposto apurado no ano: {formatBRL(yearReport.data.totalTax)}</p>
        </section>
      )}
    </main>
  );
}
