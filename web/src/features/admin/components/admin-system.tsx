import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXCHANGE_IDS, exchangeName } from '@arbitra/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime, formatNumber, formatRelativeAge } from '@/lib/format';
import { FEED_STATUS_LABELS, FEED_STATUS_VARIANTS } from '@/lib/feed-status';
import { adminApi } from '../api/admin-api';
import { useAdminSystem } from '../hooks/use-admin-system';
import { useLiveMetrics } from '../hooks/use-live-metrics';
import { AdminEngineBots } from './admin-engine-bots';
import { LiveChart, WarningsList, type LiveSeries } from './admin-widgets';
import { LiveMetricsList } from './live-metrics-list';

const EXCHANGE_COLORS = ['#60a5fa', '#f59e0b', '#34d399', '#f472b6', '#a78bfa'];
const bookSeries: LiveSeries[] = [
  { key: 'total', name: 'Total', color: '#e5e7eb', value: (p) => p.bookUpdatesPerSecond },
  ...EXCHANGE_IDS.map((ex, i) => ({
    key: ex,
    name: exchangeName(ex),
    color: EXCHANGE_COLORS[i % EXCHANGE_COLORS.length]!,
    value: (p: { perExchange: Record<string, number> }) => p.perExchange[ex] ?? 0,
  })),
];

/** /admin/system: live charts at full size, feeds, engines, queues and their failed jobs. */
/** The live charts of the system page, in order. */
const CHARTS: { title: string; unit?: string; testId?: string; series: LiveSeries[] }[] = [
  {
    testId: 'chart-book-updates',
    title: 'Atualizações de livro por segundo',
    unit: '/s',
    series: bookSeries,
  },
  {
    title: 'Latência de detecção (p99) e event loop (p99)',
    unit: 'ms',
    series: [
      { key: 'det', name: 'Detecção p99', color: '#34d399', value: (p) => p.detectionP99Ms },
      { key: 'lag', name: 'Event loop p99', color: '#f59e0b', value: (p) => p.eventLoopLagP99Ms },
    ],
  },
  {
    title: 'HTTP: requisições/s e p99',
    series: [
      { key: 'rps', name: 'Requisições/s', color: '#60a5fa', value: (p) => p.httpRequestsPerSecond },
      { key: 'p99', name: 'p99 (ms)', color: '#f472b6', value: (p) => p.httpP99Ms },
    ],
  },
  {
    title: 'Execuções por minuto, oportunidades abertas e jobs com falha',
    series: [
      { key: 'exec', name: 'Execuções/min', color: '#34d399', value: (p) => p.executionsPerMinute },
      { key: 'opp', name: 'Oportunidades', color: '#60a5fa', value: (p) => p.opportunitiesOpen },
      { key: 'failed', name: 'Jobs com falha', color: '#ef4444', value: (p) => p.queueFailed },
    ],
  },
  {
    title: 'CPU (pior processo) e memória total',
    series: [
      { key: 'cpu', name: 'CPU %', color: '#f59e0b', value: (p) => p.cpuPercent },
      { key: 'mem', name: 'Memória MB', color: '#a78bfa', value: (p) => p.memoryMb },
    ],
  },
  {
    title: 'Banco: conexões em uso · Sockets conectados',
    series: [
      { key: 'pool', name: 'Conexões em uso', color: '#60a5fa', value: (p) => p.poolInUse },
      { key: 'sockets', name: 'Sockets', color: '#34d399', value: (p) => p.sockets },
    ],
  },
];

