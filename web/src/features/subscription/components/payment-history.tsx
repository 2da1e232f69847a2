import { MESSAGES, type PaymentResponse } from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/section-state';
import { DataTable } from '@/components/ui/data-table';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { downloadFromApi } from '@/lib/download';
import { formatBRL, formatDate, formatDateTime } from '@/lib/format';
import { openInvoice, paymentApi, paymentKeys } from '@/lib/billing/payment-api';
import { subscriptionKeys } from '@/lib/billing/subscription-api';

/**
 * The user's payments, newest first, with the invoice of each approved one and, on the first payment while the
 * 7-day guarantee lasts, 'Solicitar reembolso' (confirmed first: it ends the plan now).
 */
export function PaymentHistory() {
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<PaymentResponse | null>(null);
  const history = useQuery({
    queryKey: paymentKeys.history,
    queryFn: ({ signal }) => paymentApi.history(signal),
  });
  const refund = useMutation({
    mutationFn: (id: string) => paymentApi.refund(id),
    onSuccess: () => {
      setRefunding(null);
      toast({ title: MESSAGES.payments.refunded, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.history });
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.subscription });
    },
    onError: (e) =>
      toast({ title: errorMessage(e, MESSAGES.payments.refundWindowClosed), variant: 'destructive' }),
  });
  return (
    <section aria-label="Histórico de pagamentos" className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold">Histórico de pagamentos</h3>
      <QueryState
        query={history}
        fallback="Erro ao carregar os pagamentos"
        loadingLabel="Carregando os pagamentos..."
      >
        {(data) =>
          data.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum pagamento ainda.</p>
          ) : (
            <DataTable
              label="Pagamentos"
              rows={data}
              rowKey={(p) => p.id}
              columns={[
                { header: 'Data', cell: (p) => formatDateTime(p.approvedAt ?? p.createdAt), lead: 3 },
                {
                  header: 'Plano',
                  cell: (p) => `${p.planName} (${p.billing === 'yearly' ? 'anual' : 'mensal'})`,
                },
                {
                  header: 'Forma',
                  cell: (p) => (
                    <>
                      {p.methodLabel}
                      {p.cardLast4 ? ` final ${p.cardLast4}` : ''}
                      {p.payerCpf ? (
                        <span className="block text-xs text-muted-foreground">CPF {p.payerCpf}</span>
                      ) : null}
                    </>
                  ),
                },
                { header: 'Valor', cell: (p) => formatBRL(p.amountCents), lead: 1 },
                {
                  header: 'Situação',
                  lead: 2,
                  cell: (p) => (
                    <>
                      <Badge
                        variant={
                          p.status === 'approved'
                            ? 'success'
                            : p.status === 'pending'
                              ? 'default'
                              : 'destructive'
                        }
                      >
                        {p.statusLabel}
                      </Badge>
                      {p.failureReason && p.status !== 'approved' && p.status !== 'pending' ? (
                        // Why: declined, expired (e.g. the subscription changed) or a stale charge refunded in full.
                        <span className="block max-w-64 text-xs text-muted-foreground">
                          {p.failureReason}
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  header: 'Fatura',
                  cell: (p) => (
                    <>
                      {p.invoiceUrl ? (
                        <span className="flex items-center gap-3">
                          <Button
                            variant="link"
                            className="h-auto p-0"
                            onClick={() =>
                              void openInvoice(p.invoiceUrl!).catch(() =>
                                toast({ title: 'Erro ao abrir a fatura', variant: 'destructive' }),
                              )
                            }
                          >
                            {p.invoiceNumber}
                          </Button>
                          <Button
                            variant="link"
                            className="h-auto p-0"
                            aria-label={`Baixar a fatura ${p.invoiceNumber} em PDF`}
                            onClick={() =>
                              void downloadFromApi(
                                `${p.invoiceUrl}.pdf`,
                                {},
                                `fatura-${p.invoiceNumber}.pdf`,
                                'Erro ao baixar a fatura',
                              ).catch((e: unknown) =>
                                toast({
                                  title: errorMessage(e, 'Erro ao baixar a fatura'),
                                  variant: 'destructive',
                                }),
                              )
                            }
                          >
                            PDF
                          </Button>
                        </span>
                      ) : (
                        '—'
                      )}
                    </>
                  ),
                },
                {
                  header: '',
                  heading: <span className="sr-only">Ações</span>,
                  wide: true,
                  cell: (p) => (
                    <>
                      {p.refundableUntil ? (
                        <Button variant="outline" size="sm" onClick={() => setRefunding(p)}>
                          Solicitar reembolso
                        </Button>
                      ) : null}
                    </>
                  ),
                },
              ]}
            />
          )
        }
      </QueryState>
      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(open) => {
          if (!open) setRefunding(null);
        }}
        title="Solicitar reembolso?"
        description={
          refunding
            ? `Pela garantia de 7 dias (até ${formatDate(refunding.refundableUntil!)}), ${formatBRL(refunding.amountCents)} do plano ${refunding.planName} voltam para você pela mesma forma de pagamento. O plano é encerrado agora e seus bots em execução param; nada é apagado.`
            : ''
        }
        confirmLabel="Reembolsar e encerrar o plano"
        cancelLabel="Manter o plano"
        destructive
        pending={refund.isPending}
        onConfirm={() => refunding && refund.mutate(refunding.id)}
      />
    </section>
  );
}
