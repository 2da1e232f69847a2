import { SectionCard } from '@/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { useLiveMetrics } from '../hooks/use-live-metrics';
import { WarningsList } from './admin-widgets';

const ms = (v: number | null | undefined) => (v == null ? '—' : `${formatNumber(v, v < 10 ? 2 : 0)} ms`);

/** The system metrics list (SPEC: /admin), live: platform figures, then each process. */
export function LiveMetricsList() {
  const { current, warnings, state, now } = useLiveMetrics();
  const { live } = state.processes(now);
  const rows: [string, string][] = current
    ? [
        ['Atualizações de livro/s', formatNumber(current.bookUpdatesPerSecond, 1)],
        ['Latência de detecção p99', ms(current.detectionP99Ms)],
        ['Oportunidades abertas', String(current.opportunitiesOpen)],
        ['Execuções no último minuto', String(current.executionsPerMinute)],
        ['Requisições HTTP/s', formatNumber(current.httpRequestsPerSecond, 1)],
        ['HTTP p99', ms(current.httpP99Ms)],
        ['Taxa de erros HTTP', `${formatNumber(current.httpErrorRate * 100, 1)}%`],
        ['Sockets conectados', String(current.sockets)],
        ['Jobs na fila / com falha', `${current.queueWaiting} / ${current.queueFailed}`],
        ['Conexões do banco em uso', String(current.poolInUse)],
        ['Atraso do event loop (p99, pior processo)', ms(current.eventLoopLagP99Ms)],
        ['Memória (todos os processos)', `${current.memoryMb} MB`],
      ]
    : [];
  return (
    <SectionCard title="Métricas do sistema (ao vivo)" contentClassName="flex flex-col gap-4">
      <WarningsList warnings={warnings} />
      {current ? (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="live-metrics">
          {rows.map(([k, v]) => (
            <div key={k} className="flex justify-between border-b border-border/50 py-1">
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="font-medium tabular-nums">{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">Aguardando as métricas dos processos…</p>
      )}
      {live.length ? (
        <Table cards aria-label="Processos">
          <TableHeader>
            <TableRow>
              <TableHead>Processo</TableHead>
              <TableHead>Versão</TableHead>
              <TableHead>CPU</TableHead>
              <TableHead>Memória</TableHead>
              <TableHead>Event loop p99</TableHead>
              <TableHead>Pool (uso/máx)</TableHead>
              <TableHead>Consultas lentas</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {live.map((s) => (
              <TableRow key={s.instanceId}>
                <TableCell label="Processo" lead={1} wide>
                  <span className="font-medium">{s.kind === 'api' ? 'API' : 'Motor'}</span>{' '}
                  <span className="text-xs text-muted-foreground">{s.instanceId}</span>
                </TableCell>
                <TableCell label="Versão">{s.version}</TableCell>
                <TableCell label="CPU" lead={2}>
                  {formatNumber(s.process.cpuPercent, 1)}%
                </TableCell>
                <TableCell label="Memória" lead={3}>
                  {Math.round(s.process.rssBytes / 1_048_576)} MB
                </TableCell>
                <TableCell label="Event loop p99">{ms(s.process.eventLoopLagP99Ms)}</TableCell>
                <TableCell label="Pool (uso/máx)">
                  {s.db.poolInUse}/{s.db.poolSize}
                </TableCell>
                <TableCell
                  label="Consultas lentas"
                  title={s.db.recentSlow.map((q) => `${q.ms} ms: ${q.query}`).join('\n')}
                >
                  {s.db.slowQueriesTotal}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </SectionCard>
  );
}
