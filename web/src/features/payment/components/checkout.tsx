import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the checkout (SPEC §2, DECISIONS §2 and §4). */
export function Checkout() {
  return (
    <ComingSoon
      title="Pagamento"
      description="Escolha do plano, cobrança mensal ou anual, pagamento por cartão, PIX ou boleto."
    />
  );
}