export function AdminSystem() {
  const { history, warnings, state, now } = useLiveMetrics();
  const system = useAdminSystem();
  const { live } = state.processes(now);
  const engines = live.filter((s) => s.engine);
  const queues = state.queues(now);
  const jobsByQueue = new Map<
    string,
    { completed: number; failed: number; p50: number | null; p99: number | null }
  >();
  for (const s of live) {
    for (const j of s.jobs) {
      const cur = jobsByQueue.get(j.queue) ?? { completed: 0, failed: 0, p50: null, p99: null };
      cur.completed += j.completedLastMinute;
      cur.failed += j.failedLastMinute;
      cur.p50 = Math.max(cur.p50 ?? 0, j.waitP50Ms ?? 0) || cur.p50;
      cur.p99 = Math.max(cur.p99 ?? 0, j.waitP99Ms ?? 0) || cur.p99;
      jobsByQueue.set(j.queue, cur);
    }
  }
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Sistema"
        description="Métricas ao vivo de cada processo da API e do motor, com os últimos 15 minutos."
      />
      <WarningsList warnings={warnings} />
      <div className="grid gap-4 lg:grid-cols-2">
        {CHARTS.map((c) => (
          <LiveChart key={c.title} {...c} unit={c.unit ?? ''} history={history} height={240} />
        ))}
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Feeds das exchanges</CardTitle>
        </CardHeader>
        <CardContent>
          <Table cards aria-label="Feeds das exchanges">
            <TableHeader>
              <TableRow>
                <TableHead>Motor</TableHead>
                <TableHead>Exchange</TableHead>
                <TableHead>Estado</TableHead>
                <TableHead>Última atualização</TableHead>
                <TableHead>Atualizações/s</TableHead>
                <TableHead>Reconexões</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {engines.flatMap((e) =>
                e.engine!.feeds.map((f) => (
                  <TableRow key={`${e.instanceId}:${f.exchange}`}>
                    <TableCell label="Motor" className="text-xs text-muted-foreground">
                      {e.instanceId}
                    </TableCell>
                    <TableCell label="Exchange" lead={3}>
                      {exchangeName(f.exchange)}
                    </TableCell>
                    <TableCell label="Estado" lead={2}>
                      <Badge variant={FEED_STATUS_VARIANTS[f.status]}>{FEED_STATUS_LABELS[f.status]}</Badge>
                    </TableCell>
                    <TableCell label="Última atualização">
                      {f.lastUpdateAgeMs === null ? 'nunca' : formatRelativeAge(f.lastUpdateAgeMs)}
                    </TableCell>
                    <TableCell label="Atualizações/s" lead={1}>
                      {formatNumber(f.updatesPerSecond, 1)}
                    </TableCell>
                    <TableCell label="Reconexões">{f.reconnects}</TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
          {engines.length === 0 ? (
            <p className="py-2 text-sm text-muted-foreground">Nenhum motor enviou métricas ainda.</p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Motores</CardTitle>
        </CardHeader>
        <CardContent>
          <Table cards aria-label="Motores">
            <TableHeader>
              <TableRow>
                <TableHead>Instância</TableHead>
                <TableHead>Versão</TableHead>
                <TableHead>Último heartbeat</TableHead>
                <TableHead>Bots</TableHead>
                <TableHead>Feed</TableHead>
                <TableHead>Iniciado em</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(system.data?.engines ?? []).map((e) => (
                <TableRow key={e.instanceId}>
                  <TableCell label="Instância" lead={2} wide>
                    {e.instanceId}
                  </TableCell>
                  <TableCell label="Versão">{e.version ?? '—'}</TableCell>
                  <TableCell label="Último heartbeat" lead={1}>
                    {formatRelativeAge(e.lastSeenMsAgo)}
                  </TableCell>
                  <TableCell label="Bots" lead={3}>
                    {e.ownedBots}
                    {e.publisher ? ' · publica o scanner' : ''}
                  </TableCell>
                  <TableCell label="Feed">{e.marketFeed}</TableCell>
                  <TableCell label="Iniciado em">{formatDateTime(e.startedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {system.data && system.data.engines.length === 0 ? (
            <FormAlert message="Nenhum motor enviou heartbeat nos últimos 10 segundos." />
          ) : null}
        </CardContent>
      </Card>

      <AdminEngineBots engines={system.data?.engines ?? []} />

      <Card>
        <CardHeader>
          <CardTitle>Filas</CardTitle>
        </CardHeader>
        <CardContent>
          <Table cards aria-label="Filas">
            <TableHeader>
              <TableRow>
                <TableHead>Fila</TableHead>
                <TableHead>Aguardando</TableHead>
                <TableHead>Ativos</TableHead>
                <TableHead>Agendados</TableHead>
                <TableHead>Com falha</TableHead>
                <TableHead>Concluídos/min</TableHead>
                <TableHead>Espera p50 / p99</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {queues.map((q) => {
                const j = jobsByQueue.get(q.queue);
                return (
                  <TableRow key={q.queue}>
                    <TableCell label="Fila" lead={3}>
                      {q.queue}
                    </TableCell>
                    <TableCell label="Aguardando" lead={1}>
                      {q.waiting}
                    </TableCell>
                    <TableCell label="Ativos">{q.active}</TableCell>
                    <TableCell label="Agendados">{q.delayed}</TableCell>
                    <TableCell label="Com falha" lead={2}>
                      {q.failed}
                    </TableCell>
                    <TableCell label="Concluídos/min">{j ? j.completed : 0}</TableCell>
                    <TableCell label="Espera p50 / p99">
                      {j?.p50 != null
                        ? `${formatNumber(Math.round(j.p50), 0)} / ${formatNumber(Math.round(j.p99 ?? 0), 0)} ms`
                        : '—'}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <FailedJobs />
        </CardContent>
      </Card>
      <LiveMetricsList />
    </div>
  );
}

function FailedJobs() {
  const qc = useQueryClient();
  const jobs = useQuery({
    queryKey: ['admin', 'failed-jobs'],
    queryFn: adminApi.failedJobs,
    refetchInterval: 10_000,
  });
  const act = useMutation({
    mutationFn: ({ kind, queue, id }: { kind: 'retry' | 'remove'; queue: string; id: string }) =>
      kind === 'retry' ? adminApi.retryJob(queue, id) : adminApi.removeJob(queue, id),
    onSuccess: (res) => {
      toast({ title: res.message });
      void qc.invalidateQueries({ queryKey: ['admin', 'failed-jobs'] });
    },
    onError: (e) => toast({ title: errorMessage(e, 'Erro ao alterar o job'), variant: 'destructive' }),
  });
  return (
    <div className="mt-4 flex flex-col gap-2">
      <h4 className="text-sm font-semibold">Jobs com falha</h4>
      {jobs.error ? (
        <FormAlert message={errorMessage(jobs.error, 'Erro ao carregar os jobs com falha')} />
      ) : null}
      {jobs.data?.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum job com falha.</p>
      ) : null}
      {jobs.data?.length ? (
        <Table cards aria-label="Jobs com falha">
          <TableHeader>
            <TableRow>
              <TableHead>Fila</TableHead>
              <TableHead>Job</TableHead>
              <TableHead>Motivo</TableHead>
              <TableHead>Tentativas</TableHead>
              <TableHead>Quando</TableHead>
              <TableHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {jobs.data.map((j) => (
              <TableRow key={`${j.queue}:${j.id}`}>
                <TableCell label="Fila" lead={2}>
                  {j.queue}
                </TableCell>
                <TableCell label="Job" wide className="max-w-48 truncate" title={j.id}>
                  {j.name} · {j.id}
                </TableCell>
                <TableCell label="Motivo" lead={1} wide className="max-w-72 truncate" title={j.failedReason}>
                  {j.failedReason}
                </TableCell>
                <TableCell label="Tentativas">{j.attemptsMade}</TableCell>
                <TableCell label="Quando">{formatDateTime(j.finishedOn ?? j.timestamp)}</TableCell>
                <TableCell wide className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ kind: 'retry', queue: j.queue, id: j.id })}
                  >
                    Tentar novamente
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ kind: 'remove', queue: j.queue, id: j.id })}
                  >
                    Remover
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </div>
  );
}
