import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the exchange credentials list and form (SPEC §2, DECISIONS §6). */
export function ExchangesTab() {
  return (
    <ComingSoon
      title="Exchanges"
      description="Conectar suas chaves de API da Binance, Mercado Bitcoin, Gate.io, MEXC e Bybit, com segredos criptografados."
    />
  );
}
