import { ComingSoon } from '@/components/ui/coming-soon';

/** Placeholder: replaced by the admin dashboard (SPEC §2, DECISIONS §1). */
export function AdminOverview() {
  return (
    <ComingSoon
      title="Visão geral"
      description="Indicadores, crescimento de usuários, receita, métricas do sistema e usuários recentes, com dados reais."
    />
  );
}
