import { EXCHANGES, type FeedState } from '@arbitra/contracts';
import { Badge } from '@/components/ui/badge';
import { FEED_STATUS_LABELS, FEED_STATUS_VARIANTS } from '@/lib/feed-status';
import { formatDateTime, formatRelativeAge } from '@/lib/format';

function sinceText(ms: number): string {
  const age = formatRelativeAge(ms);
  return age === 'agora' ? 'Mudou agora' : `Neste estado ${age}`;
}

/** The state of each exchange's feed as the engine reports it (Online/Degradado/Conectando/Offline). */
export function ExchangeStatusGrid({ feeds, now }: { feeds: readonly FeedState[]; now: number }) {
  if (feeds.length === 0) {
    return (
      <p className="py-4 text-sm text-muted-foreground">
        O estado das exchanges ainda não foi informado pelo motor de mercado.
      </p>
    );
  }
  const byExchange = new Map(feeds.map((f) => [f.exchange, f]));
  return (
    <ul aria-label="Status das exchanges" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {EXCHANGES.map((e) => {
        const feed = byExchange.get(e.id);
        return (
          <li key={e.id} className="flex flex-col gap-2 rounded-md border border-border bg-muted/30 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{e.displayName}</span>
              {feed ? (
                <Badge variant={FEED_STATUS_VARIANTS[feed.status]}>{FEED_STATUS_LABELS[feed.status]}</Badge>
              ) : (
                <Badge variant="outline">Sem dados</Badge>
              )}
            </div>
            {feed ? (
              <p className="text-xs text-muted-foreground" title={formatDateTime(feed.since)}>
                {feed.reason ? <span className="text-foreground">{feed.reason} · </span> : null}
                {sinceText(now - feed.since)}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">Não monitorada por este motor</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
