import {
  BRL_PAIRS_BY_PLAN,
  BOT_STRATEGY_LABELS,
  MESSAGES,
  RISK_LEVEL_LABELS,
  botStatusLabel,
  type BacktestBotConfig,
  type Bot,
  type BotRequest,
  type SubscriptionResponse,
  type LiveChecklist,
} from '@arbitra/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { BrlFirst, ModeTag } from '@/components/money/brl-first';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { StatCard } from '@/components/ui/stat-card';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogHead } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { SimulateDialog } from '@/components/backtests/simulate-dialog';
import { isApiError } from '@/lib/api-client';
import { useSubscription } from '@/lib/billing/subscription-api';
import { exchangeName } from '@arbitra/contracts';
import { formatBRL, formatPercent } from '@/lib/format';
import { botsApi } from '../api/bots-api';
import { BOTS_KEY, summarise, useBots } from '../hooks/use-bots';
import { BotForm, toBacktestConfig } from './bot-form';
import { AccountRebalance } from './account-rebalance';

const M = MESSAGES.bots;

/** The detail (recharts) loads only when opened. */
const BotDetailView = lazy(() => import('./bot-detail').then((m) => ({ default: m.BotDetailView })));

const statusVariant = (status: string) =>
  status === 'running'
    ? 'success'
    : status === 'error'
      ? 'destructive'
      : status === 'stopped'
        ? 'outline'
        : 'secondary';

/** The server's message, else the fallback: nothing is claimed that did not happen (DECISIONS §1). */
const messageOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** The checklist the api sends with a refused switch to 'Modo real' (409 live_checklist_failed). */
function refusedChecklist(error: unknown): LiveChecklist | null {
  if (!isApiError(error) || error.code !== 'live_checklist_failed') return null;
  const details = (error.body as { details?: { checklist?: LiveChecklist } } | undefined)?.details;
  return details?.checklist ?? null;
}

/** DECISIONS §12: BRL pairs on Profissional and Enterprise (the trial is Profissional); the server enforces it too. */
function brlPairsAllowedFor(sub: SubscriptionResponse | null | undefined): boolean {
  if (!sub || (sub.status !== 'active' && sub.status !== 'trialing')) return false;
  return BRL_PAIRS_BY_PLAN[sub.planId] === true;
}

type Editing = { kind: 'create' } | { kind: 'edit'; bot: Bot } | null;

