import type { NotificationSettings } from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { SectionCard } from '@/components/ui/section-card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { securityApi, securityKeys } from '../api/security-api';
import { QueryState } from '@/components/ui/section-state';

const TOGGLES: readonly {
  key: Exclude<keyof NotificationSettings, 'sms'>;
  label: string;
  description: string;
}[] = [
  {
    key: 'email',
    label: 'Notificações por email',
    description: 'Liga ou desliga todos os emails de notificação.',
  },
  {
    key: 'loginAlerts',
    label: 'Alertas de login',
    description: 'Um aviso quando sua conta for acessada de um novo dispositivo.',
  },
  {
    key: 'tradingAlerts',
    label: 'Alertas de trading',
    description: 'Bots parados, pernas sem proteção, operações reais e o resumo diário.',
  },
];

/** Notification toggles (SPEC §2), saved on the server one change at a time. */
export function NotificationsCard() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: securityKeys.notifications,
    queryFn: ({ signal }) => securityApi.notifications(signal),
  });

  const save = useMutation({
    mutationFn: securityApi.updateNotifications,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: securityKeys.notifications });
      const before = queryClient.getQueryData<NotificationSettings>(securityKeys.notifications);
      if (before) queryClient.setQueryData(securityKeys.notifications, { ...before, ...change });
      return { before };
    },
    onSuccess: ({ message, ...settings }) => {
      queryClient.setQueryData(securityKeys.notifications, settings);
      toast({ title: message, variant: 'success' });
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(securityKeys.notifications, context.before);
      toast({ title: errorMessage(error, 'Erro ao salvar as preferências'), variant: 'destructive' });
    },
  });

  return (
    <SectionCard title="Notificações" icon={Bell} description="Escolha como quer ser avisado.">
      <QueryState query={query} fallback="Erro ao carregar as preferências de notificação">
        {(settings) => (
          <ul className="flex flex-col divide-y divide-border">
            {TOGGLES.map(({ key, label, description }) => (
              <li key={key} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-col gap-0.5">
                  <span id={`notification-${key}`} className="text-sm font-medium">
                    {label}
                  </span>
                  <span className="text-xs text-muted-foreground">{description}</span>
                </div>
                <Switch
                  aria-labelledby={`notification-${key}`}
                  checked={settings[key]}
                  disabled={save.isPending}
                  onCheckedChange={(checked) => save.mutate({ [key]: checked })}
                />
              </li>
            ))}
            <li className="flex items-center justify-between gap-4 py-3 last:pb-0">
              <div className="flex flex-col gap-0.5">
                <span className="text-sm font-medium">Notificações por SMS</span>
                <span className="text-xs text-muted-foreground">
                  Não oferecido: ainda não temos um provedor de SMS. Use o email ou o Telegram.
                </span>
              </div>
              <span className="text-xs font-medium text-muted-foreground">Indisponível</span>
            </li>
          </ul>
        )}
      </QueryState>
    </SectionCard>
  );
}
