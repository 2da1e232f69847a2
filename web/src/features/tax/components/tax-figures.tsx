import { formatBRL, type TaxMonthReport } from '@arbitra/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { formatNumber } from '@/lib/format';
import { dayLabel, monthLabel } from '../api/tax-api';

/** The exemption meter: the month's disposals (every crypto-asset given, USDT included) against R$ 35.000,00. */
export function ExemptionMeter({ r }: { r: TaxMonthReport }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Alienações do mês × limite de isenção</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className="text-2xl font-semibold" data-testid="tax-sales-total">
          {formatBRL(r.salesTotal)}{' '}
          <span className="text-sm font-normal text-muted-foreground">de {formatBRL(r.exemptionLimit)}</span>
        </p>
        <Progress
          value={r.exemptionUsedPercent}
          label="Alienações do mês em relação ao limite de isenção"
          className={r.exempt ? '' : '[&>div]:bg-destructive'}
        />
        <p className="text-sm">
          {r.exempt ? (
            <Badge variant="success">Isento: alienações até {formatBRL(r.exemptionLimit)} no mês</Badge>
          ) : (
            <Badge variant="destructive">Acima do limite: o ganho do mês é tributado</Badge>
          )}{' '}
          <span className="text-muted-foreground">{formatNumber(r.exemptionUsedPercent, 1)}% do limite</span>
        </p>
      </CardContent>
    </Card>
  );
}

/** Realised gain per asset (weighted average cost in R$, fees included). */
const ASSET_COLUMNS: TableColumn<TaxMonthReport['assets'][number]>[] = [
  { header: 'Ativo', cell: (a) => a.asset, lead: 2, className: 'font-medium' },
  { header: 'Comprado', cell: (a) => formatNumber(a.boughtQuantity, 8) },
  { header: 'Entregue', cell: (a) => formatNumber(a.soldQuantity, 8) },
  { header: 'Compras (com taxas)', cell: (a) => formatBRL(a.purchases) },
  { header: 'Alienações', cell: (a) => formatBRL(a.sales) },
  { header: 'Custo médio do entregue', cell: (a) => formatBRL(a.costOfSales) },
  { header: 'Ganhos', cell: (a) => formatBRL(a.gains), lead: 1, className: 'text-success' },
  {
    header: 'Perdas (não compensáveis)',
    cell: (a) => formatBRL(a.losses),
    lead: 3,
    className: (a) => (a.losses === '0.00' ? '' : 'text-destructive'),
  },
];

export function GainPerAsset({ r }: { r: TaxMonthReport }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Ganho realizado por ativo (custo médio ponderado, em R$)</CardTitle>
      </CardHeader>
      <CardContent>
        {r.assets.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma operação real neste mês.</p>
        ) : (
          <DataTable
            label="Ganho por ativo"
            rows={r.assets}
            rowKey={(a) => a.asset}
            columns={ASSET_COLUMNS}
          />
        )}
        {r.assets.some((a) => a.uncoveredQuantity !== '0') && (
          <p className="mt-2 text-sm text-warning">
            Há ativos entregues acima do que o Arbitra viu adquirido (por exemplo, USDT comprado fora do
            Arbitra): sem custo conhecido, considerado zero. Informe ao seu contador o custo real.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The DARF worksheet (code 4600): gains taxed, losses shown but never offset. */
export function DarfWorksheet({ r }: { r: TaxMonthReport }) {
  const rows: [string, string][] = [
    ['Ganhos do mês', formatBRL(r.gains)],
    ['Perdas do mês (não compensáveis)', formatBRL(r.losses)],
    ['Ganho tributável', formatBRL(r.taxableGain)],
    ['Imposto do mês (15 % a 22,5 %)', formatBRL(r.tax)],
    ['Saldo de DARF abaixo de R$ 10,00 de meses anteriores', formatBRL(r.darf.carriedIn)],
  ];
  return (
    <Card data-testid="darf-worksheet">
      <CardHeader>
        <CardTitle className="text-base">DARF — código {r.darf.code}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt>Código da receita</dt>
          <dd className="font-medium">{r.darf.code}</dd>
          <dt>Período de apuração</dt>
          <dd className="font-medium">{monthLabel(r.darf.period)}</dd>
          <dt>Vencimento</dt>
          <dd className="font-medium">{dayLabel(r.darf.dueDate)}</dd>
          {rows.map(([k, v]) => (
            <FragmentRow key={k} label={k} value={v} />
          ))}
          <dt className="font-semibold">Valor do DARF</dt>
          <dd className="font-semibold" data-testid="darf-amount">
            {formatBRL(r.darf.amount)}
          </dd>
        </dl>
        {r.darf.payable ? (
          <Badge variant="warning">Pagar até {dayLabel(r.darf.dueDate)}</Badge>
        ) : r.darf.carriedOut !== '0.00' ? (
          <p>Valor abaixo de R$ 10,00: não se paga agora, soma-se ao imposto do mês seguinte.</p>
        ) : (
          <p>Nenhum DARF a pagar neste mês.</p>
        )}
        {r.losses !== '0.00' && (
          <p className="text-muted-foreground">
            Perdas no ganho de capital não reduzem ganhos de outras alienações, nem do mês nem de meses
            seguintes (não há previsão legal de compensação).
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** Whether the month's operations through non-reporting exchanges oblige a DeCripto. */
export function DecriptoFlag({ r }: { r: TaxMonthReport }) {
  const d = r.decripto;
  return (
    <Card data-testid="decripto">
      <CardHeader>
        <CardTitle className="text-base">Declaração de criptoativos ({d.instrument})</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {d.due ? (
          <Badge variant="destructive">DeCripto devida neste mês</Badge>
        ) : (
          <Badge variant="success">DeCripto não devida neste mês</Badge>
        )}
        <p>
          Operações em exchanges que não reportam à Receita: {formatBRL(d.nonReportingTotal)} (limite{' '}
          {formatBRL(d.threshold)}).
        </p>
        <ul className="list-disc pl-5">
          {d.exchanges.map((e) => (
            <li key={e.exchange}>
              {e.name}: {formatBRL(e.volume)} — {e.reports ? 'reporta à Receita' : 'não reporta'}
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">{d.source}</p>
      </CardContent>
    </Card>
  );
}
