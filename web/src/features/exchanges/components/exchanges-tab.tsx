import { canAddExchange, type PlanExchangeInfo, type UserExchange } from '@arbitra/contracts';
import { KeyRound, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/format';
import {
  usePlanExchangeInfo,
  useRevalidateExchange,
  useToggleExchange,
  useUserExchanges,
} from '../hooks/use-exchanges';
import { exchangeErrorMessage } from '../lib/exchange-messages';
import { CredentialStatusBadge, PermissionList, WithdrawWarning } from './credential-status';
import { ExchangeFormDialog } from './exchange-form-dialog';
import { MaskedApiKey } from './masked-api-key';
import { RemoveExchangeDialog } from './remove-exchange-dialog';

/** 'Plano Profissional: 1 de 5 exchanges' / 'exchanges ilimitadas'. */
export function planLimitText(info: PlanExchangeInfo): string {
  const plan = info.plan ? `Plano ${info.plan}` : 'Sem plano ativo';
  if (info.unlimited_exchanges) return `${plan}: ${info.used_exchanges} exchange(s), ilimitadas`;
  return `${plan}: ${info.used_exchanges} de ${info.max_exchanges} exchanges`;
}

/** The dashboard's Exchanges tab (SPEC §2, §5, §8; DECISIONS §6). */
export function ExchangesTab() {
  const list = useUserExchanges();
  const plan = usePlanExchangeInfo();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<UserExchange | null>(null);
  const [removing, setRemoving] = useState<UserExchange | null>(null);

  const atLimit = plan.data ? !canAddExchange(plan.data) : false;
  const openAdd = () => {
    setEditing(null);
    setFormOpen(true);
  };

  return (
    <section className="flex flex-col gap-6" aria-labelledby="exchanges-title">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="exchanges-title" className="text-2xl font-bold tracking-tight">
            Exchanges
          </h2>
          <p className="text-sm text-muted-foreground">
            Conecte suas chaves de API. O API Secret é criptografado e nunca é exibido.
          </p>
          {plan.data ? (
            <p className="text-sm text-muted-foreground" data-testid="plan-limit">
              {planLimitText(plan.data)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Button onClick={openAdd} disabled={atLimit || plan.isPending}>
            <Plus aria-hidden />
            Adicionar Exchange
          </Button>
          {atLimit && plan.data ? (
            <p className="text-xs text-warning" role="status">
              Limite do plano atingido ({plan.data.max_exchanges}{' '}
              {plan.data.max_exchanges === 1 ? 'exchange' : 'exchanges'}). Faça upgrade para adicionar mais.
            </p>
          ) : null}
        </div>
      </div>

      {list.isPending ? (
        <Spinner label="Carregando exchanges..." />
      ) : list.isError ? (
        <Card>
          <CardContent className="flex flex-col items-start gap-3 pt-5">
            <p role="alert" className="text-sm text-destructive">
              {exchangeErrorMessage(list.error, 'load')}
            </p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              <RefreshCw aria-hidden />
              Tentar novamente
            </Button>
          </CardContent>
        </Card>
      ) : list.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 pt-5 text-center">
            <KeyRound className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">Nenhuma exchange configurada</p>
            <p className="text-sm text-muted-foreground">
              Adicione as chaves de API da sua exchange para operar com os bots.
            </p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Exchanges configuradas">
          {list.data.map((exchange) => (
            <li key={exchange.id}>
              <ExchangeCard
                exchange={exchange}
                onEdit={() => {
                  setEditing(exchange);
                  setFormOpen(true);
                }}
                onRemove={() => setRemoving(exchange)}
              />
            </li>
          ))}
        </ul>
      )}

      <ExchangeFormDialog open={formOpen} onOpenChange={setFormOpen} editing={editing} />
      <RemoveExchangeDialog exchange={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function ExchangeCard({
  exchange,
  onEdit,
  onRemove,
}: {
  exchange: UserExchange;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const toggle = useToggleExchange();
  const revalidate = useRevalidateExchange();
  const switchId = `exchange-active-${exchange.id}`;
  return (
    <Card data-testid={`exchange-${exchange.exchange_name}`} aria-label={exchange.display_name}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle>{exchange.display_name}</CardTitle>
          <MaskedApiKey exchange={exchange} />
        </div>
        <CredentialStatusBadge exchange={exchange} />
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {exchange.validation_reason && exchange.validation_status !== 'pending' ? (
          <p className="text-muted-foreground" data-testid="validation-reason">
            {exchange.validation_reason}
          </p>
        ) : null}
        <div className="flex flex-col gap-1">
          <span className="text-xs text-muted-foreground uppercase">Permissões</span>
          <PermissionList exchange={exchange} />
        </div>
        <WithdrawWarning exchange={exchange} />
        <dl className="grid grid-cols-2 gap-2 text-xs text-muted-foreground">
          <div>
            <dt>Adicionada em</dt>
            <dd className="text-foreground">{formatDateTime(exchange.created_at)}</dd>
          </div>
          <div>
            <dt>Último uso</dt>
            <dd className="text-foreground">
              {exchange.last_used_at ? formatDateTime(exchange.last_used_at) : 'Nunca'}
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={exchange.is_active}
              disabled={toggle.isPending}
              aria-label={`${exchange.is_active ? 'Desativar' : 'Ativar'} ${exchange.display_name}`}
              onCheckedChange={(checked) =>
                toggle.mutate(
                  { id: exchange.id, isActive: checked },
                  {
                    onError: (e) =>
                      toast({ title: exchangeErrorMessage(e, 'toggle'), variant: 'destructive' }),
                  },
                )
              }
            />
            <Label htmlFor={switchId}>{exchange.is_active ? 'Ativa' : 'Inativa'}</Label>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="ghost"
              size="sm"
              disabled={revalidate.isPending || exchange.validation_status === 'pending'}
              onClick={() =>
                revalidate.mutate(exchange.id, {
                  onError: (e) => toast({ title: exchangeErrorMessage(e, 'save'), variant: 'destructive' }),
                })
              }
            >
              <RefreshCw aria-hidden />
              Validar novamente
            </Button>
            <Button variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden />
              Editar
            </Button>
            <Button
              variant="destructive"
              size="sm"
              onClick={onRemove}
              aria-label={`Remover ${exchange.display_name}`}
            >
              <Trash2 aria-hidden />
              Remover
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
