import { MESSAGES, type LiveChecklist, type LiveCheckStatus } from '@arbitra/contracts';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CircleHelp, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { botsApi } from '../api/bots-api';

const STATUS: Record<LiveCheckStatus, { icon: LucideIcon; className: string; label: string }> = {
  ok: { icon: CircleCheck, className: 'text-success', label: 'ok' },
  failed: { icon: CircleAlert, className: 'text-destructive', label: 'falhou' },
  unverified: { icon: CircleHelp, className: 'text-warning', label: 'confirme você mesmo' },
};

/** 'Pronto para operar ao vivo': per exchange, each item with what was found and, when not ok, what to do. */
export function LiveChecklistView({ checklist }: { checklist: LiveChecklist }) {
  return (
    <div className="flex flex-col gap-3" role="group" aria-label={MESSAGES.liveChecklist.title}>
      <p className={cn('text-sm font-medium', checklist.ready ? 'text-success' : 'text-destructive')}>
        {checklist.ready
          ? 'Tudo certo: o bot pode passar para o Modo real.'
          : 'Ainda não: corrija os itens que falharam para usar o Modo real.'}
      </p>
      {checklist.exchanges.map((e) => (
        <section key={e.exchange} aria-label={e.displayName} className="rounded-md border border-border p-3">
          <h4 className="mb-2 text-sm font-semibold">
            {e.displayName}{' '}
            <span className={cn('font-normal', e.ready ? 'text-success' : 'text-destructive')}>
              {e.ready ? '— pronta' : '— com pendências'}
            </span>
          </h4>
          <ul className="flex flex-col gap-2 text-sm">
            {e.items.map((item) => {
              const s = STATUS[item.status];
              return (
                <li key={item.id} className="flex gap-2">
                  <s.icon className={cn('mt-0.5 size-4 shrink-0', s.className)} aria-label={s.label} />
                  <div>
                    <p>
                      <span className="font-medium">{item.label}</span>: {item.reason}
                    </p>
                    {item.action && <p className="text-muted-foreground">O que fazer: {item.action}</p>}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * The checklist of a saved bot, asked on demand ('Verificar agora': an engine asks each exchange, which takes a few
 * seconds and spends the key's request budget).
 */
export function LiveChecklistPanel({ botId, titled = true }: { botId: string; titled?: boolean }) {
  const [asked, setAsked] = useState(false);
  const query = useQuery({
    // Its own key: a bot's detail is invalidated on every trade, and this one asks the exchanges.
    queryKey: ['live-checklist', botId],
    queryFn: () => botsApi.detail(botId, { liveChecklist: true }),
    enabled: asked,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <div className="flex flex-col gap-2">
      <div className={cn('flex items-center gap-2', titled ? 'justify-between' : 'justify-end')}>
        {titled && <h3 className="text-sm font-semibold">{MESSAGES.liveChecklist.title}</h3>}
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={query.isFetching}
          onClick={() => (asked ? void query.refetch() : setAsked(true))}
        >
          {query.isFetching ? 'Verificando...' : 'Verificar agora'}
        </Button>
      </div>
      {!asked && (
        <p className="text-xs text-muted-foreground">
          Antes do Modo real, confira em cada exchange do bot: chave válida, negociação permitida, saques não
          permitidos, relógio sincronizado, saldo para a ordem mínima e mercado aberto.
        </p>
      )}
      {query.isFetching && <Spinner className="py-2" label="Consultando as exchanges..." />}
      {query.isError && !query.isFetching && (
        <FormAlert
          message={errorMessage(query.error, 'Erro ao verificar')}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data?.liveChecklist && !query.isFetching && (
        <LiveChecklistView checklist={query.data.liveChecklist} />
      )}
    </div>
  );
}
