import { MESSAGES, type UserExchange } from '@arbitra/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useRemoveExchange } from '../hooks/use-exchanges';
import { exchangeErrorMessage } from '../lib/exchange-messages';

interface RemoveExchangeDialogProps {
  /** The credential to remove; null: closed. */
  exchange: UserExchange | null;
  onClose: () => void;
  title?: string;
}

/** SPEC §5: removing an exchange asks first. Deletes on the server; on failure the dialog stays. */
export function RemoveExchangeDialog({
  exchange,
  onClose,
  title = 'Remover exchange',
}: RemoveExchangeDialogProps) {
  const remove = useRemoveExchange();
  return (
    <ConfirmDialog
      open={exchange !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={title}
      description={
        exchange
          ? `Remover as credenciais da ${exchange.display_name} (${exchange.api_key_preview})? Bots em modo real que usam esta exchange serão parados.`
          : ''
      }
      confirmLabel={remove.isPending ? 'Removendo...' : 'Remover'}
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        if (!exchange) return;
        remove.mutate(exchange.id, {
          onSuccess: () => {
            toast({ title: MESSAGES.exchanges.removed, variant: 'success' });
            onClose();
          },
          onError: (e) => toast({ title: exchangeErrorMessage(e, 'remove'), variant: 'destructive' }),
        });
      }}
    />
  );
}
