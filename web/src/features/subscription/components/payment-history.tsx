import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatBRL, formatDateTime } from '@/lib/format';
import { openInvoice, paymentApi, paymentKeys } from '@/lib/billing/payment-api';

/** The user's payments, newest first, with the invoice of each approved one. */
export function PaymentHistory() {
  const history = useQuery({
    queryKey: paymentKeys.history,
    queryFn: ({ signal }) => paymentApi.history(signal),
  });
  return (
    <section aria-label="Histórico de pagamentos" className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold">Histórico de pagamentos</h3>
      {history.isPending ? (
        <Spinner label="Carregando os pagamentos..." />
      ) : history.isError ? (
        <FormAlert
          message={errorMessage(history.error, 'Erro ao carregar os pagamentos')}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum pagamento ainda.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Data</TableHead>
              <TableHead>Plano</TableHead>
              <TableHead>Forma</TableHead>
              <TableHead>Valor</TableHead>
              <TableHead>Situação</TableHead>
              <TableHead>Fatura</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {history.data.map((p) => (
              <TableRow key={p.id}>
                <TableCell>{formatDateTime(p.approvedAt ?? p.createdAt)}</TableCell>
                <TableCell>
                  {p.planName} ({p.billing === 'yearly' ? 'anual' : 'mensal'})
                </TableCell>
                <TableCell>
                  {p.methodLabel}
                  {p.cardLast4 ? ` final ${p.cardLast4}` : ''}
                </TableCell>
                <TableCell>{formatBRL(p.amountCents)}</TableCell>
                <TableCell>
                  <Badge
                    variant={
                      p.status === 'approved' ? 'success' : p.status === 'pending' ? 'default' : 'destructive'
                    }
                  >
                    {p.statusLabel}
                  </Badge>
                </TableCell>
                <TableCell>
                  {p.invoiceUrl ? (
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
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
