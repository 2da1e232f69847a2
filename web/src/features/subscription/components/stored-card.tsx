import { CARD_BRAND_LABELS, MESSAGES } from '@arbitra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/section-state';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { paymentApi, paymentKeys } from '@/lib/billing/payment-api';

/**
 * The card renewals are charged to (saved at the provider after the first card payment): brand + last 4, and
 * 'Remover cartão' (confirmed), after which renewals are issued as PIX/boleto by email. In the sandbox, the
 * issuer's answer to the next renewals can be chosen ('Simular recusa').
 */
export function StoredCard() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const stored = useQuery({
    queryKey: paymentKeys.storedCard,
    queryFn: ({ signal }) => paymentApi.storedCard(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentKeys.storedCard });
  const remove = useMutation({
    mutationFn: paymentApi.removeStoredCard,
    onSuccess: (r) => {
      setConfirming(false);
      toast({ title: r.message, variant: 'success' });
      void refresh();
    },
    onError: (e) => toast({ title: errorMessage(e, 'Erro ao remover o cartão'), variant: 'destructive' }),
  });
  const sandbox = useMutation({
    mutationFn: paymentApi.storedCardSandbox,
    onSuccess: (r) => {
      queryClient.setQueryData(paymentKeys.storedCard, r);
      toast({ title: MESSAGES.payments.storedCardSandbox(r.card?.sandboxDeclines === true) });
    },
    onError: (e) => toast({ title: errorMessage(e, MESSAGES.payments.upgradeError), variant: 'destructive' }),
  });

  const card = stored.data?.card ?? null;
  return (
    <Card role="region" aria-label="Cartão para renovações">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CreditCard className="size-5 text-primary" aria-hidden /> Cartão para renovações
        </CardTitle>
        <CardDescription>
          {card
            ? 'As renovações são cobradas automaticamente neste cartão, guardado pelo provedor de pagamento (nós guardamos só a bandeira e os 4 últimos dígitos).'
            : 'Nenhum cartão salvo. As renovações são cobradas por PIX ou boleto, enviados por email 3 dias antes do vencimento.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <QueryState query={stored} fallback="Erro ao carregar o cartão" loadingLabel="Carregando o cartão...">
          {() =>
            card ? (
              <>
                <p aria-label="Cartão salvo" className="font-semibold">
                  {CARD_BRAND_LABELS[card.brand]} final {card.last4}
                  <span className="ml-2 text-sm font-normal text-muted-foreground">
                    salvo em {formatDate(card.savedAt)}
                  </span>
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  <Button variant="outline" onClick={() => setConfirming(true)}>
                    Remover cartão
                  </Button>
                  {card.sandboxDeclines !== null ? (
                    <>
                      <Badge variant={card.sandboxDeclines ? 'destructive' : 'success'}>
                        Sandbox: próximas renovações {card.sandboxDeclines ? 'recusadas' : 'aprovadas'}
                      </Badge>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={sandbox.isPending}
                        onClick={() => sandbox.mutate(card.sandboxDeclines ? 'approve' : 'decline')}
                      >
                        {card.sandboxDeclines ? 'Simular aprovação' : 'Simular recusa'}
                      </Button>
                    </>
                  ) : null}
                </div>
              </>
            ) : null
          }
        </QueryState>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remover o cartão salvo?"
        description={
          card
            ? `O cartão ${CARD_BRAND_LABELS[card.brand]} final ${card.last4} é apagado no provedor de pagamento. As próximas renovações serão cobradas por PIX ou boleto, enviados por email.`
            : ''
        }
        confirmLabel="Remover cartão"
        cancelLabel="Manter cartão"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
