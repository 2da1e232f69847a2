import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXCHANGE_IDS,
  exchangeName,
  type AdminSystemOverview,
  type LiveFeedStats,
  type LivePoint,
  type LiveQueueCounts,
} from '@arbitra/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { SectionCard } from '@/components/ui/section-card';
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

type Figure = { [K in keyof LivePoint]: LivePoint[K] extends number | null ? K : never }[keyof LivePoint];
/** A line of a chart: [key, name, colour, the figure it draws]. */
const line = (key: string, name: string, color: string, figure: Figure): LiveSeries => ({
  key,
  name,
  color,
  value: (p) => p[figure],
});

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
      line('det', 'Detecção p99', '#34d399', 'detectionP99Ms'),
      line('lag', 'Event loop p99', '#f59e0b', 'eventLoopLagP99Ms'),
    ],
  },
  {
    title: 'HTTP: requisições/s e p99',
    series: [
      line('rps', 'Requisições/s', '#60a5fa', 'httpRequestsPerSecond'),
      line('p99', 'p99 (ms)', '#f472b6', 'httpP99Ms'),
    ],
  },
  {
    title: 'Execuções por minuto, oportunidades abertas e jobs com falha',
    series: [
      line('exec', 'Execuções/min', '#34d399', 'executionsPerMinute'),
      line('opp', 'Oportunidades', '#60a5fa', 'opportunitiesOpen'),
      line('failed', 'Jobs com falha', '#ef4444', 'queueFailed'),
    ],
  },
  {
    title: 'CPU (pior processo) e memória total',
    series: [line('cpu', 'CPU %', '#f59e0b', 'cpuPercent'), line('mem', 'Memória MB', '#a78bfa', 'memoryMb')],
  },
  {
    title: 'Banco: conexões em uso · Sockets conectados',
    series: [
      line('pool', 'Conexões em uso', '#60a5fa', 'poolInUse'),
      line('sockets', 'Sockets', '#34d399', 'sockets'),
    ],
  },
];

type FeedRow = LiveFeedStats & { instanceId: string };
const FEED_COLUMNS: TableColumn<FeedRow>[] = [
  { header: 'Motor', cell: (f) => f.instanceId, className: 'text-xs text-muted-foreground' },
  { header: 'Exchange', cell: (f) => exchangeName(f.exchange), lead: 3 },
  {
    header: 'Estado',
    cell: (f) => <Badge variant={FEED_STATUS_VARIANTS[f.status]}>{FEED_STATUS_LABELS[f.status]}</Badge>,
    lead: 2,
  },
  {
    header: 'Última atualização',
    cell: (f) => (f.lastUpdateAgeMs === null ? 'nunca' : formatRelativeAge(f.lastUpdateAgeMs)),
  },
  { header: 'Atualizações/s', cell: (f) => formatNumber(f.updatesPerSecond, 1), lead: 1 },
  { header: 'Reconexões', cell: (f) => f.reconnects },
];

const ENGINE_COLUMNS: TableColumn<AdminSystemOverview['engines'][number]>[] = [
  { header: 'Instância', cell: (e) => e.instanceId, lead: 2, wide: true },
  { header: 'Versão', cell: (e) => e.version ?? '—' },
  { header: 'Último heartbeat', cell: (e) => formatRelativeAge(e.lastSeenMsAgo), lead: 1 },
  { header: 'Bots', cell: (e) => `${e.ownedBots}${e.publisher ? ' · publica o scanner' : ''}`, lead: 3 },
  { header: 'Feed', cell: (e) => e.marketFeed },
  { header: 'Iniciado em', cell: (e) => formatDateTime(e.startedAt) },
];

interface QueueJobs {
  completed: number;
  failed: number;
  p50: number | null;
  p99: number | null;
}
const QUEUE_COLUMNS: TableColumn<LiveQueueCounts & { jobs?: QueueJobs }>[] = [
  { header: 'Fila', cell: (q) => q.queue, lead: 3 },
  { header: 'Aguardando', cell: (q) => q.waiting, lead: 1 },
  { header: 'Ativos', cell: (q) => q.active },
  { header: 'Agendados', cell: (q) => q.delayed },
  { header: 'Com falha', cell: (q) => q.failed, lead: 2 },
  { header: 'Concluídos/min', cell: (q) => (q.jobs ? q.jobs.completed : 0) },
  {
    header: 'Espera p50 / p99',
    cell: ({ jobs: j }) =>
      j?.p50 != null
        ? `${formatNumber(Math.round(j.p50), 0)} / ${formatNumber(Math.round(j.p99 ?? 0), 0)} ms`
        : '—',
  },
];

export function AdminSystem() {
  const { history, warnings, state, now } = useLiveMetrics();
  const system = useAdminSystem();
  const { live } = state.processes(now);
  const engines = live.filter((s) => s.engine);
  const queues = state.queues(now);
  const jobsByQueue = new Map<string, QueueJobs>();
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

      <SectionCard title="Feeds das exchanges">
        <DataTable
          label="Feeds das exchanges"
          rows={engines.flatMap((e) => e.engine!.feeds.map((f) => ({ ...f, instanceId: e.instanceId })))}
          rowKey={(f) => `${f.instanceId}:${f.exchange}`}
          columns={FEED_COLUMNS}
          empty={engines.length === 0 ? 'Nenhum motor enviou métricas ainda.' : null}
          emptyClassName="py-2"
        />
      </SectionCard>

      <SectionCard title="Motores">
        <DataTable
          label="Motores"
          rows={system.data?.engines ?? []}
          rowKey={(e) => e.instanceId}
          columns={ENGINE_COLUMNS}
        />
        {system.data && system.data.engines.length === 0 ? (
          <FormAlert message="Nenhum motor enviou heartbeat nos últimos 10 segundos." />
        ) : null}
      </SectionCard>

      <AdminEngineBots engines={system.data?.engines ?? []} />

      <SectionCard title="Filas">
        <DataTable
          label="Filas"
          rows={queues.map((q) => ({ ...q, jobs: jobsByQueue.get(q.queue) }))}
          rowKey={(q) => q.queue}
          columns={QUEUE_COLUMNS}
        />
        <FailedJobs />
      </SectionCard>
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
        <DataTable
          label="Jobs com falha"
          rows={jobs.data}
          rowKey={(j) => `${j.queue}:${j.id}`}
          columns={[
            { header: 'Fila', cell: (j) => j.queue, lead: 2 },
            {
              header: 'Job',
              cell: (j) => `${j.name} · ${j.id}`,
              wide: true,
              className: 'max-w-48 truncate',
              title: (j) => j.id,
            },
            {
              header: 'Motivo',
              cell: (j) => j.failedReason,
              lead: 1,
              wide: true,
              className: 'max-w-72 truncate',
              title: (j) => j.failedReason,
            },
            { header: 'Tentativas', cell: (j) => j.attemptsMade },
            { header: 'Quando', cell: (j) => formatDateTime(j.finishedOn ?? j.timestamp) },
            {
              header: '',
              wide: true,
              className: 'flex gap-2',
              cell: (j) => (
                <>
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
                </>
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}
