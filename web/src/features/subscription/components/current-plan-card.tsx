import type { SubscriptionResponse } from '@arbitra/contracts';
import { CalendarClock, CreditCard, Hourglass } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBRL, formatDate } from '@/lib/format';
import { daysText, statusLabel, statusVariant } from '@/lib/billing/plan-features';
import { FeatureList } from './feature-list';
import { SubscriptionActions } from './subscription-actions';

function Fact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-md border border-border bg-muted/30 p-3">
      <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <div className="flex flex-col">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="font-semibold">{children}</span>
      </div>
    </div>
  );
}

export function CurrentPlanCard({ subscription }: { subscription: SubscriptionResponse | null }) {
  if (!subscription) {
    return (
      <Card role="region" aria-label="Plano atual">
        <CardHeader>
          <CardTitle>Nenhuma assinatura encontrada</CardTitle>
          <CardDescription>Esta conta não tem um plano. Veja abaixo os planos disponíveis.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const { status } = subscription;
  const trial = status === 'trialing';
  const running = status === 'trialing' || status === 'active';
  const perCycle = subscription.billing === 'yearly' ? '/ano' : '/mês';
  return (
    <Card role="region" aria-label="Plano atual">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardDescription>Plano atual</CardDescription>
          <CardTitle className="flex flex-wrap items-center gap-3 text-2xl">
            {subscription.planName}
            <Badge variant={statusVariant(status)}>{statusLabel(status)}</Badge>
          </CardTitle>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="grid gap-3 sm:grid-cols-3">
          <Fact icon={Hourglass} label={trial ? 'Dias de teste restantes' : 'Dias restantes'}>
            {daysText(subscription.daysLeft)}
          </Fact>
          <Fact
            icon={CalendarClock}
            label={
              trial
                ? 'Fim do período de teste'
                : running && !subscription.cancelAtPeriodEnd
                  ? 'Data da próxima cobrança'
                  : running
                    ? 'Acesso até'
                    : 'Terminou em'
            }
          >
            {formatDate(subscription.currentPeriodEnd)}
          </Fact>
          <Fact
            icon={CreditCard}
            label={
              trial
                ? 'Valor após o teste'
                : running && !subscription.cancelAtPeriodEnd
                  ? 'Próxima cobrança'
                  : 'Valor'
            }
          >
            {formatBRL(subscription.priceCents)}
            <span className="text-sm font-normal text-muted-foreground">{perCycle}</span>
          </Fact>
        </div>
        {subscription.scheduledChange ? (
          <p role="status" aria-label="Mudança de plano agendada" className="text-sm">
            Mudança agendada: o plano <strong>{subscription.scheduledChange.planName}</strong> (
            {subscription.scheduledChange.billing === 'yearly' ? 'anual' : 'mensal'}) passa a valer em{' '}
            {formatDate(subscription.scheduledChange.startsAt)}, no fim do período já pago. Até lá você
            continua no {subscription.planName}, sem cobrança agora.
          </p>
        ) : null}
        {subscription.cancelAtPeriodEnd ? (
          <p className="text-sm text-warning">
            A assinatura será cancelada em {formatDate(subscription.currentPeriodEnd)}; o acesso continua até
            lá.
          </p>
        ) : null}
        {status === 'past_due' ? (
          <p role="alert" className="text-sm text-destructive">
            Assinatura vencida: o período terminou sem pagamento e seus bots foram parados. Nada foi apagado —
            pague para voltar a operar.
          </p>
        ) : null}
        {status === 'canceled' ? (
          <p role="alert" className="text-sm text-destructive">
            Assinatura cancelada: seus bots foram parados. Nada foi apagado — escolha um plano para voltar a
            operar.
          </p>
        ) : null}
        <div>
          <h3 className="mb-2 text-sm font-semibold">O que seu plano inclui</h3>
          <FeatureList features={subscription.features} className="sm:grid sm:grid-cols-2" />
        </div>
      </CardContent>
      <CardFooter className="flex-wrap items-center gap-3">
        <SubscriptionActions subscription={subscription} />
      </CardFooter>
    </Card>
  );
}
