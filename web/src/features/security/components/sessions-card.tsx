import type { SessionInfo } from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { securityApi, securityKeys } from '../api/security-api';
import { QueryState } from '@/components/ui/section-state';

function DeviceIcon({ type }: { type: string | null }) {
  const Icon = type === 'mobile' ? Smartphone : type === 'tablet' ? Tablet : Monitor;
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
      <Icon className="size-5" aria-hidden />
    </span>
  );
}

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: SessionInfo;
  ending: boolean;
  onEnd: () => void;
}) {
  return (
    <li
      aria-label={`Sessão: ${session.device}`}
      className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <DeviceIcon type={session.deviceType} />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {session.device}
            {session.current ? <Badge variant="success">Sessão atual</Badge> : null}
          </p>
          <p className="text-xs text-muted-foreground">
            IP {session.ip ?? '—'} · {session.location ?? 'Localização desconhecida'}
          </p>
          <p className="text-xs text-muted-foreground">
            Última atividade: {formatDateTime(session.lastActive)}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          disabled={ending}
          onClick={onEnd}
        >
          {ending ? 'Encerrando...' : 'Encerrar'}
        </Button>
      )}
    </li>
  );
}

/** The account's live server-side sessions (DECISIONS §5), 'Encerrar' on every one but this. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: securityKeys.sessions,
    queryFn: ({ signal }) => securityApi.sessions(signal),
  });
  const onDone = ({ message }: { message: string }) => {
    toast({ title: message, variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: securityKeys.all });
  };
  const onError = (error: unknown) =>
    toast({ title: errorMessage(error, 'Erro ao encerrar a sessão'), variant: 'destructive' });
  const endOne = useMutation({ mutationFn: securityApi.endSession, onSuccess: onDone, onError });
  const endOthers = useMutation({ mutationFn: securityApi.endOtherSessions, onSuccess: onDone, onError });

  const others = query.data?.filter((s) => !s.current).length ?? 0;

  return (
    <SectionCard
      title="Sessões ativas"
      icon={MonitorSmartphone}
      description="Onde sua conta está conectada agora."
      actions={
        others > 0 ? (
          <Button
            variant="outline"
            size="sm"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {endOthers.isPending ? 'Encerrando...' : 'Encerrar todas as outras'}
          </Button>
        ) : null
      }
    >
      <QueryState query={query} fallback="Erro ao carregar as sessões">
        {(sessions) => (
          <ul className="flex flex-col divide-y divide-border">
            {sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables === session.id}
                onEnd={() => endOne.mutate(session.id)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </SectionCard>
  );
}
