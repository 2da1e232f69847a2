import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type TelegramLinkCode,
} from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { QueryState } from '@/components/ui/section-state';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import {
  NOTIFICATION_SETTINGS_ANCHOR,
  notificationKeys,
  notificationsApi,
  type PreferencesResponse,
} from '../api/notifications-api';

/** Per event, per channel (in-app, email, Telegram), saved on the server one change at a time; and the Telegram link. */
export function NotificationPreferencesCard() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => notificationsApi.preferences(signal),
  });
  const [code, setCode] = useState<TelegramLinkCode | null>(null);

  const save = useMutation({
    mutationFn: (c: { event: NotificationEvent; channel: NotificationChannel; enabled: boolean }) =>
      notificationsApi.setPreferences({ preferences: [c] }),
    onSuccess: ({ preferences, message }) => {
      queryClient.setQueryData<PreferencesResponse>(notificationKeys.preferences, (b) =>
        b ? { ...b, preferences } : b,
      );
      toast({ title: message, variant: 'success' });
    },
    onError: (error) =>
      toast({ title: errorMessage(error, 'Erro ao salvar as preferências'), variant: 'destructive' }),
  });
  const link = useMutation({
    mutationFn: notificationsApi.telegramLink,
    onSuccess: setCode,
    onError: (error) =>
      toast({ title: errorMessage(error, 'Erro ao gerar o código'), variant: 'destructive' }),
  });
  const unlink = useMutation({
    mutationFn: notificationsApi.telegramUnlink,
    onSuccess: ({ message }) => {
      setCode(null);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.preferences });
      toast({ title: message, variant: 'success' });
    },
    onError: (error) => toast({ title: errorMessage(error, 'Erro ao desvincular'), variant: 'destructive' }),
  });

  // Opened from the bell's 'Configurar notificações' (the Notificações tab, #notificacoes): scroll to the card.
  const { hash } = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${NOTIFICATION_SETTINGS_ANCHOR}`) anchor.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <SectionCard
      title="Eventos e canais"
      icon={Send}
      description="O que avisamos e por onde. Os alertas de trading e de login acima valem para todos os canais."
      id={NOTIFICATION_SETTINGS_ANCHOR}
      ref={anchor}
      className="scroll-mt-20"
      contentClassName="flex flex-col gap-6"
    >
      <QueryState query={query} fallback="Erro ao carregar as preferências de notificação">
        {({ preferences, telegram }) => (
          <>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-xs text-muted-foreground">
                    <th className="py-2 pr-4 font-medium">Evento</th>
                    {NOTIFICATION_CHANNELS.map((c) => (
                      <th key={c} className="px-2 py-2 text-center font-medium">
                        {NOTIFICATION_CHANNEL_LABELS[c]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {NOTIFICATION_EVENTS.map((event) => (
                    <tr key={event}>
                      <td className="py-2 pr-4">
                        <span className="block font-medium">{NOTIFICATION_EVENT_LABELS[event].label}</span>
                        <span className="block text-xs text-muted-foreground">
                          {NOTIFICATION_EVENT_LABELS[event].description}
                        </span>
                      </td>
                      {NOTIFICATION_CHANNELS.map((channel) => (
                        <td key={channel} className="px-2 py-2 text-center">
                          <Switch
                            aria-label={`${NOTIFICATION_EVENT_LABELS[event].label}: ${NOTIFICATION_CHANNEL_LABELS[channel]}`}
                            checked={preferences[event][channel]}
                            disabled={save.isPending}
                            onCheckedChange={(enabled) => save.mutate({ event, channel, enabled })}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            <section
              aria-labelledby="telegram-title"
              className="flex flex-col gap-2 rounded-md border border-border p-4"
            >
              <h3 id="telegram-title" className="text-sm font-semibold">
                Telegram
              </h3>
              {!telegram.available ? (
                <p className="text-sm text-muted-foreground">
                  O Telegram não está configurado nesta plataforma (nenhum bot cadastrado pelo administrador).
                </p>
              ) : telegram.linked ? (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm">
                    Vinculado{telegram.linkedAt ? ` em ${formatDateTime(telegram.linkedAt)}` : ''}.
                  </p>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={unlink.isPending}
                    onClick={() => unlink.mutate()}
                  >
                    Desvincular
                  </Button>
                </div>
              ) : code ? (
                <div className="flex flex-col gap-2 text-sm">
                  <p>
                    Envie este código ao bot{telegram.botUsername ? ` @${telegram.botUsername}` : ''} no
                    Telegram (válido por 15 minutos):
                  </p>
                  <p className="font-mono text-lg font-semibold tracking-widest" data-testid="telegram-code">
                    {code.code}
                  </p>
                  {code.deepLink ? (
                    <a
                      className="text-primary underline"
                      href={code.deepLink}
                      target="_blank"
                      rel="noreferrer"
                    >
                      Abrir o bot no Telegram
                    </a>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start"
                    onClick={() =>
                      void queryClient.invalidateQueries({ queryKey: notificationKeys.preferences })
                    }
                  >
                    Já enviei o código
                  </Button>
                </div>
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-muted-foreground">
                    Receba os avisos em um chat com o bot da Arbitra.
                  </p>
                  <Button size="sm" disabled={link.isPending} onClick={() => link.mutate()}>
                    Vincular Telegram
                  </Button>
                </div>
              )}
            </section>
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}
