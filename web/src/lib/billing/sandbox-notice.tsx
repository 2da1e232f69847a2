import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { paymentApi, paymentKeys } from '@/lib/billing/payment-api';

/**
 * 'Modo sandbox' on every payment screen and in the admin when the api runs PAYMENTS_PROVIDER=sandbox (chosen
 * explicitly: `npm start` and the tests): no real money moves and anyone may approve their own payment.
 * Nothing while the provider is unknown or real.
 */
export function SandboxNotice({ admin = false }: { admin?: boolean }) {
  const config = useQuery({
    queryKey: paymentKeys.config,
    queryFn: ({ signal }) => paymentApi.config(signal),
    staleTime: Infinity,
  });
  if (config.data?.provider !== 'sandbox') return null;
  return (
    <p
      role="note"
      aria-label="Modo sandbox"
      className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-warning"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <strong>Modo sandbox</strong> —{' '}
        {admin
          ? 'os pagamentos desta instância são simulados (PAYMENTS_PROVIDER=sandbox): nenhum dinheiro real entra, e a receita abaixo é de testes.'
          : 'nenhum pagamento é real: PIX, boleto e cartão são simulados e nada é cobrado.'}
      </span>
    </p>
  );
}
