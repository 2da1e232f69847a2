import { AlertTriangle, CircleAlert } from 'lucide-react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogActions, DialogContent, DialogHead } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Pager as PageButtons } from '@/components/ui/pager';
import { SectionCard } from '@/components/ui/section-card';
import { errorMessage } from '@/lib/api-error';
import { formatNumber } from '@/lib/format';
import type { LivePoint, LiveWarning } from '../lib/live-metrics-store';

/** A titled card of one chart that fills it (`contentClassName` gives its height); `alert` above the chart. */
export function ChartCard({
  title,
  contentClassName,
  alert,
  children,
}: {
  title: string;
  contentClassName: string;
  alert?: ReactNode;
  children: ReactElement;
}) {
  return (
    <SectionCard title={title} contentClassName={contentClassName}>
      {alert}
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </SectionCard>
  );
}

/** One KPI card. */
export function KpiCard({
  title,
  value,
  detail,
  testId,
}: {
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-bold" data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </div>
        {detail ? <div className="mt-1 text-xs text-muted-foreground">{detail}</div> : null}
      </CardContent>
    </Card>
  );
}

const timeLabel = (t: number) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(t);

export interface LiveSeries {
  key: string;
  name: string;
  color: string;
  value: (p: LivePoint) => number | null;
}

/** A live chart over the last 15 minutes (one point a second). */
export function LiveChart({
  title,
  series,
  history,
  unit,
  height = 180,
  testId,
}: {
  title: string;
  series: LiveSeries[];
  history: LivePoint[];
  unit: string;
  height?: number;
  testId?: string;
}) {
  const data = history.map((p) => {
    const row: Record<string, number | string | null> = { t: p.t, label: timeLabel(p.t) };
    for (const s of series) row[s.key] = s.value(p);
    return row;
  });
  const last = history[history.length - 1];
  return (
    <Card data-testid={testId} data-points={history.length}>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-baseline justify-between text-sm font-medium">
          <span>{title}</span>
          <span className="text-xs text-muted-foreground" data-testid={testId ? `${testId}-last` : undefined}>
            {last
              ? series.map((s) => `${formatNumber(s.value(last) ?? 0, 1)} ${unit}`).join(' · ')
              : 'aguardando dados…'}
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div style={{ height }}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data}>
              <CartesianGrid strokeDasharray="3 3" opacity={0.2} />
              <XAxis dataKey="label" minTickGap={60} fontSize={11} />
              <YAxis width={48} fontSize={11} />
              <Tooltip formatter={(v) => `${formatNumber(Number(v), 1)} ${unit}`} />
              {series.map((s) => (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.name}
                  dot={false}
                  stroke={s.color}
                  isAnimationActive={false}
                  connectNulls
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}

/** The threshold warnings (feed stale, engine silent, failed jobs rising…). */
export function WarningsList({ warnings }: { warnings: LiveWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1" aria-label="Alertas do sistema">
      {warnings.map((w) => (
        <li
          key={w.key}
          className={`flex items-center gap-2 rounded-md border px-3 py-2 text-sm ${w.level === 'critical' ? 'border-red-500/50 bg-red-500/10 text-red-300' : 'border-amber-500/50 bg-amber-500/10 text-amber-300'}`}
        >
          {w.level === 'critical' ? <CircleAlert className="size-4" /> : <AlertTriangle className="size-4" />}
          {w.text}
        </li>
      ))}
    </ul>
  );
}

/** An audited admin action: confirms and asks the reason (sent with the request). */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  children?: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm(reason);
      setReason('');
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e, 'Erro ao executar a ação'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHead title={title} description={description} />
        <div className="flex flex-col gap-3">
          {children}
          <Field id="admin-reason" label="Motivo (fica no registro de auditoria)">
            <textarea
              id="admin-reason"
              className="min-h-20 rounded-md border border-input bg-transparent px-3 py-2 text-sm"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          {error ? <FormAlert message={error} /> : null}
        </div>
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={pending}
          destructive={destructive}
          confirm={confirmLabel}
          onConfirm={() => void submit()}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Previous / next page, with the count of records. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <PageButtons page={page} pages={pages} onPage={onPage} className="text-muted-foreground">
      {total} {total === 1 ? 'registro' : 'registros'} · página {page} de {pages}
    </PageButtons>
  );
}

export type { TableColumn };

/** A titled card with a table of rows (cards on a phone, the `lead` columns first), or a line saying there are none. */
export function TableCard<T extends { id: string }>({
  title,
  empty,
  rows,
  columns,
}: {
  title: string;
  empty: string;
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
}) {
  return (
    <SectionCard title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <DataTable label={title} rows={rows} columns={columns} rowKey={(r) => r.id} />
      )}
    </SectionCard>
  );
}