/** Bots: list from the server, stats cards, create/edit, start/stop (live), delete with confirmation, detail. */
export function BotsTab() {
  const queryClient = useQueryClient();
  const { data: bots, isLoading, error, refetch } = useBots();
  const [editing, setEditing] = useState<Editing>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [formChecklist, setFormChecklist] = useState<LiveChecklist | null>(null);
  const [deleting, setDeleting] = useState<Bot | null>(null);
  const [viewing, setViewing] = useState<Bot | null>(null);
  const [simulating, setSimulating] = useState<{ config: BacktestBotConfig; botId: string | null } | null>(
    null,
  );

  const reload = () => queryClient.invalidateQueries({ queryKey: BOTS_KEY });
  const subscription = useSubscription();
  const brlPairsAllowed = brlPairsAllowedFor(subscription.data);

  const save = useMutation({
    mutationFn: (input: { id?: string; body: BotRequest }) =>
      input.id ? botsApi.update(input.id, input.body) : botsApi.create(input.body),
    onSuccess: async (res) => {
      toast({ title: res.message, variant: 'success' });
      setEditing(null);
      await reload();
    },
    onError: (e) => {
      setFormError(messageOf(e, M.saveError));
      setFormChecklist(refusedChecklist(e));
    },
  });
  const toggle = useMutation({
    mutationFn: (bot: Bot) => botsApi.toggle(bot.id),
    onSuccess: async (res) => {
      toast({ title: res.message, variant: 'success' });
      await reload();
    },
    onError: (e) => toast({ title: messageOf(e, M.toggleError), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: (bot: Bot) => botsApi.remove(bot.id),
    onSuccess: async (res) => {
      toast({ title: res.message, variant: 'success' });
      setDeleting(null);
      await reload();
    },
    onError: (e) => toast({ title: messageOf(e, M.deleteError), variant: 'destructive' }),
  });

  const openForm = (next: Editing) => {
    setFormError(null);
    setEditing(next);
  };

  if (isLoading) return <Spinner label="Carregando bots..." />;
  if (error || !bots) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-sm text-destructive">{messageOf(error, M.loadError)}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  const stats = summarise(bots);
  return (
    <section aria-label="Bots" className="flex flex-col gap-6">
      {/* The shell's title already says 'Bots': the heading stays for screen readers. */}
      <div className="flex items-center justify-end gap-4">
        <h2 className="sr-only">Bots</h2>
        <Button onClick={() => openForm({ kind: 'create' })}>Novo bot</Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[
          ['Total de bots', String(stats.total)],
          ['Em execução', String(stats.running)],
          ['Trades', String(stats.totalTrades)],
          ['Lucro total', <BrlFirst brl={stats.totalProfitBrl} usdt={stats.totalProfit} stacked />],
        ].map(([label, value]) => (
          <StatCard key={label as string} label={label}>
            {value}
          </StatCard>
        ))}
      </div>
      {bots.length === 0 ? (
        <p className="text-sm text-muted-foreground">Você ainda não tem bots. Crie o primeiro.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Seus bots">
          {bots.map((bot) => (
            <li key={bot.id}>
              <Card>
                <CardContent className="flex flex-col gap-3 pt-5 md:flex-row md:items-center md:justify-between">
                  {/* On a phone the deciding figures come first: the state, then the P&L. */}
                  <div className="flex min-w-0 flex-col gap-1">
                    <div className="flex items-start justify-between gap-3">
                      <div className="flex min-w-0 flex-wrap items-center gap-2">
                        <Badge variant={statusVariant(bot.status)} data-deciding="state">
                          {botStatusLabel(bot.status)}
                        </Badge>
                        <span className="min-w-0 font-medium break-words">{bot.name}</span>
                        <ModeTag mode={bot.mode} />
                      </div>
                      <div className="shrink-0 text-right" data-deciding="pnl">
                        <BrlFirst
                          brl={bot.totalProfitBrl}
                          usdt={bot.totalProfit}
                          stacked
                          signed
                          className="font-semibold tabular-nums"
                        />
                        <span className="block text-xs text-muted-foreground">
                          {formatPercent(bot.profitPercent, 2)}
                        </span>
                      </div>
                    </div>
                    <p className="text-xs break-words text-muted-foreground">
                      {BOT_STRATEGY_LABELS[bot.strategy]} · Risco {RISK_LEVEL_LABELS[bot.riskLevel]} ·{' '}
                      {bot.pairs.join(', ')} · {bot.exchanges.map(exchangeName).join(', ')}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Investimento máx. {formatBRL(bot.maxInvestment.toFixed(2))} · Lucro mín.{' '}
                      {formatPercent(bot.minProfitPercent, 1)} · {bot.totalTrades}{' '}
                      {bot.totalTrades === 1 ? 'trade' : 'trades'}
                    </p>
                    {bot.statusReason && <p className="text-xs text-destructive">{bot.statusReason}</p>}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant={bot.active ? 'outline' : 'default'}
                      disabled={toggle.isPending}
                      onClick={() => toggle.mutate(bot)}
                    >
                      {bot.active ? 'Parar' : 'Iniciar'}
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setViewing(bot)}>
                      Detalhes
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setSimulating({ config: toBacktestConfig(bot), botId: bot.id })}
                    >
                      Simular
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => openForm({ kind: 'edit', bot })}>
                      Editar
                    </Button>
                    <Button size="sm" variant="destructive" onClick={() => setDeleting(bot)}>
                      Excluir
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {bots.length > 0 && <AccountRebalance />}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHead title={editing?.kind === 'edit' ? 'Editar bot' : 'Novo bot'} />
          {editing && (
            <BotForm
              key={editing.kind === 'edit' ? editing.bot.id : 'new'}
              bot={editing.kind === 'edit' ? editing.bot : undefined}
              pending={save.isPending}
              brlPairsAllowed={brlPairsAllowed}
              serverError={formError}
              liveChecklist={formChecklist}
              onEdit={() => {
                setFormError(null);
                setFormChecklist(null);
              }}
              onCancel={() => setEditing(null)}
              onSubmit={(body) =>
                save.mutate({ id: editing.kind === 'edit' ? editing.bot.id : undefined, body })
              }
              onSimulate={(config) =>
                setSimulating({ config, botId: editing.kind === 'edit' ? editing.bot.id : null })
              }
            />
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
          <DialogHead title={viewing?.name} />
          {viewing && (
            <Suspense fallback={<Spinner />}>
              <BotDetailView botId={viewing.id} />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>

      <SimulateDialog
        bot={simulating?.config ?? null}
        botId={simulating?.botId ?? null}
        onClose={() => setSimulating(null)}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={M.deleteConfirmTitle}
        description={deleting ? M.deleteConfirm(deleting.name) : ''}
        confirmLabel="Excluir"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
