import { EXCHANGES, MESSAGES } from '@arbitra/contracts';
import { CircleAlert, CircleCheck, CircleHelp, CircleX, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/layout/document-title';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SectionCard } from '@/components/ui/section-card';
import { PageHeader } from '@/components/ui/page-header';
import { SimulatedDataBadge } from '@/components/ui/simulated-data-badge';
import { cn } from '@/lib/cn';
import { FEED_STATUS_LABELS, FEED_STATUS_VARIANTS } from '@/lib/feed-status';
import { formatDateTime, formatNumber, formatRelativeAge } from '@/lib/format';
import { STATUS_REFRESH_MS, useClock, useStatusReport } from '../hooks/use-status-report';
import {
  COMPONENT_DESCRIPTIONS,
  COMPONENT_LABELS,
  componentViews,
  OVERALL_TEXT,
  overallStatus,
  SOURCE_LABELS,
  type ComponentView,
  type Overall,
} from '../lib/status-view';

const OVERALL_STYLE: Readonly<Record<Overall, { className: string; Icon: typeof CircleCheck }>> = {
  checking: { className: 'border-border bg-muted/40 text-muted-foreground', Icon: LoaderCircle },
  'api-down': { className: 'border-destructive/40 bg-destructive/10 text-destructive', Icon: CircleX },
  partial: { className: 'border-destructive/40 bg-destructive/10 text-destructive', Icon: CircleAlert },
  feeds: { className: 'border-warning/40 bg-warning/10 text-warning', Icon: CircleAlert },
  operational: { className: 'border-success/40 bg-success/10 text-success', Icon: CircleCheck },
};

function ComponentBadge({ status }: { status: ComponentView['status'] }) {
  switch (status) {
    case 'up':
      return <Badge variant="success">Operacional</Badge>;
    case 'down':
      return <Badge variant="destructive">Fora do ar</Badge>;
    case 'unknown':
      return <Badge variant="outline">Desconhecido</Badge>;
  }
}

const COMPONENT_ICONS = { up: CircleCheck, down: CircleX, unknown: CircleHelp } as const;
const COMPONENT_ICON_CLASS = {
  up: 'text-success',
  down: 'text-destructive',
  unknown: 'text-muted-foreground',
};

function sinceText(ms: number): string {
  const age = formatRelativeAge(ms);
  return age === 'agora' ? 'mudou agora' : `neste estado ${age}`;
}

/** /status (DECISIONS §10): the live health of the platform and of every exchange feed. */
/** A row of the exchanges' or the engines' list: the name, a line of detail under it, and badges on the right. */
function StatusRow(props: {
  testId: string;
  name: string;
  detail: ReactNode;
  detailTitle?: string;
  children: ReactNode;
}) {
  return (
    <li data-testid={props.testId} className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="flex flex-col gap-0.5">
        <span className="font-medium">{props.name}</span>
        <span className="text-xs text-muted-foreground" title={props.detailTitle}>
          {props.detail}
        </span>
      </div>
      {props.children}
    </li>
  );
}

export function StatusPage() {
  const { report, apiReachable, loading, feeds, receivedAt } = useStatusReport();
  const clientNow = useClock();
  // Server time now, from the last report's own clock (the visitor's clock may be off).
  const now = report && apiReachable ? report.at + (clientNow - receivedAt) : clientNow;
  const components = componentViews(report, apiReachable);
  const overall = overallStatus(components, feeds, loading);
  const { className, Icon } = OVERALL_STYLE[overall];
  const byExchange = new Map(feeds.map((f) => [f.exchange, f]));
  const engines = report?.engines ?? [];
  const source = apiReachable ? (report?.source ?? null) : null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-12 sm:px-6">
      <DocumentTitle title="Status" />
      <PageHeader
        eyebrow="Status"
        title="Status da plataforma"
        description={`O estado de cada parte do Arbitra e da conexão com cada exchange, verificado a cada ${STATUS_REFRESH_MS / 1000} s.`}
      />

      <div role="status" className={cn('flex items-center gap-3 rounded-lg border p-4', className)}>
        <Icon className={cn('size-6 shrink-0', overall === 'checking' && 'animate-spin')} aria-hidden />
        <div className="flex flex-col">
          <p className="font-semibold">{OVERALL_TEXT[overall]}</p>
          <p className="text-xs opacity-80">
            {report && apiReachable
              ? `Última verificação: ${formatDateTime(report.at)}`
              : !loading
                ? `${MESSAGES.common.connectionError}. Tentando novamente a cada ${STATUS_REFRESH_MS / 1000} s.`
                : 'Consultando a API…'}
          </p>
        </div>
      </div>

      <SectionCard title="Componentes">
        <ul aria-label="Componentes da plataforma" className="flex flex-col divide-y divide-border">
          {components.map((c) => {
            const StatusIcon = COMPONENT_ICONS[c.status];
            return (
              <li key={c.name} data-testid={`component-${c.name}`} className="flex items-start gap-3 py-3">
                <StatusIcon
                  className={cn('mt-0.5 size-5 shrink-0', COMPONENT_ICON_CLASS[c.status])}
                  aria-hidden
                />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{COMPONENT_LABELS[c.name]}</span>
                    {loading ? (
                      <Badge variant="outline">Verificando…</Badge>
                    ) : (
                      <ComponentBadge status={c.status} />
                    )}
                  </div>
                  <p className="text-xs text-muted-foreground">{COMPONENT_DESCRIPTIONS[c.name]}</p>
                  {c.detail && !loading ? (
                    <p
                      className={cn(
                        'text-sm',
                        c.status === 'down' ? 'text-destructive' : 'text-muted-foreground',
                      )}
                    >
                      {c.detail}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </SectionCard>

      <Card>
        <CardHeader>
          <CardTitle>Exchanges</CardTitle>
          <CardDescription>
            A conexão do motor de mercado com cada exchange, ao vivo.{' '}
            {source ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                Fonte dos dados de mercado:{' '}
                <span className="text-foreground">{SOURCE_LABELS[source.kind]}</span>
                {source.simulated ? <SimulatedDataBadge /> : null}
              </span>
            ) : null}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {feeds.length === 0 ? (
            <p className="py-2 text-sm text-muted-foreground">
              {loading
                ? 'Consultando…'
                : apiReachable
                  ? 'O motor de mercado ainda não informou o estado das exchanges.'
                  : 'Sem informação das exchanges enquanto a API não responde.'}
            </p>
          ) : (
            <ul aria-label="Exchanges" className="flex flex-col divide-y divide-border">
              {EXCHANGES.map((e) => {
                const feed = byExchange.get(e.id);
                return (
                  <StatusRow
                    key={e.id}
                    testId={`feed-${e.id}`}
                    name={e.displayName}
                    detailTitle={feed ? formatDateTime(feed.since) : undefined}
                    detail={
                      feed ? (
                        <>
                          {feed.reason ? <span className="text-foreground">{feed.reason} · </span> : null}
                          {sinceText(now - feed.since)}
                        </>
                      ) : (
                        'Não monitorada pelo motor'
                      )
                    }
                  >
                    {feed ? (
                      <Badge variant={FEED_STATUS_VARIANTS[feed.status]}>
                        {FEED_STATUS_LABELS[feed.status]}
                      </Badge>
                    ) : (
                      <Badge variant="outline">Sem dados</Badge>
                    )}
                  </StatusRow>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      {engines.length > 0 ? (
        <SectionCard
          title="Motores"
          description="Cada robô em execução pertence a um único motor; um motor eleito publica o scanner."
        >
          <ul aria-label="Motores" className="flex flex-col divide-y divide-border">
            {engines.map((e) => (
              <StatusRow
                key={e.instanceId}
                testId={`engine-${e.instanceId}`}
                name={e.instanceId}
                detail={e.ownedBots === 1 ? '1 robô' : `${formatNumber(e.ownedBots, 0)} robôs`}
              >
                {e.publisher ? <Badge variant="outline">Publica o scanner</Badge> : null}
              </StatusRow>
            ))}
          </ul>
        </SectionCard>
      ) : null}
    </div>
  );
}
