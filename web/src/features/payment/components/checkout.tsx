import {
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  cpfDigits,
  type BillingCycle,
  type CardTokenInput,
  type CheckoutMethod,
  type PaymentResponse,
  type PlanId,
  type SandboxAction,
} from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Barcode, CalendarClock, CheckCircle2, CreditCard, Lock, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SectionCard } from '@/components/ui/section-card';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { QueryState } from '@/components/ui/section-state';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatBRL, formatDate } from '@/lib/format';
import { useSocket, useSocketEvent } from '@/lib/socket';
import { subscriptionKeys, useSubscription, usePlans } from '@/lib/billing/subscription-api';
import { statusLabel } from '@/lib/billing/plan-features';
import { paymentApi, paymentKeys } from '@/lib/billing/payment-api';
import { CardForm, cardError, sandboxCardToken, type CardFields } from './card-form';
import { CardTokenizeError, mercadoPagoCardToken } from './mercadopago-card';
import { CheckoutInfo } from './checkout-info';
import { CpfField, cpfError } from './cpf-field';
import { PendingPayment } from './pending-payment';
import { SandboxNotice } from '@/lib/billing/sandbox-notice';

const M = MESSAGES.payments;
const PLAN_IDS: readonly PlanId[] = ['basic', 'professional', 'enterprise'];
const METHODS: { id: CheckoutMethod; icon: typeof CreditCard }[] = [
  { id: 'card', icon: CreditCard },
  { id: 'pix', icon: QrCode },
  { id: 'boleto', icon: Barcode },
];

const asPlan = (v: string | null): PlanId =>
  PLAN_IDS.includes(v as PlanId) ? (v as PlanId) : 'professional';
const asBilling = (v: string | null): BillingCycle => (v === 'yearly' ? 'yearly' : 'monthly');

