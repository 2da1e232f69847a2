import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the admin revenue page (DECISIONS §10). */
export function AdminRevenue() {
  return <ComingSoon title="Receita" description="Receita por mês a partir dos pagamentos confirmados." />;
}