/** /payment (SPEC §2, DECISIONS §2, §4): plan, cycle, method, the charge, and the success pushed over the socket. */
export function Checkout() {
  const [params, setParams] = useSearchParams();
  const planId = asPlan(params.get('plan'));
  const billing = asBilling(params.get('billing'));
  const [method, setMethod] = useState<CheckoutMethod>('card');
  const [card, setCard] = useState<CardFields>({ number: '', expiry: '', cvv: '', name: '' });
  const [cpf, setCpf] = useState('');
  const [payment, setPayment] = useState<PaymentResponse | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const socket = useSocket();

  const subscription = useSubscription();
  const plans = usePlans();
  const config = useQuery({
    queryKey: paymentKeys.config,
    queryFn: ({ signal }) => paymentApi.config(signal),
  });
  // Boleto needs the payer's CPF; so does a card charged by Mercado Pago (cards in Brazil).
  const needsCpf = method === 'boleto' || (method === 'card' && config.data?.provider === 'mercadopago');
  const quote = useQuery({
    queryKey: paymentKeys.quote(planId, billing),
    queryFn: ({ signal }) => paymentApi.quote(planId, billing, signal),
    enabled: payment === null && success === null,
    retry: false,
  });

  /** The card as a token: made here by the sandbox, or by Mercado Pago's SDK (PAYMENTS_PROVIDER=mercadopago). */
  const cardToken = async (fields: CardFields): Promise<CardTokenInput> => {
    const config = await queryClient.ensureQueryData({
      queryKey: paymentKeys.config,
      queryFn: ({ signal }) => paymentApi.config(signal),
    });
    return config.mercadoPago ? mercadoPagoCardToken(fields, config.mercadoPago) : sandboxCardToken(fields);
  };

  const settle = (p: PaymentResponse, message: string | null) => {
    setPayment(p);
    if (p.status === 'approved') {
      setSuccess(message ?? M.activated(p.planName));
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.subscription });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.history });
    } else if (p.status === 'declined' || p.status === 'expired') {
      setFailure(p.failureReason ?? M.upgradeError);
      setPayment(null);
    }
  };

  // The confirmation arrives over the user's socket (webhook → api → user room); no polling.
  useSocketEvent(socket, 'payment:updated', ({ payment: p, message }) => {
    if (payment && p.id === payment.id) settle(p, message);
  });

  const pay = useMutation({
    mutationFn: async () =>
      paymentApi.create({
        planId,
        billing,
        method,
        ...(method === 'card' ? { card: await cardToken(card) } : {}),
        ...(needsCpf ? { payerCpf: cpfDigits(cpf) } : {}),
      }),
    onMutate: () => setFailure(null),
    onSuccess: (p) => settle(p, null),
    onError: (e) => setFailure(e instanceof CardTokenizeError ? e.message : errorMessage(e, M.upgradeError)),
  });
  const sandbox = useMutation({
    mutationFn: (action: SandboxAction) => paymentApi.sandbox(payment!.id, action),
    onSuccess: (p) => settle(p, null),
    onError: (e) => setFailure(errorMessage(e, M.upgradeError)),
  });

  // A downgrade is not paid: it is scheduled for the end of the period already paid (POST …/subscription/upgrade).
  const downgrade = quote.data?.kind === 'downgrade';
  const schedule = useMutation({
    mutationFn: () => paymentApi.upgrade(planId, billing),
    onMutate: () => setFailure(null),
    onSuccess: (r) => {
      setSuccess(r.message);
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.subscription });
    },
    onError: (e) => setFailure(errorMessage(e, M.upgradeError)),
  });

  const choose = (next: { plan?: PlanId; billing?: BillingCycle }) => {
    setFailure(null);
    setParams({ plan: next.plan ?? planId, billing: next.billing ?? billing }, { replace: true });
  };

  const selected = plans.data?.find((p) => p.id === planId);
  const biggestDiscount = Math.max(0, ...(plans.data ?? []).map((p) => p.yearlyDiscountPercent));
  const formProblem = (method === 'card' ? cardError(card) : null) ?? (needsCpf ? cpfError(cpf) : null);

  if (success) {
    return (
      <Card role="status" aria-label="Pagamento confirmado" className="mx-auto max-w-xl text-center">
        <CardHeader className="items-center gap-3">
          <CheckCircle2 className="size-12 text-success" aria-hidden />
          <CardTitle>{success}</CardTitle>
          {payment?.invoiceNumber ? <CardDescription>Fatura {payment.invoiceNumber}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-3">
          {subscription.data ? (
            <p aria-label="Plano ativo">
              Plano atual: <strong>{subscription.data.planName}</strong> —{' '}
              {statusLabel(subscription.data.status)} até {formatDate(subscription.data.currentPeriodEnd)}
            </p>
          ) : null}
          <Button asChild>
            <Link to="/dashboard?tab=subscription">Ver minha assinatura</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
      <div className="flex flex-col gap-6">
        <SandboxNotice />
        {subscription.data ? (
          <Card role="region" aria-label="Assinatura atual">
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
              <div>
                <CardDescription>Assinatura atual</CardDescription>
                <CardTitle className="flex items-center gap-2">
                  {subscription.data.planName}
                  <Badge>{statusLabel(subscription.data.status)}</Badge>
                </CardTitle>
              </div>
              <p className="text-sm text-muted-foreground">
                {subscription.data.status === 'trialing'
                  ? 'Teste até'
                  : subscription.data.cancelAtPeriodEnd
                    ? 'Acesso até'
                    : 'Próxima cobrança em'}{' '}
                {formatDate(subscription.data.currentPeriodEnd)}
              </p>
            </CardHeader>
          </Card>
        ) : null}

        {payment ? (
          <PendingPayment
            payment={payment}
            onSandbox={(a) => sandbox.mutate(a)}
            sandboxPending={sandbox.isPending}
          />
        ) : (
          <>
            <section aria-label="Ciclo de cobrança" className="flex flex-wrap items-center gap-2">
              {(['monthly', 'yearly'] as const).map((b) => (
                <Button
                  key={b}
                  variant={billing === b ? 'default' : 'outline'}
                  aria-pressed={billing === b}
                  onClick={() => choose({ billing: b })}
                >
                  {b === 'monthly' ? 'Mensal' : 'Anual'}
                  {b === 'yearly' && biggestDiscount > 0 ? (
                    <Badge variant="success">-{biggestDiscount}%</Badge>
                  ) : null}
                </Button>
              ))}
            </section>

            <QueryState
              query={plans}
              fallback="Erro ao carregar os planos"
              loadingLabel="Carregando os planos..."
            >
              {(data) => (
                <section aria-label="Planos" className="grid gap-4 pt-3 md:grid-cols-3">
                  {data.map((plan) => {
                    const active = plan.id === planId;
                    return (
                      <button
                        key={plan.id}
                        type="button"
                        aria-pressed={active}
                        aria-label={`Plano ${plan.name}`}
                        onClick={() => choose({ plan: plan.id })}
                        className={cn(
                          'relative flex flex-col gap-2 rounded-lg border p-4 text-left transition-colors',
                          active ? 'border-primary bg-primary/5' : 'border-border hover:border-primary/50',
                        )}
                      >
                        {plan.popular ? <Badge className="absolute -top-3 left-4">Mais Popular</Badge> : null}
                        <span className="font-semibold">{plan.name}</span>
                        <span className="text-2xl font-bold">
                          {formatBRL(billing === 'yearly' ? plan.yearlyPriceCents : plan.priceCents)}
                          <span className="text-sm font-normal text-muted-foreground">
                            {billing === 'yearly' ? '/ano' : '/mês'}
                          </span>
                        </span>
                        {billing === 'yearly' ? (
                          <span className="text-xs text-success">
                            Economize {plan.yearlyDiscountPercent}% ({formatBRL(plan.yearlySavingsCents)} por
                            ano)
                          </span>
                        ) : null}
                        <ul className="text-xs text-muted-foreground">
                          {plan.highlights.map((h) => (
                            <li key={h}>• {h}</li>
                          ))}
                        </ul>
                      </button>
                    );
                  })}
                </section>
              )}
            </QueryState>

            {downgrade ? null : (
              <section aria-label="Forma de pagamento" className="flex flex-col gap-4">
                <h2 className="text-lg font-semibold">Forma de pagamento</h2>
                <div className="flex flex-wrap gap-2" role="radiogroup">
                  {METHODS.map(({ id, icon: Icon }) => (
                    <Button
                      key={id}
                      role="radio"
                      aria-checked={method === id}
                      variant={method === id ? 'default' : 'outline'}
                      onClick={() => setMethod(id)}
                    >
                      <Icon aria-hidden /> {PAYMENT_METHOD_LABELS[id]}
                    </Button>
                  ))}
                </div>
                {method === 'card' ? <CardForm value={card} onChange={setCard} /> : null}
                {needsCpf ? <CpfField value={cpf} onChange={setCpf} /> : null}
                {method === 'card' ? (
                  <p className="text-xs text-muted-foreground">
                    Aprovado o pagamento, o cartão fica salvo no provedor de pagamento para as renovações
                    automáticas (guardamos só a bandeira e os 4 últimos dígitos). Você pode removê-lo na aba
                    Assinatura.
                  </p>
                ) : null}
                {method === 'pix' ? (
                  <p className="text-sm text-muted-foreground">
                    O QR Code e o código copia e cola valem por 30 minutos. A confirmação é imediata.
                  </p>
                ) : null}
                {method === 'boleto' ? (
                  <p className="text-sm text-muted-foreground">
                    O boleto vence em 3 dias; a compensação leva até 3 dias úteis.
                  </p>
                ) : null}
              </section>
            )}
          </>
        )}
        {failure ? <FormAlert message={failure} /> : null}
      </div>

      <aside className="flex flex-col gap-4">
        <SectionCard
          title="Resumo do pedido"
          role="region"
          aria-label="Resumo do pedido"
          contentClassName="flex flex-col gap-2 text-sm"
        >
          <p className="flex justify-between">
            <span>Plano</span>
            <strong>
              {selected?.name ?? '—'} ({billing === 'yearly' ? 'anual' : 'mensal'})
            </strong>
          </p>
          {quote.data && downgrade ? (
            <>
              <p role="status" aria-label="Mudança agendada" className="text-muted-foreground">
                Sem pagamento agora. O plano {selected?.name ?? quote.data.planName} passa a valer em{' '}
                <strong>{formatDate(quote.data.periodStart)}</strong>, no fim do período já pago; a renovação
                dessa data cobra {formatBRL(quote.data.fullPriceCents)}
                {billing === 'yearly' ? '/ano' : '/mês'}.
              </p>
              <Button className="mt-2" disabled={schedule.isPending} onClick={() => schedule.mutate()}>
                <CalendarClock aria-hidden />
                {schedule.isPending ? 'Agendando...' : `Agendar mudança para ${quote.data.planName}`}
              </Button>
            </>
          ) : quote.data ? (
            <>
              {quote.data.prorated ? (
                <p className="text-xs text-muted-foreground">
                  Valor proporcional ao restante do período; depois, {formatBRL(quote.data.fullPriceCents)}
                  {billing === 'yearly' ? '/ano' : '/mês'}.
                </p>
              ) : null}
              <p className="flex justify-between text-base">
                <span>Total hoje</span>
                <strong aria-label="Total a pagar">{formatBRL(quote.data.amountCents)}</strong>
              </p>
            </>
          ) : quote.isError ? (
            <p className="text-destructive">{errorMessage(quote.error, M.upgradeError)}</p>
          ) : quote.isPending && !payment ? (
            <Spinner label="Calculando..." />
          ) : null}
          {!payment && !downgrade ? (
            <Button
              className="mt-2"
              disabled={pay.isPending || !quote.data || formProblem !== null}
              onClick={() => pay.mutate()}
            >
              <Lock aria-hidden />
              {pay.isPending
                ? 'Processando...'
                : quote.data
                  ? `Pagar ${formatBRL(quote.data.amountCents)}`
                  : 'Pagar'}
            </Button>
          ) : null}
        </SectionCard>
        <CheckoutInfo />
      </aside>
    </div>
  );
}
